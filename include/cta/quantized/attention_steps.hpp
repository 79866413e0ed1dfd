// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Every step of quantized self-attention in one record, a Boost.Hana struct (printable with
/// <cta/quantized/io.hpp>, iterable with `boost::hana::for_each`): the int8 queries, keys, values, scores, weights
/// and outputs, each in the type its quantization gives it.
///
///     constexpr auto s = cta::quantized::self_attention_steps(x, model);   // see attention.hpp
///     static_assert(s.weights(0, 1) == 91);
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <boost/hana/define_struct.hpp>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/quantized/attention.hpp>
#include <cta/quantized/qmatrix.hpp>

namespace cta::quantized {

/// @brief The steps of quantized self-attention over N inputs with the parameters P.
template <auto P, std::size_t N>
struct self_attention_steps_t {
    ///@{
    /// @brief The columns of the queries and keys (d_k) and of the values (d_v), from `P`.
    static constexpr std::size_t d_k = std::remove_const_t<decltype(P)>::d_k;
    static constexpr std::size_t d_v = std::remove_const_t<decltype(P)>::d_v;
    ///@}
    ///@{
    /// @brief The type of the step of the same name: N rows, int8, quantized as `P` says.
    using queries_type = qmatrix<std::int8_t, N, d_k, P.queries>;
    using keys_type = qmatrix<std::int8_t, N, d_k, P.keys>;
    using values_type = qmatrix<std::int8_t, N, d_v, P.values>;
    using scores_type = qmatrix<std::int8_t, N, N, P.scores>;
    using weights_type = qmatrix<std::int8_t, N, N, P.weights>;
    using outputs_type = qmatrix<std::int8_t, N, d_v, P.outputs>;
    ///@}

    BOOST_HANA_DEFINE_STRUCT(self_attention_steps_t,
        /// @brief Q = X W_Q: a fully connected layer, per-channel weights.
        (queries_type, queries),
        /// @brief K = X W_K.
        (keys_type, keys),
        /// @brief V = X W_V.
        (values_type, values),
        /// @brief Q K^T (over sqrt(d_k) with `cta::scaled`, folded into the requantization).
        (scores_type, scores),
        /// @brief softmax of each row of the scores, scale 1/256 and zero point -128 (with `cta::causal`, -128 where
        /// a query does not see a key).
        (weights_type, weights),
        /// @brief The weights times V.
        (outputs_type, outputs));
};

/// @brief Every step of quantized self-attention (attention.hpp's `self_attention`, whose result is `outputs`), with
/// its rules.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr auto self_attention_steps(const X& x, const self_attention_model<P>& m) noexcept {
    if constexpr (!detail::attention_inputs_fit<X, P>()) {
        return 0;
    } else {
        detail::self_attention_int8_steps<P, X::rows> s{};
        detail::self_attention_int8_into(s, x, m);
        self_attention_steps_t<P, X::rows> r{};
        r.queries = s.queries;
        r.keys = s.keys;
        r.values = s.values;
        r.scores = s.scores;
        r.weights = s.weights;
        r.outputs = s.outputs;
        return r;
    }
}

}  // namespace cta::quantized
