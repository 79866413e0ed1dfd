// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::linear(inputs, w, b): w (d_in x d_out) has as many rows as x has columns.
#include <cta/transformer/linear.hpp>

constexpr cta::matrix<double, 2, 3> inputs{};
constexpr cta::matrix<double, 1, 5> b{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 5> w{};  // 4 rows, the inputs have 3 columns
#else
constexpr cta::matrix<double, 3, 5> w{};
#endif
[[maybe_unused]] constexpr auto y = cta::linear(inputs, w, b);
