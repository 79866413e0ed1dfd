# SPDX-License-Identifier: BSL-1.0
# Compiles and runs SOURCE with the flags of `pkg-config --cflags cta` and -std=c++20, the way a Makefile would,
# with pkg-config looking in PKG_CONFIG_PATH first (run by consumer.pkg_config, see CMakeLists.txt here):
#   PKG_CONFIG, CXX_COMPILER    the tools;
#   PKG_CONFIG_PATH             the installed cta.pc's directory;
#   INCLUDE_DIR                 the installed include directory, which the flags must name;
#   CTA_EXPECTED_VERSION        the version cta.pc must give;
#   BINARY_DIR                  where the executable goes (emptied first).
file(REMOVE_RECURSE "${BINARY_DIR}")
file(MAKE_DIRECTORY "${BINARY_DIR}")
set(ENV{PKG_CONFIG_PATH} "${PKG_CONFIG_PATH}")

execute_process(COMMAND "${PKG_CONFIG}" --modversion cta
                OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
if(NOT version STREQUAL CTA_EXPECTED_VERSION)
  message(FATAL_ERROR "pkg-config --modversion cta gives '${version}', not ${CTA_EXPECTED_VERSION}")
endif()

execute_process(COMMAND "${PKG_CONFIG}" --cflags cta
                OUTPUT_VARIABLE cflags OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${PKG_CONFIG}" --libs cta
                OUTPUT_VARIABLE libs OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
message("pkg-config --cflags cta: ${cflags}\npkg-config --libs cta: ${libs}")
if(NOT libs STREQUAL "")
  message(FATAL_ERROR "cta is header-only, but pkg-config --libs cta gives '${libs}'")
endif()

# The flags must name the installed include directory (cta.pc finds it from its own place).
separate_arguments(cflags UNIX_COMMAND "${cflags}")
set(found FALSE)
foreach(flag IN LISTS cflags)
  if(flag MATCHES "^-I(.+)$")
    file(REAL_PATH "${CMAKE_MATCH_1}" dir)
    file(REAL_PATH "${INCLUDE_DIR}" expected)
    if(dir STREQUAL expected)
      set(found TRUE)
    endif()
  endif()
endforeach()
if(NOT found)
  message(FATAL_ERROR "pkg-config --cflags cta does not name ${INCLUDE_DIR}")
endif()

execute_process(COMMAND "${CXX_COMPILER}" -std=c++20 ${cflags} "${SOURCE}" -o "${BINARY_DIR}/app"
                COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${BINARY_DIR}/app" COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)
message("${SOURCE}: compiled with pkg-config's flags and run.")
