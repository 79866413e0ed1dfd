// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_EQUAL on a constexpr variable of a function against a matrix written out in the call (its type's
// commas need no parentheses) names the first differing element and both values, as for namespace-scope variables.
#include <cta/check.hpp>
#include <cta/operations.hpp>

int trace_of_square() {
    constexpr cta::matrix<int, 2, 2> m{{{1, 2}, {3, 4}}};
    constexpr auto square = m * m;
#ifdef CTA_COMPILE_FAIL
    static_assert(CTA_EXPECT_EQUAL(square, cta::matrix<int, 2, 2>{{{7, 10}, {51, 22}}}));  // row 1, column 0
#else
    static_assert(CTA_EXPECT_EQUAL(square, cta::matrix<int, 2, 2>{{{7, 10}, {15, 22}}}));
#endif
    return square(0, 0) + square(1, 1);
}
