// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::layer_norm(x, gain, bias): the bias is one row of d elements, d the columns of x.
#include <cta/transformer/normalization.hpp>

constexpr cta::matrix<float, 3, 2> x{{{1, 2}, {3, 4}, {5, 6}}};
constexpr cta::matrix<float, 1, 2> gain{{{1, 1}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 2, 1> bias{};  // a column, not a row
#else
constexpr cta::matrix<float, 1, 2> bias{};
#endif
[[maybe_unused]] constexpr auto y = cta::layer_norm(x, gain, bias);
