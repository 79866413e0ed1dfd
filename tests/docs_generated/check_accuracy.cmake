# SPDX-License-Identifier: BSL-1.0
# docs/numerics.md's tables of the accuracy and of the special values of the elementary functions against the build.
# The accuracy tests of tests/numerics (cta_numerics_tests, the test cases "... on the reference table") check each
# function of each type at every point of its reference table and print the page's row ("page row: | `cta::<name>` |
# `<type>` | <points> | <u> ulp (<e> ulp from the exact value) | <n> (<p> %) |", tests/numerics/page_row.hpp); the
# table between <!-- generated-accuracy:begin --> and <!-- generated-accuracy:end --> must be the header below and
# those rows, in the order of _functions, double before float. The test case "the special values of docs/numerics.md
# ..." (special_values_page.cpp) checks the special values and their thresholds and prints the rows of the table of
# special values ("special row: | <call> | <result> |"); the table between <!-- generated-special-values:begin --> and
# <!-- generated-special-values:end --> must be its header and those rows, in the order printed. The figures do not
# depend on the compiler (the same bits at compile time and at run time, with both). With UPDATE=ON the tables are
# written instead. Run by docs.accuracy, and by docs.accuracy.detects_drift on a changed copy of the page
# (expect_check_failure.cmake).
#
#   cmake -DPROGRAM=<cta_numerics_tests> -DDOC=<docs/numerics.md> [-DUPDATE=ON] [-DOUTPUTS=<dir>]
#         -P check_accuracy.cmake
#
# With OUTPUTS, the program's outputs are kept in that directory, and a run that finds them there reads them instead
# of running the program again (docs.accuracy.detects_drift checks several copies of the page against one run).
cmake_minimum_required(VERSION 3.25)

foreach(_var PROGRAM DOC)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_accuracy.cmake: -D${_var}=... is required")
  endif()
endforeach()
set(_functions exp log log1p sin cos expm1 tanh erf erfc)

# Runs PROGRAM on the test case <case> into <out> and <result> (or reads what a run kept in OUTPUTS, as <name>).
macro(_run_program case name out result)
  if(DEFINED OUTPUTS AND EXISTS "${OUTPUTS}/${name}.txt")
    file(READ "${OUTPUTS}/${name}.txt" ${out})
    set(${result} 0)
  else()
    execute_process(COMMAND "${PROGRAM}" "${case}" RESULT_VARIABLE ${result} OUTPUT_VARIABLE ${out}
                    ERROR_VARIABLE ${out})
    if(DEFINED OUTPUTS AND ${result} EQUAL 0)
      file(WRITE "${OUTPUTS}/${name}.txt" "${${out}}")
    endif()
  endif()
endmacro()

_run_program("*on the reference table*" accuracy _output _result)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} \"*on the reference table*\" failed: the figures cannot be compared\n${_output}")
endif()
string(REGEX MATCHALL "page row: [^\n]*" _printed "${_output}")
set(_special_case "the special values of docs/numerics.md*")
_run_program("${_special_case}" special_values _special_output _result)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} \"${_special_case}\" failed: the special values cannot be compared\n"
                      "${_special_output}")
endif()
# The rows hold semicolons, which CMake's lists would take for separators: here and in the page, each is a placeholder
# until the page is written.
string(REPLACE ";" "<semicolon>" _special_output "${_special_output}")
string(REGEX MATCHALL "special row: [^\n]*" _special_printed "${_special_output}")
if(_special_printed STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} printed no row of special values:\n${_special_output}")
endif()
set(_special "| call | result |\n|---|---|\n")
foreach(_line IN LISTS _special_printed)
  string(SUBSTRING "${_line}" 13 -1 _row)
  string(APPEND _special "${_row}\n")
endforeach()
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
string(REPLACE ";" "<semicolon>" _doc "${_doc}")
# Appends to `differences` (in the caller) each line of the list `lines` that the list `others` lacks, after `label`.
macro(_append_missing lines others label)
  foreach(line IN LISTS ${lines})
    if(NOT line IN_LIST ${others})
      string(APPEND differences "  ${label} ${line}\n")
    endif()
  endforeach()
endmacro()

# The section of DOC between <!-- generated-<name>:begin --> and <!-- generated-<name>:end --> against the table
# `expected` (its title in the messages), or written with UPDATE=ON.
function(_check_section name title expected)
  set(begin "<!-- generated-${name}:begin -->")
  set(end "<!-- generated-${name}:end -->")
  string(FIND "${_doc}" "${begin}\n" at)
  string(FIND "${_doc}" "${end}" end_at)
  if(at EQUAL -1 OR end_at LESS at)
    message(FATAL_ERROR "${DOC} has no ${begin} ... ${end} section")
  endif()
  string(LENGTH "${begin}\n" begin_length)
  math(EXPR start "${at} + ${begin_length}")
  math(EXPR length "${end_at} - ${start}")
  string(SUBSTRING "${_doc}" ${start} ${length} page)
  if(UPDATE)
    string(SUBSTRING "${_doc}" 0 ${start} head)
    string(SUBSTRING "${_doc}" ${end_at} -1 tail)
    set(_doc "${head}${expected}${tail}" PARENT_SCOPE)
    return()
  endif()
  if(NOT page STREQUAL expected)
    string(REPLACE "\n" ";" page_lines "${page}")
    string(REPLACE "\n" ";" expected_lines "${expected}")
    set(differences "")
    _append_missing(expected_lines page_lines "the build:")
    _append_missing(page_lines expected_lines "the page: ")
    string(REPLACE "<semicolon>" ";" differences "${differences}")
    if(differences STREQUAL "")
      set(differences "  (the same rows in another order)\n")
    endif()
    message(FATAL_ERROR "The table of ${title} differs from the build:\n  ${DOC}\n${differences}Write it again with:\n"
                        "  cmake -DPROGRAM=<cta_numerics_tests> -DDOC=${DOC} -DUPDATE=ON -P ${CMAKE_CURRENT_LIST_FILE}")
  endif()
endfunction()
_check_section(accuracy accuracy "${_table}")
_check_section(special-values "special values" "${_special}")
if(UPDATE)
  string(REPLACE "<semicolon>" ";" _doc "${_doc}")
  file(WRITE "${DOC}" "${_doc}")
  message("wrote the tables of ${DOC}")
  return()
endif()
message("${DOC}: the tables of accuracy and of special values are the build's")
