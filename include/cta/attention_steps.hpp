// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The steps of attention: `cta::attention_steps`, the record of every step of self- and cross-attention (a
/// Boost.Hana struct), and the functions that return it or write it (`cta::self_attention_steps`,
/// `cta::cross_attention_steps`, their `_into` variants and the `_t` aliases of their records). The functions that
/// return the outputs only, the options and the shape rules are in `<cta/attention.hpp>`, which needs no Boost.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/define_struct.hpp>

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

/// @brief Every step of attention, in the seed's order, with or without options, for one sequence or two: what
/// `cta::self_attention_steps` and `cta::cross_attention_steps` return. A Boost.Hana struct:
/// `boost::hana::keys(steps)` gives the step names, `boost::hana::accessors` and `boost::hana::for_each` visit the
/// steps in order, and `<cta/io_steps.hpp>` prints them. The template arguments are the steps' matrix types (the
/// logits have the weights' type). For self-attention n_q = n_kv = n.
template <class Queries, class Keys, class Values, class Scores, class Weights, class Outputs>
struct attention_steps {
    /// @brief The type of one query's weighted values: the values' shape, the weights' element type.
    using weighted_values_type = rebind_t<Values, typename Weights::value_type>;

    BOOST_HANA_DEFINE_STRUCT(attention_steps,
        /// @brief Q = X_q W_Q, n_q x d_k (section 6).
        (Queries, queries),
        /// @brief K = X_kv W_K, n_kv x d_k (section 5).
        (Keys, keys),
        /// @brief V = X_kv W_V, n_kv x d_v (section 6).
        (Values, values),
        /// @brief S = Q K^T, n_q x n_kv: row i holds query i's scores against every key (section 7).
        (Scores, scores),
        /// @brief L, the input of softmax: S in the weights' element type, divided by sqrt(d_k) with `cta::scaled`,
        /// then masked (-inf where a mask removes an entry, plus an additive mask); without options, S converted.
        (Weights, logits),
        /// @brief W = softmax(L) row by row, n_q x n_kv (section 8).
        (Weights, weights),
        /// @brief For each query i, the n_kv x d_v matrix whose row j is W(i, j) V(j, :) (section 9).
        (std::array<weighted_values_type, Queries::rows>, weighted_values),
        /// @brief O = W V, n_q x d_v: row i is the sum of weighted_values[i]'s rows (sections 10 and 11).
        (Outputs, outputs));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const attention_steps&, const attention_steps&) = default;
};

namespace detail {

/// The record of the steps of these types (a step_types).
template <class Types>
using steps_record = attention_steps<typename Types::queries_type, typename Types::keys_type,
                                     typename Types::values_type, typename Types::scores_type,
                                     typename Types::weights_type, typename Types::outputs_type>;

/// X_q, X_kv -> every step into the record `s`, in the record's order: projections and scores in the element type
/// of s.scores, logits (without options the scores converted, so the weights have the bits of softmax(S)), weights
/// = softmax(logits), weighted values, outputs = W V. Each step is written where it is kept: no step is made
/// elsewhere and copied (the record may be larger than any stack, in static or heap storage).
template <class Steps, class XQ, class XKV, class WQ, class WK, class WV, class... Options>
CTA_DETAIL_TARGET_TAG
constexpr void project_and_attend(Steps& s, const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key,
                                  const WV& w_value, const Options&... options) noexcept {
    using T = typename decltype(s.scores)::value_type;
    using R = typename decltype(s.weights)::value_type;
    multiply_into<T>(s.queries, x_q, w_query);
    multiply_into<T>(s.keys, x_kv, w_key);
    multiply_into<T>(s.values, x_kv, w_value);
    multiply_transposed_into<T>(s.scores, s.queries, s.keys);
    logits_into<R, WQ::cols>(s.logits, s.scores, options...);
    softmax_into(s.weights, s.logits);
    for (std::size_t i = 0; i < XQ::rows; ++i) {
        for (std::size_t j = 0; j < XKV::rows; ++j) {
            for (std::size_t c = 0; c < WV::cols; ++c) {
                s.weighted_values[i].elems[j][c] = s.weights.elems[i][j] * static_cast<R>(s.values.elems[j][c]);
            }
        }
    }
    multiply_into<R>(s.outputs, s.weights, s.values);
}

}  // namespace detail

/// @brief The record of every step that `cta::self_attention_steps<Real>(inputs, w_query, w_key, w_value,
/// options...)` returns for arguments of types X, WQ, WK, WV and Options (`Real` = void for the default): an
/// `attention_steps`, the same type with or without options. For storage of one's own, e.g.
/// `static cta::self_attention_steps_t<void, X, WQ, WK, WV> steps;`. (`Options` is accepted, and does not change
/// the type, so that the arguments of a call can be given as they are.)
template <class Real, class X, class WQ, class WK, class WV, class... Options>
using self_attention_steps_t = detail::steps_record<detail::step_types_for<Real, X, X, WQ, WK, WV>>;

/// @brief The record of every step that `cta::cross_attention_steps<Real>(x_q, x_kv, w_query, w_key, w_value,
/// options...)` returns: an `attention_steps` (scores, logits and weights n_q x n_kv).
template <class Real, class XQ, class XKV, class WQ, class WK, class WV>
using cross_attention_steps_t = detail::steps_record<detail::step_types_for<Real, XQ, XKV, WQ, WK, WV>>;

// ---- Self-attention ------------------------------------------------------------------------------------------------

/// @brief Every step of self-attention (seed sections 5 to 11) for the n x d `inputs` (one token per row) and the
/// weights `w_query` (d x d_k), `w_key` (d x d_k) and `w_value` (d x d_v), in an `attention_steps` record:
///
///     queries = inputs w_query, keys = inputs w_key, values = inputs w_value,
///     scores = queries keys^T, logits = scores (divided by sqrt(d_k) with `cta::scaled`, then masked),
///     weights = softmax(logits) (row-wise),
///     weighted_values[i](j, :) = weights(i, j) values(j, :), outputs = weights values.
///
/// The projections and scores keep the element type of `x * w` (exact for integers); the logits, softmax and what
/// follows are computed in `Real`: by default the projections' type if it is floating, else `double`
/// (`cta::self_attention_steps<float>(...)` asks for `float`). Options: `cta::scaled`, `cta::causal` and masks (see
/// `attention_option`); without options the logits are the scores converted, and the weights softmax(scores).
///
/// Shape rule: as `cta::self_attention`'s, or the build fails naming `cta::op::self_attention` and the four matrix
/// types.
template <class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG constexpr self_attention_steps_t<Real, X, WQ, WK, WV> self_attention_steps(
    const X& inputs, const WQ& w_query, const WK& w_key, const WV& w_value, const Options&... options) noexcept {
    using Steps = self_attention_steps_t<Real, X, WQ, WK, WV>;
    Steps s;  // the one object returned (no copy), also where a rule below stops the build
    if constexpr (detail::check_options<op::self_attention, Options...>() &&
                  detail::check_self_attention_shapes<X, WQ, WK, WV>() &&
                  detail::check_stack<op::self_attention, sizeof(Steps)>()) {
        detail::project_and_attend(s, inputs, inputs, w_query, w_key, w_value, options...);
    }
    return s;
}

/// @brief `cta::self_attention_steps(...)` written into `steps`, a record of type
/// `cta::self_attention_steps_t<Real, X, WQ, WK, WV>` that the caller provides (static or heap storage for large
/// n: the record holds n x n scores, logits and weights, and n x n x d_v weighted values). The same bits; no matrix
/// is kept in automatic storage, so CTA_STACK_LIMIT does not apply.
template <class Real = void, class Steps, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG
constexpr void self_attention_steps_into(Steps& steps, const X& inputs, const WQ& w_query, const WK& w_key,
                                         const WV& w_value, const Options&... options) noexcept {
    if constexpr (detail::check_options<op::self_attention, Options...>() &&
                  detail::check_self_attention_shapes<X, WQ, WK, WV>()) {
        static_assert(std::is_same_v<Steps, self_attention_steps_t<Real, X, WQ, WK, WV>>,
                      "cta::self_attention_steps_into(steps, inputs, w_query, w_key, w_value, options...): steps "
                      "must be a cta::self_attention_steps_t<Real, X, WQ, WK, WV> of the arguments' types");
        detail::project_and_attend(steps, inputs, inputs, w_query, w_key, w_value, options...);
    }
}

// ---- Cross-attention -----------------------------------------------------------------------------------------------

/// @brief Every step of cross-attention, in an `attention_steps` record: queries from `x_q` (n_q x d), keys and
/// values from `x_kv` (n_kv x d'), with `w_query` (d x d_k), `w_key` (d' x d_k) and `w_value` (d' x d_v); options
/// and element types as for `self_attention_steps`. Scores, logits and weights are n_q x n_kv, each of the n_q
/// weighted values n_kv x d_v, the outputs n_q x d_v.
///
/// Shape rule: as `cta::cross_attention`'s, or the build fails naming `cta::op::cross_attention` and the five
/// matrix types.
template <class Real = void, matrix_type XQ, matrix_type XKV, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG constexpr cross_attention_steps_t<Real, XQ, XKV, WQ, WK, WV> cross_attention_steps(
    const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key, const WV& w_value,
    const Options&... options) noexcept {
    using Steps = cross_attention_steps_t<Real, XQ, XKV, WQ, WK, WV>;
    Steps s;  // the one object returned (no copy), also where a rule below stops the build
    if constexpr (detail::check_options<op::cross_attention, Options...>() &&
                  detail::check_cross_attention_shapes<XQ, XKV, WQ, WK, WV>() &&
                  detail::check_stack<op::cross_attention, sizeof(Steps)>()) {
        detail::project_and_attend(s, x_q, x_kv, w_query, w_key, w_value, options...);
    }
    return s;
}

/// @brief `cta::cross_attention_steps(...)` written into `steps`, a `cta::cross_attention_steps_t<Real, XQ, XKV,
/// WQ, WK, WV>` that the caller provides (static or heap storage for large sizes). The same bits; no matrix is kept
/// in automatic storage, so CTA_STACK_LIMIT does not apply.
template <class Real = void, class Steps, matrix_type XQ, matrix_type XKV, matrix_type WQ, matrix_type WK,
          matrix_type WV, class... Options>
CTA_DETAIL_TARGET_TAG
constexpr void cross_attention_steps_into(Steps& steps, const XQ& x_q, const XKV& x_kv, const WQ& w_query,
                                          const WK& w_key, const WV& w_value, const Options&... options) noexcept {
    if constexpr (detail::check_options<op::cross_attention, Options...>() &&
                  detail::check_cross_attention_shapes<XQ, XKV, WQ, WK, WV>()) {
        static_assert(std::is_same_v<Steps, cross_attention_steps_t<Real, XQ, XKV, WQ, WK, WV>>,
                      "cta::cross_attention_steps_into(steps, x_q, x_kv, w_query, w_key, w_value, options...): steps "
                      "must be a cta::cross_attention_steps_t<Real, XQ, XKV, WQ, WK, WV> of the arguments' types");
        detail::project_and_attend(steps, x_q, x_kv, w_query, w_key, w_value, options...);
    }
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
