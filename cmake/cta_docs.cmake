# SPDX-License-Identifier: BSL-1.0
# The API reference from the headers' comments, with Doxygen (docs/Doxyfile.in), where CMake finds it.
#   cta_doxyfile(<doxyfile> <input dir> <output dir>)   writes a Doxyfile that reads the headers under <input dir>
#                                                        and writes html/ and xml/ into <output dir>
# The target `docs` (CTA_HAVE_DOXYGEN) builds <build dir>/api/html/index.html from include/cta; Doxygen's warnings
# are errors, so an undocumented public entity fails it.
find_package(Doxygen QUIET)
if(DOXYGEN_FOUND)
  set(CTA_HAVE_DOXYGEN ON)
else()
  set(CTA_HAVE_DOXYGEN OFF)
endif()

function(cta_doxyfile doxyfile input output)
  set(CTA_DOXYGEN_INPUT "${input}")
  get_filename_component(CTA_DOXYGEN_STRIP "${input}" DIRECTORY)  # <cta/...> as the headers are included
  set(CTA_DOXYGEN_OUTPUT "${output}")
  set(CTA_DOXYGEN_FILTER "${PROJECT_SOURCE_DIR}/docs/doxygen_filter.sed")
  configure_file("${PROJECT_SOURCE_DIR}/docs/Doxyfile.in" "${doxyfile}" @ONLY)
endfunction()

if(CTA_HAVE_DOXYGEN)
  set(CTA_API_DIR "${CMAKE_BINARY_DIR}/api")
  cta_doxyfile("${CMAKE_BINARY_DIR}/Doxyfile" "${PROJECT_SOURCE_DIR}/include/cta" "${CTA_API_DIR}")
  file(GLOB_RECURSE _cta_doc_inputs CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/include/cta/*.hpp")
  # The stamp is written only when Doxygen succeeds, so a failed run fails again on the next build.
  add_custom_command(OUTPUT "${CTA_API_DIR}/docs.stamp"
                     COMMAND "${CMAKE_COMMAND}" -E remove_directory "${CTA_API_DIR}/html" "${CTA_API_DIR}/xml"
                     COMMAND Doxygen::doxygen "${CMAKE_BINARY_DIR}/Doxyfile"
                     COMMAND "${CMAKE_COMMAND}" -E touch "${CTA_API_DIR}/docs.stamp"
                     DEPENDS ${_cta_doc_inputs} "${CMAKE_BINARY_DIR}/Doxyfile"
                             "${PROJECT_SOURCE_DIR}/docs/doxygen_filter.sed"
                     COMMENT "Doxygen: the API reference from the headers (${CTA_API_DIR}/html/index.html)"
                     VERBATIM)
  add_custom_target(docs DEPENDS "${CTA_API_DIR}/docs.stamp")
endif()
