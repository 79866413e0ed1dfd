// SPDX-License-Identifier: BSL-1.0
// Element type rule of m /= s: m keeps its element type, which must be that of m / s (or s's).
#include <cta/operations.hpp>

constexpr auto halved() {
    cta::matrix<int, 2, 2> m{{{2, 4}, {6, 8}}};
#ifdef CTA_COMPILE_FAIL
    m /= 2.5;  // m / 2.5 is double: m would truncate it
#else
    m /= 2;
#endif
    return m;
}
[[maybe_unused]] constexpr auto c = halved();
