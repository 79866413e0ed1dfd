# SPDX-License-Identifier: BSL-1.0
# Proves that cmake/cta_check_snippets.cmake rejects a document that drifted from its source: copies DOC (relative to
# ROOT) to SCRATCH, changes the copy as MUTATION says, runs CHECKER on it, and fails unless the checker fails with
# the expected message.
#
#   edit_code       a line inside the first snippet block is changed       -> "differs from its source"
#   drop_marker     the first snippet marker line is removed               -> "without a snippet marker"
#   missing_region  the first marker names a region the source does not have -> "has no region"
#   unmarked_block  a ```cpp block without a marker is added               -> "without a snippet marker"
#   change_number   a number of the text is changed, NUMBER to CHANGED (default 1.5951 to 1.5952)
#                                                                           -> "is not asserted"
#   update_repairs  edit_code, then -DUPDATE=ON rewrites the copy: it equals the original again and passes the check
#   translation     copies of DOC and of its translation TRANSLATION (both relative to ROOT) are checked with
#                   TRANSLATIONS=ON after another pair, OTHER and OTHER_TRANSLATION, and pass: each translation is
#                   compared with its own original; then the last snippet of the translation's copy is removed
#                   -> "<copy of TRANSLATION> and <copy of DOC> must quote the same snippets"
cmake_minimum_required(VERSION 3.25)

foreach(_var ROOT DOC SCRATCH MUTATION CHECKER)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_fails.cmake: -D${_var}=... is required")
  endif()
endforeach()
if(NOT DEFINED NUMBER)
  set(NUMBER 1.5951)
  set(CHANGED 1.5952)
endif()

file(READ "${ROOT}/${DOC}" original)
get_filename_component(_name "${DOC}" NAME)
set(copy "${SCRATCH}/${_name}")
set(text "${original}")

if(MUTATION STREQUAL "translation")
  foreach(_var TRANSLATION OTHER OTHER_TRANSLATION)
    if(NOT DEFINED ${_var})
      message(FATAL_ERROR "check_fails.cmake: MUTATION=translation needs -D${_var}=...")
    endif()
  endforeach()
  get_filename_component(_translation_name "${TRANSLATION}" NAME)
  set(translation_copy "${SCRATCH}/${_translation_name}")
  file(REMOVE_RECURSE "${SCRATCH}")
  file(WRITE "${copy}" "${text}")
  file(READ "${ROOT}/${TRANSLATION}" translation)
  file(WRITE "${translation_copy}" "${translation}")
  set(docs "${OTHER},${OTHER_TRANSLATION},${copy},${translation_copy}")
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" "-DDOCS=${docs}" -DCHECK=snippets -DTRANSLATIONS=ON
                          -P "${CHECKER}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "check_fails.cmake (translation): the unchanged copies fail the check:\n${out}")
  endif()
  # The last snippet of the translation: its marker line and its fenced block.
  string(FIND "${translation}" "\n<!-- snippet:" last REVERSE)
  if(last EQUAL -1)
    message(FATAL_ERROR "check_fails.cmake: ${TRANSLATION} has no snippet marker to remove")
  endif()
  math(EXPR last "${last} + 1")
  string(SUBSTRING "${translation}" ${last} -1 rest)
  string(REGEX MATCH "^<!--[^\n]*\n```[^\n]*\n([^`][^\n]*\n|\n)*```\n" block "${rest}")
  string(LENGTH "${block}" block_length)
  if(block_length EQUAL 0)
    message(FATAL_ERROR "check_fails.cmake: the last snippet marker of ${TRANSLATION} is not followed by a block")
  endif()
  string(SUBSTRING "${translation}" 0 ${last} head)
  string(SUBSTRING "${rest}" ${block_length} -1 tail)
  file(WRITE "${translation_copy}" "${head}${tail}")
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" "-DDOCS=${docs}" -DCHECK=snippets -DTRANSLATIONS=ON
                          -P "${CHECKER}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(result EQUAL 0)
    message(FATAL_ERROR "check_fails.cmake (translation): the check accepted ${translation_copy} without its last "
                        "snippet:\n${out}")
  endif()
  string(REGEX REPLACE "\n +" " " flat "${out}")
  set(expect "${translation_copy} and ${copy} must quote the same snippets")
  string(FIND "${flat}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "check_fails.cmake (translation): the check failed, but without \"${expect}\":\n${out}")
  endif()
  message(STATUS "translation: each translation compared with its own original; the changed one rejected")
  return()
endif()

# Position just after the end of the line holding `pos` (text is a string, not a list: no escaping needed).
function(_line_end text pos out)
  string(SUBSTRING "${text}" ${pos} -1 rest)
  string(FIND "${rest}" "\n" nl)
  math(EXPR end "${pos} + ${nl} + 1")
  set(${out} ${end} PARENT_SCOPE)
endfunction()

string(FIND "${text}" "<!-- snippet:" marker)
if(marker EQUAL -1)
  message(FATAL_ERROR "check_fails.cmake: ${DOC} has no snippet marker to change")
endif()

set(check snippets)
if(MUTATION STREQUAL "edit_code" OR MUTATION STREQUAL "update_repairs")
  _line_end("${text}" ${marker} fence)        # the ```cpp line
  _line_end("${text}" ${fence} first)          # the first code line
  _line_end("${text}" ${first} after)
  math(EXPR len "${after} - 1 - ${first}")
  string(SUBSTRING "${text}" ${first} ${len} line)
  string(SUBSTRING "${text}" 0 ${first} head)
  string(SUBSTRING "${text}" ${after} -1 tail)
  set(text "${head}${line} // changed in the docs only\n${tail}")
  set(expect "differs from its source.*docs: +[^\n]*// changed in the docs only")
elseif(MUTATION STREQUAL "drop_marker")
  _line_end("${text}" ${marker} after)
  string(SUBSTRING "${text}" 0 ${marker} head)
  string(SUBSTRING "${text}" ${after} -1 tail)
  set(text "${head}${tail}")
  set(expect "a ```cpp block without a snippet marker")
elseif(MUTATION STREQUAL "missing_region")
  string(SUBSTRING "${text}" ${marker} -1 rest)
  string(FIND "${rest}" "#" hash)
  string(FIND "${rest}" " -->" close)
  math(EXPR cut "${marker} + ${hash} + 1")
  math(EXPR resume "${marker} + ${close}")
  string(SUBSTRING "${text}" 0 ${cut} head)
  string(SUBSTRING "${text}" ${resume} -1 tail)
  set(text "${head}no_such_region${tail}")
  set(expect "snippet [^ ]*#no_such_region: [^ ]* has no region 'no_such_region'")
elseif(MUTATION STREQUAL "unmarked_block")
  string(APPEND text "\nAn example that nobody compiles:\n\n```cpp\nconstexpr int answer = 42;\n```\n")
  set(expect "a ```cpp block without a snippet marker")
elseif(MUTATION STREQUAL "change_number")
  string(FIND "${text}" "${NUMBER}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "check_fails.cmake: ${DOC} does not show ${NUMBER}")
  endif()
  string(REPLACE "${NUMBER}" "${CHANGED}" text "${text}")
  set(check numbers)
  string(REPLACE "." "\\." changed_pattern "${CHANGED}")
  set(expect "is not asserted: no static_assert in [^:]* contains[^\n]*${changed_pattern}")
else()
  message(FATAL_ERROR "check_fails.cmake: unknown MUTATION '${MUTATION}'")
endif()

file(REMOVE_RECURSE "${SCRATCH}")
file(WRITE "${copy}" "${text}")

execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" "-DDOCS=${copy}" -DCHECK=${check} -P "${CHECKER}"
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(result EQUAL 0)
  message(FATAL_ERROR "check_fails.cmake (${MUTATION}): the check accepted the changed copy ${copy}:\n${out}")
endif()
# CMake wraps long message lines: compare with the line breaks and indentation of the message undone.
string(REGEX REPLACE "\n +" " " flat "${out}")
if(NOT out MATCHES "${expect}" AND NOT flat MATCHES "${expect}")
  message(FATAL_ERROR "check_fails.cmake (${MUTATION}): the check failed, but without /${expect}/:\n${out}")
endif()
message(STATUS "${MUTATION}: rejected as expected")

if(MUTATION STREQUAL "update_repairs")
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" "-DDOCS=${copy}" -DUPDATE=ON -P "${CHECKER}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "check_fails.cmake (update_repairs): -DUPDATE=ON failed:\n${out}")
  endif()
  file(READ "${copy}" repaired)
  if(NOT repaired STREQUAL original)
    message(FATAL_ERROR "check_fails.cmake (update_repairs): after -DUPDATE=ON ${copy} differs from ${DOC}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${ROOT}" "-DDOCS=${copy}" -P "${CHECKER}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "check_fails.cmake (update_repairs): the repaired copy fails the check:\n${out}")
  endif()
  message(STATUS "update_repairs: -DUPDATE=ON restored the block, and the check passes")
endif()
