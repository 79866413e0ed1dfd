// SPDX-License-Identifier: BSL-1.0
// Shape rule of a -= b: a and b must have the same shape, as for a - b.
#include <cta/operations.hpp>

constexpr auto difference() {
    cta::matrix<double, 4, 2> a{};
#ifdef CTA_COMPILE_FAIL
    const cta::matrix<int, 4, 5> b{};  // 4 x 2 minus 4 x 5
#else
    const cta::matrix<int, 4, 2> b{};
#endif
    a -= b;
    return a;
}
[[maybe_unused]] constexpr auto c = difference();
