// SPDX-License-Identifier: BSL-1.0
// An integer product that overflows is undefined behaviour, which constant evaluation rejects: a build error.
#include <cta/operations.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr int big = 65536;  // 65536 * 65536 does not fit in a 32-bit int
#else
constexpr int big = 1024;
#endif
constexpr cta::matrix<int, 2, 2> a{{{big, 0}, {0, 1}}};
[[maybe_unused]] constexpr auto product = a * a;
