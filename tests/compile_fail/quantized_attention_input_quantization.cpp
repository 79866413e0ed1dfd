// SPDX-License-Identifier: BSL-1.0
// cta::quantized::self_attention(x, model): x is quantized as the model's inputs were calibrated. docs/quantized.md
// and docs/quantized.zh.md quote the region below and the compiler's message with CTA_COMPILE_FAIL defined.
#include <cta/quantized/attention.hpp>

#include "../../examples/seed.hpp"

// [quantized:mistake]
namespace q = cta::quantized;
constexpr auto parameters = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
#ifdef CTA_COMPILE_FAIL
constexpr auto inputs = q::affine(0.5F, 0);  // not the model's
#else
constexpr auto inputs = parameters.inputs;
#endif
[[maybe_unused]] constexpr auto outputs = q::self_attention(q::quantize<std::int8_t, inputs>(seed::inputs), model);
// [/quantized:mistake]
