# SPDX-License-Identifier: BSL-1.0
# Compiles SOURCE (targets.cpp) with COMPILER and FLAGS (separated by spaces) and -fsyntax-only -Werror, and checks
# EXPECT: "compiles" (no error, no warning), or a regular expression that the first error must match.
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cta_script_tools.cmake")
cta_script_compile_flags(compile_flags)
execute_process(COMMAND "${COMPILER}" ${compile_flags} -fsyntax-only -Werror "${SOURCE}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(EXPECT STREQUAL "compiles")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${COMPILER} ${FLAGS}: did not compile cleanly:\n${output}")
  endif()
  message("${COMPILER} ${FLAGS}: compiles, no warning")
else()
  string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${output}")
  if(result EQUAL 0 OR NOT first_error MATCHES "${EXPECT}")
    message(FATAL_ERROR "${COMPILER} ${FLAGS}: expected an error matching '${EXPECT}', got:\n${output}")
  endif()
  message("${COMPILER} ${FLAGS}: refused, as it must be:\n${first_error}")
endif()
