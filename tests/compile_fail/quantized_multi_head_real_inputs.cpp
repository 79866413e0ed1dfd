// SPDX-License-Identifier: BSL-1.0
// cta::quantized::multi_head_self_attention(x, model): x is an int8 quantized matrix, not a real one.
#include <cta/quantized/multi_head.hpp>

#include "../../examples/seed.hpp"

namespace q = cta::quantized;
constexpr cta::matrix<int, 4, 2> w_heads{{{1, 0}, {0, 1}, {1, 1}, {0, 2}}};
constexpr cta::matrix<int, 2, 2> w_out{{{1, 0}, {0, 1}}};
constexpr auto parameters = q::calibrate_multi_head_self_attention<2>(seed::inputs, w_heads, w_heads, w_heads, w_out);
constexpr auto model = q::quantize_multi_head_self_attention<parameters>(w_heads, w_heads, w_heads, w_out);
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto outputs = q::multi_head_self_attention(seed::inputs, model);  // int inputs
#else
[[maybe_unused]] constexpr auto outputs =
    q::multi_head_self_attention(q::quantize<std::int8_t, parameters.inputs>(seed::inputs), model);
#endif
