# SPDX-License-Identifier: BSL-1.0
# The preconditions of the quantized arithmetic, as both checks read them from the headers: check_coverage.cmake
# (a compile-fail pair per precondition) and tests/quantized (a run-time test per precondition).
#
# cta_precondition_headers(<root> <variable>): the headers both read, every .hpp under <root>/include/cta and its
# subdirectories (include/cta/quantized/detail/ too), sorted, into <variable>. In a project (not a script) the glob
# is CONFIGURE_DEPENDS: a header added or removed configures the build again.
function(cta_precondition_headers root variable)
  set(configure_depends "")
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set(configure_depends CONFIGURE_DEPENDS)
  endif()
  file(GLOB_RECURSE headers ${configure_depends} "${root}/include/cta/*.hpp")
  list(SORT headers)
  set(${variable} "${headers}" PARENT_SCOPE)
endfunction()

# cta_preconditions_of(<header> <text> <variable>): the preconditions in a header's text, the names of the functions
# declared in its `namespace precondition {` blocks (each closed by `}  // namespace precondition`), into <variable>:
# `void <name>()` (the quantized arithmetic's, not constexpr) and `constexpr std::size_t <name>(` (cta::token_embedding's,
# which stops a constant evaluation by reading past an array, so that the compilers print the value and the bound).
# Fails, naming <header>, on a block without its closing comment.
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
    string(REGEX MATCHALL "(void [a-z0-9_]+\\(\\)|constexpr std::size_t [a-z0-9_]+\\()" functions "${block}")
    list(TRANSFORM functions REPLACE "^(void|constexpr std::size_t) ([a-z0-9_]+).*" "\\2")
    list(APPEND names ${functions})
  endwhile()
  set(${variable} "${names}" PARENT_SCOPE)
endfunction()
