# SPDX-License-Identifier: BSL-1.0
# The generated blocks of a page of docs/ (included by embedded_figures.cmake, quantized_figures.cmake and
# attention_figures.cmake): a block is the text between the lines "<!-- embedded-<name>:begin -->" and
# "<!-- embedded-<name>:end -->".

# Sets <out> to the text of the block <name> of <page> (the page's text), <out>_start and <out>_length to where it is
# in <page>; stops the script if the page has no such block (PAGE names the page).
function(find_block page name out)
  set(begin "<!-- embedded-${name}:begin -->\n")
  set(end "<!-- embedded-${name}:end -->")
  string(FIND "${page}" "${begin}" first)
  string(FIND "${page}" "${end}" last)
  if(first EQUAL -1 OR last EQUAL -1)
    message(FATAL_ERROR "${PAGE} has no ${begin} ... ${end} block")
  endif()
  string(LENGTH "${begin}" begin_length)
  math(EXPR start "${first} + ${begin_length}")
  math(EXPR length "${last} - ${start}")
  string(SUBSTRING "${page}" ${start} ${length} text)
  set(${out} "${text}" PARENT_SCOPE)
  set(${out}_start ${start} PARENT_SCOPE)
  set(${out}_length ${length} PARENT_SCOPE)
endfunction()

# Sets the variable <page_var> (a page's text) to the same with its block <name> replaced by <text>.
function(replace_block page_var name text)
  find_block("${${page_var}}" ${name} committed)
  string(SUBSTRING "${${page_var}}" 0 ${committed_start} head)
  math(EXPR tail_start "${committed_start} + ${committed_length}")
  string(SUBSTRING "${${page_var}}" ${tail_start} -1 tail)
  set(${page_var} "${head}${text}${tail}" PARENT_SCOPE)
endfunction()

# The end of a figures script: compares <committed>, the block <name> of the page PAGE as committed (<page>, the
# page's text), with <block>, what the build gives. Skipped (a message "cta-embedded: skipped: ...") when the
# committed block was measured ("Measured with `arm-none-eabi-g++` <version>", in a Chinese translation "用
# `arm-none-eabi-g++` <version>") with another version than <version>.
# With UPDATE, writes <block> into PAGE. Otherwise stops the script, with a message naming <what> for each fault, when
# a line of <committed> starts with ";" (a CMake list joined into the text) or it is not <block> (written to
# <written> then), and says to update it with <update>.
function(check_page_block page name committed block version what written update)
  string(REGEX MATCH "(Measured with|用) `arm-none-eabi-g\\+\\+` ([0-9.]+)" measured "${committed}")
  if(NOT UPDATE AND NOT CMAKE_MATCH_2 STREQUAL version)
    message("cta-embedded: skipped: ${PAGE} was measured with arm-none-eabi-g++ ${CMAKE_MATCH_2}, this is ${version}")
    return()
  endif()
  if(UPDATE)
    replace_block(page ${name} "${block}")
    file(WRITE "${PAGE}" "${page}")
    message("cta-embedded: ${PAGE} updated")
    return()
  endif()
  set(failed OFF)
  if(committed MATCHES "^;" OR committed MATCHES "\n;")
    message("cta-embedded: a line of the page's ${what} starts with ';'")
    set(failed ON)
  endif()
  if(NOT committed STREQUAL block)
    file(WRITE "${written}" "${block}")
    message("cta-embedded: the page's ${what} differ from the build's")
    set(failed ON)
  endif()
  if(failed)
    message(FATAL_ERROR "cta-embedded: ${PAGE}'s ${what} differ from the build's (written to ${written}); update "
                        "them with ${update}")
  endif()
  message("cta-embedded: ${PAGE}'s ${what} are the build's")
endfunction()

# What a check measured, kept for its detects_drift test (cta_add_page_check, CMakeLists.txt), which checks the page
# with figures changed against that measurement instead of building and running everything again. MEASURED names the
# file, in the build tree. cta_page_measuring(<out>), a macro, with MUTATE reads MEASURED, which must exist, and sets
# <out> to ON (the script then does not measure), else sets it to OFF and removes MEASURED; cta_page_measured(<var>...),
# called once the script has measured, writes the variables into MEASURED. Without MEASURED, or with UPDATE, the
# script measures.
macro(cta_page_measuring out)
  set(${out} OFF)
  if(MEASURED AND MUTATE AND NOT UPDATE)
    if(NOT EXISTS "${MEASURED}")
      message(FATAL_ERROR "cta-embedded: ${MEASURED} is missing: the page's check (this test's fixture) measures the "
                          "build first and writes it")
    endif()
    include("${MEASURED}")
    set(${out} ON)
  elseif(MEASURED)
    file(REMOVE "${MEASURED}")
  endif()
endmacro()

function(cta_page_measured)
  if(NOT MEASURED OR MUTATE OR UPDATE)
    return()
  endif()
  set(text "")
  foreach(var IN LISTS ARGN)
    if(${var} MATCHES "\\]==\\]")
      message(FATAL_ERROR "cta-embedded: ${var} holds \"]==]\", which ${MEASURED} cannot keep")
    endif()
    string(APPEND text "set(${var} [==[${${var}}]==])\n")
  endforeach()
  file(WRITE "${MEASURED}" "${text}")
endfunction()
