// SPDX-License-Identifier: BSL-1.0
// The weights of the Transformer blocks' compile-fail pairs: plain matrices of double, d_model = 4, d_ff = 8, inputs
// x of 3 tokens and a memory of 2 x 6 (the encoder's outputs, d_memory = 6). Each pair replaces one type.
#pragma once

#include <cstddef>

#include <cta/transformer/decoder_layer.hpp>
#include <cta/transformer/encoder_layer.hpp>

namespace blocks {

template <std::size_t R, std::size_t C>
using m = cta::matrix<double, R, C>;

/// Self-attention weights, d_model x d_model.
using attention = cta::attention_weights<m<4, 4>, m<1, 4>, m<4, 4>, m<1, 4>, m<4, 4>, m<1, 4>, m<4, 4>, m<1, 4>>;
/// Cross-attention weights: w_key and w_value d_memory x d_model.
using cross_attention =
    cta::attention_weights<m<4, 4>, m<1, 4>, m<6, 4>, m<1, 4>, m<6, 4>, m<1, 4>, m<4, 4>, m<1, 4>>;
using feed_forward = cta::feed_forward_weights<m<4, 8>, m<1, 8>, m<8, 4>, m<1, 4>>;
using norm = cta::layer_norm_weights<m<1, 4>, m<1, 4>>;

inline constexpr m<3, 4> x{};
inline constexpr m<2, 6> memory{};

}  // namespace blocks
