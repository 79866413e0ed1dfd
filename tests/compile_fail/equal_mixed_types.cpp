// SPDX-License-Identifier: BSL-1.0
// Shape rule of a == b between matrices of different element types: a and b must have the same shape.
#include <cta/operations.hpp>

constexpr cta::matrix<int, 2, 3> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 3, 4> b{};  // 2 x 3 compared with 3 x 4
#else
constexpr cta::matrix<double, 2, 3> b{};
#endif
[[maybe_unused]] constexpr bool c = a == b;
