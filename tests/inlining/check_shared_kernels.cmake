# SPDX-License-Identifier: BSL-1.0
# The run-time product kernels are compiled once per element type, not once per shape (include/cta/operations.hpp,
# "Run-time products"): bench/compile_time/attention_batch.cpp, cta::self_attention_batch over 1 and over 32 sequence
# lengths, compiled with COMPILER -std=c++20 -O2 -c as bench/regenerate.py compiles it, must define the same product
# kernels (nm -C: the functions cta::detail::multiply_kernel, _strips, _block and _plain, with their template
# arguments), and at least one. Then the figures of docs/performance.md's block between
# "<!-- generated-batch:begin -->" and "<!-- generated-batch:end -->" (text bytes, functions of cta, product kernels)
# must be the build's, where the page has rows for this compiler's version (COMPILER_NAME COMPILER_VERSION, e.g.
# "GCC 12.2.0") measured for this processor (SYSTEM_PROCESSOR); otherwise it prints "not compared with the page".
# MUTATE=ON compares with the page's first product-kernel count increased by one, which must fail.
#   COMPILER, COMPILER_NAME, COMPILER_VERSION, SYSTEM_PROCESSOR, INCLUDES ("|"-separated), NM, SIZE, SOURCE, PAGE,
#   WORK_DIR, MUTATE
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cta_script_tools.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(FLAGS "-O2")
cta_script_compile_flags(compile_flags)

# figures_<lengths>: "<text bytes>;<functions of cta>;<product kernels>"; kernels_<lengths>: their names.
foreach(lengths IN ITEMS 1 32)
  if(lengths EQUAL 1)
    set(over "1 length")
  else()
    set(over "${lengths} lengths")
  endif()
  set(object "${WORK_DIR}/batch_${lengths}.o")
  execute_process(COMMAND "${COMPILER}" ${compile_flags} "-DCTA_BENCH_LENGTHS=${lengths}" -c "${SOURCE}"
                          -o "${object}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${SOURCE} (${over}) did not compile:\n${output}")
  endif()
  execute_process(COMMAND "${SIZE}" "${object}" OUTPUT_VARIABLE size_output RESULT_VARIABLE result)
  if(NOT result EQUAL 0 OR NOT size_output MATCHES "\n *([0-9]+)")
    message(FATAL_ERROR "${SIZE} failed:\n${size_output}")
  endif()
  set(text "${CMAKE_MATCH_1}")
  execute_process(COMMAND "${NM}" --defined-only "${object}" OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
  execute_process(COMMAND "${NM}" --defined-only -C "${object}" OUTPUT_VARIABLE demangled RESULT_VARIABLE result2)
  if(NOT result EQUAL 0 OR NOT result2 EQUAL 0)
    message(FATAL_ERROR "${NM} failed")
  endif()
  string(REGEX MATCHALL "\n[0-9a-f]+ [TtWw] _ZN3cta[^\n]*" functions "\n${symbols}")
  list(LENGTH functions function_count)
  string(REPLACE ";" "," demangled "${demangled}")
  string(REGEX MATCHALL
         "\n[0-9a-f]+ [TtWw] [^\n]*cta::detail::multiply_(kernel|strips|block|plain)[[<(][^\n]*"
         kernels "\n${demangled}")
  list(TRANSFORM kernels REPLACE "^\n[0-9a-f]+ [TtWw] " "")
  list(REMOVE_DUPLICATES kernels)
  list(SORT kernels)
  list(LENGTH kernels kernel_count)
  set(kernels_${lengths} "${kernels}")
  set(figures_${lengths} "${text};${function_count};${kernel_count}")
  message("${over}: ${text} bytes of text, ${function_count} functions of cta, ${kernel_count} product kernels")
endforeach()

if(NOT kernels_1)
  message(FATAL_ERROR "the object defines no product kernel: the check would prove nothing")
endif()
if(NOT kernels_1 STREQUAL kernels_32)
  string(REPLACE ";" "\n  " one "${kernels_1}")
  string(REPLACE ";" "\n  " many "${kernels_32}")
  message(FATAL_ERROR "the product kernels depend on the shapes: 1 length defines\n  ${one}\n"
                      "32 lengths define\n  ${many}")
endif()
message("the same ${kernel_count} product kernels for 1 and for 32 lengths")

# The page's rows: "| GCC 12.2.0 | 1 length (32 tokens) | s | s, least | MiB | text | functions | kernels |".
file(READ "${PAGE}" page)
string(FIND "${page}" "<!-- generated-batch:begin -->" begin)
string(FIND "${page}" "<!-- generated-batch:end -->" end)
if(begin EQUAL -1 OR end EQUAL -1)
  message(FATAL_ERROR "${PAGE} has no generated-batch block")
endif()
math(EXPR length "${end} - ${begin}")
string(SUBSTRING "${page}" ${begin} ${length} block)
if(NOT block MATCHES "; ${SYSTEM_PROCESSOR}, the compilers' default target")
  message("not compared with the page: it was measured for another processor than ${SYSTEM_PROCESSOR}")
  return()
endif()
set(differences "")
set(mutated OFF)
foreach(lengths IN ITEMS 1 32)
  if(lengths EQUAL 1)
    set(over "1 length")
    set(label "1 length \\(32 tokens\\)")
  else()
    set(over "${lengths} lengths")
    set(label "${lengths} lengths \\(1 to 32 tokens\\)")
  endif()
  string(REPLACE "." "\\." version "${COMPILER_VERSION}")
  if(NOT block MATCHES "\n\\| ${COMPILER_NAME} ${version} \\| ${label} \\|[^|\n]*\\|[^|\n]*\\|[^|\n]*\\| ([0-9]+) \\| ([0-9]+) \\| ([0-9]+) \\|")
    message("not compared with the page: it has no row for ${COMPILER_NAME} ${COMPILER_VERSION}")
    return()
  endif()
  set(on_page "${CMAKE_MATCH_1};${CMAKE_MATCH_2};${CMAKE_MATCH_3}")
  if(MUTATE AND NOT mutated)
    math(EXPR changed "${CMAKE_MATCH_3} + 1")
    set(on_page "${CMAKE_MATCH_1};${CMAKE_MATCH_2};${changed}")
    set(mutated ON)
  endif()
  if(NOT on_page STREQUAL figures_${lengths})
    string(APPEND differences "\n  ${over}: the page has ${on_page}, the build ${figures_${lengths}} "
                              "(text bytes; functions of cta; product kernels)")
  endif()
endforeach()
if(differences)
  message(FATAL_ERROR "the page's figures differ from the build's (docs/performance.md, run "
                      "python3 bench/regenerate.py --batch-only):${differences}")
endif()
message("docs/performance.md shows these figures for ${COMPILER_NAME} ${COMPILER_VERSION}")
