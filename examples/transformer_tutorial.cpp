// SPDX-License-Identifier: BSL-1.0
// From self-attention to a Transformer, as a typed tutorial: the layers around attention, the blocks made of them
// and a whole model, computed and checked while this file compiles, and printed when it runs. docs/transformer.md
// (English) and docs/transformer.zh.md (Chinese) show the regions of this file marked `// [transformer:NAME]` ...
// `// [/transformer:NAME]`. CTest `docs.snippets` fails when a block of the docs differs from its region here, and
// `docs.numbers` when the text of the docs shows a number that no static_assert below contains
// (cmake/cta_check_snippets.cmake).
// [transformer:includes]
#include <array>
#include <cstddef>
#include <iostream>
#include <type_traits>

#include <cta/cta.hpp>          // the matrix, softmax, attention (docs/tutorial.md)
#include <cta/transformer.hpp>  // the layers and blocks of this chapter
#include <cta/io.hpp>           // printing, for main() only
#include <cta/math/tanh.hpp>    // tanh, for the formula of the GELU approximation

#include "tiny_model/tiny_model_weights.hpp"  // the constructed model of the last section
// [/transformer:includes]

#include "seed.hpp"

namespace {

using cta::matrix;

// The tutorial's three tokens and its query weights (docs/tutorial.md, sections 3 and 4).
// [transformer:seed]
constexpr matrix<int, 3, 4> inputs{{
    {1, 0, 1, 0},  // Input 1
    {0, 2, 0, 2},  // Input 2
    {1, 1, 1, 1},  // Input 3
}};
constexpr matrix<int, 4, 3> w_query{{
    {1, 0, 1},
    {1, 0, 0},
    {0, 0, 1},
    {0, 1, 1},
}};
// [/transformer:seed]
static_assert(inputs == seed::inputs && w_query == seed::w_query);

// ---- Section 2: the linear layer ------------------------------------------------------------------------------------
// [transformer:linear]
// y = x W + b: the tutorial's queries, inputs x w_query, and a bias added to every row.
constexpr matrix<int, 1, 3> b_query{{{1, 0, -1}}};
constexpr auto queries = cta::linear(inputs, w_query);
constexpr auto biased_queries = cta::linear(inputs, w_query, b_query);
static_assert(queries == inputs * w_query);
static_assert(queries == matrix<int, 3, 3>{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}});
static_assert(biased_queries == matrix<int, 3, 3>{{{2, 0, 1}, {3, 2, 1}, {3, 1, 2}}});
// [/transformer:linear]

// [transformer:linear_pytorch]
// PyTorch's nn.Linear(4, 3) keeps its weight as 3 x 4, W transposed, and computes x weight^T + bias.
constexpr matrix<int, 3, 4> torch_weight{{
    {1, 1, 0, 0},
    {0, 0, 0, 1},
    {1, 0, 1, 1},
}};
static_assert(torch_weight == cta::transpose(w_query));
static_assert(cta::linear(inputs, cta::transpose(torch_weight), b_query) == biased_queries);
// [/transformer:linear_pytorch]

// ---- Section 3: normalization ---------------------------------------------------------------------------------------
// [transformer:layer_norm]
// Each row: minus its mean, divided by sqrt(variance + epsilon), times a gain, plus a bias.
constexpr matrix<double, 1, 4> ones{{{1, 1, 1, 1}}};
constexpr matrix<double, 1, 4> zeros{};
constexpr auto normalized = cta::layer_norm(inputs, ones, zeros);  // epsilon = 1e-5
static_assert(std::is_same_v<decltype(normalized), const matrix<double, 3, 4>>);
static_assert(cta::round_to(normalized, 6) == matrix<double, 3, 4>{{{0.99998, -0.99998, 0.99998, -0.99998},
                                                                    {-0.999995, 0.999995, -0.999995, 0.999995},
                                                                    {0, 0, 0, 0}}});
// Row 1: mean 0.5, variance ((0.5)^2 + (-0.5)^2 + (0.5)^2 + (-0.5)^2) / 4 = 0.25, divided by 4, not 3.
static_assert(normalized(0, 0) == 0.5 / cta::sqrt(0.25 + 1e-5));
// [/transformer:layer_norm]

// [transformer:rms_norm]
// RMS norm: no mean subtracted, each row divided by the square root of the mean of its squares.
constexpr auto rms = cta::rms_norm(inputs, ones);
static_assert(cta::round_to(rms, 4) == matrix<double, 3, 4>{{{1.4142, 0, 1.4142, 0},
                                                             {0, 1.4142, 0, 1.4142},
                                                             {1, 1, 1, 1}}});
// [/transformer:rms_norm]

// ---- Section 4: activations -----------------------------------------------------------------------------------------
// [transformer:activations]
// The queries with a bias that makes some of them negative, then ReLU, SiLU and the GELUs of every element.
constexpr auto shifted = cta::linear(inputs, w_query, matrix<int, 1, 3>{{{-2, -1, 0}}});
static_assert(shifted == matrix<int, 3, 3>{{{-1, -1, 2}, {0, 1, 2}, {0, 0, 3}}});
static_assert(cta::relu(shifted) == matrix<int, 3, 3>{{{0, 0, 2}, {0, 1, 2}, {0, 0, 3}}});
constexpr auto swished = cta::silu(shifted);  // x / (1 + e^-x), in double
static_assert(cta::round_to(swished, 4) == matrix<double, 3, 3>{{{-0.2689, -0.2689, 1.7616},
                                                                 {0, 0.7311, 1.7616},
                                                                 {0, 0, 2.8577}}});
constexpr auto gelus = cta::gelu(shifted);  // x / 2 (1 + erf(x / sqrt 2)), in double
static_assert(cta::round_to(gelus, 4) == matrix<double, 3, 3>{{{-0.1587, -0.1587, 1.9545},
                                                              {0, 0.8413, 1.9545},
                                                              {0, 0, 2.996}}});
static_assert(cta::round_to(cta::gelu_tanh(shifted), 4) == matrix<double, 3, 3>{{{-0.1588, -0.1588, 1.9546},
                                                                                {0, 0.8412, 1.9546},
                                                                                {0, 0, 2.9964}}});
// [/transformer:activations]
// The tanh form as the page writes it, with its constant 0.044715: the same value at x = 1 within 2^-52.
constexpr double sqrt_2_over_pi = cta::sqrt(2.0 / 3.141592653589793);
static_assert(cta::abs(cta::gelu_tanh(1.0) - 0.5 * (1.0 + cta::tanh(sqrt_2_over_pi * (1.0 + 0.044715)))) <= 0x1p-52);

// ---- Section 5: residual connections --------------------------------------------------------------------------------
// [transformer:residual]
// x + sublayer(x) needs the sublayer to keep x's shape. The tutorial's attention turns 3 x 4 into 3 x 3:
constexpr auto attention_outputs = cta::self_attention(inputs, w_query, seed::w_key, seed::w_value);
static_assert(!cta::same_shape<decltype(inputs), decltype(attention_outputs)>);  // inputs + outputs: a build error
// A sublayer with 4 x 4 weights keeps 3 x 4, and the sum is element by element:
constexpr auto kept = cta::linear(inputs, matrix<int, 4, 4>{{{0, 1, 0, 0}, {1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}}});
constexpr auto residual = inputs + kept;
static_assert(residual == matrix<int, 3, 4>{{{1, 1, 1, 1}, {2, 2, 2, 2}, {2, 2, 2, 2}}});
// [/transformer:residual]

// ---- Section 6: token embedding -------------------------------------------------------------------------------------
// [transformer:token_embedding]
// A vocabulary of 5 tokens, one row of 4 numbers each; token ids are indices, std::size_t.
constexpr matrix<double, 5, 4> table{{
    {1, 0, 1, 0},     // token 0
    {0, 2, 0, 2},     // token 1
    {1, 1, 1, 1},     // token 2
    {0, 1, 0, 0.5},   // token 3
    {0.5, 0, 1, 0},   // token 4
}};
constexpr std::array<std::size_t, 3> ids{0, 1, 2};
constexpr auto embedded = cta::token_embedding(ids, table);  // rows 0, 1 and 2: the tutorial's inputs
static_assert(std::is_same_v<decltype(embedded), const matrix<double, 3, 4>>);
static_assert(embedded == inputs);
static_assert(cta::token_embedding(std::array<std::size_t, 2>{4, 3}, table) ==
              matrix<double, 2, 4>{{{0.5, 0, 1, 0}, {0, 1, 0, 0.5}}});
// cta::token_embedding(std::array<std::size_t, 1>{7}, table) stops the build: 7 is not below 5.
// [/transformer:token_embedding]

// ---- Section 7: positions -------------------------------------------------------------------------------------------
// [transformer:sinusoidal]
// PE(pos, 2i) = sin(pos / 10000^(2i / d)), PE(pos, 2i + 1) = cos(pos / 10000^(2i / d)); here d = 4, so the
// first pair turns with pos itself and the second with pos / 100.
constexpr auto pe = cta::sinusoidal_positional_encoding<double, 3, 4>();
static_assert(cta::round_to(pe, 4) == matrix<double, 3, 4>{{{0, 1, 0, 1},
                                                            {0.8415, 0.5403, 0.01, 1},
                                                            {0.9093, -0.4161, 0.02, 0.9998}}});
static_assert(pe(1, 0) == cta::sin(1.0) && pe(2, 1) == cta::cos(2.0));
constexpr auto x = embedded + pe;  // the encoder's inputs: tokens and their positions
static_assert(cta::round_to(x, 4) == matrix<double, 3, 4>{{{1, 1, 1, 1},
                                                           {0.8415, 2.5403, 0.01, 3},
                                                           {1.9093, 0.5839, 1.02, 1.9998}}});
// [/transformer:sinusoidal]

// [transformer:learned_positions]
// A learned table, max_len x d (here 4 x 4): position i adds row i; n may be below max_len.
constexpr matrix<double, 4, 4> positions{{
    {0, 0, 0, 0},
    {0.25, 0, 0, 0},
    {0.5, 0, 0, 0},
    {0.75, 0, 0, 0},
}};
constexpr auto x_learned = cta::learned_positional_embedding(embedded, positions);
static_assert(x_learned == matrix<double, 3, 4>{{{1, 0, 1, 0}, {0.25, 2, 0, 2}, {1.5, 1, 1, 1}}});
// [/transformer:learned_positions]

// ---- Section 8: the encoder layer -----------------------------------------------------------------------------------
// [transformer:weights]
// Multi-head attention with biases, d_model = 4, two heads of 2 columns each (PyTorch's
// nn.MultiheadAttention: its in_proj_weight holds these W transposed).
constexpr cta::attention_weights attention{
    matrix<double, 4, 4>{{{1, 0, 1, 0}, {1, 0, 0, 1}, {0, 0, 1, 0}, {0, 1, 1, 1}}},    // w_query
    matrix<double, 1, 4>{{{0.5, 0, 0, -0.5}}},                                          // b_query
    matrix<double, 4, 4>{{{0, 0, 1, 1}, {1, 1, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}}},    // w_key
    matrix<double, 1, 4>{{{0, 0.5, 0, 0}}},                                             // b_key
    matrix<double, 4, 4>{{{0, 1, 0, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}, {1, 0, 0, 1}}},    // w_value
    matrix<double, 1, 4>{{{1, 0, 0, 0}}},                                               // b_value
    matrix<double, 4, 4>{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}},    // w_out
    matrix<double, 1, 4>{{{0, 0, 0, 0.5}}},                                             // b_out
};
// The feed-forward part, relu(z W_1 + b_1) W_2 + b_2, d_ff = 4 (PyTorch's linear1, linear2).
constexpr cta::feed_forward_weights feed_forward{
    matrix<double, 4, 4>{{{1, -1, 0, 0}, {0, 1, -1, 0}, {0, 0, 1, -1}, {-1, 0, 0, 1}}},  // w_1
    matrix<double, 1, 4>{{{0, 0.5, 0, -0.5}}},                                            // b_1
    matrix<double, 4, 4>{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}},      // w_2
    matrix<double, 1, 4>{{{0, 0, 0, 0}}},                                                 // b_2
};
// A layer norm: gain 1, bias 0, epsilon 1e-5 (nn.LayerNorm(4)'s defaults).
constexpr cta::layer_norm_weights norm{ones, zeros};

constexpr auto post_layer = cta::make_encoder_layer<2>(attention, feed_forward, norm, norm);  // post-norm
constexpr auto pre_layer = cta::make_encoder_layer<2>(attention, feed_forward, norm, norm, cta::pre_norm);
// [/transformer:weights]

// [transformer:attention_sublayer]
// Every step of the post-norm layer on x; first its attention sublayer.
constexpr auto steps = cta::encoder_layer_steps(x, post_layer);
constexpr auto& sa = steps.self_attention;
static_assert(sa.queries == cta::linear(x, attention.w_query, attention.b_query));
// Head 1 uses columns 0 and 1 of the queries, keys and values, head 2 columns 2 and 3;
// each head's weights: softmax(Q_h K_h^T / sqrt(2)), one row per query.
static_assert(cta::round_to(sa.weights[0], 4) == matrix<double, 3, 3>{{{0.0003, 0.9983, 0.0014},
                                                                       {0.0000, 1.0000, 0.0000},
                                                                       {0.0000, 0.9999, 0.0001}}});
static_assert(cta::round_to(sa.weights[1], 4) == matrix<double, 3, 3>{{{0.0509, 0.0307, 0.9184},
                                                                       {0.0033, 0.0012, 0.9955},
                                                                       {0.0108, 0.0049, 0.9842}}});
// The heads' outputs side by side, times w_out, plus b_out:
static_assert(sa.outputs == cta::linear(sa.concatenated, attention.w_out, attention.b_out));
// [/transformer:attention_sublayer]

// [transformer:post_norm]
// Post-norm: r1 = x + SA(x), z = LN1(r1), r2 = z + FF(z), outputs = LN2(r2).
static_assert(steps.residual_1 == x + sa.outputs);
static_assert(steps.feed_forward_inputs == cta::layer_norm(steps.residual_1, ones, zeros));
static_assert(steps.hidden == cta::relu(cta::linear(steps.feed_forward_inputs, feed_forward.w_1, feed_forward.b_1)));
static_assert(steps.residual_2 == steps.feed_forward_inputs + steps.feed_forward);
static_assert(steps.outputs == cta::layer_norm(steps.residual_2, ones, zeros));
constexpr auto encoded = cta::encode(x, post_layer);  // the outputs alone
static_assert(cta::identical(encoded, steps.outputs));
static_assert(cta::round_to(encoded, 4) == matrix<double, 3, 4>{{{0.8851, -0.0729, -1.6064, 0.7942},
                                                                 {-0.3359, 0.5862, -1.4503, 1.2000},
                                                                 {0.7871, -0.4970, -1.3883, 1.0982}}});
// [/transformer:post_norm]

// [transformer:pre_norm]
// Pre-norm: r1 = x + SA(LN1(x)), r2 = r1 + FF(LN2(r1)), outputs = r2, not normalized.
constexpr auto pre_steps = cta::encoder_layer_steps(x, pre_layer);
static_assert(pre_steps.attention_inputs == cta::layer_norm(x, ones, zeros));
static_assert(pre_steps.outputs == pre_steps.residual_1 + pre_steps.feed_forward);
static_assert(cta::round_to(pre_steps.outputs, 4) == matrix<double, 3, 4>{{{2.0250, 0.9750, 0.3079, 4.1901},
                                                                           {1.7633, 3.6521, -0.5677, 6.0421},
                                                                           {2.9419, 0.5945, 0.4346, 4.3912}}});
// [/transformer:pre_norm]

// ---- Section 9: the decoder layer -----------------------------------------------------------------------------------
// [transformer:decoder]
// Two target tokens, 3 and 4, attend to each other under the causal mask, then to the encoder's
// outputs (the memory) through the cross-attention; then the feed-forward part.
constexpr auto target = cta::token_embedding(std::array<std::size_t, 2>{3, 4}, table) +
                        cta::sinusoidal_positional_encoding<double, 2, 4>();
constexpr auto decoder_layer = cta::make_decoder_layer<2>(attention, attention, feed_forward, norm, norm, norm);
constexpr auto decoder_steps = cta::decoder_layer_steps(target, encoded, decoder_layer, cta::causal);
// Under the causal mask the first target token sees only itself:
static_assert(decoder_steps.self_attention.weights[0](0, 1) == 0 && decoder_steps.self_attention.weights[1](0, 1) == 0);
// The cross-attention: 2 queries from the decoder, 3 keys and values from the memory, so its weights are 2 x 3.
static_assert(cta::round_to(decoder_steps.cross_attention.weights[0], 4) ==
              matrix<double, 2, 3>{{{0.1409, 0.7151, 0.1440}, {0.1724, 0.6721, 0.1555}}});
constexpr auto decoded = cta::decode(target, encoded, decoder_layer, cta::causal);
static_assert(cta::identical(decoded, decoder_steps.outputs));
static_assert(cta::round_to(decoded, 4) == matrix<double, 2, 4>{{{-0.3565, 0.1406, -1.2759, 1.4917},
                                                                 {0.3485, -0.4481, -1.3053, 1.4049}}});
// [/transformer:decoder]

// ---- Section 10: stacks, the head, greedy decoding ------------------------------------------------------------------
// [transformer:stack]
// A stack of layers: the outputs of one are the inputs of the next.
constexpr std::array<decltype(post_layer), 2> layers{post_layer, post_layer};
static_assert(cta::identical(cta::encode(x, layers), cta::encode(cta::encode(x, post_layer), post_layer)));
// [/transformer:stack]

// [transformer:stack_steps]
// The record of every layer of the stack: layer 1's steps are those of a layer on layer 0's outputs.
constexpr auto stack_steps = cta::encoder_stack_steps(x, layers);  // std::array of 2 cta::encoder_steps
static_assert(stack_steps[0] == steps);
static_assert(stack_steps[1] == cta::encoder_layer_steps(stack_steps[0].outputs, post_layer));
static_assert(cta::identical(stack_steps[1].outputs, cta::encode(x, layers)));
// [/transformer:stack_steps]

// [transformer:head]
// The head: one logit per token of the vocabulary, then the largest of each row.
constexpr matrix<double, 4, 5> w_head{{
    {1, 0, 0, 0, 0},
    {0, 1, 0, 0, 0},
    {0, 0, 1, 0, 0},
    {0, 0, 0, 1, 1},
}};
constexpr matrix<double, 1, 5> b_head{{{0, 0, 0, 0, -0.25}}};
constexpr auto logits = cta::linear(encoded, w_head, b_head);
static_assert(cta::round_to(logits, 4) == matrix<double, 3, 5>{{{0.8851, -0.0729, -1.6064, 0.7942, 0.5442},
                                                                {-0.3359, 0.5862, -1.4503, 1.2000, 0.9500},
                                                                {0.7871, -0.4970, -1.3883, 1.0982, 0.8482}}});
static_assert(cta::argmax_rows(logits) == std::array<std::size_t, 3>{0, 3, 3});  // token 0, then token 3 twice
// The probabilities of the next token: the softmax of each row, whose largest is the largest logit's.
constexpr auto next = cta::softmax(logits);
static_assert(cta::round_to(next, 4) == matrix<double, 3, 5>{{{0.3235, 0.1241, 0.0268, 0.2954, 0.2301},
                                                              {0.0826, 0.2077, 0.0271, 0.3837, 0.2989},
                                                              {0.2619, 0.0725, 0.0297, 0.3575, 0.2784}}});
static_assert(cta::argmax_rows(next) == cta::argmax_rows(logits));
// [/transformer:head]

// [transformer:greedy]
// Greedy decoding: each new token is next_token(the tokens so far), K = 3 times.
constexpr auto counted = cta::greedy_decode<3>(std::array<std::size_t, 2>{0, 1},
                                               [](const auto& so_far) { return (so_far.back() + 1) % 5; });
static_assert(counted == std::array<std::size_t, 5>{0, 1, 2, 3, 4});
// [/transformer:greedy]

// ---- Section 11: a tiny model that reverses digits and adds 1 -------------------------------------------------------
// [transformer:tiny_model]
namespace tm = tiny_model;  // examples/tiny_model/tiny_model_weights.hpp

// Each layer of the header as a cta::encoder_layer (pre-norm, one head of 32 columns), from its matrices: the
// attention's weights and biases, the feed-forward part's, and the two layer norms'.
namespace l1 = tm::layer_1;
constexpr auto layer_1 = cta::make_encoder_layer<tm::nhead>(
    cta::attention_weights{l1::w_q, l1::b_q, l1::w_k, l1::b_k, l1::w_v, l1::b_v, l1::w_o, l1::b_o},
    cta::feed_forward_weights{l1::w_1, l1::b_1, l1::w_2, l1::b_2}, cta::layer_norm_weights{l1::ln1_g, l1::ln1_b},
    cta::layer_norm_weights{l1::ln2_g, l1::ln2_b}, cta::pre_norm);
namespace l2 = tm::layer_2;
constexpr auto layer_2 = cta::make_encoder_layer<tm::nhead>(
    cta::attention_weights{l2::w_q, l2::b_q, l2::w_k, l2::b_k, l2::w_v, l2::b_v, l2::w_o, l2::b_o},
    cta::feed_forward_weights{l2::w_1, l2::b_1, l2::w_2, l2::b_2}, cta::layer_norm_weights{l2::ln1_g, l2::ln1_b},
    cta::layer_norm_weights{l2::ln2_g, l2::ln2_b}, cta::pre_norm);

// Embedding, sinusoidal positions, the two layers under the causal mask, a final layer norm, the head.
constexpr cta::decoder_only_model tiny{tm::embedding, std::array{layer_1, layer_2},
                                       cta::layer_norm_weights{tm::lnf_g, tm::lnf_b}, tm::w_head, tm::b_head};
// [/transformer:tiny_model]

// [transformer:tiny_answers]
// Tokens 0 to 9 are the digits, token 10 the separator. The answer: the 4 tokens generated after the prompt.
static_assert(tm::separator == 10);
template <class Model>
constexpr std::array<std::size_t, 4> answer(const Model& model, const std::array<std::size_t, 5>& prompt) {
    const auto all = cta::generate<4>(model, prompt);  // greedy: 4 tokens, one model run each
    return {all[5], all[6], all[7], all[8]};
}
static_assert(answer(tiny, {2, 0, 2, 6, 10}) == std::array<std::size_t, 4>{7, 3, 1, 3});
static_assert(answer(tiny, {9, 9, 9, 9, 10}) == std::array<std::size_t, 4>{0, 0, 0, 0});
static_assert(answer(tiny, {0, 1, 8, 3, 10}) == std::array<std::size_t, 4>{4, 9, 2, 1});
static_assert(answer(tiny, {3, 7, 5, 5, 10}) == std::array<std::size_t, 4>{6, 6, 8, 4});
static_assert(tm::test_prompts[0] == std::array<std::size_t, 5>{3, 7, 5, 5, 10});  // the header's first test
static_assert(tm::test_answers[0] == std::array<std::size_t, 4>{6, 6, 8, 4});
// [/transformer:tiny_answers]

// [transformer:tiny_reverse]
// Layer 1's attention on the 8 tokens the model reads while it answers 2 0 2 6: the prompt, the
// separator and the first 3 answer digits. Position t, from the separator on, reads position 7 - t.
constexpr std::array<std::size_t, 8> read{2, 0, 2, 6, 10, 7, 3, 1};
constexpr auto tiny_inputs = cta::token_embedding(read, tm::embedding) +
                             cta::sinusoidal_positional_encoding<double, 8, tm::d_model>();
constexpr auto layer_1_steps = cta::encoder_layer_steps(tiny_inputs, layer_1, cta::causal);
constexpr auto& mirror = layer_1_steps.self_attention.weights[0];  // 8 x 8, one head
static_assert(cta::argmax_rows(mirror) == std::array<std::size_t, 8>{0, 0, 2, 3, 3, 2, 1, 0});
static_assert(mirror(4, 3) == 1 && mirror(5, 2) == 1 && mirror(6, 1) == 1 && mirror(7, 0) == 1);
// [/transformer:tiny_reverse]

// [transformer:tiny_run]
// Every step of one run of the model on those 8 tokens: its inputs, each layer's record, the final layer norm's
// outputs and the logits. Layer 1's record is the one above; the last row's argmax is the next answer digit, 3.
constexpr auto run = cta::model_logits_steps(tiny, read);
static_assert(cta::identical(run.embedded, tiny_inputs));
static_assert(run.layers[0] == layer_1_steps);
static_assert(run.layers[1] == cta::encoder_layer_steps(run.layers[0].outputs, layer_2, cta::causal));
static_assert(cta::identical(run.logits, cta::model_logits(tiny, read)));
static_assert(cta::argmax(run.logits, 7) == 3);
// [/transformer:tiny_run]

// [transformer:tiny_ablation]
// A layer of zeros adds nothing to the stream (x + 0): the model without layer 1, without layer 2.
constexpr decltype(layer_1) zeroed{};
constexpr cta::decoder_only_model without_1{tm::embedding, std::array{zeroed, layer_2},
                                            cta::layer_norm_weights{tm::lnf_g, tm::lnf_b}, tm::w_head, tm::b_head};
constexpr cta::decoder_only_model without_2{tm::embedding, std::array{layer_1, zeroed},
                                            cta::layer_norm_weights{tm::lnf_g, tm::lnf_b}, tm::w_head, tm::b_head};
static_assert(answer(without_1, {3, 7, 5, 5, 10}) == std::array<std::size_t, 4>{10, 10, 10, 10});  // nothing copied
static_assert(answer(without_2, {3, 7, 5, 5, 10}) == std::array<std::size_t, 4>{5, 5, 7, 3});      // reversed only
// [/transformer:tiny_ablation]

void section(const char* title) { std::cout << "\n== " << title << " ==\n"; }

// Token ids as the model's task writes them: digits, and | for the separator.
template <std::size_t N>
void print_tokens(const std::array<std::size_t, N>& tokens) {
    for (std::size_t i = 0; i < N; ++i) {
        std::cout << (i == 0 ? "" : " ");
        if (tokens[i] == tm::separator) {
            std::cout << '|';
        } else {
            std::cout << tokens[i];
        }
    }
}

}  // namespace

int main() {
    std::cout << "From self-attention to a Transformer: every number below was computed and checked by the compiler.\n";

    section("2. Linear: inputs x w_query + b");
    std::cout << biased_queries << '\n';

    section("3. Layer norm and RMS norm of the inputs");
    std::cout << "layer_norm:\n" << cta::with_decimals(normalized, 6) << "\nrms_norm:\n" << cta::with_decimals(rms, 4)
              << '\n';

    section("4. ReLU and SiLU");
    std::cout << "relu:\n" << cta::relu(shifted) << "\nsilu:\n" << cta::with_decimals(swished, 4) << '\n';

    section("5. Residual: inputs + sublayer(inputs)");
    std::cout << residual << '\n';

    section("6. Token embedding of ids 0, 1, 2");
    std::cout << embedded << '\n';

    section("7. Sinusoidal positional encoding, and x = embedding + PE");
    std::cout << "pe:\n" << cta::with_decimals(pe, 4) << "\nx:\n" << cta::with_decimals(x, 4) << '\n';

    section("8. Encoder layer on x");
    std::cout << "head 1 weights:\n" << cta::with_decimals(sa.weights[0], 4) << "\nhead 2 weights:\n"
              << cta::with_decimals(sa.weights[1], 4) << "\npost-norm outputs:\n" << cta::with_decimals(encoded, 4)
              << "\npre-norm outputs:\n" << cta::with_decimals(pre_steps.outputs, 4) << '\n';

    section("9. Decoder layer: tokens 3 and 4 attending to the encoder's outputs");
    std::cout << "cross-attention, head 1:\n" << cta::with_decimals(decoder_steps.cross_attention.weights[0], 4)
              << "\noutputs:\n" << cta::with_decimals(decoded, 4) << '\n';

    section("10. Head and argmax");
    const auto best = cta::argmax_rows(logits);
    std::cout << "logits:\n" << cta::with_decimals(logits, 4) << "\nargmax: " << best[0] << ' ' << best[1] << ' '
              << best[2] << '\n';

    section("11. The tiny model");
    using prompt_t = std::array<std::size_t, 5>;
    for (const auto& prompt : {prompt_t{2, 0, 2, 6, 10}, prompt_t{9, 9, 9, 9, 10}, prompt_t{0, 1, 8, 3, 10},
                               prompt_t{3, 7, 5, 5, 10}}) {
        print_tokens(prompt);
        std::cout << " -> ";
        print_tokens(answer(tiny, prompt));  // computed now, while the program runs
        std::cout << '\n';
    }

    // The encoder layer and the tiny model's answer again while the program runs, from copies that are not
    // constexpr: the library's run-time code gives the compiler's numbers bit for bit.
    auto run_time_x = x;
    auto run_time_prompt = std::array<std::size_t, 5>{2, 0, 2, 6, 10};
    const bool same_bits = cta::identical(cta::encode(run_time_x, post_layer), encoded) &&
                           cta::identical(cta::encode(run_time_x, pre_layer), pre_steps.outputs) &&
                           answer(tiny, run_time_prompt) == std::array<std::size_t, 4>{7, 3, 1, 3};
    std::cout << "computed again at run time: " << (same_bits ? "the same bits" : "different bits") << '\n';
    return same_bits ? 0 : 1;
}
