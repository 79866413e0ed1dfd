# Installs the build tree BUILD_DIR into PREFIX, emptied first, and checks that the package's files are there:
# CMAKE_DIR, PKGCONFIG_DIR and INCLUDE_DIR are the install directories relative to PREFIX, and every header of
# SOURCE_DIR/include must be installed. Run by consumer.install.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                COMMAND_ECHO STDOUT COMMAND_ERROR_IS_FATAL ANY)

foreach(file IN ITEMS
        "${CMAKE_DIR}/cta-config.cmake" "${CMAKE_DIR}/cta-config-version.cmake" "${CMAKE_DIR}/cta-targets.cmake"
        "${CMAKE_DIR}/cta_constexpr_limits.cmake" "${PKGCONFIG_DIR}/cta.pc")
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
message("Installed into ${PREFIX}: the CMake package, cta.pc and ${count} headers.")
