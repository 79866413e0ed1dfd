# SPDX-License-Identifier: BSL-1.0
# What the digits firmwares' figures scripts (digits_figures.cmake, digits_int8_figures.cmake) share: what they read of
# an ELF file and of its call graph, with the cross tools of the prefix `prefix` (arm-none-eabi-), and the check of
# their blocks on docs/digits.md and its translation. Includes call_graph.cmake and page_blocks.cmake.
#
# cta_elf_sections(<elf>): sets section_<name> to the bytes of the sections .text, .ARM.exidx, .init_array, .data,
# .bss and .stack (arm-none-eabi-size -A; 0 for one the file lacks), and flash to those that flash holds: .text,
# .ARM.exidx, .init_array and .data's initial values.
# cta_elf_objects(<elf> <object>...): sets bytes_<key> to the bytes of each object (a demangled name; <key> is its C
# identifier, string(MAKE_C_IDENTIFIER)), as arm-none-eabi-nm -S gives them; stops the script if one is missing.
# cta_classify_and_main_stack(<graph file>): sets stack_classify and stack_main to the deepest chain of calls from the
# program's `std::size_t {anonymous}::classify(...)` and from `main`, each function's frame summed (the graph that
# -fcallgraph-info=su writes; call_graph.cmake).
# cta_check_digits_blocks(<name> <what> <file> <row> <next>): the end of a script: the block <name> of PAGE must be
# block_en and that of TRANSLATION block_zh (check_page_block, page_blocks.cmake: measured with `version`, <what> in
# the messages, the build's written to BINARY_DIR/<file>.md and <file>.zh.md where they differ); a line of either that
# starts with ";" (a CMake list joined into the text) stops the script first. With MUTATE, checks PAGE's block alone,
# with the figure after "<row> | " (the variable instructions) increased by one and a ";" put before the line that
# starts with <next>.
include("${CMAKE_CURRENT_LIST_DIR}/call_graph.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/page_blocks.cmake")

function(cta_elf_sections elf)
  execute_process(COMMAND "${prefix}size" -A "${elf}" OUTPUT_VARIABLE sections RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${prefix}size -A ${elf} failed")
  endif()
  foreach(section IN ITEMS text ARM.exidx init_array data bss stack)
    string(REPLACE "." "\\." pattern "${section}")
    if(sections MATCHES "\n\\.${pattern}[ \t]+([0-9]+)[ \t]")
      set(section_${section} "${CMAKE_MATCH_1}")
    else()
      set(section_${section} 0)
    endif()
    set(section_${section} "${section_${section}}" PARENT_SCOPE)
  endforeach()
  math(EXPR flash "${section_text} + ${section_ARM.exidx} + ${section_init_array} + ${section_data}")
  set(flash "${flash}" PARENT_SCOPE)
endfunction()

function(cta_elf_objects elf)
  execute_process(COMMAND "${prefix}nm" -S -C --defined-only "${elf}" OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${prefix}nm -S ${elf} failed")
  endif()
  foreach(object IN LISTS ARGN)
    string(MAKE_C_IDENTIFIER "${object}" key)
    string(REGEX REPLACE "([().])" "\\\\\\1" pattern "${object}")
    if(NOT symbols MATCHES "\n?[0-9a-f]+ ([0-9a-f]+) [a-zA-Z] ${pattern}\n")
      message(FATAL_ERROR "${elf} has no object ${object}")
    endif()
    math(EXPR bytes "0x${CMAKE_MATCH_1}")
    set(bytes_${key} "${bytes}" PARENT_SCOPE)
  endforeach()
endfunction()

function(cta_classify_and_main_stack graph_file)
  file(READ "${graph_file}" graph)
  if(NOT graph MATCHES "node: { title: \"([^\"]+)\" label: \"std::size_t {anonymous}::classify\\(")
    message(FATAL_ERROR "${graph_file} has no function classify")
  endif()
  set(classify_title "${CMAKE_MATCH_1}")
  cta_read_call_graph("${graph_file}")
  foreach(function IN ITEMS classify main)
    if(function STREQUAL "classify")
      list(FIND nodes "${classify_title}" index)
    else()
      list(FIND nodes "main" index)
    endif()
    if(index EQUAL -1)
      message(FATAL_ERROR "${graph_file} has no node of ${function}")
    endif()
    cta_deepest(${index} stack)
    set(stack_${function} "${stack}" PARENT_SCOPE)
  endforeach()
endfunction()

function(cta_check_digits_blocks name what file row next)
  foreach(language IN ITEMS en zh)
    if(block_${language} MATCHES "^;" OR block_${language} MATCHES "\n;")
      message(FATAL_ERROR "cta-embedded: a line that this script wrote for the ${what} starts with \";\" (a list "
                          "joined into the text)")
    endif()
  endforeach()
  set(update "`cmake --build build/gcc --target update_digits_figures`")
  # The English page first: its block names the version it was measured with; then the translation.
  file(READ "${PAGE}" page)
  find_block("${page}" ${name} committed)
  if(MUTATE)
    math(EXPR changed "${instructions} + 1")
    string(REPLACE "${row} | ${instructions} |" "${row} | ${changed} |" committed "${committed}")
    string(REPLACE "\n${next}" "\n;${next}" committed "${committed}")
  endif()
  check_page_block("${page}" ${name} "${committed}" "${block_en}" "${version}" "${what}" "${BINARY_DIR}/${file}.md"
                   "${update}")
  if(MUTATE)
    return()  # stopped above
  endif()
  set(PAGE "${TRANSLATION}")
  file(READ "${PAGE}" page)
  find_block("${page}" ${name} committed)
  check_page_block("${page}" ${name} "${committed}" "${block_zh}" "${version}" "${what}" "${BINARY_DIR}/${file}.zh.md"
                   "${update}")
endfunction()
