# SPDX-License-Identifier: BSL-1.0
# .ci/install-deps on a machine without dpkg and apt-get (a PATH that has neither): it must exit with 1 and name the
# packages, those of the tutorial without --all and, with --all, those of the tests too.
#
#   cmake -DROOT=<source dir> -DBASH=<bash> -DEMPTY_DIR=<directory without programs> -P check_install_deps.cmake
cmake_minimum_required(VERSION 3.25)
foreach(args "" "--all")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "PATH=${EMPTY_DIR}" "${BASH}" "${ROOT}/.ci/install-deps" ${args}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(expected "Install these with your system's package manager \\(their Debian names\\): cmake ninja-build g\\+\\+ "
               "libboost-dev")
  if(args STREQUAL "--all")
    list(APPEND expected " clang catch2 gcc-arm-none-eabi")
  endif()
  string(CONCAT expected ${expected})
  if(NOT status EQUAL 1 OR NOT err MATCHES "has no dpkg or apt-get.*${expected}")
    message(FATAL_ERROR "install-deps ${args} without dpkg and apt-get: exit code ${status}, output:\n${out}${err}")
  endif()
  message("install-deps ${args}: exit code 1, ${err}")
endforeach()
