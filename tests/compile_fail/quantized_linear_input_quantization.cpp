// SPDX-License-Identifier: BSL-1.0
// cta::quantized::linear(x, layer): x is quantized as the layer's inputs were calibrated.
#include "quantized_linear_layer.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr auto inputs = q::affine(0.125F, 0);  // not the layer's
#else
constexpr auto inputs = parameters.inputs;
#endif
[[maybe_unused]] constexpr auto outputs = q::linear(q::quantize<std::int8_t, inputs>(samples), layer);
