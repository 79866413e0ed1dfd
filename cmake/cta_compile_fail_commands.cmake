# SPDX-License-Identifier: BSL-1.0
# The fixture of the compile-fail tests with Ninja (cta_compile_fail.cmake): asks Ninja once for the commands of
# TARGETS (a comma-separated list of the pairs' object targets; `ninja -t commands`, which reads the build file and
# writes nothing) and writes each target's one compile command, the one that compiles into CMakeFiles/<target>.dir/,
# into OUT_DIR/<target>.sh, run in BUILD_DIR as Ninja runs it. Stops naming the targets Ninja gave no such command
# for, or more than one. What a target needs generated (such as a header of cta_add_weights) the build has made
# before (with all, or cta_compiler_tests).
#
#   cmake -DBUILD_DIR=<build> -DNINJA=<ninja> -DOUT_DIR=<dir> -DTARGETS=<t1,t2,...> -P cta_compile_fail_commands.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var IN ITEMS BUILD_DIR NINJA OUT_DIR TARGETS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "cta_compile_fail_commands.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "," ";" targets "${TARGETS}")
execute_process(COMMAND "${NINJA}" -C "${BUILD_DIR}" -t commands ${targets}
                RESULT_VARIABLE result OUTPUT_VARIABLE all_commands ERROR_VARIABLE commands_error)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "`ninja -t commands` failed:\n${commands_error}")
endif()
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")
string(REPLACE ";" "\\;" all_commands "${all_commands}")
string(REPLACE "\n" ";" all_commands "${all_commands}")
set(written "")
foreach(command IN LISTS all_commands)
  if(command MATCHES "CMakeFiles/([A-Za-z0-9_]+)\\.dir/")
    set(target "${CMAKE_MATCH_1}")
    if(target IN_LIST targets)
      if(target IN_LIST written)
        message(FATAL_ERROR "${target}: expected Ninja to build it with one command, but it gives more")
      endif()
      list(APPEND written "${target}")
      file(WRITE "${OUT_DIR}/${target}.sh" "${command}\n")
    endif()
  endif()
endforeach()
set(missing ${targets})
list(REMOVE_ITEM missing ${written})
if(missing)
  message(FATAL_ERROR "Ninja gives no compile command for: ${missing}")
endif()
list(LENGTH written count)
message("the compile commands of ${count} targets, in ${OUT_DIR}")
