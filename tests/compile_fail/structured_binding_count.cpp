// SPDX-License-Identifier: BSL-1.0
// A structured binding of a matrix names each element: R * C names.
#include <cta/matrix.hpp>

constexpr int sum() {
    constexpr cta::matrix<int, 2, 3> m{{{1, 2, 3}, {4, 5, 6}}};
#ifdef CTA_COMPILE_FAIL
    const auto [a, b, c] = m;  // a row's worth of names for two rows
    return a + b + c;
#else
    const auto [a, b, c, d, e, f] = m;
    return a + b + c + d + e + f;
#endif
}
[[maybe_unused]] constexpr int total = sum();
