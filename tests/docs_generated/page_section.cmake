# SPDX-License-Identifier: BSL-1.0
# cta_page_section(<doc> <begin> <end> <out>): the text of the page <doc> from the marker <begin> up to the marker
# <end> (what bench/regenerate.py writes between them), in <out>; an error if the page has no such section. For the
# scripts that check a page against the build (check_header_lines.cmake, tests/budget/budget_page.cmake).
function(cta_page_section doc begin end out)
  file(READ "${doc}" text)
  string(FIND "${text}" "${begin}" at)
  string(FIND "${text}" "${end}" end_at)
  if(at EQUAL -1 OR end_at LESS at)
    message(FATAL_ERROR "${doc} has no ${begin} ... ${end} section")
  endif()
  math(EXPR length "${end_at} - ${at}")
  string(SUBSTRING "${text}" ${at} ${length} section)
  set(${out} "${section}" PARENT_SCOPE)
endfunction()
