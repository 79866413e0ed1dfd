// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Multi-head attention with the output projection W_O ("Attention Is All You Need", section 3.2.2), for one
/// sequence (`multi_head_self_attention`) or two (`multi_head_attention`): the outputs. No Boost: the record of
/// every step and the functions that return it are in `<cta/multi_head_steps.hpp>`.
#pragma once

#include <cstddef>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>
#include <cta/softmax.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief The number of heads, as it appears in diagnostics.
template <std::size_t H>
struct heads {
    static constexpr std::size_t count = H;  ///< the number of heads
};

namespace detail {

/// Columns `start` to `start + Count - 1` of `m`.
template <std::size_t Count, class M>
CTA_DETAIL_TARGET_TAG constexpr matrix_t<typename M::value_type, M::rows, Count, row_axis_t<M>, col_axis_t<M>> columns(
    const M& m, std::size_t start) noexcept {
    matrix_t<typename M::value_type, M::rows, Count, row_axis_t<M>, col_axis_t<M>> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < Count; ++j) {
            r.elems[i][j] = m.elems[i][start + j];
        }
    }
    return r;
}

template <std::size_t H, class Real, class XQ, class XKV, class WQ, class WK, class WV, class WO>
struct multi_head_types {
    using T = projection_t<XQ, WQ, WK, WV>;
    using R = real_t<Real, std::common_type_t<T, typename WO::value_type>>;
    static constexpr std::size_t d_model = WQ::cols;
    static constexpr std::size_t d_k = d_model / H;
    using projections = step_types<T, R, XQ, XKV, WQ, WK, WV>;
    using head_scores_type = typename projections::scores_type;
    using head_weights_type = typename projections::weights_type;
    using head_outputs_type = matrix_t<R, XQ::rows, d_k, row_axis_t<XQ>, col_axis_t<WV>>;
    using concatenated_type = matrix_t<R, XQ::rows, d_model, row_axis_t<XQ>, col_axis_t<WV>>;
    using outputs_type = matrix_t<R, XQ::rows, WO::cols, row_axis_t<XQ>, col_axis_t<WO>>;
};

/// Checks multi-head attention's shape rules; true when they hold (otherwise the build stops here). `Heads` is
/// `heads<H>`, a type, so that GCC's "In instantiation of" line shows `Heads = cta::heads<H>` as Clang's error
/// line does.
template <std::size_t H, class WQ>
inline constexpr bool heads_divide = H > 0 && WQ::cols % (H > 0 ? H : 1) == 0;

template <class XQ, class XKV, class WQ, class WK, class WV, class WO>
inline constexpr bool multi_head_weights_agree = projections_agree<XQ, XKV, WQ, WK, WV> && WV::cols == WQ::cols &&
                                                 WO::rows == WV::cols && axes_match_v<row_axis_t<WO>, col_axis_t<WV>>;

template <class Heads, class XQ, class XKV, class WQ, class WK, class WV, class WO>
CTA_DETAIL_TARGET_TAG constexpr bool check_multi_head_shapes() noexcept {
    constexpr bool heads_divide = detail::heads_divide<Heads::count, WQ>;
    constexpr bool weights_agree = multi_head_weights_agree<XQ, XKV, WQ, WK, WV, WO>;
    if constexpr (!heads_divide) {
        static_assert(shapes_agree<op::multi_head_attention, Heads, WQ>,
                      "cta::multi_head_attention<h>(...): d_model (the columns of w_query) must be divisible by the "
                      "number of heads h");
    } else if constexpr (!weights_agree) {
        static_assert(shapes_agree<op::multi_head_attention, XQ, XKV, WQ, WK, WV, WO>,
                      "cta::multi_head_attention<h>(x_q, x_kv, w_query, w_key, w_value, w_out): w_query needs as "
                      "many rows as x_q has columns, w_key and w_value as many rows as x_kv has columns, all three "
                      "d_model columns, and w_out d_model rows; with named axes, each weight's row axis is its "
                      "input's column axis");
    }
    return heads_divide && weights_agree;
}

/// Every step into `s` (a multi_head_steps record, or one without the per-head arrays kept: see
/// multi_head_attention).
template <std::size_t H, class Types, class Steps, class XQ, class XKV, class WQ, class WK, class WV, class WO,
          class... Masks>
CTA_DETAIL_TARGET_TAG
constexpr void multi_head(Steps& s, const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key,
                          const WV& w_value, const WO& w_out, const Masks&... masks) noexcept {
    using T = typename Types::T;
    using R = typename Types::R;
    constexpr std::size_t d_k = Types::d_k;
    // Each step written where it is kept (no step made elsewhere and copied into the record).
    multiply_into<T>(s.queries, x_q, w_query);
    multiply_into<T>(s.keys, x_kv, w_key);
    multiply_into<T>(s.values, x_kv, w_value);
    for (std::size_t h = 0; h < H; ++h) {
        const auto q = columns<d_k>(s.queries, h * d_k);
        const auto k = columns<d_k>(s.keys, h * d_k);
        const auto v = columns<d_k>(s.values, h * d_k);
        const auto concatenate = [&s, h](const auto& head) {
            for (std::size_t i = 0; i < XQ::rows; ++i) {
                for (std::size_t j = 0; j < d_k; ++j) s.concatenated.elems[i][h * d_k + j] = head.elems[i][j];
            }
        };
        if constexpr (requires { s.head_outputs; }) {
            multiply_transposed_into<T>(s.scores[h], q, k);
            softmax_into(s.weights[h], logits_of<R, d_k>(s.scores[h], scaled, masks...));
            multiply_into<R>(s.head_outputs[h], s.weights[h], v);
            concatenate(s.head_outputs[h]);
        } else {
            concatenate(multiply<R>(softmax<R>(logits_of<R, d_k>(multiply_transposed<T>(q, k), scaled, masks...)), v));
        }
    }
    multiply_into<R>(s.outputs, s.concatenated, w_out);
}

/// The bytes of automatic storage one head takes while it is computed: its columns of the queries, keys and
/// values, its scores, logits and weights, and its outputs.
template <class Types>
inline constexpr std::size_t head_stack_bytes =
    sizeof(typename Types::projections::queries_type) / (Types::d_model / Types::d_k) +
    2 * sizeof(typename Types::projections::keys_type) / (Types::d_model / Types::d_k) +
    sizeof(typename Types::head_scores_type) + 2 * sizeof(typename Types::head_weights_type) +
    sizeof(typename Types::head_outputs_type);

}  // namespace detail

/// @brief True if `cta::multi_head_attention<H>(x_q, x_kv, w_query, w_key, w_value, w_out, masks...)` and its
/// variants, `cta::multi_head_attention_steps<H>(...)` among them, accept these argument types (see
/// `cta::self_attention_arguments` in attention.hpp): h divides d_model,
/// the weights fit their inputs and each other, and each mask has the scores' shape n_q x n_kv.
template <std::size_t H, class XQ, class XKV, class WQ, class WK, class WV, class WO, class... Masks>
concept multi_head_attention_arguments =
    matrix_type<XQ> && matrix_type<XKV> && matrix_type<WQ> && matrix_type<WK> && matrix_type<WV> &&
    matrix_type<WO> && (attention_option<Masks> && ...) && detail::heads_divide<H, std::remove_cvref_t<WQ>> &&
    detail::multi_head_weights_agree<std::remove_cvref_t<XQ>, std::remove_cvref_t<XKV>, std::remove_cvref_t<WQ>,
                                     std::remove_cvref_t<WK>, std::remove_cvref_t<WV>, std::remove_cvref_t<WO>> &&
    (detail::option_fits<detail::scores_shape<std::remove_cvref_t<XQ>, std::remove_cvref_t<XKV>>,
                         std::remove_cvref_t<Masks>> && ...);

/// @brief Multi-head attention with `H` heads, the n_q x d_out outputs: queries from `x_q` (n_q x d), keys and
/// values from `x_kv` (n_kv x d'); `w_query` (d x d_model), `w_key` and `w_value` (d' x d_model), `w_out`
/// (d_model x d_out). Each head h attends with its d_k = d_model / H columns of the projections, scaled by
/// 1/sqrt(d_k) as in the Transformer; the heads' outputs side by side are multiplied by `w_out`. Options: masks of
/// shape n_q x n_kv (applied to every head) and `cta::causal`; `cta::scaled` is implied. The same bits as
/// `cta::multi_head_attention_steps<H>(...).outputs` (`<cta/multi_head_steps.hpp>`).
///
/// Shape rules: H divides d_model (the build fails naming `cta::op::multi_head_attention`, `cta::heads<H>` and
/// `w_query`'s type), and the weights agree as described (the build fails naming the six matrix types).
template <std::size_t H, class Real = void, matrix_type XQ, matrix_type XKV, matrix_type WQ, matrix_type WK,
          matrix_type WV, matrix_type WO, class... Masks>
CTA_DETAIL_TARGET_TAG
constexpr typename detail::multi_head_types<H, Real, XQ, XKV, WQ, WK, WV, WO>::outputs_type multi_head_attention(
    const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key, const WV& w_value, const WO& w_out,
    const Masks&... masks) noexcept {
    using Types = detail::multi_head_types<H, Real, XQ, XKV, WQ, WK, WV, WO>;
    struct steps {
        typename Types::projections::queries_type queries;
        typename Types::projections::keys_type keys;
        typename Types::projections::values_type values;
        typename Types::concatenated_type concatenated;
        typename Types::outputs_type& outputs;  // the result, returned without a copy
        // The matrices are left for multi_head to write (no value-initialisation: no steps of constant evaluation
        // spent on zeros that are overwritten).
        constexpr explicit steps(typename Types::outputs_type& result) noexcept : outputs(result) {}
    };
    typename Types::outputs_type outputs;
    if constexpr (detail::check_options<op::multi_head_attention, Masks...>() &&
                  detail::check_multi_head_shapes<heads<H>, XQ, XKV, WQ, WK, WV, WO>() &&
                  detail::check_stack<op::multi_head_attention,
                                      sizeof(steps) + sizeof(outputs) + detail::head_stack_bytes<Types>>()) {
        steps s(outputs);
        detail::multi_head<H, Types>(s, x_q, x_kv, w_query, w_key, w_value, w_out, masks...);
    }
    return outputs;
}

/// @brief The outputs of multi-head self-attention: `multi_head_attention<H>(x, x, ...)`.
template <std::size_t H, class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV,
          matrix_type WO, class... Masks>
CTA_DETAIL_TARGET_TAG
constexpr auto multi_head_self_attention(const X& inputs, const WQ& w_query, const WK& w_key, const WV& w_value,
                                         const WO& w_out, const Masks&... masks) noexcept {
    return multi_head_attention<H, Real>(inputs, inputs, w_query, w_key, w_value, w_out, masks...);
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
