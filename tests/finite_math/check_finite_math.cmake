# SPDX-License-Identifier: BSL-1.0
# Compiles SOURCE (finite_math.cpp) with COMPILER and FLAGS (separated by spaces) and checks the outcome EXPECT:
#   refused  the build fails, and its first error is cta's refusal (the #error of include/cta/detail/fp_strict.hpp,
#            or Clang's -Wnan-infinity-disabled made an error there);
#   passes   it builds, and the program runs and exits with 0 (its checks are in finite_math.cpp).
# INCLUDES: the include directories, separated by "|". Run by the finite_math.* tests (tests/finite_math/CMakeLists.txt).
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cta_script_tools.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(program "${WORK_DIR}/finite_math")
cta_script_compile_flags(compile_flags)
execute_process(COMMAND "${COMPILER}" ${compile_flags} "${SOURCE}" -o "${program}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
set(flags_text "${FLAGS}")
if(EXPECT STREQUAL "refused")
  if(result EQUAL 0)
    message(FATAL_ERROR "${COMPILER} ${flags_text}: the program compiled; cta must refuse these flags")
  endif()
  string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${output}")
  if(NOT first_error MATCHES "fp_strict\\.hpp:[0-9]+:[0-9]+: error: (\"cta needs NaN and infinities|use of (NaN|infinity) is undefined behavior)")
    message(FATAL_ERROR "${COMPILER} ${flags_text}: the first error is not cta's refusal:\n${output}")
  endif()
  message("${COMPILER} ${flags_text}: refused, as it must be:\n${first_error}")
elseif(EXPECT STREQUAL "passes")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${COMPILER} ${flags_text}: the program did not compile:\n${output}")
  endif()
  cta_script_run("${program}" "${COMPILER} ${flags_text}")
else()
  message(FATAL_ERROR "EXPECT must be refused or passes, not '${EXPECT}'")
endif()
