// SPDX-License-Identifier: BSL-1.0
// The core headers in a freestanding build without exceptions or RTTI (compiled with -ffreestanding
// -fno-exceptions -fno-rtti): the whole pipeline, computed and checked while compiling.
#include <array>
#include <cstddef>

#include <cta/cta.hpp>
#include <cta/pytorch.hpp>
#include <cta/math/erf.hpp>
#include <cta/math/expm1.hpp>
#include <cta/math/log.hpp>
#include <cta/math/tanh.hpp>
#include <cta/math/trig.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/softmax.hpp>
#include <cta/tflite.hpp>
#include <cta/transformer.hpp>
#include <cta/weights.hpp>

namespace {

constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
constexpr cta::matrix<int, 4, 3> w_query{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};
constexpr cta::matrix<int, 4, 3> w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
constexpr cta::matrix<int, 4, 3> w_value{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};

constexpr auto outputs = cta::self_attention<float>(inputs, w_query, w_key, w_value, cta::scaled, cta::causal);
static_assert(outputs(0, 0) == 1.0F && outputs(0, 1) == 2.0F && outputs(0, 2) == 3.0F);  // query 1 sees value 1 only

// The logarithms too: log(e^2) rounds to 2 (cta::exp(2.0) is within 1 ulp of e^2).
static_assert(cta::log(cta::exp(2.0)) == 2.0 && cta::log1p(0.0F) == 0.0F);

// The error functions too: erf(x) + erfc(x) = 1 within an ulp of 1, erf is odd, erfc(-inf) = 2.
static_assert(cta::abs(cta::erf(0.5) + cta::erfc(0.5) - 1.0) <= 0x1p-52 && cta::erf(-2.0F) == -cta::erf(2.0F) &&
              cta::erfc(-std::numeric_limits<double>::infinity()) == 2.0);

// The .tflite reader too: 7 bytes are no model.
constexpr unsigned char seven_bytes[7]{};
static_assert(cta::tflite::open(seven_bytes).why == cta::tflite::status::truncated);

// The quantized arithmetic too: 1000 x 0.0123, requantized as TensorFlow Lite does.
static_assert(cta::quantized::multiply_by_quantized_multiplier(1000, cta::quantized::quantize_multiplier(0.0123)) == 12);

// And sine and cosine, with the Payne-Hanek reduction of a huge argument: sin^2 + cos^2 = 1 within 2 ulp.
constexpr double huge_sin = cta::sin(1e300), huge_cos = cta::cos(1e300);
static_assert(cta::abs(huge_sin * huge_sin + huge_cos * huge_cos - 1.0) <= 0x1p-52);

// And the Transformer layers: a linear layer, layer normalization of a constant row (its bias), an activation, the
// token embedding and the sinusoidal encoding (sin 0 = 0, cos 0 = 1).
constexpr cta::matrix<double, 1, 2> ones{{{1, 1}}}, shift{{{0.5, -0.5}}};
constexpr cta::matrix<double, 2, 2> identity{{{1, 0}, {0, 1}}};
static_assert(cta::layer_norm(cta::linear(ones, identity), shift, shift) == shift);
static_assert(cta::relu(-1.5F) == 0.0F && cta::silu(0.0) == 0.0);
static_assert(cta::token_embedding(std::array<std::size_t, 1>{2}, w_value)(0, 1) == 0);
static_assert(cta::sinusoidal_positional_encoding<float, 2, 4>()(0, 1) == 1.0F);
// And e^x - 1 and the hyperbolic tangent: expm1(log1p(x)) and tanh(0.5 log((1 + x) / (1 - x))) give x back within
// 2 ulp for x = 1/3; expm1(-0) is zero and tanh reaches 1.
constexpr double third = 1.0 / 3.0, tanh_back = cta::tanh(0.5 * cta::log((1.0 + third) / (1.0 - third)));
static_assert(cta::abs(cta::expm1(cta::log1p(third)) - third) <= 0x1p-53 && cta::abs(tanh_back - third) <= 0x1p-53 &&
              cta::expm1(-0.0F) == 0.0F && cta::tanh(30.0F) == 1.0F);

// And the Transformer blocks: with zero weights and biases the sublayers add nothing, so a pre-norm encoder layer (and
// a stack of two, and a pre-norm decoder layer) gives its inputs back exactly; a model whose head has zero weights
// chooses the argmax of its bias, token 1, every time.
constexpr cta::matrix<double, 2, 2> zero_2x2{};
constexpr cta::matrix<double, 1, 2> zero_row{};
constexpr cta::attention_weights zero_attention{zero_2x2, zero_row, zero_2x2, zero_row,
                                                zero_2x2, zero_row, zero_2x2, zero_row};
constexpr cta::feed_forward_weights zero_feed_forward{zero_2x2, zero_row, zero_2x2, zero_row};
constexpr cta::layer_norm_weights unit_norm{ones, zero_row};
constexpr auto pre_norm_layer = cta::make_encoder_layer<2>(zero_attention, zero_feed_forward, unit_norm, unit_norm,
                                                           cta::pre_norm);
constexpr cta::matrix<double, 3, 2> tokens{{{1, -1}, {2, 0.5}, {-3, 4}}};
static_assert(cta::encode(tokens, pre_norm_layer, cta::causal) == tokens);
static_assert(cta::encode(tokens, std::array{pre_norm_layer, pre_norm_layer}) == tokens);
static_assert(cta::decode(tokens, ones, cta::make_decoder_layer<1>(zero_attention, zero_attention, zero_feed_forward,
                                                                   unit_norm, unit_norm, unit_norm, cta::pre_norm),
                          cta::causal) == tokens);
constexpr cta::decoder_only_model zero_model{cta::matrix<double, 3, 2>{}, std::array{pre_norm_layer}, cta::no_norm,
                                             cta::matrix<double, 2, 3>{}, cta::matrix<double, 1, 3>{{{0, 2, 1}}}};
static_assert(cta::generate<2>(zero_model, std::array<std::size_t, 1>{0}) == std::array<std::size_t, 3>{0, 1, 1});

}  // namespace

// Something to run, so that the run-time code of the library is compiled too.
cta::matrix<float, 3, 3> freestanding_attention(const cta::matrix<int, 3, 4>& x) {
    return cta::self_attention<float>(x, w_query, w_key, w_value, cta::scaled, cta::causal);
}
cta::matrix<float, 3, 4> freestanding_block(const cta::matrix<float, 3, 4>& x, const cta::matrix<float, 1, 4>& gain) {
    return x + cta::silu(cta::rms_norm(x, gain));
}

// PyTorch's masks too: key 3 of a sequence padded after 2 keys is not kept, query 1 may attend to key 1.
static_assert(!cta::pytorch::key_padding_mask<2>(std::array<bool, 3>{false, false, true})(1, 2) &&
              cta::pytorch::attn_mask(cta::matrix<bool, 2, 2>{{{false, true}, {false, false}}})(0, 0));
