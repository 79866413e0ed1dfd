// SPDX-License-Identifier: BSL-1.0
// Element type rule of a += b: a keeps its element type, which must be that of a + b (or b's).
#include <cta/operations.hpp>

constexpr auto sum() {
    cta::matrix<int, 2, 2> a{{{1, 2}, {3, 4}}};
#ifdef CTA_COMPILE_FAIL
    const cta::matrix<double, 2, 2> b{{{0.5, 0.5}, {0.5, 0.5}}};  // a + b is double: a would truncate it
#else
    const cta::matrix<short, 2, 2> b{{{5, 5}, {5, 5}}};  // a + b is int
#endif
    a += b;
    return a;
}
[[maybe_unused]] constexpr auto c = sum();
