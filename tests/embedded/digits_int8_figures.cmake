# SPDX-License-Identifier: BSL-1.0
# The figures of docs/digits.md's section "On a Cortex-M4 and a Cortex-M3" (in "In int8") and of its translation
# docs/digits.zh.md, written by this script (cmake -P) from the firmware of tests/embedded/digits_int8, built with
# arm-none-eabi-g++ at -Os (MinSizeRel) for each core with its toolchain file (arm-none-eabi-cortex-m4.cmake,
# arm-none-eabi-cortex-m3.cmake; cta_build_firmware, firmware.cmake) in BINARY_DIR/m4 and BINARY_DIR/m3, with the
# host's cta-weights (WEIGHTS_GENERATOR). For each core:
#   - the instructions that one inference executes (test image 0 classified once between the program's markers, run
#     under QEMU with the command line `measure`; QEMU's log of the translation blocks executed read by COUNTER,
#     count_instructions.cpp; measure_program, measure_program.cmake), and per multiply-add;
#   - flash: the sections' sizes (arm-none-eabi-size -A) and the bytes of the model, of the test images and of the
#     reference's classes and logits with the labels in them (arm-none-eabi-nm -S; the model's must be the sizeof the
#     program prints);
#   - static RAM: .data and .bss, and the firmware's workspace (nm -S, which must be the sizeof the program prints);
#   - the stack of one inference and of main: the deepest chain of calls from `classify` and from `main`, each
#     function's frame summed (-fcallgraph-info=su, the firmware's main.cpp.ci; call_graph.cmake, through
#     digits_firmware_figures.cmake).
# The block between each page's markers "<!-- embedded-digits-int8:begin -->" and "<!-- embedded-digits-int8:end -->"
# must be what this script writes for the page's language (CHECK, the default), or is replaced by it (UPDATE=ON); a
# line of a block that starts with ";" (a CMake list joined into the text) fails either way. Skipped when
# docs/digits.md was measured with another version of arm-none-eabi-g++. MUTATE=ON checks docs/digits.md's block with
# the Cortex-M4's instruction count increased by one and a ";" put before the next line, which must fail with a
# message for each (docs.digits_int8_m3_m4_figures.detects_drift). Prints "cta-embedded: skipped: ..." when
# arm-none-eabi-g++ or qemu-system-arm is missing.
#   ARM_NONE_EABI_GXX, QEMU_SYSTEM_ARM, COUNTER, WEIGHTS_GENERATOR, ROOT, BINARY_DIR, GENERATOR, MAKE_PROGRAM, PAGE,
#   TRANSLATION, UPDATE, MUTATE
#   MEASURED: the file where the check keeps what it measured and MUTATE reads it instead of measuring again
#   (cta_page_measuring, page_blocks.cmake)
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/firmware.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/measure_program.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/digits_firmware_figures.cmake")
cta_skip_without_arm_tools()
cta_page_measuring(measured)

# The figures of the program built for <core> (m3 or m4), as <core>_<figure> in the caller's scope.
function(measure_core core)
  set(dir "${BINARY_DIR}/${core}")
  set(${core}_dir "${dir}")
  if(core STREQUAL "m3")
    set(${core}_name "Cortex-M3")
    set(${core}_machine mps2-an385)
  else()
    set(${core}_name "Cortex-M4")
    set(${core}_machine mps2-an386)
  endif()
  cta_build_firmware("${ROOT}/tests/embedded/digits_int8"
                     "${ROOT}/cmake/toolchains/arm-none-eabi-cortex-${core}.cmake" "${dir}" MinSizeRel
                     "-DCTA_WEIGHTS_GENERATOR=${WEIGHTS_GENERATOR}")
  set(elf "${dir}/cta_digits_int8.elf")

  # One inference, and the sizes the measured run prints.
  measure_program(${core} "${elf}" run)
  if(NOT run_cases STREQUAL "one_image")
    message(FATAL_ERROR "the int8 digits firmware measured ${run_cases} on ${${core}_name}, not one image")
  endif()
  string(REPLACE "|" ";" work "${run_work_one_image}")
  list(GET work 0 macs)
  hundredths("${run_instructions_one_image}" "${macs}" per_mac)
  foreach(what IN ITEMS "lean workspace" "model")
    string(MAKE_C_IDENTIFIER "${what}" key)
    if(NOT run_output MATCHES "\nsize: ${what}\\|([0-9]+)\n")
      message(FATAL_ERROR "the measured run of the int8 digits firmware on ${${core}_name} printed no size of the "
                          "${what}:\n${run_output}")
    endif()
    set(size_${key} "${CMAKE_MATCH_1}")
  endforeach()

  # The sections, and the objects in flash and in RAM.
  cta_elf_sections("${elf}")
  cta_elf_objects("${elf}" "firmware::model" "digits::proof::test_images" "digits::proof::test_labels"
                  "digits::int8::proof::reference_predictions" "digits::int8::proof::reference_logits"
                  "(anonymous namespace)::workspace")
  if(NOT bytes__anonymous_namespace___workspace EQUAL size_lean_workspace)
    message(FATAL_ERROR "the firmware's workspace has ${bytes__anonymous_namespace___workspace} bytes, not the "
                        "${size_lean_workspace} of digits::int8::lean_workspace")
  endif()
  if(NOT bytes_firmware__model EQUAL size_model)
    message(FATAL_ERROR "the firmware's model has ${bytes_firmware__model} bytes, not the ${size_model} of "
                        "digits::int8::model")
  endif()
  set(reference "${bytes_digits__int8__proof__reference_predictions} + ${bytes_digits__int8__proof__reference_logits}")
  math(EXPR answers "${bytes_digits__proof__test_labels} + ${reference}")
  math(EXPR rest "${section_text} - ${bytes_firmware__model} - ${bytes_digits__proof__test_images} - ${answers}")

  # The stack: the deepest chain of calls from classify (one inference) and from main.
  cta_classify_and_main_stack("${dir}/CMakeFiles/cta_digits_int8.dir/main.cpp.ci")

  foreach(figure IN ITEMS macs per_mac flash answers rest stack_classify stack_main)
    set(${core}_${figure} "${${figure}}" PARENT_SCOPE)
  endforeach()
  set(${core}_instructions "${run_instructions_one_image}" PARENT_SCOPE)
  set(${core}_lean "${size_lean_workspace}" PARENT_SCOPE)
  set(${core}_model "${bytes_firmware__model}" PARENT_SCOPE)
  set(${core}_images "${bytes_digits__proof__test_images}" PARENT_SCOPE)
  foreach(section IN ITEMS text data bss stack)
    set(${core}_${section} "${section_${section}}" PARENT_SCOPE)
  endforeach()
endfunction()

if(NOT measured)
  string(REGEX REPLACE "g\\+\\+$" "" prefix "${ARM_NONE_EABI_GXX}")
  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  measure_core(m4)
  measure_core(m3)
  if(NOT m4_macs EQUAL m3_macs)
    message(FATAL_ERROR "the Cortex-M4's program counts ${m4_macs} multiply-adds, the Cortex-M3's ${m3_macs}")
  endif()
  set(macs "${m4_macs}")
  set(instructions "${m4_instructions}")

  # Each row: its English and its Chinese text, then the variable of both cores' figures.
  set(rows
    "instructions executed by one inference (test image 0: `classify`, its int8 logits and its class)"
    "一次推理执行的指令数（测试图像 0：`classify`，求 int8 logits 和类别）" instructions
    "the same per multiply-add (${macs} multiply-adds)" "平均每次乘加（共 ${macs} 次乘加）" per_mac
    "flash: `.text` (code and constants: the linker script puts `.rodata` in it), bytes"
    "flash：`.text`（代码和常量；链接脚本把 `.rodata` 放在其中），字节" text
    "of which the int8 model (`firmware::model`, with each layer's table of exponentials)"
    "其中 int8 模型（`firmware::model`，含每层的指数表）" model
    "of which the 360 test images (`digits::proof::test_images`)" "其中 360 张测试图像（`digits::proof::test_images`）"
    images
    "of which their labels and the reference's classes and int8 logits"
    "其中它们的标签，以及参考实现给出的类别和 int8 logits" answers
    "of which the rest: code, the program's text" "其余：代码、程序的文字" rest
    "flash in all: `.text`, `.ARM.exidx`, `.init_array` and `.data`'s initial values"
    "flash 合计：`.text`、`.ARM.exidx`、`.init_array` 和 `.data` 的初值" flash
    "static RAM: `.data` + `.bss`, bytes" "静态 RAM：`.data` + `.bss`，字节" ram
    "of which `digits::int8::lean_workspace`, the firmware's one static object (`sizeof`)"
    "其中 `digits::int8::lean_workspace`，固件唯一的静态对象（`sizeof`）" lean
    "stack of one inference: the deepest chain of calls from `classify`, bytes"
    "一次推理的栈：从 `classify` 起最深的调用链，字节" stack_classify
    "stack of `main` (the startup code's frame left out), bytes" "`main` 的栈（不计启动代码的栈帧），字节" stack_main)
  foreach(core IN ITEMS m4 m3)
    set(${core}_ram "${${core}_data} + ${${core}_bss}")
  endforeach()
  set(rows_en "")
  set(rows_zh "")
  list(LENGTH rows count)
  math(EXPR last "${count} - 1")
  foreach(i RANGE 0 ${last} 3)
    math(EXPR j "${i} + 1")
    math(EXPR k "${i} + 2")
    list(GET rows ${i} en)
    list(GET rows ${j} zh)
    list(GET rows ${k} figure)
    string(APPEND rows_en "| ${en} | ${m4_${figure}} | ${m3_${figure}} |\n")
    string(APPEND rows_zh "| ${zh} | ${m4_${figure}} | ${m3_${figure}} |\n")
  endforeach()
  string(CONCAT block_en
    "Measured with `arm-none-eabi-g++` ${version} and newlib-nano, `-Os` (`CMAKE_BUILD_TYPE=MinSizeRel`), int8, on\n"
    "QEMU's `mps2-an386` (Cortex-M4) and `mps2-an385` (Cortex-M3):\n\n"
    "| what | Cortex-M4 | Cortex-M3 |\n|---|---|---|\n${rows_en}")
  string(CONCAT block_zh
    "用 `arm-none-eabi-g++` ${version} 和 newlib-nano 测得，`-Os`（`CMAKE_BUILD_TYPE=MinSizeRel`），int8，\n"
    "QEMU 的 `mps2-an386`（Cortex-M4）和 `mps2-an385`（Cortex-M3）：\n\n"
    "| 项目 | Cortex-M4 | Cortex-M3 |\n|---|---|---|\n${rows_zh}")
  cta_page_measured(block_en block_zh version instructions macs)
endif()

# The Cortex-M4's instruction count is the one MUTATE changes.
cta_check_digits_blocks(digits-int8 "int8 digits figures" digits_int8_figures
                        "its int8 logits and its class)" "| the same per multiply-add (${macs}")
