# SPDX-License-Identifier: BSL-1.0
# The row of docs/performance.md's budgets per compiler for the compiler in use. The table, which
# `python3 bench/regenerate.py --compilers-only` writes between <!-- generated-compilers:begin --> and
# <!-- generated-compilers:end -->, has a row per compiler of .ci/test-all, "| <name> <version> | `<command>` |
# <default limits> | <count> <unit> | <per multiply-add> | <largest n> | `<flags>` |" ("| Clang 19.1.7 | ..."); the
# row whose name and major and minor version are the compiler's is checked as CHECK says:
#
#   at_limit     bench/compile_time/matmul_steps.cpp with -DCTA_BENCH_N=64 compiles with the limit set to the count
#   below_limit  it stops at the count minus 1 with the compiler's message about its limit (MESSAGE)
#   fits         attention_single.cpp with -DCTA_BENCH_N=<n> compiles under the compiler's default limits
#   next         with n + 1 it stops at them with MESSAGE
#   per_mac      the per multiply-add figure is the count / 64^3, to three decimals
#   flags        the last column is what cmake/cta_constexpr_limits.cmake's cta_raise_constexpr_limits passes to the
#                compiler with its defaults (its set(steps|ops|loop|depth <n>))
#
# A compiler the page has no row for is not checked ("budget.compiler_row skipped", the tests' skip pattern), unless
# bench/regenerate.py measures it (its command is in COMPILER_MATRIX): then its row is missing, and the test fails.
#
#   cmake -DCOMPILER=<c++> -DNAME=GCC|Clang -DVERSION=<major.minor> -DROOT=<source dir> -DDOC=<docs/performance.md>
#         -DCHECK=at_limit|below_limit|fits|next|per_mac|flags "-DFLAG=<limit flag>=" "-DEXTRA=<other flags>"
#         "-DMESSAGE=<the limit's message>" -P check_compiler_row.cmake
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/budget_page.cmake")
cta_budget_page(check_compiler_row.cmake "<!-- generated-compilers:begin -->" "<!-- generated-compilers:end -->"
                COMPILER NAME VERSION ROOT DOC CHECK FLAG MESSAGE)
if(NOT _section MATCHES
   "\n\\| ${NAME} ${_version_pattern}\\.[0-9]+ \\| [^|\n]* \\| [^|\n]* \\| ([0-9,]+) [a-z]+ \\| ([0-9.]+) \\| ([0-9]+) \\| `([^`\n]*)` \\|")
  # A compiler that bench/regenerate.py measures (its COMPILER_MATRIX, the compilers of .ci/test-all) must have its
  # row; another one is not checked.
  file(READ "${ROOT}/bench/regenerate.py" _script)
  get_filename_component(_command "${COMPILER}" NAME)
  if(NOT _script MATCHES "\nCOMPILER_MATRIX = \\[([^]]*)\\]")
    message(FATAL_ERROR "bench/regenerate.py has no COMPILER_MATRIX = [...]")
  endif()
  string(FIND "${CMAKE_MATCH_1}" "\"${_command}\")" _measured)
  if(NOT _measured EQUAL -1)
    message(FATAL_ERROR "${DOC} has no row for ${NAME} ${VERSION} in its budgets per compiler, though "
                        "bench/regenerate.py measures ${_command}. Write the figures again with: "
                        "python3 bench/regenerate.py --compilers-only")
  endif()
  message("budget.compiler_row skipped: ${DOC} has no row for ${NAME} ${VERSION} in its budgets per compiler")
  return()
endif()
string(REPLACE "," "" _count "${CMAKE_MATCH_1}")
set(_per_mac "${CMAKE_MATCH_2}")
set(_n "${CMAKE_MATCH_3}")
set(_flags "${CMAKE_MATCH_4}")
set(_compile "${COMPILER}" -std=c++20 -O2 -fsyntax-only "-I${ROOT}/include" "-I${ROOT}/bench")
set(_source "${ROOT}/bench/compile_time")

if(CHECK STREQUAL "at_limit")
  cta_budget_compile("compiles" "the 64x64x64 product compiles with ${FLAG}${_count}" --compilers-only
                     ${_compile} -DCTA_BENCH_N=64 "${FLAG}${_count}" ${EXTRA} "${_source}/matmul_steps.cpp")
elseif(CHECK STREQUAL "below_limit")
  math(EXPR _below "${_count} - 1")
  cta_budget_compile("does not compile" "the 64x64x64 product needs ${_count}, so ${FLAG}${_below} stops it"
                     --compilers-only ${_compile} -DCTA_BENCH_N=64 "${FLAG}${_below}" ${EXTRA}
                     "${_source}/matmul_steps.cpp")
elseif(CHECK STREQUAL "fits")
  cta_budget_compile("compiles" "n = d = ${_n} compiles in one constant expression under ${NAME}'s default limits"
                     --compilers-only ${_compile} "-DCTA_BENCH_N=${_n}" "${_source}/attention_single.cpp")
elseif(CHECK STREQUAL "next")
  math(EXPR _next "${_n} + 1")
  cta_budget_compile("does not compile"
                     "n = d = ${_n} is the largest under ${NAME}'s default limits, so n = d = ${_next} stops at them"
                     --compilers-only ${_compile} "-DCTA_BENCH_N=${_next}" "${_source}/attention_single.cpp")
elseif(CHECK STREQUAL "per_mac")
  # count / 262144 to three decimals as Python's format rounds it (the exact quotient, halves to even).
  math(EXPR _milli "${_count} * 1000 / 262144")
  math(EXPR _twice_rest "(${_count} * 1000 % 262144) * 2")
  if(_twice_rest GREATER 262144 OR (_twice_rest EQUAL 262144 AND _milli MATCHES "[13579]$"))
    math(EXPR _milli "${_milli} + 1")
  endif()
  math(EXPR _whole "${_milli} / 1000")
  math(EXPR _frac "${_milli} % 1000")
  string(LENGTH "${_frac}" _len)
  if(_len EQUAL 1)
    set(_frac "00${_frac}")
  elseif(_len EQUAL 2)
    set(_frac "0${_frac}")
  endif()
  if(NOT _per_mac STREQUAL "${_whole}.${_frac}")
    message(FATAL_ERROR "${DOC} says ${_per_mac} per multiply-add for ${NAME} ${VERSION}, but ${_count} / 64^3 is "
                        "${_whole}.${_frac}. Write the figures again with: python3 bench/regenerate.py --compilers-only")
  endif()
  message("${_count} / 64^3 = ${_per_mac} per multiply-add, as ${DOC} says (${NAME} ${VERSION})")
elseif(CHECK STREQUAL "flags")
  file(READ "${ROOT}/cmake/cta_constexpr_limits.cmake" _helper)
  foreach(_limit IN ITEMS steps ops loop depth)
    if(NOT _helper MATCHES "\n  set\\(${_limit} ([0-9]+)\\)")
      message(FATAL_ERROR "cmake/cta_constexpr_limits.cmake has no line set(${_limit} <n>)")
    endif()
    set(_${_limit} "${CMAKE_MATCH_1}")
  endforeach()
  if(NAME STREQUAL "GCC")
    set(_expected "-fconstexpr-ops-limit=${_ops} -fconstexpr-loop-limit=${_loop} -fconstexpr-depth=${_depth}")
  else()
    set(_expected "-fconstexpr-steps=${_steps} -fconstexpr-depth=${_depth}")
  endif()
  if(NOT _flags STREQUAL _expected)
    message(FATAL_ERROR "${DOC} says cta_raise_constexpr_limits passes '${_flags}' to ${NAME} ${VERSION}, but "
                        "cmake/cta_constexpr_limits.cmake passes '${_expected}'. Write the figures again with: "
                        "python3 bench/regenerate.py --compilers-only")
  endif()
  message("cta_raise_constexpr_limits passes '${_flags}' to ${NAME}, as ${DOC} says")
else()
  message(FATAL_ERROR "check_compiler_row.cmake: CHECK is at_limit, below_limit, fits, next, per_mac or flags, not "
                      "'${CHECK}'")
endif()
