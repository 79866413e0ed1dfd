// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_NEAR names the first element out of tolerance (row, column), both values and their difference.
#include <cta/check.hpp>

constexpr cta::matrix<double, 2, 3> weights{{{0.25, 0.5, 0.25}, {0.125, 0.75, 0.125}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 2, 3> expected_weights{{{0.25, 0.5, 0.25}, {0.125, 0.5, 0.375}}};  // row 1, column 1
#else
constexpr cta::matrix<double, 2, 3> expected_weights{{{0.25, 0.5, 0.25}, {0.125, 0.75, 0.125}}};
#endif
static_assert(CTA_EXPECT_NEAR(weights, expected_weights, 1e-12));
