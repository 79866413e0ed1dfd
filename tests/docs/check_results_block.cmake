# SPDX-License-Identifier: BSL-1.0
# A page's block of results is the file a program wrote: the lines between
#   <!-- results: <FILE relative to ROOT>, written by ... -->  and  <!-- end of results -->
# are a ```text fence holding exactly the file's text. Run as
#   cmake -DROOT=<source dir> -DDOCS=<doc>,<doc>... -DFILE=<file> [-DACTUAL=<file to compare instead>] -P this
# (ACTUAL: the test that the check can fail gives a changed copy of the file).
string(REPLACE "," ";" DOCS "${DOCS}")
if(NOT DEFINED ACTUAL)
  set(ACTUAL "${ROOT}/${FILE}")
endif()
file(READ "${ACTUAL}" expected)
foreach(doc IN LISTS DOCS)
  file(READ "${ROOT}/${doc}" text)
  string(FIND "${text}" "<!-- results: ${FILE}," begin)
  if(begin EQUAL -1)
    message(FATAL_ERROR "${doc}: no block <!-- results: ${FILE}, ... -->")
  endif()
  string(SUBSTRING "${text}" ${begin} -1 text)
  string(FIND "${text}" "-->\n```text\n" open)
  string(FIND "${text}" "```\n<!-- end of results -->" close)
  if(open EQUAL -1 OR close EQUAL -1 OR close LESS open)
    message(FATAL_ERROR "${doc}: the block of ${FILE} is not a ```text fence ended by <!-- end of results -->")
  endif()
  math(EXPR from "${open} + 12")
  math(EXPR length "${close} - ${from}")
  string(SUBSTRING "${text}" ${from} ${length} shown)
  if(NOT shown STREQUAL expected)
    message(FATAL_ERROR "${doc}: the block of ${FILE} differs from the file; it shows:\n${shown}\nthe file holds:\n"
                        "${expected}")
  endif()
  message(STATUS "${doc}: the block of ${FILE} is the file")
endforeach()
