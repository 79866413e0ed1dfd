# SPDX-License-Identifier: BSL-1.0
# docs/performance.md's table of the constant-evaluation cost of one call of each elementary function against the
# counts that tests/budget asserts for the compiler in use. The table, which bench/regenerate.py writes between
# <!-- generated-functions:begin --> and <!-- generated-functions:end -->, has a row per function, argument range and
# compiler it was measured with:
#
#   | <function, arguments, translation unit> | <name> <version> | <unit> | `<calls>` | <count> | `<loop>` | <count> |
#     <one call> |
#
# where <calls> and <loop> name the entries of tests/budget/CMakeLists.txt (budget.<name>.at_limit compiles the
# translation unit with that count as its limit, budget.<name>.below_limit fails with one less), and <one call> is
# (calls - loop) / 1000 with three decimals. Every count of the rows of this compiler (name and major and minor
# version) must be the entry's, every function entry of tests/budget (all but the products) must have a row, and
# <one call> must be the difference; a compiler the page has no rows for is not compared ("docs.function_costs
# skipped", the test's skip pattern), nor one tests/budget has no counts for. Run by docs.function_costs, and by
# docs.function_costs.detects_drift on a changed copy of the page (expect_check_failure.cmake).
#
#   cmake -DNAME=GCC|Clang -DVERSION=<major.minor> "-DCOUNTS=<entries of tests/budget, separated by |>"
#         -DDOC=<docs/performance.md> -P check_function_costs.cmake
cmake_minimum_required(VERSION 3.25)

foreach(_var NAME VERSION COUNTS DOC)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_function_costs.cmake: -D${_var}=... is required")
  endif()
endforeach()
if(COUNTS STREQUAL "")
  message("docs.function_costs skipped: tests/budget has no counts for ${NAME} ${VERSION}")
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/page_section.cmake")
cta_page_section("${DOC}" "<!-- generated-functions:begin -->" "<!-- generated-functions:end -->" _section)
# Argument ranges such as [-10, 0) hold square brackets, which would keep CMake's lists from splitting the rows.
string(REPLACE "[" "(" _section "${_section}")
string(REPLACE "]" ")" _section "${_section}")
string(REPLACE "." "\\." _version_pattern "${VERSION}")
set(_row_pattern "\n\\| [^|\n]+ \\| ${NAME} ${_version_pattern}\\.[0-9]+ \\| [a-z]+ \\| "
                 "`([a-z0-9_]+)` \\| ([0-9,]+) \\| "
                 "`([a-z0-9_]+)` \\| ([0-9,]+) \\| ([0-9,]+\\.[0-9][0-9][0-9]) \\|")
string(JOIN "" _row_pattern ${_row_pattern})
string(REGEX MATCHALL "${_row_pattern}" _rows "${_section}")
if(NOT _rows)
  message("docs.function_costs skipped: ${DOC} has no rows for ${NAME} ${VERSION} in its table of the elementary "
          "functions")
  return()
endif()

# The entries "<name>:<file>:<defines>:<count>" of tests/budget, the products left out.
string(REPLACE "|" ";" _entries "${COUNTS}")
set(_names "")
foreach(_entry IN LISTS _entries)
  string(REPLACE ":" ";" _fields "${_entry}")
  list(GET _fields 0 _name)
  list(GET _fields 3 _count)
  if(NOT _name MATCHES "^product_")
    list(APPEND _names "${_name}")
    set(_budget_${_name} "${_count}")
  endif()
endforeach()

set(_errors "")
set(_shown "")
foreach(_row IN LISTS _rows)
  string(REGEX MATCH "${_row_pattern}" _ "${_row}")
  set(_calls "${CMAKE_MATCH_1}")
  string(REPLACE "," "" _calls_count "${CMAKE_MATCH_2}")
  set(_loop "${CMAKE_MATCH_3}")
  string(REPLACE "," "" _loop_count "${CMAKE_MATCH_4}")
  set(_one "${CMAKE_MATCH_5}")
  foreach(_pair IN ITEMS "${_calls}:${_calls_count}" "${_loop}:${_loop_count}")
    string(REPLACE ":" ";" _pair "${_pair}")
    list(GET _pair 0 _name)
    list(GET _pair 1 _count)
    list(APPEND _shown "${_name}")
    if(NOT DEFINED _budget_${_name})
      string(APPEND _errors "  ${_name}: on the page, not in tests/budget/CMakeLists.txt\n")
    elseif(NOT _count EQUAL _budget_${_name})
      string(APPEND _errors "  ${_name}: ${_count} on the page, ${_budget_${_name}} in tests/budget\n")
    endif()
  endforeach()
  math(EXPR _difference "${_calls_count} - ${_loop_count}")
  math(EXPR _whole "${_difference} / 1000")
  math(EXPR _thousandths "${_difference} % 1000 + 1000")
  string(SUBSTRING "${_thousandths}" 1 3 _thousandths)
  string(REGEX REPLACE "([0-9])([0-9][0-9][0-9])$" "\\1,\\2" _whole "${_whole}")
  if(NOT _one STREQUAL "${_whole}.${_thousandths}")
    string(APPEND _errors "  ${_calls}: one call ${_one} on the page, (${_calls_count} - ${_loop_count}) / 1000 = "
                          "${_whole}.${_thousandths}\n")
  endif()
endforeach()
foreach(_name IN LISTS _names)
  if(NOT _name IN_LIST _shown)
    string(APPEND _errors "  ${_name}: in tests/budget, no row on the page\n")
  endif()
endforeach()
if(NOT _errors STREQUAL "")
  message(FATAL_ERROR "The page and tests/budget disagree for ${NAME} ${VERSION}:\n  ${DOC}\n${_errors}Measure "
                      "again and write the table (and the counts of tests/budget/CMakeLists.txt from its output) "
                      "with:\n  python3 bench/regenerate.py --functions-only")
endif()
list(LENGTH _rows _row_count)
message("${_row_count} rows of ${DOC} for ${NAME} ${VERSION}: their counts are those of tests/budget")
