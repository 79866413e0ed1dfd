// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize_weights<Q>(w): Q is the quantization calibrated from w (symmetric_int8(w)).
#include <cta/quantized/calibrate.hpp>

constexpr cta::matrix<double, 2, 1> calibrated{{{0.5}, {-1.0}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 2, 1> weights{{{0.5}, {-2.0}}};  // another column: another scale
#else
constexpr cta::matrix<double, 2, 1> weights = calibrated;
#endif
[[maybe_unused]] constexpr auto w = cta::quantized::quantize_weights<cta::quantized::symmetric_int8(calibrated)>(weights);
