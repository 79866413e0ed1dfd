# SPDX-License-Identifier: BSL-1.0
# docs/performance.md's table of preprocessed lines per public header against the compiler in use. The table, which
# bench/regenerate.py writes between <!-- generated-headers:begin --> and <!-- generated-headers:end -->, has a row
# for each header of include/cta (`<cta/name.hpp>`), a column "Boost" (yes if the header reads a file of Boost, else
# no) and, for each toolchain it was measured with, a column "lines, <toolchain>": the lines of
#
#   <compiler> -std=c++20 -I<include> -E <a file holding only #include <cta/name.hpp>>
#
# The toolchain is the compiler's version, its standard library and Boost's version, as
# bench/compile_time/toolchain.cpp gives them ("GCC 12.2, libstdc++ 12, Boost 1.74"): the counts hold for that one
# toolchain, so a compiler whose toolchain has no column is not compared ("docs.header_lines skipped", the test's
# skip pattern), after the rows and the Boost column are checked. Times are in the table too (columns "... s"); they
# depend on the machine and are never checked. Run by docs.header_lines, and by docs.header_lines.detects_drift on
# a changed copy of the page (tests/docs_generated/expect_check_failure.cmake).
#
#   cmake -DCOMPILER=<c++> -DROOT=<source dir> -DDOC=<docs/performance.md> -DWORK_DIR=<dir> [-DREUSE=ON]
#         -P check_header_lines.cmake
#
# Each header's figures are kept in WORK_DIR (<id>.measured); with REUSE=ON a run reads those a run before it kept
# there instead of preprocessing the header again (docs.header_lines.detects_drift checks its changed copy of the page
# against the figures its check of the page measured).
cmake_minimum_required(VERSION 3.25)

foreach(_var COMPILER ROOT DOC WORK_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_header_lines.cmake: -D${_var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(_include "${ROOT}/include")

# The toolchain, as bench/regenerate.py names it.
execute_process(COMMAND "${COMPILER}" -std=c++20 -E -P "${ROOT}/bench/compile_time/toolchain.cpp"
                RESULT_VARIABLE _result OUTPUT_VARIABLE _probe ERROR_VARIABLE _errors)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${COMPILER} -E failed on bench/compile_time/toolchain.cpp:\n${_errors}")
endif()
if(NOT _probe MATCHES "cta_toolchain_compiler ([^ \n]+) ([0-9]+) ([0-9]+)")
  message(FATAL_ERROR "No compiler in the output of toolchain.cpp:\n${_probe}")
endif()
set(_toolchain "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}.${CMAKE_MATCH_3}")
if(NOT _probe MATCHES "cta_toolchain_library ([^ \n]+) ([0-9]+)")
  message(FATAL_ERROR "No standard library in the output of toolchain.cpp:\n${_probe}")
endif()
string(APPEND _toolchain ", ${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
if(NOT _probe MATCHES "cta_toolchain_boost \"([0-9]+)_([0-9]+)")
  message(FATAL_ERROR "No Boost version in the output of toolchain.cpp:\n${_probe}")
endif()
string(APPEND _toolchain ", Boost ${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")

# The table.
include("${CMAKE_CURRENT_LIST_DIR}/page_section.cmake")
set(_begin "<!-- generated-headers:begin -->")
set(_end "<!-- generated-headers:end -->")
cta_page_section("${DOC}" "${_begin}" "${_end}" _section)
string(REPLACE ";" "," _section "${_section}")
string(REGEX MATCHALL "\n\\|[^\n]*" _rows "${_section}")
list(LENGTH _rows _row_count)
if(_row_count LESS 3)
  message(FATAL_ERROR "${DOC}: no table between ${_begin} and ${_end}")
endif()

# Splits a table row into its cells, trimmed, into the list OUT.
function(_cells row out)
  string(REGEX REPLACE "^\n\\| *" "" row "${row}")
  string(REGEX REPLACE " *\\| *$" "" row "${row}")
  string(REGEX REPLACE " *\\| *" ";" row "${row}")
  set(${out} "${row}" PARENT_SCOPE)
endfunction()

list(GET _rows 0 _heading)
_cells("${_heading}" _columns)
list(FIND _columns "Boost" _boost_column)
list(FIND _columns "lines, ${_toolchain}" _lines_column)
if(_boost_column EQUAL -1)
  message(FATAL_ERROR "${DOC}: the table has no column \"Boost\": ${_heading}")
endif()

# The lines a translation unit holding only `#include <HEADER>` preprocesses to, and whether it reads Boost.
function(_measure header lines_out boost_out)
  string(MAKE_C_IDENTIFIER "${header}" id)
  set(measured "${WORK_DIR}/${id}.measured")
  if(REUSE AND EXISTS "${measured}")
    file(STRINGS "${measured}" kept)
    list(GET kept 0 lines)
    list(GET kept 1 boost)
    set(${lines_out} ${lines} PARENT_SCOPE)
    set(${boost_out} ${boost} PARENT_SCOPE)
    return()
  endif()
  set(source "${WORK_DIR}/${id}.cpp")
  file(WRITE "${source}" "#include <${header}>\n")
  execute_process(COMMAND "${COMPILER}" -std=c++20 "-I${_include}" -E "${source}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE text ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${COMPILER} -E failed for <${header}>:\n${errors}")
  endif()
  string(LENGTH "${text}" all)
  string(REPLACE "\n" "" joined "${text}")
  string(LENGTH "${joined}" without)
  math(EXPR lines "${all} - ${without}")
  if(text MATCHES "\n# [0-9]+ \"[^\"\n]*/boost/")
    set(boost yes)
  else()
    set(boost no)
  endif()
  file(WRITE "${measured}" "${lines}\n${boost}\n")
  set(${lines_out} ${lines} PARENT_SCOPE)
  set(${boost_out} ${boost} PARENT_SCOPE)
endfunction()

file(GLOB _headers RELATIVE "${_include}" "${_include}/cta/*.hpp")
list(SORT _headers)
set(_listed "")
set(_errors "")
set(_report "")
math(EXPR _last "${_row_count} - 1")
foreach(_r RANGE 2 ${_last})
  list(GET _rows ${_r} _row)
  _cells("${_row}" _values)
  list(GET _values 0 _name)
  if(NOT _name MATCHES "^`<(cta/[a-z_]+\\.hpp)>`$")
    string(APPEND _errors "  a row names ${_name}, not a header `<cta/name.hpp>`\n")
    continue()
  endif()
  set(_header "${CMAKE_MATCH_1}")
  list(APPEND _listed "${_header}")
  if(NOT _header IN_LIST _headers)
    string(APPEND _errors "  <${_header}>: a row for a header that include/ does not have\n")
    continue()
  endif()
  _measure("${_header}" _lines _boost)
  list(GET _values ${_boost_column} _page_boost)
  if(NOT _page_boost STREQUAL _boost)
    string(APPEND _errors "  <${_header}>: Boost \"${_page_boost}\" on the page, \"${_boost}\" in the build\n")
  endif()
  if(_lines_column EQUAL -1)
    string(APPEND _report "  <${_header}>: ${_lines} lines, Boost ${_boost}\n")
  else()
    list(GET _values ${_lines_column} _page_lines)
    string(REPLACE "," "" _page_lines "${_page_lines}")
    if(NOT _page_lines STREQUAL _lines)
      string(APPEND _errors "  <${_header}>: ${_page_lines} lines on the page, ${_lines} in the build\n")
    endif()
    string(APPEND _report "  <${_header}>: ${_lines} lines (page: ${_page_lines}), Boost ${_boost}\n")
  endif()
endforeach()
foreach(_header IN LISTS _headers)
  if(NOT _header IN_LIST _listed)
    string(APPEND _errors "  <${_header}>: no row on the page\n")
  endif()
endforeach()

message("${COMPILER} (${_toolchain}), -std=c++20 -E, lines per header:\n${_report}")
if(_errors)
  message(FATAL_ERROR "${DOC}'s preprocessed lines per header differ from the build's:\n${_errors}"
                      "Write them again with: python3 bench/regenerate.py --headers")
endif()
if(_lines_column EQUAL -1)
  message("docs.header_lines skipped: ${DOC} has no column \"lines, ${_toolchain}\" (the rows and the Boost column "
          "agree with the build)")
endif()
