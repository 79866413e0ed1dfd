# SPDX-License-Identifier: BSL-1.0
# The compiler messages quoted in docs/shape-errors.md are the real ones: for each CASE, builds the compile-fail
# target <CASE>_ko in BUILD_DIR (it must fail), takes the compiler's message (below) and compares it with the block
# of DOC introduced by the line
#
#   <!-- compiler-output: <COMPILER>, <CASE> -->
#
# and held in the ```text block that follows. Run by the test docs.shape_errors; with -DUPDATE=ON it rewrites those
# blocks instead (build/<preset>/tests/docs_generated/update_shape_errors.cmake does that for one build tree).
#
#   cmake -DBUILD_DIR=<build dir> -DSOURCE_DIR=<source dir> -DDOC=<file.md> -DCOMPILER="GCC 12"
#         -DCASES=matmul_operator,named_axes_matmul,... [-DUPDATE=ON] -P check_shape_errors.cmake
#
# The message: the compiler's diagnostic lines (the lines that start with a file name, "In file included from" and
# its continuation lines) from the first one through the first "error:" line and the notes that follow it, without
# the quoted source lines and carets, and without the build tool's lines. The compiler runs with LC_ALL=C (GCC's
# quotes are then '...'), and the source directory is written <source>. Line and column numbers are ignored when
# comparing, so that editing a header does not make the page fail; UPDATE writes the current ones.
#
# If DOC has no block for COMPILER, the check prints "skipped: no block for <COMPILER>" (the test's skip pattern).
cmake_minimum_required(VERSION 3.25)

foreach(_var BUILD_DIR SOURCE_DIR DOC COMPILER CASES)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_shape_errors.cmake: -D${_var}=... is required")
  endif()
endforeach()

# The message of a failed build of TARGET, normalised, into OUT.
function(_compiler_message target out)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env LC_ALL=C LANG=C
                          "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${target}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(result EQUAL 0)
    message(FATAL_ERROR "${target} compiled, but it holds a mistake that must not compile.")
  endif()
  string(REPLACE "${SOURCE_DIR}/" "<source>/" output "${output}")
  set(message "")
  set(seen_error FALSE)
  set(rest "${output}")
  while(NOT rest STREQUAL "")
    string(FIND "${rest}" "\n" nl)
    if(nl EQUAL -1)
      set(line "${rest}")
      set(rest "")
    else()
      string(SUBSTRING "${rest}" 0 ${nl} line)
      math(EXPR next "${nl} + 1")
      string(SUBSTRING "${rest}" ${next} -1 rest)
    endif()
    string(REGEX REPLACE "[ \r]+$" "" line "${line}")
    if(line MATCHES "^FAILED: " OR line MATCHES "^ninja: " OR line MATCHES "^gmake" OR line MATCHES "^make")
      continue()
    endif()
    # Diagnostic lines: "<file>:<line>:<column>: ...", "<file>: In ...", "In file included from ...", "   from ...".
    if(NOT (line MATCHES "^[^ :]+(:[0-9]+:[0-9]+)?: " OR line MATCHES "^In file included from "
            OR line MATCHES "^ +from [^ ]+[:,]$"))
      continue()  # a quoted source line, a caret line, the command line, "1 error generated."
    endif()
    if(seen_error AND NOT line MATCHES ": note: ")
      break()  # the next error
    endif()
    string(APPEND message "${line}\n")
    if(line MATCHES ": error: ")
      set(seen_error TRUE)
    endif()
  endwhile()
  if(NOT seen_error)
    message(FATAL_ERROR "${target}: no \"error:\" line in the compiler's output:\n${output}")
  endif()
  set(${out} "${message}" PARENT_SCOPE)
endfunction()

# Line and column numbers out: file.hpp:110:23 -> file.hpp:#
function(_without_positions text out)
  string(REGEX REPLACE "(\\.[a-z]+):[0-9]+(:[0-9]+)?" "\\1:#" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE "," ";" CASES "${CASES}")
file(READ "${DOC}" doc)
string(FIND "${doc}" "<!-- compiler-output: ${COMPILER}, " any_block)
if(any_block EQUAL -1)
  message("docs.shape_errors skipped: no block for ${COMPILER} in ${DOC}")
  return()
endif()

set(failures "")
foreach(case IN LISTS CASES)
  set(marker "<!-- compiler-output: ${COMPILER}, ${case} -->\n```text\n")
  string(FIND "${doc}" "${marker}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${DOC} has no block for ${COMPILER}, ${case}: add the lines\n${marker}```")
  endif()
  string(LENGTH "${marker}" marker_length)
  math(EXPR start "${at} + ${marker_length}")
  string(SUBSTRING "${doc}" ${start} -1 after)
  string(FIND "${after}" "```" length)
  if(length EQUAL -1)
    message(FATAL_ERROR "${DOC}: the block for ${COMPILER}, ${case} is not closed with ```")
  endif()
  string(SUBSTRING "${after}" 0 ${length} documented)
  _compiler_message(${case}_ko actual)

  if(UPDATE)
    string(SUBSTRING "${doc}" 0 ${start} before)
    string(SUBSTRING "${after}" ${length} -1 tail)
    set(doc "${before}${actual}${tail}")
    message("${COMPILER}, ${case}: written")
    continue()
  endif()
  _without_positions("${documented}" documented_masked)
  _without_positions("${actual}" actual_masked)
  if(documented_masked STREQUAL actual_masked)
    message("${COMPILER}, ${case}: the page quotes the compiler's message")
  else()
    string(APPEND failures
           "${COMPILER}, ${case}: the page's block differs from the compiler's message.\n"
           "--- in ${DOC}:\n${documented}--- from the compiler (${case}_ko):\n${actual}\n")
  endif()
endforeach()

if(UPDATE)
  file(WRITE "${DOC}" "${doc}")
elseif(failures)
  message("${failures}")  # as it is: FATAL_ERROR would wrap the lines
  message(FATAL_ERROR "${DOC} does not quote the compiler's messages (line and column numbers are not compared). "
                      "Update the page's blocks with\n"
                      "  cmake -P <build dir>/tests/docs_generated/update_shape_errors.cmake")
endif()
