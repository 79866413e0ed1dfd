// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_NEAR takes two matrices and a tolerance: a call without the tolerance is refused by name.
#include <cta/check.hpp>

constexpr cta::matrix<double, 1, 2> weights{{{0.25, 0.75}}};
constexpr cta::matrix<double, 1, 2> expected_weights{{{0.25, 0.75}}};
#ifdef CTA_COMPILE_FAIL
static_assert(CTA_EXPECT_NEAR(weights, expected_weights));
#else
static_assert(CTA_EXPECT_NEAR(weights, expected_weights, 1e-12));
#endif
