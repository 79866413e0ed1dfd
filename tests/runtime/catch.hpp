// SPDX-License-Identifier: BSL-1.0
// Catch2 v3 or v2 (Debian 12 ships 2.13), whichever is installed.
#pragma once

#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_template_test_macros.hpp>
#include <catch2/catch_test_macros.hpp>
#else
// Catch2 2.13 uses std::nothrow without including <new>, which libc++ 22's headers no longer bring in on their way.
#include <new>
#include <catch2/catch.hpp>
#endif

#ifndef STATIC_CHECK
#define STATIC_CHECK(...) STATIC_REQUIRE(__VA_ARGS__)
#endif
