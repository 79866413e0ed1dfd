// SPDX-License-Identifier: BSL-1.0
// Shape rule of CTA_EXPECT_EQUAL and CTA_EXPECT_NEAR: the two matrices must have the same shape.
#include <cta/check.hpp>

constexpr cta::matrix<double, 2, 3> weights{{{0.25, 0.5, 0.25}, {0.125, 0.75, 0.125}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 3, 2> expected_weights{{{0.25, 0.125}, {0.5, 0.75}, {0.25, 0.125}}};  // transposed
#else
constexpr cta::matrix<double, 2, 3> expected_weights{{{0.25, 0.5, 0.25}, {0.125, 0.75, 0.125}}};
#endif
static_assert(CTA_EXPECT_NEAR(weights, expected_weights, 1e-12));
