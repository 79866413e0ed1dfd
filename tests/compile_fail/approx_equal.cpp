// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::approx_equal(a, b, tolerance): a and b must have the same shape.
#include <cta/compare.hpp>

constexpr cta::matrix<double, 3, 5> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 5, 3> b{};  // 3 x 5 compared with 5 x 3
#else
constexpr cta::matrix<float, 3, 5> b{};
#endif
[[maybe_unused]] constexpr bool c = cta::approx_equal(a, b, 1e-6);
