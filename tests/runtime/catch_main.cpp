// SPDX-License-Identifier: BSL-1.0
// Catch2 2's main and implementation, compiled with the build's standard library where Catch2's own library,
// compiled with libstdc++, cannot be linked (-stdlib=libc++: tests/CMakeLists.txt, cta_catch2).
#define CATCH_CONFIG_MAIN
#include "catch.hpp"
