// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The layers of a Transformer around attention, as PyTorch's modules compute them at inference (dropout
/// off), each `constexpr` and the same bits at run time: `<cta/transformer/linear.hpp>` (`cta::linear`),
/// `<cta/transformer/normalization.hpp>` (`cta::layer_norm`, `cta::rms_norm`), `<cta/transformer/activation.hpp>`
/// (`cta::relu`, `cta::silu`), `<cta/transformer/embedding.hpp>` (`cta::token_embedding`,
/// `cta::learned_positional_embedding`) and `<cta/transformer/positional_encoding.hpp>`
/// (`cta::sinusoidal_positional_encoding`); the blocks made of them: `<cta/transformer/layer_weights.hpp>` (the
/// weights of the sublayers), `<cta/transformer/attention_layer.hpp>` (multi-head attention with biases),
/// `<cta/transformer/encoder_layer.hpp>` (`cta::encode`), `<cta/transformer/decoder_layer.hpp>` (`cta::decode`),
/// `<cta/transformer/generation.hpp>` (`cta::argmax`, `cta::greedy_decode`) and `<cta/transformer/model.hpp>` (a
/// decoder-only model, `cta::generate`). Not included by `<cta/cta.hpp>`.
///
/// The residual connections, `x + sublayer(x)`, are the element-wise sum `a + b` of `<cta/operations.hpp>`: it
/// requires the same shape and matching axes (or the build fails naming `cta::op::add`), and its element type is
/// that of `x(i, j) + y(i, j)`; `x += y` keeps `x`'s element type. A post-norm block is then
/// `cta::layer_norm(x + attention_output, gain, bias)`, a pre-norm block `x + sublayer(cta::layer_norm(x, gain,
/// bias))`, with `cta::multi_head_self_attention` (<cta/multi_head.hpp>) as a sublayer and
/// `cta::linear(cta::relu(cta::linear(x, w1, b1)), w2, b2)` as the other.
#pragma once

#include <cta/transformer/activation.hpp>
#include <cta/transformer/attention_layer.hpp>
#include <cta/transformer/decoder_layer.hpp>
#include <cta/transformer/embedding.hpp>
#include <cta/transformer/encoder_layer.hpp>
#include <cta/transformer/generation.hpp>
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>
#include <cta/transformer/model.hpp>
#include <cta/transformer/normalization.hpp>
#include <cta/transformer/positional_encoding.hpp>
