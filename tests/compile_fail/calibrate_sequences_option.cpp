// SPDX-License-Identifier: BSL-1.0
// cta::quantized::calibrate_self_attention({x1, x2, ...}, w_query, w_key, w_value, options...): the options of the
// calibration on several sequences are those of the single-matrix call, cta::scaled and cta::causal.
#include <cta/quantized/calibrate.hpp>

constexpr cta::matrix<double, 3, 2> x1{{{1.0, 0.0}, {0.0, 2.0}, {1.0, 1.0}}};
constexpr cta::matrix<double, 3, 2> x2{{{-1.0, 0.5}, {0.5, -1.0}, {1.0, 0.0}}};
constexpr cta::matrix<double, 2, 2> w{{{1.0, 0.5}, {-0.5, 1.0}}};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto parameters =
    cta::quantized::calibrate_self_attention({x1, x2}, w, w, w, cta::scaled, 2);  // 2 is no option
#else
[[maybe_unused]] constexpr auto parameters =
    cta::quantized::calibrate_self_attention({x1, x2}, w, w, w, cta::scaled);
#endif
