// SPDX-License-Identifier: BSL-1.0
// Shape rule of a - b: a and b must have the same shape.
#include <cta/operations.hpp>

constexpr cta::matrix<int, 4, 2> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 5> b{};  // 4 x 2 minus 4 x 5
#else
constexpr cta::matrix<double, 4, 2> b{};
#endif
[[maybe_unused]] constexpr auto c = a - b;
