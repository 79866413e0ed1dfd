// SPDX-License-Identifier: BSL-1.0
// cta::get<I>(m): I counts the elements in row-major order, below m.size().
#include <cta/matrix.hpp>

constexpr cta::matrix<int, 2, 3> m{{{1, 2, 3}, {4, 5, 6}}};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr int e = cta::get<6>(m);  // elements 0 to 5
#else
[[maybe_unused]] constexpr int e = cta::get<5>(m);
#endif
