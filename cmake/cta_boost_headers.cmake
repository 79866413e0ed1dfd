# SPDX-License-Identifier: BSL-1.0
# Boost's headers for cta: the target cta::boost_headers, which cta::cta links. cta needs Boost.Hana, which is
# header-only and the same for every target, so a cross build may take it from the host. Included by cta's
# CMakeLists.txt (add_subdirectory, FetchContent) and, installed next to it, by cta-config.cmake (find_package), so
# every way of getting cta finds Boost the same way, on the machine that uses it:
#
#   1. CTA_BOOST_INCLUDE_DIR set (a cache variable: the directory that holds boost/): that Boost, if its
#      boost/version.hpp says CTA_BOOST_MIN_VERSION or later and it has boost/hana.hpp;
#   2. else find_package(Boost CTA_BOOST_MIN_VERSION): cta::boost_headers links Boost::headers (a native build);
#   3. else, when cross-compiling (a toolchain file that confines find_* to the target's tree, as
#      cmake/toolchains/*.cmake do, hides the host's Boost from 2): CTA_BOOST_INCLUDE_DIR is looked for among the
#      host's include directories (find_path, NO_CMAKE_FIND_ROOT_PATH: CMAKE_PREFIX_PATH's include/ directories,
#      /usr/include, /usr/local/include), then taken as in 1.
#
# In 1 and 3 the compiler is not given that directory: /usr/include also holds the host C library's headers, whose
# stdint.h, stdio.h ... would shadow those of the target's C library (newlib). It is given, as a system include
# directory, <build dir>/cta-boost-include, which holds only a symbolic link boost -> <that directory>/boost, so
# <boost/...> is all that the compiler can reach there (docs/embedded.md, "Boost headers in the cross build").
#
# Sets CTA_BOOST_MIN_VERSION, and CTA_BOOST_NOT_FOUND: empty when cta::boost_headers exists, else the reason (then the
# includer stops: CMakeLists.txt with an error, cta-config.cmake with cta_FOUND false). Runs at each include (each
# find_package(cta) in another directory makes its own imported targets) and does nothing where the target exists.
set(CTA_BOOST_MIN_VERSION 1.74)
set(CTA_BOOST_NOT_FOUND "")
if(TARGET cta::boost_headers)
  return()
endif()

if(NOT CTA_BOOST_INCLUDE_DIR)
  find_package(Boost ${CTA_BOOST_MIN_VERSION} QUIET)
  if(Boost_FOUND)
    add_library(cta::boost_headers INTERFACE IMPORTED)
    target_link_libraries(cta::boost_headers INTERFACE Boost::headers)
    return()
  endif()
  if(NOT CMAKE_CROSSCOMPILING)
    string(CONCAT CTA_BOOST_NOT_FOUND
      "cta needs Boost's headers, ${CTA_BOOST_MIN_VERSION} or later, and find_package(Boost) found none: install "
      "them (Debian: libboost-dev), or set CTA_BOOST_INCLUDE_DIR to the directory that holds boost/")
    return()
  endif()
  find_path(CTA_BOOST_INCLUDE_DIR NAMES boost/hana.hpp
    PATHS /usr/include /usr/local/include
    NO_CMAKE_FIND_ROOT_PATH
    DOC "For cta: the directory that holds boost/ (Boost ${CTA_BOOST_MIN_VERSION} or later)")
  if(NOT CTA_BOOST_INCLUDE_DIR)
    string(CONCAT CTA_BOOST_NOT_FOUND
      "cta needs Boost's headers, ${CTA_BOOST_MIN_VERSION} or later: none in the target's tree (find_package(Boost)) "
      "nor on the host (boost/hana.hpp in CMAKE_PREFIX_PATH/include, /usr/include, "
      "/usr/local/include); set CTA_BOOST_INCLUDE_DIR to the directory that holds boost/")
    return()
  endif()
endif()

# A bare include directory (1 and 3): Boost.Hana and the version.
set(_cta_boost_version_file "${CTA_BOOST_INCLUDE_DIR}/boost/version.hpp")
if(NOT EXISTS "${_cta_boost_version_file}" OR NOT EXISTS "${CTA_BOOST_INCLUDE_DIR}/boost/hana.hpp")
  string(CONCAT CTA_BOOST_NOT_FOUND
    "CTA_BOOST_INCLUDE_DIR=${CTA_BOOST_INCLUDE_DIR}: no boost/version.hpp or boost/hana.hpp there (it names the "
    "directory that holds boost/)")
  unset(_cta_boost_version_file)
  return()
endif()
# boost/version.hpp: #define BOOST_VERSION <major * 100000 + minor * 100 + patch>
file(STRINGS "${_cta_boost_version_file}" _cta_boost_version REGEX "^#define BOOST_VERSION [0-9]+")
string(REGEX REPLACE "^#define BOOST_VERSION ([0-9]+).*" "\\1" _cta_boost_version "${_cta_boost_version}")
unset(_cta_boost_version_file)
if(NOT _cta_boost_version MATCHES "^[0-9]+$")
  set(CTA_BOOST_NOT_FOUND "CTA_BOOST_INCLUDE_DIR=${CTA_BOOST_INCLUDE_DIR}: boost/version.hpp defines no BOOST_VERSION")
  unset(_cta_boost_version)
  return()
endif()
math(EXPR _cta_boost_major "${_cta_boost_version} / 100000")
math(EXPR _cta_boost_minor "${_cta_boost_version} / 100 % 1000")
math(EXPR _cta_boost_patch "${_cta_boost_version} % 100")
set(_cta_boost_version "${_cta_boost_major}.${_cta_boost_minor}.${_cta_boost_patch}")
unset(_cta_boost_major)
unset(_cta_boost_minor)
unset(_cta_boost_patch)
if(_cta_boost_version VERSION_LESS CTA_BOOST_MIN_VERSION)
  string(CONCAT CTA_BOOST_NOT_FOUND
    "CTA_BOOST_INCLUDE_DIR=${CTA_BOOST_INCLUDE_DIR} holds Boost ${_cta_boost_version}; cta needs "
    "${CTA_BOOST_MIN_VERSION} or later")
  unset(_cta_boost_version)
  return()
endif()

# The staged directory: boost/ and nothing else.
set(_cta_boost_stage "${CMAKE_BINARY_DIR}/cta-boost-include")
file(MAKE_DIRECTORY "${_cta_boost_stage}")
file(CREATE_LINK "${CTA_BOOST_INCLUDE_DIR}/boost" "${_cta_boost_stage}/boost" SYMBOLIC)
add_library(cta::boost_headers INTERFACE IMPORTED)
set_target_properties(cta::boost_headers PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${_cta_boost_stage}"
  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${_cta_boost_stage}")
# The staged directory, for scripts that compile against this build's Boost outside CMake's targets (they read it
# from the cache).
set(CTA_BOOST_STAGED_INCLUDE_DIR "${_cta_boost_stage}" CACHE INTERNAL
    "the directory that cta::boost_headers puts on the include path")
message(STATUS "cta: Boost ${_cta_boost_version} from ${CTA_BOOST_INCLUDE_DIR} (its boost/ only, through "
  "${_cta_boost_stage})")
unset(_cta_boost_version)
unset(_cta_boost_stage)
