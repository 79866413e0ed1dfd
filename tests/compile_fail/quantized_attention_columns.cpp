// SPDX-License-Identifier: BSL-1.0
// cta::quantized::self_attention(x, model): x has as many columns as the model's weights have rows.
#include <cta/quantized/attention.hpp>

#include "../../examples/seed.hpp"

namespace q = cta::quantized;
constexpr auto parameters = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
#ifdef CTA_COMPILE_FAIL
constexpr q::qmatrix<std::int8_t, 3, 5, parameters.inputs> quantized_inputs{};  // five columns, weights of four rows
#else
constexpr q::qmatrix<std::int8_t, 3, 4, parameters.inputs> quantized_inputs{};
#endif
[[maybe_unused]] constexpr auto outputs = q::self_attention(quantized_inputs, model);
