// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_NEAR on constexpr variables of a function, the expected matrix written out in the call, names the first
// element out of tolerance, both values and their difference.
#include <cta/check.hpp>

double first_weight() {
    constexpr cta::matrix<double, 2, 2> weights{{{0.25, 0.75}, {0.5, 0.5}}};
    constexpr double tolerance = 1e-12;
#ifdef CTA_COMPILE_FAIL
    static_assert(CTA_EXPECT_NEAR(weights, cta::matrix<double, 2, 2>{{{0.25, 0.5}, {0.5, 0.5}}}, tolerance));  // (0, 1)
#else
    static_assert(CTA_EXPECT_NEAR(weights, cta::matrix<double, 2, 2>{{{0.25, 0.75}, {0.5, 0.5}}}, tolerance));
#endif
    return weights(0, 0);
}
