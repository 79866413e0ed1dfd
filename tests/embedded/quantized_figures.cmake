# SPDX-License-Identifier: BSL-1.0
# The figures of docs/embedded.md's "Quantized kernels on the Cortex-M3 and the Cortex-M4" section, written by this
# script (cmake -P) from the firmware of tests/embedded/quantized, built with arm-none-eabi-g++ at -Os (MinSizeRel)
# for each core (cta_build_firmware, firmware.cmake) in M3_DIR and M4_DIR:
#   - the whole program's text, data and bss (arm-none-eabi-size);
#   - each function of cta::quantized in it: its bytes of code (arm-none-eabi-nm --size-sort -S -C; a function's
#     clones, which GCC names "[clone .part.0]" and the like, counted with it) and its stack frame (-fstack-usage, the
#     .su files);
#   - the instructions that each kernel call executes, and those of the seed's self-attention in float and double
#     (the same project's cta_float_attention.elf), set next to the int8 one's: each program run under QEMU with the
#     command line `measure`, from a copy of its ELF file without symbols (so that QEMU's log stays short), and QEMU's
#     log of the translation blocks translated and executed (-d in_asm,exec,nochain) read by COUNTER
#     (count_instructions.cpp), which sums the instructions between the program's markers. The count of the markers
#     alone is taken from each. A count depends only on the program and its inputs, not on the machine, its load or
#     QEMU's speed.
# The block between the page's markers "<!-- embedded-quantized:begin -->" and "<!-- embedded-quantized:end -->" must
# be what this script writes (CHECK, the default), or is replaced by it (UPDATE=ON); a line of the block that starts
# with ";" (a CMake list joined into the text) fails either way. Skipped when the page was measured with another
# version of arm-none-eabi-g++. MUTATE=ON checks the page's block with the Cortex-M3's text increased by one and a
# ";" put before the next line, which must fail with a message for each (docs.embedded_quantized_figures.detects_drift).
# Prints "cta-embedded: skipped: ..." when arm-none-eabi-g++ or qemu-system-arm is missing.
#   ARM_NONE_EABI_GXX, QEMU_SYSTEM_ARM, COUNTER, ROOT, M3_DIR, M4_DIR, GENERATOR, MAKE_PROGRAM, PAGE, UPDATE, MUTATE
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
  set(cores m3 m4)
  set(m3_name "Cortex-M3")
  set(m4_name "Cortex-M4")
  set(m3_machine mps2-an385)
  set(m4_machine mps2-an386)
  foreach(core IN LISTS cores)
    string(TOUPPER "${core}" upper)
    set(${core}_dir "${${upper}_DIR}")
    cta_build_firmware("${ROOT}/tests/embedded/quantized" "${ROOT}/cmake/toolchains/arm-none-eabi-cortex-${core}.cmake"
                       "${${core}_dir}" MinSizeRel -DCTA_QUANTIZED_FLOAT_PROBE=OFF)
    set(${core}_elf "${${core}_dir}/cta_quantized.elf")
    set(${core}_float_elf "${${core}_dir}/cta_float_attention.elf")
  endforeach()

  # The name of a function of cta::quantized as the block shows it, from a demangled name (nm) or a signature (.su):
  # without "cta::quantized::", its ABI tag, template arguments and parameters; the element type of softmax's output
  # for detail::softmax_from_int8, and "(its lambda)" for a lambda in it. Empty for other names.
  function(quantized_name text out)
    string(REGEX REPLACE "\\[abi:[a-z0-9_]+\\]" "" text "${text}")
    set(name "")
    if(text MATCHES "cta::quantized::([A-Za-z_:0-9]+)(<[^<>()]*>)?\\(")
      set(name "${CMAKE_MATCH_1}")
      set(arguments "${CMAKE_MATCH_2}")
      if(text MATCHES "[[(]with Output = ([a-z ]+)[])]")
        set(arguments "<${CMAKE_MATCH_1}>")
      endif()
      if(arguments MATCHES "signed char")
        string(APPEND name "<int8_t>")
      elseif(arguments MATCHES "short")
        string(APPEND name "<int16_t>")
      endif()
      if(text MATCHES "::[{<]lambda")
        string(APPEND name " (its lambda)")
      endif()
    endif()
    set(${out} "${name}" PARENT_SCOPE)
  endfunction()

  execute_process(COMMAND "${ARM_NONE_EABI_GXX}" -dumpfullversion OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(names "")
  foreach(core IN LISTS cores)
    # Whole program.
    execute_process(COMMAND "${prefix}size" "${${core}_elf}" OUTPUT_VARIABLE size)
    string(REGEX MATCH "\n *([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)" row "${size}")
    set(${core}_size "| ${${core}_name} | ${CMAKE_MATCH_1} | ${CMAKE_MATCH_2} | ${CMAKE_MATCH_3} |")
    set(${core}_text "${CMAKE_MATCH_1}")

    # Code bytes of each function.
    execute_process(COMMAND "${prefix}nm" --size-sort -S -C "${${core}_elf}" OUTPUT_VARIABLE symbols)
    string(REPLACE ";" "," symbols "${symbols}")
    string(REPLACE "\n" ";" symbols "${symbols}")
    foreach(line IN LISTS symbols)
      if(line MATCHES "^[0-9a-f]+ ([0-9a-f]+) [tTwW] (.*cta::quantized::.*)$")
        math(EXPR bytes "0x${CMAKE_MATCH_1}")
        quantized_name("${CMAKE_MATCH_2}" name)
        if(name STREQUAL "")
          continue()
        endif()
        string(MAKE_C_IDENTIFIER "${name}" key)
        if(NOT DEFINED ${core}_bytes_${key})
          set(${core}_bytes_${key} 0)
        endif()
        math(EXPR ${core}_bytes_${key} "${${core}_bytes_${key}} + ${bytes}")
        list(APPEND names "${name}")
      endif()
    endforeach()

    # Stack frames: "<file>:<line>:<column>:<signature>\t<bytes>\t<kind>"; a function's clones have their own lines,
    # the largest frame is shown.
    file(GLOB_RECURSE su_files "${${core}_dir}/*.su")
    foreach(su IN LISTS su_files)
      # As a CMake list, with ";" and the brackets of "[with T = ...]" (which a list does not split) replaced.
      file(READ "${su}" text)
      string(REPLACE ";" "," text "${text}")
      string(REPLACE "[" "(" text "${text}")
      string(REPLACE "]" ")" text "${text}")
      string(REPLACE "\n" ";" lines "${text}")
      foreach(line IN LISTS lines)
        if(line MATCHES "^[^\t]*:[0-9]+:[0-9]+:([^\t]*cta::quantized::[^\t]*)\t([0-9]+)\t([a-z,]+)$")
          set(frame "${CMAKE_MATCH_2}")
          if(NOT CMAKE_MATCH_3 STREQUAL "static")
            message(FATAL_ERROR "a frame of the quantized firmware is not of a fixed size (${CMAKE_MATCH_3}): ${line}")
          endif()
          quantized_name("${CMAKE_MATCH_1}" name)
          string(MAKE_C_IDENTIFIER "${name}" key)
          if(NOT name STREQUAL "" AND (NOT DEFINED ${core}_frame_${key} OR frame GREATER ${core}_frame_${key}))
            set(${core}_frame_${key} "${frame}")
          endif()
        endif()
      endforeach()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES names)
  list(SORT names)
  set(rows "")
  set(m3_total 0)
  set(m4_total 0)
  foreach(name IN LISTS names)
    string(MAKE_C_IDENTIFIER "${name}" key)
    set(row "| `${name}` |")
    foreach(core IN LISTS cores)
      foreach(what IN ITEMS bytes frame)
        if(DEFINED ${core}_${what}_${key})
          string(APPEND row " ${${core}_${what}_${key}} |")
        else()
          string(APPEND row " — |")
        endif()
      endforeach()
      if(DEFINED ${core}_bytes_${key})
        math(EXPR ${core}_total "${${core}_total} + ${${core}_bytes_${key}}")
      endif()
    endforeach()
    string(APPEND rows "${row}\n")
  endforeach()

  foreach(core IN LISTS cores)
    measure_program(${core} "${${core}_elf}" ${core})
    measure_program(${core} "${${core}_float_elf}" ${core}_real)
  endforeach()
  foreach(what IN ITEMS cases real_cases)
    if(NOT m3_${what} STREQUAL m4_${what})
      message(FATAL_ERROR "the two programs measured different cases: ${m3_${what}} and ${m4_${what}}")
    endif()
  endforeach()
  set(products "")
  set(softmaxes "")
  foreach(key IN LISTS m3_cases)
    string(REPLACE "|" ";" work "${m3_work_${key}}")
    list(GET work 0 macs)
    list(GET work 1 outputs)
    if(macs GREATER 0)
      string(APPEND products "| ${m3_title_${key}} | ${macs} | ${m3_count_${key}} | ${m4_count_${key}} |\n")
    else()
      string(APPEND softmaxes "| ${m3_title_${key}} | ${outputs} | ${m3_count_${key}} | ${m4_count_${key}} |\n")
    endif()
  endforeach()

  # The seed's self-attention in int8 (the quantized program) and in float and double (float_attention.elf), each
  # core's count and its ratio to the int8 one's.
  set(int8_attention "the_seed_s_self_attention__int8__scaled__3_x_4_by_4_x_3")
  if(NOT DEFINED m3_title_${int8_attention})
    message(FATAL_ERROR "the quantized program measured no case \"the seed's self-attention, int8, scaled: ...\"")
  endif()
  set(attentions "")
  foreach(key IN LISTS int8_attention m3_real_cases)
    if(key STREQUAL int8_attention)
      set(source "")
    else()
      set(source "_real")
    endif()
    set(row "| ${m3${source}_title_${key}} |")
    foreach(core IN LISTS cores)
      set(instructions "${${core}${source}_instructions_${key}}")
      hundredths("${instructions}" "${${core}_instructions_${int8_attention}}" ratio)
      string(APPEND row " ${instructions} | ${ratio} |")
    endforeach()
    string(APPEND attentions "${row}\n")
  endforeach()

  string(CONCAT block
    "Measured with `arm-none-eabi-g++` ${version} and newlib-nano, `-Os` (`CMAKE_BUILD_TYPE=MinSizeRel`), the\n"
    "toolchain files `arm-none-eabi-cortex-m3.cmake` and `arm-none-eabi-cortex-m4.cmake`.\n\n"
    "Whole program (`arm-none-eabi-size`; `bss` is the stack, the run-time copies of the inputs and the outputs):\n\n"
    "| core | text | data | bss |\n|---|---|---|---|\n${m3_size}\n${m4_size}\n\n"
    "The functions of `cta::quantized` in each program: bytes of code (`arm-none-eabi-nm --size-sort -S -C`, with\n"
    "the function's clones) and stack frame (`-fstack-usage`; a function inlined into another has no frame of its own,\n"
    "\"—\" one that is not in that program):\n\n"
    "| function | Cortex-M3 bytes | frame | Cortex-M4 bytes | frame |\n|---|---|---|---|---|\n${rows}"
    "| **total** | **${m3_total}** | | **${m4_total}** | |\n\n"
    "Instructions executed by one call of each kernel (QEMU's log of the translation blocks executed, the markers'\n"
    "own instructions taken off), and per multiply-accumulate:\n\n"
    "| case | multiply-accumulates | Cortex-M3 instructions | per MAC | Cortex-M4 instructions | per MAC |\n"
    "|---|---|---|---|---|---|\n${products}\n"
    "and per output element for softmax:\n\n"
    "| case | elements | Cortex-M3 instructions | per element | Cortex-M4 instructions | per element |\n"
    "|---|---|---|---|---|---|\n${softmaxes}\n"
    "The seed's self-attention in one call, int8 (the program above) and real-valued (`float_attention.elf`: the\n"
    "same attention, `cta::self_attention<float>` and `<double>` with `cta::scaled`, on the seed's inputs and weights\n"
    "in that type), and each count over the int8 one's:\n\n"
    "| the seed's self-attention | Cortex-M3 instructions | over int8 | Cortex-M4 instructions | over int8 |\n"
    "|---|---|---|---|---|\n${attentions}")
  if(block MATCHES "^;" OR block MATCHES "\n;")
    message(FATAL_ERROR "cta-embedded: a line that this script wrote for the quantized block starts with \";\" "
                        "(a list joined into the text)")
  endif()
  cta_page_measured(block version m3_text)
endif()

file(READ "${PAGE}" page)
find_block("${page}" quantized committed)
if(MUTATE)
  # The Cortex-M3's text increased by one, and a ";" before the line that follows it.
  math(EXPR changed "${m3_text} + 1")
  string(REPLACE "| Cortex-M3 | ${m3_text} |" "| Cortex-M3 | ${changed} |" committed "${committed}")
  string(REPLACE "\n| Cortex-M4 |" "\n;| Cortex-M4 |" committed "${committed}")
endif()
# Other versions of the cross compiler give other code: the page is checked with the version it was written with.
get_filename_component(written "${M3_DIR}/../quantized_figures.md" ABSOLUTE)
check_page_block("${page}" quantized "${committed}" "${block}" "${version}" "quantized figures" "${written}"
                 "the target update_embedded_quantized_figures")
