// SPDX-License-Identifier: BSL-1.0
// Shape rule of a * b inside a chain: in (a * b) * c, the second product reports its own operands.
#include <cta/operations.hpp>

constexpr cta::matrix<int, 2, 3> a{};
constexpr cta::matrix<int, 3, 4> b{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 5, 6> c{};  // (2 x 3 times 3 x 4) is 2 x 4, times 5 x 6: the inner sizes differ
#else
constexpr cta::matrix<int, 4, 6> c{};
#endif
[[maybe_unused]] constexpr auto d = (a * b) * c;
