// SPDX-License-Identifier: BSL-1.0
// cta::make_matrix<T, R, C>(rows): every row of the literal has exactly C elements.
#include <cta/matrix.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::make_matrix<double, 2, 3>({{1, 2, 3}, {4, 5}});  // a short row
#else
[[maybe_unused]] constexpr auto m = cta::make_matrix<double, 2, 3>({{1, 2, 3}, {4, 5, 6}});
#endif
