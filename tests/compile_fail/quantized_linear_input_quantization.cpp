// SPDX-License-Identifier: BSL-1.0
// cta::quantized::linear(x, layer): x is quantized as the layer's inputs were calibrated.
#include <cta/quantized/linear.hpp>

namespace q = cta::quantized;
constexpr cta::matrix<double, 2, 3> samples{{{1.0, -2.0, 0.5}, {0.0, 1.0, 3.0}}};
constexpr cta::matrix<double, 3, 2> weights{{{1.0, 0.5}, {-1.0, 2.0}, {0.25, 0.0}}};
constexpr cta::matrix<double, 1, 2> bias{{{0.5, -0.5}}};
constexpr auto parameters = q::calibrate_linear(samples, weights, bias);
constexpr auto layer = q::quantize_linear<parameters>(weights, bias);
#ifdef CTA_COMPILE_FAIL
constexpr auto inputs = q::affine(0.125F, 0);  // not the layer's
#else
constexpr auto inputs = parameters.inputs;
#endif
[[maybe_unused]] constexpr auto outputs = q::linear(q::quantize<std::int8_t, inputs>(samples), layer);
