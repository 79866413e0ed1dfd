# SPDX-License-Identifier: BSL-1.0
# docs/numerics.md's table of the accuracy of the elementary functions against the build. The accuracy tests of
# tests/numerics (cta_numerics_tests, the test cases "... on the reference table") check each function of each type
# at every point of its reference table and print the page's row ("page row: | `cta::<name>` | `<type>` | <points> |
# <u> ulp (<e> ulp from the exact value) | <n> (<p> %) |", tests/numerics/page_row.hpp); the table between
# <!-- generated-accuracy:begin --> and <!-- generated-accuracy:end --> must be the header below and those rows, in
# the order of FUNCTIONS, double before float. The figures do not depend on the compiler (the same bits at compile
# time and at run time, with both). With UPDATE=ON the table is written instead. Run by docs.accuracy, and by
# docs.accuracy.detects_drift on a changed copy of the page (expect_check_failure.cmake).
#
#   cmake -DPROGRAM=<cta_numerics_tests> -DDOC=<docs/numerics.md> [-DUPDATE=ON] -P check_accuracy.cmake
cmake_minimum_required(VERSION 3.25)

foreach(_var PROGRAM DOC)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_accuracy.cmake: -D${_var}=... is required")
  endif()
endforeach()
set(_functions exp log log1p sin cos expm1 tanh)
set(_begin "<!-- generated-accuracy:begin -->")
set(_end "<!-- generated-accuracy:end -->")

execute_process(COMMAND "${PROGRAM}" "*on the reference table*" RESULT_VARIABLE _result OUTPUT_VARIABLE _output
                ERROR_VARIABLE _output)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} \"*on the reference table*\" failed: the figures cannot be compared\n${_output}")
endif()
string(REGEX MATCHALL "page row: [^\n]*" _printed "${_output}")
set(_table "| function | type | points checked | largest error | not correctly rounded |\n|---|---|---|---|---|\n")
foreach(_function IN LISTS _functions)
  foreach(_type IN ITEMS double float)
    set(_found "")
    foreach(_line IN LISTS _printed)
      string(FIND "${_line}" "| `cta::${_function}` | `${_type}` |" _at)
      if(_at EQUAL 10)
        string(SUBSTRING "${_line}" 10 -1 _found)
      endif()
    endforeach()
    if(_found STREQUAL "")
      message(FATAL_ERROR "${PROGRAM} printed no row for cta::${_function} (${_type}):\n${_output}")
    endif()
    string(APPEND _table "${_found}\n")
  endforeach()
endforeach()

file(READ "${DOC}" _doc)
string(FIND "${_doc}" "${_begin}\n" _at)
string(FIND "${_doc}" "${_end}" _end_at)
if(_at EQUAL -1 OR _end_at LESS _at)
  message(FATAL_ERROR "${DOC} has no ${_begin} ... ${_end} section")
endif()
string(LENGTH "${_begin}\n" _begin_length)
math(EXPR _start "${_at} + ${_begin_length}")
math(EXPR _length "${_end_at} - ${_start}")
string(SUBSTRING "${_doc}" ${_start} ${_length} _page)
if(UPDATE)
  string(SUBSTRING "${_doc}" 0 ${_start} _head)
  string(SUBSTRING "${_doc}" ${_end_at} -1 _tail)
  file(WRITE "${DOC}" "${_head}${_table}${_tail}")
  message("wrote the table of ${DOC}")
  return()
endif()
if(NOT _page STREQUAL _table)
  string(REPLACE "\n" ";" _page_lines "${_page}")
  string(REPLACE "\n" ";" _table_lines "${_table}")
  set(_differences "")
  foreach(_line IN LISTS _table_lines)
    if(NOT _line IN_LIST _page_lines)
      string(APPEND _differences "  the build: ${_line}\n")
    endif()
  endforeach()
  foreach(_line IN LISTS _page_lines)
    if(NOT _line IN_LIST _table_lines)
      string(APPEND _differences "  the page:  ${_line}\n")
    endif()
  endforeach()
  message(FATAL_ERROR "The table of accuracy differs from the build:\n  ${DOC}\n${_differences}Write it again with:\n"
                      "  cmake -DPROGRAM=<cta_numerics_tests> -DDOC=${DOC} -DUPDATE=ON -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
message("${DOC}: the table of accuracy is the build's")
