# SPDX-License-Identifier: BSL-1.0
# cta_preconditions_of(<header> <text> <variable>): the preconditions of the quantized arithmetic in a header's
# text, the names of the functions declared in its `namespace precondition {` blocks (each closed by
# `}  // namespace precondition`), into <variable>. Used by check_coverage.cmake (a compile-fail pair per
# precondition) and tests/quantized (a run-time test per precondition). Fails, naming <header>, on a block without
# its closing comment.
function(cta_preconditions_of header text variable)
  set(names "")
  while(TRUE)
    string(FIND "${text}" "namespace precondition {" open)
    if(open EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${text}" ${open} -1 text)
    string(FIND "${text}" "}  // namespace precondition" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${header}: a `namespace precondition {` without its `}  // namespace precondition`")
    endif()
    string(SUBSTRING "${text}" 0 ${close} block)
    string(SUBSTRING "${text}" ${close} -1 text)
    string(REGEX MATCHALL "void [a-z0-9_]+\\(\\)" functions "${block}")
    list(TRANSFORM functions REPLACE "^void ([a-z0-9_]+).*" "\\1")
    list(APPEND names ${functions})
  endwhile()
  set(${variable} "${names}" PARENT_SCOPE)
endfunction()
