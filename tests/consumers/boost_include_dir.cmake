# SPDX-License-Identifier: BSL-1.0
# CTA_BOOST_INCLUDE_DIR, the directory that holds boost/ (cmake/cta_boost_headers.cmake), in a native build. Run by
# consumer.boost_include_dir: configures the project SOURCE_DIR (which adds cta's source tree CTA_SOURCE_DIR with
# add_subdirectory, and reads the weight files of CTA_WEIGHTS_DIR) in BINARY_DIR, emptied first, with this build's GENERATOR, MAKE_PROGRAM, CXX_COMPILER and
# BUILD_TYPE:
#   1. with a directory whose boost/version.hpp says 1.73.0: the configuration must fail and say why;
#   2. with BOOST_DIR, the host build's Boost: it must take boost/ alone from there, and the program must build and run.
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${BINARY_DIR}")
set(args -G "${GENERATOR}" "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" "-DCTA_SOURCE_DIR=${CTA_SOURCE_DIR}" "-DCTA_WEIGHTS_DIR=${CTA_WEIGHTS_DIR}")

# 1. Too old.
set(old "${BINARY_DIR}/old-boost")
file(WRITE "${old}/boost/version.hpp" "#define BOOST_VERSION 107300\n#define BOOST_LIB_VERSION \"1_73\"\n")
file(WRITE "${old}/boost/hana.hpp" "\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}/old" ${args}
                        "-DCTA_BOOST_INCLUDE_DIR=${old}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
# CMake wraps the lines of an error message: compare with every run of blanks as one space.
string(REGEX REPLACE "[ \t\r\n]+" " " flat "${output}")
if(result EQUAL 0 OR NOT flat MATCHES "holds Boost 1\\.73\\.0; cta needs 1\\.74 or later")
  message(FATAL_ERROR "CTA_BOOST_INCLUDE_DIR with Boost 1.73.0 was not refused (exit code ${result}):\n${output}")
endif()
message("Boost 1.73.0 refused: ${CMAKE_MATCH_0}")

# 2. The host build's Boost, given as a bare include directory.
list(GET BOOST_DIR 0 boost_dir)
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}/host" ${args}
                        "-DCTA_BOOST_INCLUDE_DIR=${boost_dir}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
string(FIND "${output}" "from ${boost_dir} (its boost/ only, through ${BINARY_DIR}/host/cta-boost-include)" at)
if(NOT result EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "CTA_BOOST_INCLUDE_DIR=${boost_dir}: not configured with boost/ alone (exit code ${result})")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}/host" COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${BINARY_DIR}/host/app" COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
message("CTA_BOOST_INCLUDE_DIR=${boost_dir}: configured, built and run.")
