// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_EQUAL on integers whose difference overflows their type (INT_MAX and -1) stops with its own report,
// the difference shown exactly, not with an overflow inside the comparison.
#include <limits>

#include <cta/check.hpp>

constexpr cta::matrix<int, 1, 2> ints{{{7, std::numeric_limits<int>::max()}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 1, 2> expected{{{7, -1}}};  // differs at row 0, column 1, by 2^31
#else
constexpr cta::matrix<int, 1, 2> expected{{{7, std::numeric_limits<int>::max()}}};
#endif
static_assert(CTA_EXPECT_EQUAL(ints, expected));
