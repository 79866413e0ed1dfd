// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A whole decoder-only Transformer: `cta::decoder_only_model` (token embedding, sinusoidal positional
/// encoding, a stack of layers under the causal mask, an optional final layer normalisation, a linear head),
/// `cta::model_logits(model, ids)`, `cta::next_token(model, ids)` and `cta::generate<K>(model, prompt)`, greedy
/// decoding of K tokens in one constant expression.
///
///     x = embedding[ids] + PE,   y = encode(x, layers, cta::causal),   logits = LN_f(y) W_head + b_head
///
/// The layers are `cta::encoder_layer`s (a `std::array` of one type or a `boost::hana::tuple`), which under the
/// causal mask are a decoder-only model's layers (as `nn.TransformerEncoderLayer` with a causal mask is in PyTorch).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/matrix.hpp>
#include <cta/transformer/embedding.hpp>
#include <cta/transformer/encoder_layer.hpp>
#include <cta/transformer/generation.hpp>
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>
#include <cta/transformer/positional_encoding.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief No final normalisation (post-norm models end with their last layer's).
struct no_norm_t {};
inline constexpr no_norm_t no_norm{};  ///< no final normalisation

/// @brief A decoder-only Transformer: `embedding` (vocabulary x d_model), `layers`, `final_norm` (a
/// `cta::layer_norm_weights`, or `cta::no_norm`), and the head `w_head` (d_model x vocabulary) and `b_head` (one row
/// of vocabulary). The positions are encoded by `cta::sinusoidal_positional_encoding` (paper section 3.5), added to
/// the embeddings unscaled.
template <class Embedding, class Layers, class FinalNorm, class HeadWeights, class HeadBias>
struct decoder_only_model {
    Embedding embedding;   ///< vocabulary x d_model: row k is token k's embedding
    Layers layers;         ///< a std::array or boost::hana::tuple of `cta::encoder_layer`s
    FinalNorm final_norm;  ///< a `cta::layer_norm_weights` or `cta::no_norm`
    HeadWeights w_head;    ///< d_model x vocabulary
    HeadBias b_head;       ///< 1 x vocabulary
};

/// Deduced from the five parts.
template <class Embedding, class Layers, class FinalNorm, class HeadWeights, class HeadBias>
decoder_only_model(Embedding, Layers, FinalNorm, HeadWeights, HeadBias)
    -> decoder_only_model<Embedding, Layers, FinalNorm, HeadWeights, HeadBias>;

/// @brief The logits of `model` for the token ids `ids` (n of them): n x vocabulary, row i scoring the token that
/// follows ids[0 .. i]. Every position attends to itself and the positions before it only.
template <class Model, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr auto model_logits(const Model& model, const std::array<std::size_t, N>& ids) noexcept {
    using E = decltype(model.embedding);
    using T = typename E::value_type;
    const auto x = token_embedding(ids, model.embedding) + sinusoidal_positional_encoding<T, N, E::cols>();
    const auto y = encode(x, model.layers, causal);
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(model.final_norm)>, no_norm_t>) {
        return linear(y, model.w_head, model.b_head);
    } else {
        return linear(detail::normalize(y, model.final_norm), model.w_head, model.b_head);
    }
}

/// @brief The token `model` chooses after `ids`: the argmax of the last row of `cta::model_logits(model, ids)`.
template <class Model, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr std::size_t next_token(const Model& model,
                                                       const std::array<std::size_t, N>& ids) noexcept {
    return argmax(model_logits(model, ids), N - 1);
}

/// @brief Greedy decoding with `model`: `prompt` followed by K tokens, each `cta::next_token` of the ids before it.
template <std::size_t K, class Model, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr std::array<std::size_t, N + K> generate(
    const Model& model, const std::array<std::size_t, N>& prompt) noexcept {
    return greedy_decode<K>(prompt, [&model](const auto& ids) { return next_token(model, ids); });
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
