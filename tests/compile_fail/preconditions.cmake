# SPDX-License-Identifier: BSL-1.0
# The preconditions of the quantized arithmetic, as both checks read them from the headers: check_coverage.cmake
# (a compile-fail pair per precondition) and tests/quantized (a run-time test per precondition); and the reasons a
# weight file does not load, which check_coverage.cmake reads the same way (a compile-fail pair per reason).
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

# cta_block_functions(<header> <text> <namespace> <declaration> <variable>): the names of the functions declared in a
# header's `namespace <namespace> {` blocks (each closed by `}  // namespace <namespace>`) by declarations that match
# the regex <declaration> and end with the name and its opening parenthesis, into <variable>. Fails, naming <header>,
# on a block without its closing comment.
function(cta_block_functions header text namespace declaration variable)
  set(names "")
  while(TRUE)
    string(FIND "${text}" "namespace ${namespace} {" open)
    if(open EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${text}" ${open} -1 text)
    string(FIND "${text}" "}  // namespace ${namespace}" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${header}: a `namespace ${namespace} {` without its `}  // namespace ${namespace}`")
    endif()
    string(SUBSTRING "${text}" 0 ${close} block)
    string(SUBSTRING "${text}" ${close} -1 text)
    string(REGEX MATCHALL "${declaration}" functions "${block}")
    list(TRANSFORM functions REPLACE "^.* ([a-z0-9_]+)\\(.*$" "\\1")
    list(APPEND names ${functions})
  endwhile()
  set(${variable} "${names}" PARENT_SCOPE)
endfunction()

# cta_preconditions_of(<header> <text> <variable>): the preconditions in a header's text, the names of the functions
# declared in its `namespace precondition {` blocks (each closed by `}  // namespace precondition`), into <variable>:
# `void <name>()` (the quantized arithmetic's, not constexpr) and `constexpr std::size_t <name>(` (cta::token_embedding's,
# which stops a constant evaluation by reading past an array, so that the compilers print the value and the bound).
# Fails, naming <header>, on a block without its closing comment.
function(cta_preconditions_of header text variable)
  cta_block_functions("${header}" "${text}" precondition
                      "(void [a-z0-9_]+\\(\\)|constexpr std::size_t [a-z0-9_]+\\()" names)
  set(${variable} "${names}" PARENT_SCOPE)
endfunction()

# cta_cannot_load_reasons_of(<header> <text> <variable>): the reasons a weight file does not load in a header's text,
# the functions `template <class M> void <reason>()` of its `namespace cannot_load {` blocks (each closed by
# `}  // namespace cannot_load`, include/cta/weights/result.hpp), which cta::weights::load and load_npy call to stop a
# constant evaluation with the reason's name, into <variable>. Read by check_coverage.cmake only.
function(cta_cannot_load_reasons_of header text variable)
  cta_block_functions("${header}" "${text}" cannot_load "template <class M> void [a-z0-9_]+\\(\\)" names)
  set(${variable} "${names}" PARENT_SCOPE)
endfunction()
