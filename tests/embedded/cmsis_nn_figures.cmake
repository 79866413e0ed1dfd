# SPDX-License-Identifier: BSL-1.0
# docs/embedded.md's comparison of cta's int8 kernels with CMSIS-NN's on the Cortex-M4: the instructions of each call
# of tests/embedded/cmsis_nn/compare.cpp (TensorFlow Lite's reference shapes and small ones), counted under QEMU's
# mps2-an386 as quantized_figures.cmake counts them (measure_program.cmake), cta's built at -O2 and at -Os, next to
# CMSIS-NN's at -O2 as cmsis_nn_counts.cmake records them.
#
# With CMSIS_NN_DIR (a checkout of CMSIS-NN; nothing of it is in this repository) the script first builds the program
# with CMSIS-NN's kernels (their DSP path, at -O2), runs it (every output of CMSIS-NN's must equal cta's, and those of
# the reference shapes TensorFlow Lite's), counts CMSIS-NN's calls and writes them, with CMSIS-NN's commit, into
# cmsis_nn_counts.cmake beside this script:
#
#   cmake --build build --target update_embedded_cmsis_nn_figures    # after configuring with
#   -DCTA_CMSIS_NN_DIR=/path/to/CMSIS-NN (cmake -S . -B build ...)
#
# Then (and without CMSIS_NN_DIR, the test docs.embedded_cmsis_nn_figures) it builds the program without CMSIS-NN,
# counts cta's calls, and checks the page's block "<!-- embedded-cmsis-nn:begin -->" ... "end -->" against what it
# writes (or writes it, UPDATE=ON); skipped when the page was measured with another arm-none-eabi-g++. MUTATE=ON
# checks the page's block with the first row's cta -O2 count increased by one and a ";" put before the next row, which
# must fail with a message for each (docs.embedded_cmsis_nn_figures.detects_drift).
#   ARM_NONE_EABI_GXX, QEMU_SYSTEM_ARM, COUNTER, ROOT, GENERATOR, MAKE_PROGRAM, BINARY_DIR, PAGE, UPDATE, MUTATE,
#   CMSIS_NN_DIR, CMSIS_NN_COMMIT
#   MEASURED: the file where the check keeps what it measured and MUTATE reads it instead of measuring again
#   (cta_page_measuring, page_blocks.cmake)
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/firmware.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/page_blocks.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/measure_program.cmake")
cta_skip_without_arm_tools()
cta_page_measuring(measured)
if(NOT measured)
  string(REGEX REPLACE "g\\+\\+$" "" prefix "${ARM_NONE_EABI_GXX}")
  set(m4_name "Cortex-M4")
  set(m4_machine mps2-an386)
  set(source "${ROOT}/tests/embedded/cmsis_nn")
  set(toolchain "${ROOT}/cmake/toolchains/arm-none-eabi-cortex-m4.cmake")
  set(data "${CMAKE_CURRENT_LIST_DIR}/cmsis_nn_counts.cmake")
  set(o2 "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG" "-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG")
  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)

  if(CMSIS_NN_DIR)
    set(m4_dir "${BINARY_DIR}/with-cmsis-nn")
    cta_build_firmware("${source}" "${toolchain}" "${m4_dir}" Release ${o2} "-DCTA_CMSIS_NN_DIR=${CMSIS_NN_DIR}")
    execute_process(COMMAND "${QEMU_SYSTEM_ARM}" -M mps2-an386 -nographic -semihosting-config enable=on,target=native
                            -kernel "${m4_dir}/cta_cmsis_nn.elf"
                    TIMEOUT 120 RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "cta's and CMSIS-NN's outputs differ (exit code ${result}):\n${output}")
    endif()
    measure_program(m4 "${m4_dir}/cta_cmsis_nn.elf" with)
    # The commit given (CMSIS_NN_COMMIT, for a copy without its history), else the checkout's.
    set(commit "${CMSIS_NN_COMMIT}")
    if(NOT commit)
      execute_process(COMMAND git -C "${CMSIS_NN_DIR}" rev-parse HEAD OUTPUT_VARIABLE commit
                      OUTPUT_STRIP_TRAILING_WHITESPACE)
    endif()
    if(NOT commit MATCHES "^[0-9a-f]+$")
      message(FATAL_ERROR "the commit of ${CMSIS_NN_DIR} is unknown: pass CMSIS_NN_COMMIT")
    endif()
    string(CONCAT text
      "# SPDX-License-Identifier: BSL-1.0\n"
      "# Written by tests/embedded/cmsis_nn_figures.cmake from a checkout of CMSIS-NN (CMSIS_NN_DIR): the instructions\n"
      "# of each call of CMSIS-NN's kernels in tests/embedded/cmsis_nn/compare.cpp, built with arm-none-eabi-gcc\n"
      "# ${version} at -O2, -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 (its DSP path), run on QEMU's\n"
      "# mps2-an386 and counted as measure_program.cmake counts them.\n"
      "set(cmsis_nn_commit \"${commit}\")\n"
      "set(cmsis_nn_compiler \"${version}\")\n")
    foreach(key IN LISTS with_cases)
      if(with_title_${key} MATCHES "^CMSIS-NN: ")
        string(APPEND text "set(cmsis_nn_count_${key} ${with_instructions_${key}})\n")
      endif()
    endforeach()
    file(WRITE "${data}" "${text}")
    message("cta-embedded: ${data} written")
  endif()

  include("${data}")
  foreach(level IN ITEMS O2 Os)
    set(m4_dir "${BINARY_DIR}/${level}")
    if(level STREQUAL "O2")
      cta_build_firmware("${source}" "${toolchain}" "${m4_dir}" Release ${o2})
    else()
      cta_build_firmware("${source}" "${toolchain}" "${m4_dir}" MinSizeRel)
    endif()
    measure_program(m4 "${m4_dir}/cta_cmsis_nn.elf" ${level})
  endforeach()

  # A row per call of cta: its count and per multiply-accumulate (or per output element, for softmax) at -O2 and at
  # -Os, CMSIS-NN's at -O2 on the same shape, and cta's -O2 count over CMSIS-NN's.
  set(rows "")
  foreach(key IN LISTS O2_cases)
    string(REGEX REPLACE "^cta(, transposed)?: " "" shape "${O2_title_${key}}")
    set(layout "")
    if(O2_title_${key} MATCHES "^cta, transposed: ")
      set(layout " (right-hand side transposed)")
    endif()
    string(MAKE_C_IDENTIFIER "CMSIS-NN: ${shape}" cmsis_key)
    if(NOT DEFINED cmsis_nn_count_${cmsis_key})
      message(FATAL_ERROR "${data} has no count for \"${shape}\": record it again (CMSIS_NN_DIR)")
    endif()
    set(cmsis "${cmsis_nn_count_${cmsis_key}}")
    string(REPLACE "|" ";" work "${O2_work_${key}}")
    list(GET work 0 macs)
    list(GET work 1 outputs)
    if(macs GREATER 0)
      set(per "${macs}")
      set(amount "${macs} MACs")
    else()
      set(per "${outputs}")
      set(amount "${outputs} outputs")
    endif()
    hundredths("${cmsis}" "${per}" cmsis_ratio)
    hundredths("${O2_instructions_${key}}" "${cmsis}" over)
    string(CONCAT row "| ${shape}${layout} | ${amount} | ${O2_count_${key}} | ${Os_count_${key}} | "
                      "${cmsis} | ${cmsis_ratio} | ${over} |\n")
    if(NOT DEFINED first_row)
      set(first_row "${row}")
      math(EXPR changed "${O2_instructions_${key}} + 1")
      string(REPLACE "| ${amount} | ${O2_instructions_${key}} |" "| ${amount} | ${changed} |" mutated_row "${row}")
    endif()
    string(APPEND rows "${row}")
  endforeach()
  string(CONCAT block
    "Measured with `arm-none-eabi-g++` ${version}; CMSIS-NN at commit `${cmsis_nn_commit}`, built with\n"
    "`arm-none-eabi-gcc` ${cmsis_nn_compiler} at `-O2` (`tests/embedded/cmsis_nn_counts.cmake`). Instructions of one\n"
    "call, and per multiply-accumulate (per output element for softmax):\n\n"
    "| shape | work | cta `-O2` | per | cta `-Os` | per | CMSIS-NN `-O2` | per | cta `-O2` / CMSIS-NN |\n"
    "|---|---|---|---|---|---|---|---|---|\n${rows}")
  cta_page_measured(block version first_row mutated_row)
endif()

file(READ "${PAGE}" page)
find_block("${page}" cmsis-nn committed)
if(MUTATE)
  # The first row's cta -O2 count increased by one, and a ";" before the row that follows it.
  string(REPLACE "${first_row}" "${mutated_row};" committed "${committed}")
endif()
get_filename_component(written "${BINARY_DIR}/cmsis_nn_figures.md" ABSOLUTE)
check_page_block("${page}" cmsis-nn "${committed}" "${block}" "${version}" "CMSIS-NN comparison" "${written}"
                 "the target update_embedded_cmsis_nn_figures")
