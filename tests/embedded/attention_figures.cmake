# SPDX-License-Identifier: BSL-1.0
# The figures of docs/performance.md's "Cortex-M4: work per attention" section, written by this script (cmake -P)
# from the firmware of bench/cortex-m4, built with arm-none-eabi-g++ at -Os (MinSizeRel) and the toolchain file
# arm-none-eabi-cortex-m4.cmake (cta_build_m4_firmware, firmware.cmake) in BINARY_DIR: for each case (float and double;
# the seed's shape, n = d = 8 and n = d = 16) and each implementation (cta::self_attention, the plain loops with cta's
# operations, the textbook loops), the instructions one call executes and the bytes of the functions it runs, counted
# by measure_program (measure_program.cmake: QEMU's log of the translation blocks executed, read by COUNTER,
# count_instructions.cpp). A count depends only on the program and its inputs, not on the machine, its load or QEMU's
# speed. The target: cta's count at most the textbook loops' in every case.
# The block between the page's markers "<!-- embedded-attention:begin -->" and "<!-- embedded-attention:end -->" must
# be what this script writes (CHECK, the default), or is replaced by it (UPDATE=ON; `python3 bench/regenerate.py
# --cortex-m4-only` runs it so); a line of the block that starts with ";" (a CMake list joined into the text) fails
# either way. Skipped when the page was measured with another version of arm-none-eabi-g++. MUTATE=ON checks the
# page's block with cta's count of the first case increased by one and a ";" put before the next line, which must
# fail with a message for each (docs.cortex_m4_attention_figures.detects_drift). Prints "cta-embedded: skipped: ..."
# when arm-none-eabi-g++ or qemu-system-arm is missing.
#   ARM_NONE_EABI_GXX, QEMU_SYSTEM_ARM, COUNTER, ROOT, BINARY_DIR, GENERATOR, MAKE_PROGRAM, PAGE, UPDATE, MUTATE
#   MEASURED: the file where the check keeps what it measured and MUTATE reads it instead of measuring again
#   (cta_page_measuring, page_blocks.cmake)
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/firmware.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/page_blocks.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/measure_program.cmake")
cta_skip_without_arm_tools()
cta_page_measuring(measured)
if(NOT measured)
  cta_build_m4_firmware("${ROOT}/bench/cortex-m4")
  measure_program(m4 "${m4_dir}/cta_cortex_m4_attention.elf" m4 BYTES)
  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)

  # The cases, in the program's order, each measured with the three implementations.
  set(implementations cta same_operations textbook)
  set(cases "")
  foreach(key IN LISTS m4_cases)
    if(NOT m4_title_${key} MATCHES "^(cta|same operations|textbook), (.*)$")
      message(FATAL_ERROR "a measured call of the attention firmware that names no implementation: ${m4_title_${key}}")
    endif()
    string(MAKE_C_IDENTIFIER "${CMAKE_MATCH_1}" implementation)
    set(case "${CMAKE_MATCH_2}")
    string(MAKE_C_IDENTIFIER "${case}" case_key)
    if(NOT case_key IN_LIST cases)
      list(APPEND cases "${case_key}")
      set(title_${case_key} "${case}")
      string(REPLACE "|" ";" work "${m4_work_${key}}")
      list(GET work 0 macs_${case_key})
    endif()
    set(${implementation}_${case_key} "${m4_instructions_${key}}")
    set(${implementation}_bytes_${case_key} "${m4_bytes_${key}}")
  endforeach()
  list(LENGTH cases case_count)
  if(NOT case_count EQUAL 6)
    message(FATAL_ERROR "the attention firmware measured ${case_count} cases, not 6: ${cases}")
  endif()

  set(counts "")
  set(sizes "")
  set(met 0)
  foreach(case IN LISTS cases)
    foreach(implementation IN LISTS implementations)
      if(NOT DEFINED ${implementation}_${case})
        message(FATAL_ERROR "the attention firmware measured no ${implementation} call for ${title_${case}}")
      endif()
    endforeach()
    hundredths("${cta_${case}}" "${macs_${case}}" per_mac)
    hundredths("${cta_${case}}" "${same_operations_${case}}" over_same)
    hundredths("${cta_${case}}" "${textbook_${case}}" over_textbook)
    if(cta_${case} LESS_EQUAL textbook_${case})
      set(verdict "met")
      math(EXPR met "${met} + 1")
    else()
      set(verdict "**missed**")
    endif()
    string(APPEND counts "| ${title_${case}} | ${macs_${case}} | ${cta_${case}} | ${per_mac} | ${same_operations_${case}} "
                         "| ${textbook_${case}} | ${over_same} | ${over_textbook} | ${verdict} |\n")
    string(APPEND sizes "| ${title_${case}} | ${cta_bytes_${case}} | ${same_operations_bytes_${case}} "
                        "| ${textbook_bytes_${case}} |\n")
  endforeach()

  string(CONCAT block
    "Measured with `arm-none-eabi-g++` ${version} and newlib-nano, `-Os` (`CMAKE_BUILD_TYPE=MinSizeRel`), the\n"
    "toolchain file `arm-none-eabi-cortex-m4.cmake`, on QEMU's `mps2-an386` (`bench/cortex-m4`).\n\n"
    "Instructions executed by one call (QEMU's log of the translation blocks executed, the markers' own instructions\n"
    "taken off), cta's per multiply-add, and cta's count over each plain version's; the target is cta's count at most\n"
    "the textbook loops' (a ratio of at most 1.00):\n\n"
    "| case | multiply-adds | cta | per multiply-add | same operations | textbook | cta / same operations "
    "| cta / textbook | target |\n"
    "|---|---|---|---|---|---|---|---|---|\n${counts}\n"
    "Target met in ${met} of ${case_count} cases.\n\n"
    "Code that one call runs: the bytes of the functions whose code it executes, each counted once\n"
    "(`arm-none-eabi-nm -S`): the measured function, what it calls of cta or of the loops, the exponential (cta's or\n"
    "newlib's) and, in double, libgcc's software floating point:\n\n"
    "| case | cta bytes | same operations bytes | textbook bytes |\n"
    "|---|---|---|---|\n${sizes}")
  if(block MATCHES "^;" OR block MATCHES "\n;")
    message(FATAL_ERROR "cta-embedded: a line that this script wrote for the attention block starts with \";\" "
                        "(a list joined into the text)")
  endif()
  # What MUTATE changes: the first two cases' rows.
  list(GET cases 0 first)
  list(GET cases 1 second)
  cta_page_measured(block version cases title_${first} macs_${first} cta_${first} title_${second} macs_${second})
endif()

file(READ "${PAGE}" page)
find_block("${page}" attention committed)
if(MUTATE)
  # cta's count of the first case increased by one, and a ";" before the line that follows its row.
  list(GET cases 0 first)
  math(EXPR changed "${cta_${first}} + 1")
  string(REPLACE "| ${title_${first}} | ${macs_${first}} | ${cta_${first}} |"
                 "| ${title_${first}} | ${macs_${first}} | ${changed} |" committed "${committed}")
  list(GET cases 1 second)
  string(REPLACE "\n| ${title_${second}} | ${macs_${second}} |" "\n;| ${title_${second}} | ${macs_${second}} |"
                 committed "${committed}")
endif()
# Other versions of the cross compiler give other code: the page is checked with the version it was written with.
set(written "${BINARY_DIR}/attention_figures.md")
check_page_block("${page}" attention "${committed}" "${block}" "${version}" "Cortex-M4 attention figures" "${written}"
                 "`python3 bench/regenerate.py --cortex-m4-only`")
