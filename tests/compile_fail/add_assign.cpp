// SPDX-License-Identifier: BSL-1.0
// Shape rule of a += b: a and b must have the same shape, as for a + b.
#include <cta/operations.hpp>

constexpr auto sum() {
    cta::matrix<float, 2, 3> a{};
#ifdef CTA_COMPILE_FAIL
    const cta::matrix<float, 3, 2> b{};  // 2 x 3 plus 3 x 2
#else
    const cta::matrix<float, 2, 3> b{};
#endif
    a += b;
    return a;
}
[[maybe_unused]] constexpr auto c = sum();
