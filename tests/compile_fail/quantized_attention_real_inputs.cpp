// SPDX-License-Identifier: BSL-1.0
// cta::quantized::self_attention(x, model): x is an int8 quantized matrix, not a real one (nor int16 integers).
#include <cta/quantized/attention.hpp>

#include "../../examples/seed.hpp"

namespace q = cta::quantized;
constexpr auto parameters = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto outputs = q::self_attention(cta::matrix<double, 3, 4>{}, model);  // real inputs
#else
[[maybe_unused]] constexpr auto outputs =
    q::self_attention(q::quantize<std::int8_t, parameters.inputs>(seed::inputs), model);
#endif
