# SPDX-License-Identifier: BSL-1.0
# The compiler messages quoted in docs/shape-errors.md (and docs/quantized.md, docs/quantized.zh.md) are the real
# ones: for each CASE, builds the compile-fail target <CASE>_ko in BUILD_DIR (it must fail), takes the compiler's
# message (below) and compares it with the block of each page of DOC (one page, or several separated by commas)
# introduced by the line
#
#   <!-- compiler-output: <COMPILER>, <CASE> -->
#
# and held in the ```text block that follows. Run by the test docs.shape_errors; with -DUPDATE=ON it rewrites those
# blocks instead (build/<preset>/tests/docs_generated/update_shape_errors.cmake does that for one build tree).
#
#   cmake -DBUILD_DIR=<build dir> -DSOURCE_DIR=<source dir> -DDOC=<file.md> -DCOMPILER="GCC 12"
#         -DCASES=matmul_operator,named_axes_matmul,... [-DUPDATE=ON] [-DOUTPUTS=<dir>] -P check_shape_errors.cmake
#
# With OUTPUTS, the output of each failed build is kept in that directory, and a run that finds it there reads it
# instead of building the target again (the detects_drift tests check a changed copy, update it and check it again,
# against one build of each case).
#
# The message: the compiler's diagnostic lines (the lines that start with a file name, "In file included from" and
# its continuation lines) from the first one through the first "error:" line and the notes that follow it, without
# the quoted source lines and carets, and without the build tool's lines. The compiler runs with LC_ALL=C (GCC's
# quotes are then '...'), and the source directory is written <source>. Line and column numbers are ignored when
# comparing, so that editing a header does not make the page fail; UPDATE writes the current ones.
#
# If no page of DOC has a block for COMPILER, the check prints "skipped: no block for <COMPILER>" (the test's skip
# pattern); if some have and others not, it fails.
cmake_minimum_required(VERSION 3.25)

foreach(_var BUILD_DIR SOURCE_DIR DOC COMPILER CASES)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_shape_errors.cmake: -D${_var}=... is required")
  endif()
endforeach()

# The message of a failed build of TARGET, normalised, into OUT.
function(_compiler_message target out)
  if(DEFINED OUTPUTS AND EXISTS "${OUTPUTS}/${target}.txt")
    file(READ "${OUTPUTS}/${target}.txt" output)
  else()
    execute_process(COMMAND "${CMAKE_COMMAND}" -E env LC_ALL=C LANG=C
                            "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${target}"
                    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(result EQUAL 0)
      message(FATAL_ERROR "${target} compiled, but it holds a mistake that must not compile.")
    endif()
    if(DEFINED OUTPUTS)
      file(WRITE "${OUTPUTS}/${target}.txt" "${output}")
    endif()
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
string(REPLACE "," ";" _pages "${DOC}")
set(_with_blocks "")
set(_without_blocks "")
foreach(page IN LISTS _pages)
  file(READ "${page}" doc)
  string(FIND "${doc}" "<!-- compiler-output: ${COMPILER}, " any_block)
  if(any_block EQUAL -1)
    list(APPEND _without_blocks "${page}")
  else()
    list(APPEND _with_blocks "${page}")
  endif()
endforeach()
if(NOT _with_blocks)
  message("docs.shape_errors skipped: no block for ${COMPILER} in ${DOC}")
  return()
endif()
if(_without_blocks)
  message(FATAL_ERROR "${_without_blocks} has no block for ${COMPILER}, but ${_with_blocks} has: pages quoting the "
                      "same messages quote them for the same compilers")
endif()

foreach(case IN LISTS CASES)
  _compiler_message(${case}_ko _actual_${case})
endforeach()

set(failures "")
foreach(page IN LISTS _pages)
  file(READ "${page}" doc)
  get_filename_component(page_name "${page}" NAME)
  foreach(case IN LISTS CASES)
    set(marker "<!-- compiler-output: ${COMPILER}, ${case} -->\n```text\n")
    string(FIND "${doc}" "${marker}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${page} has no block for ${COMPILER}, ${case}: add the lines\n${marker}```")
    endif()
    string(LENGTH "${marker}" marker_length)
    math(EXPR start "${at} + ${marker_length}")
    string(SUBSTRING "${doc}" ${start} -1 after)
    string(FIND "${after}" "```" length)
    if(length EQUAL -1)
      message(FATAL_ERROR "${page}: the block for ${COMPILER}, ${case} is not closed with ```")
    endif()
    string(SUBSTRING "${after}" 0 ${length} documented)
    set(actual "${_actual_${case}}")

    if(UPDATE)
      string(SUBSTRING "${doc}" 0 ${start} before)
      string(SUBSTRING "${after}" ${length} -1 tail)
      set(doc "${before}${actual}${tail}")
      message("${page_name}: ${COMPILER}, ${case}: written")
      continue()
    endif()
    _without_positions("${documented}" documented_masked)
    _without_positions("${actual}" actual_masked)
    if(documented_masked STREQUAL actual_masked)
      message("${page_name}: ${COMPILER}, ${case}: the page quotes the compiler's message")
    else()
      string(APPEND failures
             "${page_name}: ${COMPILER}, ${case}: the page's block differs from the compiler's message.\n"
             "--- in ${page}:\n${documented}--- from the compiler (${case}_ko):\n${actual}\n")
    endif()
  endforeach()
  if(UPDATE)
    file(WRITE "${page}" "${doc}")
  endif()
endforeach()

if(failures)
  message("${failures}")  # as it is: FATAL_ERROR would wrap the lines
  message(FATAL_ERROR "${DOC} does not quote the compiler's messages (line and column numbers are not compared). "
                      "Update the page's blocks with\n"
                      "  cmake -P <build dir>/tests/docs_generated/update_shape_errors.cmake")
endif()
