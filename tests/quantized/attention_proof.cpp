// SPDX-License-Identifier: BSL-1.0
// The seed's self-attention in int8, proven while this file compiles (static.quantized_attention): every step of the
// typed quantized self-attention equals what the array kernels that reproduce TensorFlow Lite's reference vectors
// compute from a converted model's parameters; the dequantized outputs stay within an output step of the exact
// outputs (../shared/reference/tutorial-values.md, 50 digits, here to 20). The same steps for a larger model of
// random weights and odd depths (attention_cases.hpp).
#include "attention_cases.hpp"

#include <cta/attention.hpp>

namespace {

using namespace quantized_seed;

// The exact outputs (tutorial-values.md): softmax(Q K^T) V, and softmax(Q K^T / sqrt(3)) V.
constexpr cta::matrix<double, 3, 3> exact{{{1.9366210616669623818, 6.6831053083348119091, 1.5950684074995564273},
                                           {1.9999939663351454417, 7.9639915951322153639, 0.053976405312549604155},
                                           {1.9997046127769654354, 7.7598922546577849389, 0.35838929467511520436}}};
constexpr cta::matrix<double, 3, 3> exact_scaled{
    {{1.8638742024430665226, 6.3193710122153326131, 1.7041886963354002161},
     {1.9991095526093676664, 7.8141235048674575776, 0.27347205835501963185},
     {1.9925551076229260346, 7.4796355917746326835, 0.73587725807560718255}}};

// The seed, as a converted model computes it.
constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
constexpr auto x = q::quantize<std::int8_t, parameters.inputs>(seed::inputs);
constexpr auto steps = q::self_attention_steps(x, model);
static_assert(steps_match(steps, by_kernels<parameters>(x, model)));
static_assert(q::self_attention(x, model) == steps.outputs);
// The seed's scores run from 2 to 16: the scores' scale is 16 / 255 and 0 stands at -128.
static_assert(parameters.scores == q::affine(16.0F / 255.0F, -128));
static_assert(parameters.weights == q::affine(1.0F / 256.0F, -128));
// The outputs within 1.5 output steps (the outputs' scale) of the exact ones: half a step from rounding the outputs,
// and up to one more from the weights' resolution, 1/256 (a weight of 1 is 255/256 in int8), times values as large
// as the outputs' range, 255 steps.
constexpr double bound = 1.5;
static_assert(error_in_output_steps(steps.outputs, exact) < bound);

// Scaled, and scaled and causal: the same checks; causal attention against cta's own (double) attention.
constexpr auto scaled_only =
    q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);
constexpr auto model_scaled = q::quantize_self_attention<scaled_only>(seed::w_query, seed::w_key, seed::w_value);
constexpr auto steps_scaled =
    q::self_attention_steps(q::quantize<std::int8_t, scaled_only.inputs>(seed::inputs), model_scaled);
static_assert(steps_match(steps_scaled, by_kernels<scaled_only>(q::quantize<std::int8_t, scaled_only.inputs>(seed::inputs),
                                                                 model_scaled)));
static_assert(error_in_output_steps(steps_scaled.outputs, exact_scaled) < bound);

constexpr auto model_causal = q::quantize_self_attention<scaled_causal>(seed::w_query, seed::w_key, seed::w_value);
constexpr auto x_causal = q::quantize<std::int8_t, scaled_causal.inputs>(seed::inputs);
constexpr auto steps_causal = q::self_attention_steps(x_causal, model_causal);
static_assert(steps_match(steps_causal, by_kernels<scaled_causal>(x_causal, model_causal)));
// Query 1 sees key 1 only: its weight is 1, which int8 saturates at 127 (255/256).
static_assert(steps_causal.weights(0, 0) == 127 && steps_causal.weights(0, 1) == -128 &&
              steps_causal.weights(0, 2) == -128);
static_assert(error_in_output_steps(steps_causal.outputs,
                                    cta::self_attention<double>(seed::inputs, seed::w_query, seed::w_key,
                                                                seed::w_value, cta::scaled, cta::causal)) < bound);

// The random model: every step equal to the array kernels', plain, and scaled and causal.
namespace rm = random_model;
constexpr auto model_random = q::quantize_self_attention<rm::parameters>(rm::w_query, rm::w_key, rm::w_value);
constexpr auto x_random = q::quantize<std::int8_t, rm::parameters.inputs>(rm::inputs);
static_assert(steps_match(q::self_attention_steps(x_random, model_random),
                          by_kernels<rm::parameters>(x_random, model_random)));
constexpr auto model_random_causal =
    q::quantize_self_attention<rm::scaled_causal>(rm::w_query, rm::w_key, rm::w_value);
constexpr auto x_random_causal = q::quantize<std::int8_t, rm::scaled_causal.inputs>(rm::inputs);
static_assert(steps_match(q::self_attention_steps(x_random_causal, model_random_causal),
                          by_kernels<rm::scaled_causal>(x_random_causal, model_random_causal)));

}  // namespace
