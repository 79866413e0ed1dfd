# SPDX-License-Identifier: BSL-1.0
# Boost.Hana (header-only) from the host for a bare-metal cross build (examples/cortex-m4, tests/embedded/cortex-a15).
# The cta::cta target of the top-level project cannot be used there: its Boost::headers puts the host's /usr/include
# on the include path, where the host C library's headers (stdint.h, ...) would shadow newlib's. Instead the cross
# compiler sees a directory that holds only a symlink boost -> <host include dir>/boost, so <boost/...> is the only
# thing it can reach from the host (docs/embedded.md).
#   cta_stage_host_boost(<out>)   sets <out> to that directory (in the current binary directory)
function(cta_stage_host_boost out)
  find_path(CTA_HOST_BOOST_INCLUDE_DIR NAMES boost/hana.hpp
    PATHS /usr/include /usr/local/include
    NO_CMAKE_FIND_ROOT_PATH
    DOC "The host directory that contains boost/hana.hpp")
  if(NOT CTA_HOST_BOOST_INCLUDE_DIR)
    message(FATAL_ERROR "Boost.Hana not found: set CTA_HOST_BOOST_INCLUDE_DIR to the directory that holds boost/")
  endif()
  set(stage "${CMAKE_CURRENT_BINARY_DIR}/host-boost")
  file(MAKE_DIRECTORY "${stage}")
  file(CREATE_LINK "${CTA_HOST_BOOST_INCLUDE_DIR}/boost" "${stage}/boost" SYMBOLIC)
  set(${out} "${stage}" PARENT_SCOPE)
endfunction()
