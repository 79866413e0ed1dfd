// SPDX-License-Identifier: BSL-1.0
// Shape rule of a + b: a and b must have the same shape.
#include <cta/operations.hpp>

constexpr cta::matrix<float, 2, 3> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 3, 2> b{};  // 2 x 3 plus 3 x 2
#else
constexpr cta::matrix<float, 2, 3> b{};
#endif
[[maybe_unused]] constexpr auto c = a + b;
