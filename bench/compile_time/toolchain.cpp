// SPDX-License-Identifier: BSL-1.0
// Which compiler, standard library and Boost a build uses, for the table of preprocessed lines per header in
// docs/performance.md (those counts hold for one compiler version, standard library and Boost version only). Not
// compiled: bench/regenerate.py and tests/docs_generated/check_header_lines.cmake preprocess it (-E) and read the
// three lines that start with cta_toolchain_, e.g. "GCC 12 2", "libstdc++ 12" and "1_74".
#include <version>

#include <boost/version.hpp>

#if defined(__clang__)
cta_toolchain_compiler Clang __clang_major__ __clang_minor__
#elif defined(__GNUC__)
cta_toolchain_compiler GCC __GNUC__ __GNUC_MINOR__
#else
cta_toolchain_compiler other 0 0
#endif
#if defined(_LIBCPP_VERSION)
cta_toolchain_library libc++ _LIBCPP_VERSION
#elif defined(_GLIBCXX_RELEASE)
cta_toolchain_library libstdc++ _GLIBCXX_RELEASE
#else
cta_toolchain_library other 0
#endif
cta_toolchain_boost BOOST_LIB_VERSION
