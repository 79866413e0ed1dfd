// SPDX-License-Identifier: BSL-1.0
// Element type rule of m *= s: m keeps its element type, which must be that of m * s (or s's).
#include <cta/operations.hpp>

constexpr auto scaled() {
    cta::matrix<float, 2, 3> m{{{1.0F, 2.0F, 3.0F}, {4.0F, 5.0F, 6.0F}}};
#ifdef CTA_COMPILE_FAIL
    m *= 0.1;  // a double: m * 0.1 is double, m would round it again (0.1F is meant)
#else
    m *= 0.1F;
#endif
    return m;
}
[[maybe_unused]] constexpr auto c = scaled();
