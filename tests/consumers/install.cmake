# SPDX-License-Identifier: BSL-1.0
# Installs the build tree BUILD_DIR into PREFIX, emptied first, and checks that the package's files are there:
# CMAKE_DIR, PKGCONFIG_DIR and INCLUDE_DIR are the install directories relative to PREFIX, and every header of
# SOURCE_DIR/include must be installed, and the licence: DOC_DIR/LICENSE, the same as SOURCE_DIR/LICENSE, and a
# `License: BSL-1.0` line in cta.pc. Run by consumer.install.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)

foreach(file IN ITEMS
        "${CMAKE_DIR}/cta-config.cmake" "${CMAKE_DIR}/cta-config-version.cmake" "${CMAKE_DIR}/cta-targets.cmake"
        "${CMAKE_DIR}/cta_constexpr_limits.cmake" "${CMAKE_DIR}/cta_weights.cmake"
        "${CMAKE_DIR}/tools/cta_weights.cpp" "${PKGCONFIG_DIR}/cta.pc")
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "The install into ${PREFIX} has no ${file}")
  endif()
endforeach()

file(GLOB_RECURSE headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/cta/*.hpp")
if(NOT headers)
  message(FATAL_ERROR "No headers found in ${SOURCE_DIR}/include/cta")
endif()
foreach(header IN LISTS headers)
  if(NOT EXISTS "${PREFIX}/${INCLUDE_DIR}/${header}")
    message(FATAL_ERROR "The install into ${PREFIX} has no ${INCLUDE_DIR}/${header}")
  endif()
endforeach()
list(LENGTH headers count)

file(READ "${SOURCE_DIR}/LICENSE" licence)
if(NOT EXISTS "${PREFIX}/${DOC_DIR}/LICENSE")
  message(FATAL_ERROR "The install into ${PREFIX} has no ${DOC_DIR}/LICENSE")
endif()
file(READ "${PREFIX}/${DOC_DIR}/LICENSE" installed_licence)
if(NOT installed_licence STREQUAL licence)
  message(FATAL_ERROR "${PREFIX}/${DOC_DIR}/LICENSE differs from ${SOURCE_DIR}/LICENSE")
endif()
file(STRINGS "${PREFIX}/${PKGCONFIG_DIR}/cta.pc" pc_licence REGEX "^License: ")
if(NOT pc_licence STREQUAL "License: BSL-1.0")
  message(FATAL_ERROR "cta.pc names no licence, or another: '${pc_licence}'")
endif()
message("Installed into ${PREFIX}: the CMake package, cta.pc (License: BSL-1.0), ${count} headers and "
        "${DOC_DIR}/LICENSE.")
