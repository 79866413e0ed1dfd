# SPDX-License-Identifier: BSL-1.0
# cta_budget_page(<script> <begin> <end> <var>...): for the scripts of tests/budget that check docs/performance.md
# against the build. Stops with an error naming <script> unless each <var> is defined (-D<var>=...); then sets, in
# the caller's scope, _section to the page DOC's text between the markers <begin> and <end> (what
# bench/regenerate.py writes there) and _version_pattern to VERSION (major.minor) as a regular expression.
include("${CMAKE_CURRENT_LIST_DIR}/../docs_generated/page_section.cmake")

function(cta_budget_page script begin end)
  foreach(var IN LISTS ARGN)
    if(NOT DEFINED ${var})
      message(FATAL_ERROR "${script}: -D${var}=... is required")
    endif()
  endforeach()
  cta_page_section("${DOC}" "${begin}" "${end}" section)
  string(REPLACE "." "\\." version_pattern "${VERSION}")
  set(_section "${section}" PARENT_SCOPE)
  set(_version_pattern "${version_pattern}" PARENT_SCOPE)
endfunction()

# cta_budget_compile(<verdict> <claim> <option> <command>...): runs the compiler's <command>. With <verdict>
# "compiles", fails unless it compiles; with "does not compile", unless it stops with MESSAGE, the compiler's message
# about its limit. A failure says that DOC states <claim> and how to write the figures again
# (`python3 bench/regenerate.py <option>`); a pass says what was found.
function(cta_budget_compile verdict claim option)
  set(command ${ARGN})
  execute_process(COMMAND ${command} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  list(JOIN command " " shown)
  set(again "Write the figures again with: python3 bench/regenerate.py ${option}")
  if(verdict STREQUAL "compiles")
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "${DOC} says that ${claim}, but\n  ${shown}\nfailed:\n${output}\n${again}")
    endif()
    message("${claim}, as ${DOC} says (${NAME} ${VERSION})")
  else()
    if(result EQUAL 0)
      message(FATAL_ERROR "${DOC} says that ${claim}, but\n  ${shown}\ncompiled. ${again}")
    endif()
    string(FIND "${output}" "${MESSAGE}" found)
    if(found EQUAL -1)
      message(FATAL_ERROR "${shown}\ndoes not compile, but not for want of budget (no \"${MESSAGE}\"):\n${output}")
    endif()
    message("${claim} (\"${MESSAGE}\"), as ${DOC} says (${NAME} ${VERSION})")
  endif()
endfunction()
