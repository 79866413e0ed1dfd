# SPDX-License-Identifier: BSL-1.0
# Compiles SOURCE (format_test.cpp) with COMPILER and FLAGS (separated by spaces) and runs it: it must build and
# exit with 0, having run its checks (exit code 77, no std::format, fails here: the compiler was chosen for having
# it). With COMPILER empty (no Clang with libc++'s <format> was found) it prints "format.libcxx skipped", the test's
# skip pattern. Run by format.libcxx (tests/format/CMakeLists.txt).
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cta_script_tools.cmake")
if(COMPILER STREQUAL "")
  message("format.libcxx skipped: no clang++-19 to clang++-22 whose libc++ has <format> (Debian: libc++-22-dev)")
  return()
endif()
file(MAKE_DIRECTORY "${WORK_DIR}")
set(program "${WORK_DIR}/format_test")
cta_script_compile_flags(compile_flags)
execute_process(COMMAND "${COMPILER}" ${compile_flags} "${SOURCE}" -o "${program}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${COMPILER} ${FLAGS}: format_test.cpp did not compile:\n${output}")
endif()
cta_script_run("${program}" "${COMPILER} ${FLAGS}")
