# SPDX-License-Identifier: BSL-1.0
# A largest n = d of the int8 self-attention that docs/performance.md states, against the compiler in use. The
# page's table, which bench/regenerate.py writes between <!-- generated-quantized:begin --> and
# <!-- generated-quantized:end -->, has a row per compiler it was measured with, "| <name> <version> | <n of the int8
# attention> | <aim> | <n of calibration and quantization> |" ("| GCC 12.2.0 | ..."); the row whose name and major
# and minor version are the compiler's gives the figure of FORM:
#
#   attention    bench/compile_time/quantized_attention.cpp with -DCTA_BENCH_ACTIVATIONS: the int8 attention in one
#                constant expression
#   calibration  the same with -DCTA_BENCH_CALIBRATION: calibration and quantization, a constant each
#
# CHECK=fits compiles it with -DCTA_BENCH_N=<n> under the compiler's default limits and fails unless that compiles;
# CHECK=next compiles it with n + 1 and fails unless that stops with the compiler's message about its limit
# (MESSAGE). A compiler the page has no row for is not checked ("budget.quantized skipped", the tests' skip pattern).
#
#   cmake -DCOMPILER=<c++> -DNAME=GCC|Clang -DVERSION=<major.minor> -DROOT=<source dir> -DDOC=<docs/performance.md>
#         -DFORM=attention|calibration -DCHECK=fits|next "-DMESSAGE=<the limit's message>"
#         -P check_quantized_largest.cmake
cmake_minimum_required(VERSION 3.25)

include("${CMAKE_CURRENT_LIST_DIR}/budget_page.cmake")
cta_budget_page(check_quantized_largest.cmake "<!-- generated-quantized:begin -->" "<!-- generated-quantized:end -->"
                COMPILER NAME VERSION ROOT DOC FORM CHECK MESSAGE)
if(NOT _section MATCHES "\n\\| ${NAME} ${_version_pattern}\\.[0-9]+ \\| ([0-9]+) \\| [^|\n]* \\| ([0-9]+) \\|")
  message("budget.quantized skipped: ${DOC} has no row for ${NAME} ${VERSION} in its table of the int8 "
          "self-attention")
  return()
endif()
if(FORM STREQUAL "attention")
  set(_n "${CMAKE_MATCH_1}")
  # The activations' quantization from quantized_activations.hpp (budget.quantized_activations keeps it current):
  # the same constant expression of the int8 attention without the real-valued one before it.
  set(_defines -DCTA_BENCH_ACTIVATIONS)
elseif(FORM STREQUAL "calibration")
  set(_n "${CMAKE_MATCH_2}")
  set(_defines -DCTA_BENCH_CALIBRATION)
else()
  message(FATAL_ERROR "check_quantized_largest.cmake: FORM is attention or calibration, not '${FORM}'")
endif()
if(CHECK STREQUAL "next")
  math(EXPR _n "${_n} + 1")
elseif(NOT CHECK STREQUAL "fits")
  message(FATAL_ERROR "check_quantized_largest.cmake: CHECK is fits or next, not '${CHECK}'")
endif()

if(CHECK STREQUAL "fits")
  set(_verdict "compiles")
  set(_claim "n = d = ${_n} (${FORM}) compiles under ${NAME}'s default limits")
else()
  set(_verdict "does not compile")
  math(EXPR _largest "${_n} - 1")
  string(CONCAT _claim "n = d = ${_largest} is the largest (${FORM}) under ${NAME}'s default limits, so n = d = ${_n} "
         "stops at them")
endif()
cta_budget_compile("${_verdict}" "${_claim}" --quantized-only
                   "${COMPILER}" -std=c++20 -O2 -fsyntax-only "-I${ROOT}/include" "-I${ROOT}/bench" ${_defines}
                   "-DCTA_BENCH_N=${_n}" "${ROOT}/bench/compile_time/quantized_attention.cpp")
