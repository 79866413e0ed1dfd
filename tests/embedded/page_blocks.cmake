# SPDX-License-Identifier: BSL-1.0
# The generated blocks of a page of docs/ (included by embedded_figures.cmake and quantized_figures.cmake): a block is
# the text between the lines "<!-- embedded-<name>:begin -->" and "<!-- embedded-<name>:end -->".

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
