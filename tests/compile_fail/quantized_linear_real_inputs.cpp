// SPDX-License-Identifier: BSL-1.0
// cta::quantized::linear(x, layer): x is an int8 quantized matrix, not a real one.
#include "quantized_linear_layer.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto outputs = q::linear(samples, layer);  // real inputs
#else
[[maybe_unused]] constexpr auto outputs = q::linear(q::quantize<std::int8_t, parameters.inputs>(samples), layer);
#endif
