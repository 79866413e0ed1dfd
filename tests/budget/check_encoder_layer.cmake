# SPDX-License-Identifier: BSL-1.0
# The encoder layer's figures that docs/performance.md states, against the compiler in use. The page's first table
# between <!-- generated-transformer:begin --> and <!-- generated-transformer:end --> (bench/regenerate.py writes it)
# has a row per compiler it was measured with, "| <name> <version> | <smallest limit of one layer> | <default limit>
# | <one layer under the default limits> | <two layers under the default limits> | <aim> |", the verdicts "compiles"
# or "does not compile"; the row whose name and major and minor version are the compiler's gives the figures that
# CHECK tests with bench/compile_time/encoder_layer.cpp (-std=c++20 -O2 -fsyntax-only):
#
#   at_limit     one layer compiles with the limit (FLAG<count>, and EXTRA) set to the count
#   below_limit  one layer stops with the limit set to count - 1, with the compiler's message about its limit
#   one_layer    one layer compiles under the default limits (and the page says so)
#   two_layers   two layers under the default limits: the same
#
# A compiler the page has no row for is not checked ("budget.encoder_layer skipped", the tests' skip pattern).
#
#   cmake -DCOMPILER=<c++> -DNAME=GCC|Clang -DVERSION=<major.minor> -DROOT=<source dir> -DDOC=<docs/performance.md>
#         -DCHECK=at_limit|below_limit|one_layer|two_layers "-DFLAG=<limit flag, up to =>" "-DEXTRA=<flags>"
#         "-DMESSAGE=<the limit's message>" -P check_encoder_layer.cmake
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/budget_page.cmake")
cta_budget_page(check_encoder_layer.cmake "<!-- generated-transformer:begin -->" "<!-- generated-transformer:end -->"
                COMPILER NAME VERSION ROOT DOC CHECK FLAG MESSAGE)
set(_verdict "(compiles|does not compile)")
string(CONCAT _row "\n\\| ${NAME} ${_version_pattern}\\.[0-9]+ \\| ([0-9,]+) \\| [^|\n]* \\| ${_verdict} \\| "
       "${_verdict} \\|")
if(NOT _section MATCHES "${_row}")
  message("budget.encoder_layer skipped: ${DOC} has no row for ${NAME} ${VERSION} in its table of the encoder layer")
  return()
endif()
string(REPLACE "," "" _count "${CMAKE_MATCH_1}")
set(_one "${CMAKE_MATCH_2}")
set(_two "${CMAKE_MATCH_3}")

set(_limit "")
if(CHECK STREQUAL "at_limit")
  set(_layers 1)
  set(_limit "${FLAG}${_count}" ${EXTRA})
  set(_expected "compiles")
  set(_claim "one layer compiles with ${FLAG}${_count}")
elseif(CHECK STREQUAL "below_limit")
  set(_layers 1)
  math(EXPR _below "${_count} - 1")
  set(_limit "${FLAG}${_below}" ${EXTRA})
  set(_expected "does not compile")
  set(_claim "${_count} is the smallest limit of one layer, so ${FLAG}${_below} stops it")
elseif(CHECK STREQUAL "one_layer")
  # One layer under the default limits is what the library promises: the page must say so, and the build must.
  if(NOT _one STREQUAL "compiles")
    message(FATAL_ERROR "${DOC} says that one encoder layer ${_one} under ${NAME} ${VERSION}'s default limits")
  endif()
  set(_layers 1)
  set(_expected "compiles")
  set(_claim "one layer compiles under ${NAME}'s default limits")
elseif(CHECK STREQUAL "two_layers")
  set(_layers 2)
  set(_expected "${_two}")
  set(_claim "two layers: ${_two} under ${NAME}'s default limits")
else()
  message(FATAL_ERROR "check_encoder_layer.cmake: CHECK is at_limit, below_limit, one_layer or two_layers, not "
                      "'${CHECK}'")
endif()

cta_budget_compile("${_expected}" "${_claim}" --transformer-only
                   "${COMPILER}" -std=c++20 -O2 -fsyntax-only "-I${ROOT}/include" "-I${ROOT}/bench" ${_limit}
                   "-DCTA_BENCH_LAYERS=${_layers}" "${ROOT}/bench/compile_time/encoder_layer.cpp")
