# SPDX-License-Identifier: BSL-1.0
# Weight files as a header of cta::matrix constants, written at build time by the generator cta-weights
# (tools/weights/cta_weights.cpp, docs/weights.md):
#
#   cta_add_weights(<target> FILES <file>... NAMESPACE <ns> [HEADER <name.hpp>])
#
# adds to <target> a header <name.hpp> (default: <ns>.hpp, "::" written "_") that declares, in namespace <ns>, one
# `inline constexpr cta::matrix<T, R, C>` per tensor of the .npy and .safetensors FILES (relative paths are from the
# current source directory). A custom command runs cta-weights when a file or the generator changes; the header is
# written into <current binary dir>/cta_weights/<target>/, which becomes a PRIVATE include directory of <target>, so
# the target's sources `#include <name.hpp>`. The target must link cta::cta (the header includes <cta/matrix.hpp>).
# A file that does not load stops the build with cta-weights' message (the file, the tensor and the reason).
#
#   cta_add_weights(<target> BYTES FILES <file>... NAMESPACE <ns> [HEADER <name.hpp>])
#
# declares instead each file's bytes, `inline constexpr unsigned char <file name as an identifier>[N]` (a.safetensors:
# a_safetensors), for the functions that read a whole file in a constant evaluation (cta::pytorch::load) where the
# compiler has no #embed; BYTES also takes TensorFlow Lite models (.tflite, for cta::tflite::open), checked as
# cta::tflite::open checks them.
#
# The generator is the executable target cta_weights (cta-weights), built from its source with the project's C++
# compiler the first time the function is called: the package installs the source next to this file
# (<prefix>/share/cmake/cta/tools/cta_weights.cpp), so find_package(cta), add_subdirectory and FetchContent users
# get it alike and cta stays header-only. A cross build cannot run what it compiles: there, set CTA_WEIGHTS_GENERATOR
# to a cta-weights built for the build machine. Included by cta-config.cmake and by cta's CMakeLists.txt.
include_guard(GLOBAL)

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/tools/cta_weights.cpp")
  set_property(GLOBAL PROPERTY CTA_WEIGHTS_GENERATOR_SOURCE "${CMAKE_CURRENT_LIST_DIR}/tools/cta_weights.cpp")
else()
  get_filename_component(_cta_weights_source "${CMAKE_CURRENT_LIST_DIR}/../tools/weights/cta_weights.cpp" ABSOLUTE)
  set_property(GLOBAL PROPERTY CTA_WEIGHTS_GENERATOR_SOURCE "${_cta_weights_source}")
  unset(_cta_weights_source)
endif()

# The generator: the target cta_weights, added on the first call (in the directory of that call), or the executable
# CTA_WEIGHTS_GENERATOR. Sets <command> to what a custom command runs and <depends> to what it depends on.
function(_cta_weights_generator command depends)
  if(CTA_WEIGHTS_GENERATOR)
    set(${command} "${CTA_WEIGHTS_GENERATOR}" PARENT_SCOPE)
    set(${depends} "${CTA_WEIGHTS_GENERATOR}" PARENT_SCOPE)
    return()
  endif()
  if(NOT TARGET cta_weights)
    if(CMAKE_CROSSCOMPILING)
      message(FATAL_ERROR "cta_add_weights: a cross build cannot run the generator it would compile: set "
                          "CTA_WEIGHTS_GENERATOR to a cta-weights built for the build machine")
    endif()
    if(NOT TARGET cta::cta)
      message(FATAL_ERROR "cta_add_weights: the target cta::cta is not defined here (find_package(cta), "
                          "add_subdirectory or FetchContent first)")
    endif()
    get_property(source GLOBAL PROPERTY CTA_WEIGHTS_GENERATOR_SOURCE)
    add_executable(cta_weights "${source}")
    set_target_properties(cta_weights PROPERTIES OUTPUT_NAME cta-weights)
    target_link_libraries(cta_weights PRIVATE cta::cta)
  endif()
  set(${command} cta_weights PARENT_SCOPE)
  set(${depends} cta_weights PARENT_SCOPE)
endfunction()

function(cta_add_weights target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "BYTES" "NAMESPACE;HEADER" "FILES")
  set(where "cta_add_weights(${target})")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "${where}: there is no target named ${target}")
  endif()
  get_target_property(type "${target}" TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "${where}: ${target} compiles no source (${type}); give a target that does")
  endif()
  if(NOT arg_FILES)
    message(FATAL_ERROR "${where}: give the weight files: FILES <file.npy|file.safetensors>...")
  endif()
  if(NOT arg_NAMESPACE MATCHES "^[A-Za-z][A-Za-z0-9_]*(::[A-Za-z][A-Za-z0-9_]*)*$")
    message(FATAL_ERROR "${where}: NAMESPACE must be a namespace name (identifiers joined by ::), not "
                        "'${arg_NAMESPACE}'")
  endif()
  if(NOT DEFINED arg_HEADER)
    string(REPLACE "::" "_" arg_HEADER "${arg_NAMESPACE}.hpp")
  endif()
  if(IS_ABSOLUTE "${arg_HEADER}" OR arg_HEADER MATCHES "(^|/)\\.\\.(/|$)" OR arg_HEADER STREQUAL "")
    message(FATAL_ERROR "${where}: HEADER must be a relative path without '..', not '${arg_HEADER}'")
  endif()

  set(files "")
  foreach(file IN LISTS arg_FILES)
    get_filename_component(file "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(arg_BYTES AND file MATCHES "\\.tflite$")
      # a TensorFlow Lite model, as bytes for cta::tflite::open
    elseif(NOT file MATCHES "\\.(npy|safetensors)$")
      message(FATAL_ERROR "${where}: ${file} is neither .npy nor .safetensors (the extension tells the format; "
                          "BYTES takes .tflite too)")
    endif()
    list(APPEND files "${file}")
  endforeach()

  _cta_weights_generator(generator generator_depends)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/cta_weights/${target}")
  set(header "${dir}/${arg_HEADER}")
  get_filename_component(header_dir "${header}" DIRECTORY)
  file(MAKE_DIRECTORY "${header_dir}")
  set(bytes_option "")
  if(arg_BYTES)
    set(bytes_option --bytes)
  endif()
  add_custom_command(OUTPUT "${header}"
    COMMAND ${generator} ${bytes_option} --namespace "${arg_NAMESPACE}" --output "${header}" ${files}
    DEPENDS ${files} ${generator_depends}
    COMMENT "cta-weights: ${arg_HEADER} (namespace ${arg_NAMESPACE}) for ${target}"
    VERBATIM)
  # The header is written before the target compiles: a target of this directory that the target depends on (the
  # target may be of another directory, where the custom command's output would have no rule).
  string(MAKE_C_IDENTIFIER "${target}_weights_${arg_HEADER}" generate)
  add_custom_target(${generate} DEPENDS "${header}")
  add_dependencies("${target}" ${generate})
  target_include_directories("${target}" PRIVATE "${dir}")
endfunction()
