# SPDX-License-Identifier: BSL-1.0
# The instructions of the measured calls of a bare-metal program (included by quantized_figures.cmake and
# attention_figures.cmake). `measure_program(<core> <elf> <prefix> [BYTES])` runs the ELF under QEMU with the command
# line `measure`, from a copy without symbols written to <core>_dir (so that QEMU's log stays short), on the board
# <core>_machine (<core>_name names the core in messages), and reads QEMU's log of the translation blocks translated
# and executed (-d in_asm,exec,nochain) with COUNTER (count_instructions.cpp), which counts the instructions between
# the program's markers cta_measure_begin and cta_measure_end; the count of the markers alone, the program's first
# measured call, is taken from each. It sets <prefix>_cases (the cases' keys, in order) and, for each key,
# <prefix>_title_<key>, <prefix>_work_<key> ("<macs>|<outputs>"), <prefix>_instructions_<key> and
# <prefix>_count_<key> ("<instructions> | <per MAC or per output element>"); with BYTES, <prefix>_bytes_<key>: the
# bytes of the functions the call ran (the counter's second number, the functions listed by `nm -S`); and
# <prefix>_output, what the program printed in that run. The program
# prints a line `measure: <title>|<multiply-accumulates>|<outputs>` for each call. Uses prefix (the cross tools'
# prefix), QEMU_SYSTEM_ARM and COUNTER. Includes arm_tools.cmake (cta_skip_without_arm_tools).
include("${CMAKE_CURRENT_LIST_DIR}/arm_tools.cmake")

function(measure_program core elf out)
  execute_process(COMMAND "${prefix}nm" "${elf}" OUTPUT_VARIABLE symbols)
  foreach(marker IN ITEMS begin end)
    if(NOT symbols MATCHES "\n?([0-9a-f]+) T cta_measure_${marker}\n")
      message(FATAL_ERROR "${elf} has no function cta_measure_${marker}")
    endif()
    set(${marker} "${CMAKE_MATCH_1}")
  endforeach()
  get_filename_component(name "${elf}" NAME_WE)
  set(stripped "${${core}_dir}/${name}_stripped.elf")
  execute_process(COMMAND "${prefix}objcopy" --strip-all "${elf}" "${stripped}" RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${prefix}objcopy --strip-all ${elf} failed")
  endif()
  set(counter "${COUNTER}" "${begin}" "${end}")
  if("BYTES" IN_LIST ARGN)
    set(listing "${${core}_dir}/${name}_functions.txt")
    execute_process(COMMAND "${prefix}nm" -S --defined-only "${elf}" OUTPUT_FILE "${listing}" RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${prefix}nm -S ${elf} failed")
    endif()
    list(APPEND counter "${listing}")
  endif()
  # QEMU writes its log to its standard output, read by the counter through a pipe, and the program's output
  # (semihosting) to its standard error.
  execute_process(
    COMMAND "${QEMU_SYSTEM_ARM}" -M ${${core}_machine} -nographic
            -semihosting-config enable=on,target=native,arg=measure -kernel "${stripped}"
            -d in_asm,exec,nochain -D /dev/stdout
    COMMAND ${counter}
    TIMEOUT 120
    RESULTS_VARIABLE results OUTPUT_VARIABLE counts ERROR_VARIABLE output)
  if(NOT results STREQUAL "0;0")
    message(FATAL_ERROR "the measured run of ${name} on ${${core}_name} failed (QEMU, counter: ${results}):\n${output}")
  endif()
  string(REGEX MATCHALL "measure: [^\n]*" measured "${output}")
  string(REGEX MATCHALL "[0-9]+( [0-9]+)?" counts "${counts}")
  list(LENGTH measured measured_count)
  list(LENGTH counts counts_count)
  if(measured_count LESS 2 OR NOT measured_count EQUAL counts_count)
    message(FATAL_ERROR "the measured run of ${name} on ${${core}_name} printed ${measured_count} cases and the "
                        "counter ${counts_count} counts:\n${output}")
  endif()
  list(GET counts 0 markers)
  string(REGEX REPLACE " .*" "" markers "${markers}")
  list(POP_FRONT measured)
  list(POP_FRONT counts)
  set(keys "")
  foreach(case count IN ZIP_LISTS measured counts)
    set(bytes "")
    if(count MATCHES "^([0-9]+) ([0-9]+)$")
      set(count "${CMAKE_MATCH_1}")
      set(bytes "${CMAKE_MATCH_2}")
    endif()
    string(REGEX MATCH "^measure: ([^|]*)\\|([0-9]+)\\|([0-9]+)$" parsed "${case}")
    set(title "${CMAKE_MATCH_1}")
    set(macs "${CMAKE_MATCH_2}")
    set(outputs "${CMAKE_MATCH_3}")
    math(EXPR instructions "${count} - ${markers}")
    # Per multiply-accumulate for a product, per output element for softmax; to two decimals, rounded.
    if(macs GREATER 0)
      set(per "${macs}")
    else()
      set(per "${outputs}")
    endif()
    hundredths("${instructions}" "${per}" ratio)
    string(MAKE_C_IDENTIFIER "${title}" key)
    list(APPEND keys "${key}")
    set(${out}_title_${key} "${title}" PARENT_SCOPE)
    set(${out}_work_${key} "${macs}|${outputs}" PARENT_SCOPE)
    set(${out}_instructions_${key} "${instructions}" PARENT_SCOPE)
    set(${out}_count_${key} "${instructions} | ${ratio}" PARENT_SCOPE)
    set(${out}_bytes_${key} "${bytes}" PARENT_SCOPE)
  endforeach()
  set(${out}_cases "${keys}" PARENT_SCOPE)
  set(${out}_output "${output}" PARENT_SCOPE)
endfunction()

# `numerator / denominator` to two decimals, rounded, into <out>.
function(hundredths numerator denominator out)
  math(EXPR value "(${numerator} * 100 + ${denominator} / 2) / ${denominator}")
  math(EXPR units "${value} / 100")
  math(EXPR fraction "${value} % 100")
  if(fraction LESS 10)
    set(fraction "0${fraction}")
  endif()
  set(${out} "${units}.${fraction}" PARENT_SCOPE)
endfunction()
