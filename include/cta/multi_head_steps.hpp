// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The steps of multi-head attention: `cta::multi_head_steps`, the record of every step with its per-head
/// scores, weights and outputs (a Boost.Hana struct), and the functions that return it or write it
/// (`cta::multi_head_attention_steps`, `cta::multi_head_self_attention_steps`, `cta::multi_head_attention_steps_into`,
/// `cta::multi_head_attention_steps_t`). The outputs alone are in `<cta/multi_head.hpp>`, which needs no Boost.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/define_struct.hpp>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/multi_head.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief Every step of multi-head attention with `H` heads. A Boost.Hana struct, printable with
/// `<cta/io_steps.hpp>`. Head h uses columns h d_k to (h + 1) d_k - 1 of the queries, keys and values, with
/// d_k = d_model / H.
template <std::size_t H, class Queries, class Keys, class Values, class HeadScores, class HeadWeights,
          class HeadOutputs, class Concatenated, class Outputs>
struct multi_head_steps {
    BOOST_HANA_DEFINE_STRUCT(multi_head_steps,
        /// @brief Q = X_q W_Q, n_q x d_model: every head's queries side by side.
        (Queries, queries),
        /// @brief K = X_kv W_K, n_kv x d_model.
        (Keys, keys),
        /// @brief V = X_kv W_V, n_kv x d_model.
        (Values, values),
        /// @brief For each head h, S_h = Q_h K_h^T, n_q x n_kv.
        (std::array<HeadScores, H>, scores),
        /// @brief For each head h, W_h = softmax(S_h / sqrt(d_k) + masks), n_q x n_kv.
        (std::array<HeadWeights, H>, weights),
        /// @brief For each head h, head_h = W_h V_h, n_q x d_k.
        (std::array<HeadOutputs, H>, head_outputs),
        /// @brief Concat(head_1, ..., head_H), n_q x d_model.
        (Concatenated, concatenated),
        /// @brief Concat(...) W_O, n_q x d_out.
        (Outputs, outputs));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const multi_head_steps&, const multi_head_steps&) = default;
};

namespace detail {

/// The record of every step of multi-head attention of these types (a multi_head_types).
template <std::size_t H, class Types>
using multi_head_record =
    multi_head_steps<H, typename Types::projections::queries_type, typename Types::projections::keys_type,
                     typename Types::projections::values_type, typename Types::head_scores_type,
                     typename Types::head_weights_type, typename Types::head_outputs_type,
                     typename Types::concatenated_type, typename Types::outputs_type>;

}  // namespace detail

/// @brief The record of every step that `cta::multi_head_attention_steps<H, Real>(x_q, x_kv, w_query, w_key,
/// w_value, w_out, masks...)` returns for arguments of these types (`Real` = void for the default).
template <std::size_t H, class Real, class XQ, class XKV, class WQ, class WK, class WV, class WO>
using multi_head_attention_steps_t =
    detail::multi_head_record<H, detail::multi_head_types<H, Real, XQ, XKV, WQ, WK, WV, WO>>;

/// @brief Every step of multi-head attention with `H` heads: queries from `x_q` (n_q x d), keys and values from
/// `x_kv` (n_kv x d'); `w_query` (d x d_model), `w_key` and `w_value` (d' x d_model), `w_out` (d_model x d_out).
/// Each head h attends with its d_k = d_model / H columns of the projections, scaled by 1/sqrt(d_k) as in the
/// Transformer; the heads' outputs side by side are multiplied by `w_out`. Options: masks of shape n_q x n_kv
/// (applied to every head) and `cta::causal`; `cta::scaled` is implied.
///
/// Shape rules: H divides d_model (the build fails naming `cta::op::multi_head_attention`, `cta::heads<H>` and
/// `w_query`'s type), and the weights agree as described (the build fails naming the six matrix types).
template <std::size_t H, class Real = void, matrix_type XQ, matrix_type XKV, matrix_type WQ, matrix_type WK,
          matrix_type WV, matrix_type WO, class... Masks>
CTA_DETAIL_TARGET_TAG
constexpr multi_head_attention_steps_t<H, Real, XQ, XKV, WQ, WK, WV, WO> multi_head_attention_steps(
    const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key, const WV& w_value, const WO& w_out,
    const Masks&... masks) noexcept {
    using Types = detail::multi_head_types<H, Real, XQ, XKV, WQ, WK, WV, WO>;
    using Steps = detail::multi_head_record<H, Types>;
    Steps s;  // the one object returned (no copy), also where a rule below stops the build
    if constexpr (detail::check_options<op::multi_head_attention, Masks...>() &&
                  detail::check_multi_head_shapes<heads<H>, XQ, XKV, WQ, WK, WV, WO>() &&
                  detail::check_stack<op::multi_head_attention, sizeof(Steps) + detail::head_stack_bytes<Types>>()) {
        detail::multi_head<H, Types>(s, x_q, x_kv, w_query, w_key, w_value, w_out, masks...);
    }
    return s;
}

/// @brief `cta::multi_head_attention_steps<H>(...)` written into `steps`, a `cta::multi_head_attention_steps_t<H,
/// Real, XQ, XKV, WQ, WK, WV, WO>` that the caller provides (static or heap storage for large sizes: the record
/// holds H scores and weights of n_q x n_kv). The same bits. Only one head's columns and logits are kept in automatic
/// storage while it is computed; CTA_STACK_LIMIT applies to them.
template <std::size_t H, class Real = void, class Steps, matrix_type XQ, matrix_type XKV, matrix_type WQ,
          matrix_type WK, matrix_type WV, matrix_type WO, class... Masks>
CTA_DETAIL_TARGET_TAG constexpr void multi_head_attention_steps_into(Steps& steps, const XQ& x_q, const XKV& x_kv,
                                                                     const WQ& w_query, const WK& w_key,
                                                                     const WV& w_value, const WO& w_out,
                                                                     const Masks&... masks) noexcept {
    using Types = detail::multi_head_types<H, Real, XQ, XKV, WQ, WK, WV, WO>;
    if constexpr (detail::check_options<op::multi_head_attention, Masks...>() &&
                  detail::check_multi_head_shapes<heads<H>, XQ, XKV, WQ, WK, WV, WO>() &&
                  detail::check_stack<op::multi_head_attention, detail::head_stack_bytes<Types>>()) {
        static_assert(std::is_same_v<Steps, detail::multi_head_record<H, Types>>,
                      "cta::multi_head_attention_steps_into<h>(steps, x_q, x_kv, w_query, w_key, w_value, w_out, "
                      "masks...): steps must be a cta::multi_head_attention_steps_t<h, Real, XQ, XKV, WQ, WK, WV, WO> "
                      "of the arguments' types");
        detail::multi_head<H, Types>(steps, x_q, x_kv, w_query, w_key, w_value, w_out, masks...);
    }
}

/// @brief Every step of multi-head self-attention: `multi_head_attention_steps<H>(x, x, ...)`.
template <std::size_t H, class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV,
          matrix_type WO, class... Masks>
CTA_DETAIL_TARGET_TAG
constexpr auto multi_head_self_attention_steps(const X& inputs, const WQ& w_query, const WK& w_key,
                                               const WV& w_value, const WO& w_out, const Masks&... masks) noexcept {
    return multi_head_attention_steps<H, Real>(inputs, inputs, w_query, w_key, w_value, w_out, masks...);
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
