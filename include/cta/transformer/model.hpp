// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A whole decoder-only Transformer: `cta::decoder_only_model` (token embedding, sinusoidal positional
/// encoding, a stack of layers under the causal mask, an optional final layer normalisation, a linear head),
/// `cta::model_logits(model, ids)`, the record of every step of one run `cta::model_steps` (returned by
/// `cta::model_logits_steps(model, ids)`), `cta::next_token(model, ids)` and `cta::generate<K>(model, prompt)`, greedy
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
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/define_struct.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/tuple.hpp>

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

/// @brief Every step of one run of a decoder-only model (a Boost.Hana struct), in the order computed: `Embedded` and
/// `Normalized` are n x d_model, `Logits` n x vocabulary, `Layers` the records of the stack (a `std::array` or a
/// `boost::hana::tuple`, as `cta::encoder_stack_steps` gives them).
template <class Embedded, class Layers, class Normalized, class Logits>
struct model_steps {
    BOOST_HANA_DEFINE_STRUCT(model_steps,
        /// @brief x = embedding[ids] + PE: the token embedding plus the sinusoidal positional encoding, the first
        /// layer's inputs.
        (Embedded, embedded),
        /// @brief Every step of every layer under `cta::causal`, layer by layer, each on the outputs of the layer
        /// before it: `cta::encoder_stack_steps(embedded, model.layers, cta::causal)`.
        (Layers, layers),
        /// @brief LN_f(y), y the last layer's outputs; y itself with `cta::no_norm`.
        (Normalized, normalized),
        /// @brief normalized W_head + b_head, n x vocabulary: the model's logits.
        (Logits, logits));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const model_steps&, const model_steps&) = default;
};

namespace detail {

template <class Embedded, class Layers, class Normalized, class Logits>
inline constexpr bool is_block_record<model_steps<Embedded, Layers, Normalized, Logits>> = true;

/// The outputs of the last layer of a stack's records: those of a std::array's last record, or of a
/// boost::hana::tuple's.
template <class Record, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr const auto& last_outputs(const std::array<Record, N>& layers) noexcept {
    return layers[N - 1].outputs;
}
template <class... Records>
CTA_DETAIL_TARGET_TAG constexpr const auto& last_outputs(const boost::hana::tuple<Records...>& layers) noexcept {
    return layers[boost::hana::size_c<sizeof...(Records) - 1>].outputs;
}

/// The type of the final normalisation `F` of Y: that of `normalize(y, f)`, Y itself for `cta::no_norm`.
template <class Y, class F>
struct normalized_types {
    using type = decltype(normalize(std::declval<const Y&>(), std::declval<const F&>()));
};
template <class Y>
struct normalized_types<Y, no_norm_t> {
    using type = Y;
};

/// The types of the steps of a run of `Model` on N tokens.
template <class Model, std::size_t N>
struct model_types {
    using E = decltype(Model::embedding);
    using embedded_type =
        decltype(token_embedding(std::declval<const std::array<std::size_t, N>&>(), std::declval<const E&>()) +
                 std::declval<const matrix<typename E::value_type, N, E::cols>&>());
    using layers_type = encoder_stack_steps_t<embedded_type, decltype(Model::layers)>;
    using outputs_type = std::remove_cvref_t<decltype(last_outputs(std::declval<const layers_type&>()))>;
    using F = decltype(Model::final_norm);
    using normalized_type = typename normalized_types<outputs_type, F>::type;
    using logits_type =
        decltype(linear(std::declval<const normalized_type&>(), std::declval<const decltype(Model::w_head)&>(),
                        std::declval<const decltype(Model::b_head)&>()));
    using steps_type = model_steps<embedded_type, layers_type, normalized_type, logits_type>;
};

}  // namespace detail

/// @brief The record of every step of `cta::model_logits_steps(model, ids)` for a model of type `Model` and N ids.
template <class Model, std::size_t N>
using model_logits_steps_t = typename detail::model_types<Model, N>::steps_type;

/// @brief Every step of `cta::model_logits(model, ids)`, in a `cta::model_steps` record: the embedded tokens, the
/// record of every layer (`cta::encoder_stack_steps` under `cta::causal`), the final normalisation's outputs (the
/// last layer's outputs with `cta::no_norm`) and the logits, which are `cta::model_logits(model, ids)`, the same
/// bits.
template <class Model, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr model_logits_steps_t<Model, N> model_logits_steps(
    const Model& model, const std::array<std::size_t, N>& ids) noexcept {
    using E = decltype(model.embedding);
    using T = typename E::value_type;
    model_logits_steps_t<Model, N> s{};
    s.embedded = token_embedding(ids, model.embedding) + sinusoidal_positional_encoding<T, N, E::cols>();
    detail::encoder_stack_into(s.layers, s.embedded, model.layers, causal);
    if constexpr (std::is_same_v<std::remove_cvref_t<decltype(model.final_norm)>, no_norm_t>) {
        s.normalized = detail::last_outputs(s.layers);
    } else {
        s.normalized = detail::normalize(detail::last_outputs(s.layers), model.final_norm);
    }
    s.logits = linear(s.normalized, model.w_head, model.b_head);
    return s;
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
