// SPDX-License-Identifier: BSL-1.0
// cta::quantized::calibrate_self_attention({x1, x2, ...}, w_query, w_key, w_value): the representative sequences in
// braces are matrices of one type, n x d_in each; sequences of different lengths do not deduce one n.
#include <cta/quantized/calibrate.hpp>

constexpr cta::matrix<double, 3, 2> x1{{{1.0, 0.0}, {0.0, 2.0}, {1.0, 1.0}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 2> x2{{{-1.0, 0.5}, {0.5, -1.0}, {1.0, 0.0}, {0.0, 1.0}}};  // four tokens
#else
constexpr cta::matrix<double, 3, 2> x2{{{-1.0, 0.5}, {0.5, -1.0}, {1.0, 0.0}}};
#endif
constexpr cta::matrix<double, 2, 2> w{{{1.0, 0.5}, {-0.5, 1.0}}};
[[maybe_unused]] constexpr auto parameters = cta::quantized::calibrate_self_attention({x1, x2}, w, w, w);
