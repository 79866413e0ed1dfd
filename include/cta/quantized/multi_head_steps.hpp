// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Every step of quantized multi-head self-attention in one record, a Boost.Hana struct (printable with
/// <cta/quantized/io.hpp>): the int8 queries, keys and values (every head's columns), each head's scores and
/// weights, the heads' outputs side by side, and the outputs.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <boost/hana/define_struct.hpp>

#include <cta/detail/target.hpp>
#include <cta/quantized/multi_head.hpp>
#include <cta/quantized/qmatrix.hpp>

namespace cta::quantized {

/// @brief The steps of quantized multi-head self-attention over N inputs with the parameters P.
template <auto P, std::size_t N>
struct multi_head_steps_t {
    /// @brief The type of `P`, a `multi_head_quantization`.
    using parameters_type = std::remove_const_t<decltype(P)>;
    /// @brief The number of heads, H.
    static constexpr std::size_t heads = parameters_type::heads;
    ///@{
    /// @brief The type of a step: N rows, int8, quantized as `P` says; the scores and weights one matrix per head.
    using projection_queries = qmatrix<std::int8_t, N, parameters_type::d_model, P.queries>;
    using projection_keys = qmatrix<std::int8_t, N, parameters_type::d_model, P.keys>;
    using projection_values = qmatrix<std::int8_t, N, parameters_type::d_model, P.values>;
    using scores_type = std::array<qmatrix<std::int8_t, N, N, P.scores>, heads>;
    using weights_type = std::array<qmatrix<std::int8_t, N, N, P.weights>, heads>;
    using heads_type = qmatrix<std::int8_t, N, parameters_type::d_model, P.heads_outputs>;
    using outputs_type = qmatrix<std::int8_t, N, parameters_type::d_out, P.outputs>;
    ///@}

    BOOST_HANA_DEFINE_STRUCT(multi_head_steps_t,
        /// @brief Q = X W_Q, every head's d_k columns side by side.
        (projection_queries, queries),
        /// @brief K = X W_K.
        (projection_keys, keys),
        /// @brief V = X W_V.
        (projection_values, values),
        /// @brief Head h's Q_h K_h^T / sqrt(d_k).
        (scores_type, scores),
        /// @brief Head h's softmax (scale 1/256, zero point -128).
        (weights_type, weights),
        /// @brief Head h's weights times V_h, in its d_k columns.
        (heads_type, heads_outputs),
        /// @brief The heads' outputs times W_O.
        (outputs_type, outputs));
};

/// @brief Every step of quantized multi-head self-attention (multi_head.hpp's `multi_head_self_attention`, whose
/// result is `outputs`), with its rules.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr auto multi_head_self_attention_steps(const X& x, const multi_head_model<P>& m) noexcept {
    if constexpr (!detail::multi_head_inputs_fit<X, P>()) {
        return 0;
    } else {
        detail::multi_head_int8_steps<P, X::rows> s{};
        detail::multi_head_int8_into(s, x, m);
        multi_head_steps_t<P, X::rows> r{};
        r.queries = s.queries;
        r.keys = s.keys;
        r.values = s.values;
        r.scores = s.scores;
        r.weights = s.weights;
        r.heads_outputs = s.heads_outputs;
        r.outputs = s.outputs;
        return r;
    }
}

}  // namespace cta::quantized
