# SPDX-License-Identifier: BSL-1.0
# The figures of docs/digits.md's "On a Cortex-M4" section and of its translation docs/digits.zh.md, written by this
# script (cmake -P) from the firmware of tests/embedded/digits, built with arm-none-eabi-g++ at -Os (MinSizeRel) and
# the toolchain file arm-none-eabi-cortex-m4.cmake (cta_build_m4_firmware, firmware.cmake) in BINARY_DIR, with the
# host's cta-weights (WEIGHTS_GENERATOR):
#   - the instructions that one inference executes (test image 0 classified once between the program's markers, run
#     under QEMU with the command line `measure`; QEMU's log of the translation blocks executed read by COUNTER,
#     count_instructions.cpp; measure_program, measure_program.cmake), and per multiply-add;
#   - flash: the sections' sizes (arm-none-eabi-size -A) and the bytes of the model and of the test set in them
#     (arm-none-eabi-nm -S);
#   - static RAM: .data and .bss, and the firmware's workspace (nm -S, which must be the sizeof the program prints);
#   - the stack of one inference and of main: the deepest chain of calls from `classify` and from `main`, each
#     function's frame summed (-fcallgraph-info=su, the firmware's main.cpp.ci; call_graph.cmake, through
#     digits_firmware_figures.cmake);
#   - the bytes of the workspaces and of one encoder layer at d_model 64, 4 heads, d_ff 256 on 16 positions in float
#     (sizeof, as arm-none-eabi-g++ lays them out, printed by the measured run: lines `size: <what>|<bytes>`).
# The block between each page's markers "<!-- embedded-digits:begin -->" and "<!-- embedded-digits:end -->" must be
# what this script writes for the page's language (CHECK, the default), or is replaced by it (UPDATE=ON); a line of a
# block that starts with ";" (a CMake list joined into the text) fails either way. Skipped when docs/digits.md was
# measured with another version of arm-none-eabi-g++. MUTATE=ON checks docs/digits.md's block with the instruction
# count increased by one and a ";" put before the next line, which must fail with a message for each
# (docs.digits_m4_figures.detects_drift). Prints "cta-embedded: skipped: ..." when arm-none-eabi-g++ or
# qemu-system-arm is missing.
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
if(NOT measured)
  cta_build_m4_firmware("${ROOT}/tests/embedded/digits" "-DCTA_WEIGHTS_GENERATOR=${WEIGHTS_GENERATOR}")
  set(elf "${m4_dir}/cta_digits.elf")
  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)

  # One inference, and the sizes the measured run prints.
  measure_program(m4 "${elf}" m4)
  list(LENGTH m4_cases case_count)
  if(NOT case_count EQUAL 1 OR NOT m4_cases STREQUAL "one_image")
    message(FATAL_ERROR "the digits firmware measured ${m4_cases}, not one image")
  endif()
  set(instructions "${m4_instructions_one_image}")
  string(REPLACE "|" ";" work "${m4_work_one_image}")
  list(GET work 0 macs)
  hundredths("${instructions}" "${macs}" per_mac)
  foreach(what IN ITEMS "lean workspace" "lean workspace, sequence" "lean workspace, encoder layer scratch"
                        "workspace with every step" "layer 64, outputs" "layer 64, scratch"
                        "layer 64, record of every step")
    string(MAKE_C_IDENTIFIER "${what}" key)
    if(NOT m4_output MATCHES "\nsize: ${what}\\|([0-9]+)\n")
      message(FATAL_ERROR "the measured run of the digits firmware printed no size of the ${what}:\n${m4_output}")
    endif()
    set(size_${key} "${CMAKE_MATCH_1}")
  endforeach()
  # Shorter names for the tables.
  set(lean "${size_lean_workspace}")
  set(sequence "${size_lean_workspace__sequence}")
  set(scratch "${size_lean_workspace__encoder_layer_scratch}")
  set(record "${size_workspace_with_every_step}")
  set(out_64 "${size_layer_64__outputs}")
  set(scratch_64 "${size_layer_64__scratch}")
  set(steps_64 "${size_layer_64__record_of_every_step}")
  math(EXPR ram_64 "${out_64} + ${scratch_64}")

  # The sections, and the objects in flash and in RAM.
  cta_elf_sections("${elf}")
  math(EXPR static_ram "${section_data} + ${section_bss}")
  cta_elf_objects("${elf}" "firmware::model" "digits::proof::test_images" "digits::proof::test_labels"
                  "digits::proof::pytorch_predictions" "(anonymous namespace)::workspace")
  if(NOT bytes__anonymous_namespace___workspace EQUAL size_lean_workspace)
    message(FATAL_ERROR "the firmware's workspace has ${bytes__anonymous_namespace___workspace} bytes, not the "
                        "${size_lean_workspace} of digits::lean_workspace<float>")
  endif()
  math(EXPR bytes_answers "${bytes_digits__proof__test_labels} + ${bytes_digits__proof__pytorch_predictions}")
  math(EXPR bytes_rest
       "${section_text} - ${bytes_firmware__model} - ${bytes_digits__proof__test_images} - ${bytes_answers}")

  # The stack: the deepest chain of calls from classify (one inference) and from main.
  cta_classify_and_main_stack("${m4_dir}/CMakeFiles/cta_digits.dir/main.cpp.ci")

  set(rows_en
    "| instructions executed by one inference (test image 0: `classify`, its logits and its class) | ${instructions} |"
    "| the same per multiply-add (${macs} multiply-adds) | ${per_mac} |"
    "| flash: `.text` (code and constants: the linker script puts `.rodata` in it), bytes | ${section_text} |"
    "| of which the model's weights (`firmware::model`) | ${bytes_firmware__model} |"
    "| of which the 360 test images (`digits::proof::test_images`) | ${bytes_digits__proof__test_images} |"
    "| of which their labels and PyTorch's classes | ${bytes_answers} |"
    "| of which the rest: code, cta's tables, the program's text | ${bytes_rest} |"
    "| flash in all: `.text`, `.ARM.exidx`, `.init_array` and `.data`'s initial values | ${flash} |"
    "| static RAM: `.data` + `.bss`, bytes | ${section_data} + ${section_bss} |"
    "| of which `digits::lean_workspace<float>`, the firmware's one static object (`sizeof`) | ${lean} |"
    "| stack of one inference: the deepest chain of calls from `classify`, bytes | ${stack_classify} |"
    "| stack of `main` (the startup code's frame left out), bytes | ${stack_main} |"
    "| stack reserved by the linker script (`.stack`), bytes | ${section_stack} |")
  set(rows_zh
    "| 一次推理执行的指令数（测试图像 0：`classify`，求 logits 和类别） | ${instructions} |"
    "| 平均每次乘加（共 ${macs} 次乘加） | ${per_mac} |"
    "| flash：`.text`（代码和常量；链接脚本把 `.rodata` 放在其中），字节 | ${section_text} |"
    "| 其中模型的权重（`firmware::model`） | ${bytes_firmware__model} |"
    "| 其中 360 张测试图像（`digits::proof::test_images`） | ${bytes_digits__proof__test_images} |"
    "| 其中它们的标签和 PyTorch 的类别 | ${bytes_answers} |"
    "| 其余：代码、cta 的表、程序的文字 | ${bytes_rest} |"
    "| flash 合计：`.text`、`.ARM.exidx`、`.init_array` 和 `.data` 的初值 | ${flash} |"
    "| 静态 RAM：`.data` + `.bss`，字节 | ${section_data} + ${section_bss} |"
    "| 其中 `digits::lean_workspace<float>`，固件唯一的静态对象（`sizeof`） | ${lean} |"
    "| 一次推理的栈：从 `classify` 起最深的调用链，字节 | ${stack_classify} |"
    "| `main` 的栈（不计启动代码的栈帧），字节 | ${stack_main} |"
    "| 链接脚本预留的栈（`.stack`），字节 | ${section_stack} |")
  set(ram_en
    "| `digits::lean_workspace<float>` (the firmware's) | ${lean} |"
    "| of which the sequence, 16 x 16, that each layer rewrites in place | ${sequence} |"
    "| of which one layer's `cta::encoder_layer_scratch_t`, which both layers reuse | ${scratch} |"
    "| `digits::workspace<float>`: every step of both layers (`cta::encoder_stack_steps_t`) | ${record} |"
    "| one layer, d_model 64, 4 heads, d_ff 256, 16 positions: outputs + `cta::encoder_layer_scratch_t` \
| ${out_64} + ${scratch_64} = ${ram_64} |"
    "| the same layer's record of every step (`cta::encoder_layer_steps_t`) | ${steps_64} |")
  set(ram_zh
    "| `digits::lean_workspace<float>`（固件所用） | ${lean} |"
    "| 其中 16 x 16 的序列，每一层原地改写 | ${sequence} |"
    "| 其中一层的 `cta::encoder_layer_scratch_t`，两层共用 | ${scratch} |"
    "| `digits::workspace<float>`：两层的每一步（`cta::encoder_stack_steps_t`） | ${record} |"
    "| 一层，d_model 64，4 个头，d_ff 256，16 个位置：输出 + `cta::encoder_layer_scratch_t` \
| ${out_64} + ${scratch_64} = ${ram_64} |"
    "| 同一层保存每一步的记录（`cta::encoder_layer_steps_t`） | ${steps_64} |")
  foreach(language IN ITEMS en zh)
    list(JOIN rows_${language} "\n" rows_${language})
    list(JOIN ram_${language} "\n" ram_${language})
  endforeach()
  string(CONCAT block_en
    "Measured with `arm-none-eabi-g++` ${version} and newlib-nano, `-Os` (`CMAKE_BUILD_TYPE=MinSizeRel`), float, on\n"
    "QEMU's `mps2-an386`:\n\n"
    "| what | figure |\n|---|---|\n${rows_en}\n\n"
    "The bytes of the intermediates (`sizeof`, as `arm-none-eabi-g++` lays them out, in float):\n\n"
    "| storage | bytes |\n|---|---|\n${ram_en}\n")
  string(CONCAT block_zh
    "用 `arm-none-eabi-g++` ${version} 和 newlib-nano 测得，`-Os`（`CMAKE_BUILD_TYPE=MinSizeRel`），float，\n"
    "QEMU 的 `mps2-an386`：\n\n"
    "| 项目 | 数值 |\n|---|---|\n${rows_zh}\n\n"
    "中间结果占的字节（`sizeof`，按 `arm-none-eabi-g++` 的布局，float）：\n\n"
    "| 存储 | 字节 |\n|---|---|\n${ram_zh}\n")
  cta_page_measured(block_en block_zh version instructions macs)
endif()

cta_check_digits_blocks(digits "digits figures" digits_figures "its logits and its class)"
                        "| the same per multiply-add (${macs}")
