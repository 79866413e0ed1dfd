// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_EQUAL takes two matrices: a tolerance given to it (meant for CTA_EXPECT_NEAR) is refused by name.
#include <cta/check.hpp>

constexpr cta::matrix<double, 1, 2> weights{{{0.25, 0.75}}};
constexpr cta::matrix<double, 1, 2> expected_weights{{{0.25, 0.75}}};
#ifdef CTA_COMPILE_FAIL
static_assert(CTA_EXPECT_EQUAL(weights, expected_weights, 1e-12));
#else
static_assert(CTA_EXPECT_EQUAL(weights, expected_weights));
#endif
