# SPDX-License-Identifier: BSL-1.0
# The x86-64 micro-architecture levels that the identity tests and the benchmarks are built for besides
# -march=native: x86-64-v2 (SSE4.2: 16-byte vectors), x86-64-v3 (AVX2, FMA: 32-byte vectors) and x86-64-v4
# (AVX-512: 64-byte vectors). -march=native compiles only the paths of the build machine's own processor; the levels
# compile every vector width on every x86-64 machine, so a build failure in the AVX-512 code shows on a machine
# without AVX-512 too. What a level's binary runs on is decided when it runs: cta_add_level_test runs it through
# cta_run_on_level (tests/levels), which skips the test (exit code 77) where the processor lacks the level.
#
#   CTA_MARCH_LEVELS                  the levels the compiler accepts (empty on other targets and compilers)
#   CTA_MARCH_LEVEL_BYTES_<level>     the bytes of a vector register that cta's kernels use at that level
#   cta_level_name(<out> <level>)     the level as part of a target name: x86-64-v4 -> x86_64_v4
#   cta_add_level_test(NAME <test> LEVEL <level> COMMAND <target> [arguments...])
include(CheckCXXCompilerFlag)

set(CTA_MARCH_LEVELS "")
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND CMAKE_CXX_COMPILER_ID MATCHES "^(GNU|Clang)$")
  foreach(_cta_level IN ITEMS x86-64-v2 x86-64-v3 x86-64-v4)
    string(REPLACE "-" "_" _cta_flag_var "CTA_HAVE_MARCH_${_cta_level}")
    check_cxx_compiler_flag(-march=${_cta_level} ${_cta_flag_var})
    if(${_cta_flag_var})
      list(APPEND CTA_MARCH_LEVELS ${_cta_level})
    endif()
  endforeach()
endif()
set(CTA_MARCH_LEVEL_BYTES_x86-64-v2 16)
set(CTA_MARCH_LEVEL_BYTES_x86-64-v3 32)
set(CTA_MARCH_LEVEL_BYTES_x86-64-v4 64)

function(cta_level_name out level)
  string(REPLACE "-" "_" name "${level}")
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

function(cta_add_level_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;LEVEL" "COMMAND")
  list(POP_FRONT arg_COMMAND target)
  add_test(NAME ${arg_NAME} COMMAND cta_run_on_level ${arg_LEVEL} $<TARGET_FILE:${target}> ${arg_COMMAND})
  set_tests_properties(${arg_NAME} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()
