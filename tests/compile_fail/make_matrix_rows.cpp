// SPDX-License-Identifier: BSL-1.0
// cta::make_matrix<T, R, C>(rows): the literal has exactly R rows (a braced initialiser would fill the rest with 0).
#include <cta/matrix.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::make_matrix<int, 3, 2>({{1, 2}, {3, 4}});  // a row missing
#else
[[maybe_unused]] constexpr auto m = cta::make_matrix<int, 3, 2>({{1, 2}, {3, 4}, {5, 6}});
#endif
