// SPDX-License-Identifier: BSL-1.0
// Element type rule of a -= b: a keeps its element type, which must be that of a - b (or b's).
#include <cta/operations.hpp>

constexpr auto difference() {
    cta::matrix<float, 1, 3> a{{{1.0F, 2.0F, 3.0F}}};
#ifdef CTA_COMPILE_FAIL
    const cta::matrix<double, 1, 3> b{{{0.1, 0.2, 0.3}}};  // a - b is double: a would round it again
#else
    const cta::matrix<float, 1, 3> b{{{0.1F, 0.2F, 0.3F}}};
#endif
    a -= b;
    return a;
}
[[maybe_unused]] constexpr auto c = difference();
