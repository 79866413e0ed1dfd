# SPDX-License-Identifier: BSL-1.0
# Configures, builds and runs one consumer project (run by the consumer.<name> tests, see CMakeLists.txt here):
#   SOURCE_DIR, BINARY_DIR           the consumer project and its binary directory (emptied first);
#   GENERATOR, MAKE_PROGRAM,
#   CXX_COMPILER, BUILD_TYPE         those of cta's build, so the consumer is built the same way;
#   PREFIX                           optional: the install prefix to find cta in (CMAKE_PREFIX_PATH);
#   CTA_SOURCE_DIR                   optional: cta's source tree, for add_subdirectory and FetchContent;
#   CTA_EXPECTED_VERSION             optional: cta's version, checked by the consumer;
#   CTA_WEIGHTS_DIR                  optional: a directory of weight files (examples/weights/seed), for the
#                                    consumer's cta_add_weights.
# The consumer's executable is BINARY_DIR/app; it must exit with 0.
file(REMOVE_RECURSE "${BINARY_DIR}")

set(args
  -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G "${GENERATOR}"
  "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}")
if(DEFINED CTA_EXPECTED_VERSION)
  list(APPEND args "-DCTA_EXPECTED_VERSION=${CTA_EXPECTED_VERSION}")
endif()
if(DEFINED PREFIX)
  list(APPEND args "-DCMAKE_PREFIX_PATH=${PREFIX}" "-DCTA_EXPECTED_PREFIX=${PREFIX}")
endif()
if(DEFINED CTA_SOURCE_DIR)
  list(APPEND args "-DCTA_SOURCE_DIR=${CTA_SOURCE_DIR}")
endif()
if(DEFINED CTA_WEIGHTS_DIR)
  list(APPEND args "-DCTA_WEIGHTS_DIR=${CTA_WEIGHTS_DIR}")
endif()

execute_process(COMMAND "${CMAKE_COMMAND}" ${args} COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${BINARY_DIR}/app" COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
message("${SOURCE_DIR}: configured, built and run.")
