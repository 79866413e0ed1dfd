// SPDX-License-Identifier: BSL-1.0
// cta::make_matrix(rows) deduces the shape from the literal: rows of different lengths do not deduce one.
#include <cta/matrix.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::make_matrix({{1, 2, 3}, {4, 5}});  // a short row
#else
[[maybe_unused]] constexpr auto m = cta::make_matrix({{1, 2, 3}, {4, 5, 6}});
#endif
