// SPDX-License-Identifier: BSL-1.0
// Multi-head self-attention in int8, two heads on the seed's inputs, proven while this file compiles
// (static.quantized_multi_head): every step equals what the reference kernels compute from a converted model's
// parameters, and the dequantized outputs stay within 1.5 output steps of cta's real-valued multi-head attention.
#include "multi_head_cases.hpp"

#include <cta/multi_head.hpp>

namespace {

using namespace quantized_multi_head;

template <auto P>
constexpr bool proven(const auto& exact) {
    constexpr auto model = q::quantize_multi_head_self_attention<P>(w_query, w_key, w_value, w_out);
    constexpr auto x = q::quantize<std::int8_t, P.inputs>(seed::inputs);
    return matches_kernels<P>(x, model) && q::multi_head_self_attention(x, model) ==
                                               q::multi_head_self_attention_steps(x, model).outputs &&
           quantized_seed::error_in_output_steps(q::multi_head_self_attention(x, model), exact) < 1.5;
}

static_assert(proven<parameters>(cta::multi_head_self_attention<2, double>(seed::inputs, w_query, w_key, w_value,
                                                                           w_out)));
static_assert(proven<causal>(cta::multi_head_self_attention<2, double>(seed::inputs, w_query, w_key, w_value, w_out,
                                                                       cta::causal)));
// One quantization for the scores of both heads, as one BATCH_MATMUL over the heads has: their range is head 1's,
// 0 to 16 / sqrt(3) (head 2's scores reach 4 / sqrt(3) only).
static_assert(parameters.scores == q::asymmetric_int8(0.0F, static_cast<float>(16.0 / cta::sqrt(3.0))));

}  // namespace
