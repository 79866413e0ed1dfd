// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::rms_norm(x, gain): the gain is one row of d elements, d the columns of x.
#include <cta/transformer/normalization.hpp>

constexpr cta::matrix<double, 2, 4> x{{{1, 2, 3, 4}, {5, 6, 7, 8}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 1, 3> gain{};
#else
constexpr cta::matrix<double, 1, 4> gain{};
#endif
[[maybe_unused]] constexpr auto y = cta::rms_norm(x, gain);
