// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Attention, the outputs: the seed tutorial's self-attention (`cta::self_attention`, seed sections 5 to 11),
/// the Transformer's scaled dot-product attention, masks, cross-attention, and attention from given queries, keys
/// and values, with their options and the shape rules' concepts. No Boost: the record of every step and the
/// functions that return it are in `<cta/attention_steps.hpp>`.
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/stack_limit.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>
#include <cta/softmax.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

// ---- Options -------------------------------------------------------------------------------------------------------

/// @brief Option: divide the scores by sqrt(d_k) before softmax, as the Transformer's scaled dot-product attention
/// does ("Attention Is All You Need", section 3.2.1). Without it the scores are used as they are (the seed).
struct scaled_t {};
/// @copydoc cta::scaled_t
inline constexpr scaled_t scaled{};

/// @brief Option: a causal mask, query i attends to keys j <= i only (the top-left triangle, also when
/// n_q != n_kv).
struct causal_t {};
/// @copydoc cta::causal_t
inline constexpr causal_t causal{};

/// @brief An option of the attention functions: `cta::scaled`, `cta::causal`, or a mask matrix of the scores'
/// shape n_q x n_kv: a `matrix<bool, ...>` keeps the entries that are `true` (a boolean mask), a matrix of numbers
/// is added to the scaled scores (an additive mask; -inf removes an entry). Masks combine; masked entries get
/// weight exactly 0, and a query whose entries are all masked gets weight 0 everywhere (its output is 0).
template <class O>
concept attention_option = std::is_same_v<std::remove_cvref_t<O>, scaled_t> ||
                           std::is_same_v<std::remove_cvref_t<O>, causal_t> || matrix_type<O>;

namespace detail {

template <class... Options>
inline constexpr bool is_scaled = (std::is_same_v<std::remove_cvref_t<Options>, scaled_t> || ...);

/// Applies one option to the logits: a mask, or nothing (scaling is applied before, by `logits_of`).
template <class L, class O>
CTA_DETAIL_TARGET_TAG constexpr void apply_option(L& logits, const O& option) noexcept {
    using R = typename L::value_type;
    if constexpr (std::is_same_v<O, causal_t>) {
        for (std::size_t i = 0; i < L::rows; ++i) {
            for (std::size_t j = i + 1; j < L::cols; ++j) {
                logits.elems[i][j] = -std::numeric_limits<R>::infinity();
            }
        }
    } else if constexpr (matrix_type<O>) {
        if constexpr (!same_shape_v<L, O>) {
            static_assert(shapes_agree<op::attention_mask, L, O>,
                          "cta: an attention mask needs the shape of the scores, n_q x n_kv (queries by keys)");
        } else if constexpr (std::is_same_v<typename O::value_type, bool>) {
            for (std::size_t i = 0; i < L::rows; ++i) {
                for (std::size_t j = 0; j < L::cols; ++j) {
                    if (!option.elems[i][j]) logits.elems[i][j] = -std::numeric_limits<R>::infinity();
                }
            }
        } else {
            for (std::size_t i = 0; i < L::rows; ++i) {
                for (std::size_t j = 0; j < L::cols; ++j) {
                    logits.elems[i][j] += static_cast<R>(option.elems[i][j]);
                }
            }
        }
    } else {
        static_assert(std::is_same_v<O, scaled_t>,
                      "cta: attention options are cta::scaled, cta::causal and mask matrices");
        (void)logits;
        (void)option;
    }
}

/// The logits: the scores in `Real`, divided by sqrt(d_k) if `scaled` is among the options, then masked; written
/// into `logits` (the shape of the scores, elements of Real).
template <class Real, std::size_t Dk, class L, class S, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void logits_into(L& logits, const S& scores, const Options&... options) noexcept {
    for (std::size_t i = 0; i < S::rows; ++i) {
        for (std::size_t j = 0; j < S::cols; ++j) {
            logits.elems[i][j] = static_cast<Real>(scores.elems[i][j]);
        }
    }
    if constexpr (is_scaled<Options...>) {
        constexpr Real root = sqrt(static_cast<Real>(Dk));
        for (std::size_t i = 0; i < S::rows; ++i) {
            for (std::size_t j = 0; j < S::cols; ++j) {
                logits.elems[i][j] /= root;
            }
        }
    }
    (apply_option(logits, options), ...);
}

/// The logits (see logits_into).
template <class Real, std::size_t Dk, class S, class... Options>
CTA_DETAIL_TARGET_TAG constexpr rebind_t<S, Real> logits_of(const S& scores, const Options&... options) noexcept {
    rebind_t<S, Real> logits;
    logits_into<Real, Dk>(logits, scores, options...);
    return logits;
}

/// The weights softmax(logits) in `Real` for scores of queries with d_k = Dk columns.
template <class Real, std::size_t Dk, class S, class... Options>
CTA_DETAIL_TARGET_TAG constexpr rebind_t<S, Real> weights_of(const S& scores, const Options&... options) noexcept {
    if constexpr (sizeof...(Options) == 0) {
        return softmax<Real>(scores);  // the same bits as softmax of the scores converted to Real
    } else {
        return softmax<Real>(logits_of<Real, Dk>(scores, options...));
    }
}

/// The element type of `x * w` for the elements of all the matrices given.
template <class X, class... W>
using projection_t = std::common_type_t<product_t<typename X::value_type, typename W::value_type>...>;

/// The steps' matrix types for queries X_q W_Q, keys X_kv W_K, values X_kv W_V, in element type T and Real (the
/// logits and weights have weights_type).
template <class T, class Real, class XQ, class XKV, class WQ, class WK, class WV>
struct step_types {
    using queries_type = matrix_t<T, XQ::rows, WQ::cols, row_axis_t<XQ>, col_axis_t<WQ>>;
    using keys_type = matrix_t<T, XKV::rows, WK::cols, row_axis_t<XKV>, col_axis_t<WK>>;
    using values_type = matrix_t<T, XKV::rows, WV::cols, row_axis_t<XKV>, col_axis_t<WV>>;
    using scores_type = matrix_t<T, XQ::rows, XKV::rows, row_axis_t<XQ>, row_axis_t<XKV>>;
    using weights_type = rebind_t<scores_type, Real>;
    using outputs_type = matrix_t<Real, XQ::rows, WV::cols, row_axis_t<XQ>, col_axis_t<WV>>;
};

template <class Real, class XQ, class XKV, class WQ, class WK, class WV>
using step_types_for =
    step_types<projection_t<XQ, WQ, WK, WV>, real_t<Real, projection_t<XQ, WQ, WK, WV>>, XQ, XKV, WQ, WK, WV>;

/// Checks the options' types (the masks' shapes are checked where they are applied); true when they are options
/// (otherwise the build stops here, naming the operation and the options' types).
template <class Operation, class... Options>
CTA_DETAIL_TARGET_TAG constexpr bool check_options() noexcept {
    constexpr bool ok = (attention_option<Options> && ...);
    if constexpr (!ok) {
        static_assert(options_agree<Operation, std::remove_cvref_t<Options>...>,
                      "cta: attention options are cta::scaled, cta::causal and mask matrices (bool or numbers)");
    }
    return ok;
}

/// Queries, keys and values of X_q W_Q, X_kv W_K, X_kv W_V agree: d_k of queries and keys, and the weights' rows
/// with their inputs' columns (sizes and axes).
template <class XQ, class XKV, class WQ, class WK, class WV>
inline constexpr bool projections_agree =
    WQ::rows == XQ::cols && WK::rows == XKV::cols && WV::rows == XKV::cols && WQ::cols == WK::cols &&
    axes_match_v<row_axis_t<WQ>, col_axis_t<XQ>> && axes_match_v<row_axis_t<WK>, col_axis_t<XKV>> &&
    axes_match_v<row_axis_t<WV>, col_axis_t<XKV>> && axes_match_v<col_axis_t<WQ>, col_axis_t<WK>>;

/// Scores of n_q x n_kv with the queries' and keys' row axes (the element type does not count): what a mask fits.
template <class XQ, class XKV>
using scores_shape = matrix_t<char, XQ::rows, XKV::rows, row_axis_t<XQ>, row_axis_t<XKV>>;

/// An option fits scores of type S: `scaled` and `causal` fit every S, a mask matrix needs S's shape and axes.
template <class S, class O, bool = matrix_type<O>>
inline constexpr bool option_fits = attention_option<O>;
template <class S, class O>
inline constexpr bool option_fits<S, O, true> = same_shape_v<S, O>;

/// The shape rule of `cta::attention(queries, keys, values)`: d_k of queries and keys, n_kv of keys and values.
template <class Q, class K, class V>
inline constexpr bool attention_shapes_agree = Q::cols == K::cols && K::rows == V::rows &&
                                               axes_match_v<col_axis_t<Q>, col_axis_t<K>> &&
                                               axes_match_v<row_axis_t<K>, row_axis_t<V>>;

/// Checks self-attention's shape rule; true when the shapes agree (otherwise the build stops here).
template <class X, class WQ, class WK, class WV>
CTA_DETAIL_TARGET_TAG constexpr bool check_self_attention_shapes() noexcept {
    constexpr bool ok = projections_agree<X, X, WQ, WK, WV>;
    if constexpr (!ok) {
        static_assert(shapes_agree<op::self_attention, X, WQ, WK, WV>,
                      "cta::self_attention(inputs, w_query, w_key, w_value) and cta::self_attention_steps(...): "
                      "each weight matrix needs as many rows as inputs has columns, and w_query and w_key need the "
                      "same number of columns (d_k); with named axes, each weight's row axis is the inputs' column "
                      "axis");
    }
    return ok;
}

/// Checks cross-attention's shape rule; true when the shapes agree (otherwise the build stops here).
template <class XQ, class XKV, class WQ, class WK, class WV>
CTA_DETAIL_TARGET_TAG constexpr bool check_cross_attention_shapes() noexcept {
    constexpr bool ok = projections_agree<XQ, XKV, WQ, WK, WV>;
    if constexpr (!ok) {
        static_assert(shapes_agree<op::cross_attention, XQ, XKV, WQ, WK, WV>,
                      "cta::cross_attention(x_q, x_kv, w_query, w_key, w_value) and cta::cross_attention_steps(...): "
                      "w_query needs as many rows as x_q has columns, w_key and w_value as many rows as x_kv has "
                      "columns, and w_query and w_key the same number of columns (d_k); with named axes, each "
                      "weight's row axis is its input's column axis");
    }
    return ok;
}

/// Stops the build, naming the operation and both numbers, where `Bytes` of automatic storage exceed
/// CTA_STACK_LIMIT (include/cta/detail/stack_limit.hpp); true otherwise.
template <class Operation, std::size_t Bytes, std::size_t Limit = stack_limit>
CTA_DETAIL_TARGET_TAG constexpr bool check_stack() noexcept {
    constexpr bool fits = Bytes <= Limit;
    if constexpr (!fits) {
        static_assert(stack_fits<Operation, Bytes, Limit>,
                      "cta: the steps of this call take more automatic storage (stack) than CTA_STACK_LIMIT allows "
                      "(stack_fits<operation, bytes, limit>): write them into storage of your own with "
                      "cta::self_attention_steps_into or cta::cross_attention_steps_into (static or heap), or "
                      "define CTA_STACK_LIMIT (bytes) before including cta");
    }
    return fits;
}

/// The bytes the steps of attention of these types hold at once where only the outputs are returned: queries,
/// keys, values, scores, logits (with options), weights, outputs.
template <class Types, std::size_t Options>
inline constexpr std::size_t outputs_stack_bytes =
    sizeof(typename Types::queries_type) + sizeof(typename Types::keys_type) + sizeof(typename Types::values_type) +
    sizeof(typename Types::scores_type) + (Options > 0 ? 2 : 1) * sizeof(typename Types::weights_type) +
    sizeof(typename Types::outputs_type);

/// Attention without options at run time, its extents known at run time: the calls of multiply_kernel and of
/// softmax_rows_run_time that the steps make at run time for a shape that takes them all (attention_kernel_fits),
/// with the same arguments, so the same bits. The matrices are known by their first elements (each one's rows one
/// after the other); n_q and n_kv are the rows of x_q and x_kv, d_q and d_kv their columns. One compiled copy per
/// element types, which the attention of every such shape calls: what a shape compiles of its own is that call. (The
/// extents are arguments of their own, not members of a structure, so that where the compiler specialises
/// functions for constant arguments, GCC's -O3, it can specialise this one and the kernels it calls for a shape.)
template <class T, class R, class XQ, class XKV, class WQ, class WK, class WV>
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] void attention_kernel(const XQ* x_q, const XKV* x_kv, const WQ* w_query,
                                                              const WK* w_key, const WV* w_value, T* queries,
                                                              T* keys, T* values, T* scores, R* weights, R* outputs,
                                                              std::size_t n_q, std::size_t n_kv, std::size_t d_q,
                                                              std::size_t d_kv, std::size_t d_k,
                                                              std::size_t d_v) noexcept {
    multiply_kernel<T>(queries, d_k, x_q, d_q, w_query, d_k, 1, n_q, d_k, d_q);
    multiply_kernel<T>(keys, d_k, x_kv, d_kv, w_key, d_k, 1, n_kv, d_k, d_kv);
    multiply_kernel<T>(values, d_v, x_kv, d_kv, w_value, d_v, 1, n_kv, d_v, d_kv);
    multiply_kernel<T>(scores, n_kv, static_cast<const T*>(queries), d_k, static_cast<const T*>(keys), 1, d_k, n_q,
                       n_kv, d_k);
    softmax_rows_run_time(weights, static_cast<const T*>(scores), n_q, n_kv);
    multiply_kernel<R>(outputs, d_v, static_cast<const R*>(weights), n_kv, static_cast<const T*>(values), d_v, 1,
                       n_q, d_v, n_kv);
}

/// Whether attention with these step types and no options runs by attention_kernel at run time: no product so
/// small that it is computed where it is called (inline_product_terms), and softmax's rows not short
/// (softmax_by_short_rows).
template <class Types, class XQ, class XKV, std::size_t Options>
inline constexpr bool attention_kernel_fits =
    Options == 0 && XQ::rows * Types::queries_type::cols * XQ::cols > inline_product_terms &&
    XKV::rows * Types::keys_type::cols * XKV::cols > inline_product_terms &&
    XKV::rows * Types::values_type::cols * XKV::cols > inline_product_terms &&
    XQ::rows * XKV::rows * Types::queries_type::cols > inline_product_terms &&
    XQ::rows * Types::values_type::cols * XKV::rows > inline_product_terms &&
    !softmax_by_short_rows<typename Types::weights_type::value_type, XQ::rows, XKV::rows>;

/// The outputs, step by step: projections are not kept.
template <class Types, class XQ, class XKV, class WQ, class WK, class WV, class... Options>
CTA_DETAIL_TARGET_TAG
constexpr auto project_and_attend_steps(const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key,
                                        const WV& w_value, const Options&... options) noexcept {
    using T = typename Types::queries_type::value_type;
    using R = typename Types::weights_type::value_type;
    // Each step initialises its own object (no copies), in attend's order. The queries, keys and scores are read by
    // softmax alone: their smallest products sum from their first terms at run time (multiply_run_time, FromFirst).
    const auto queries = multiply<T, true>(x_q, w_query);
    const auto keys = multiply<T, true>(x_kv, w_key);
    const auto values = multiply<T>(x_kv, w_value);
    const auto weights = weights_of<R, WQ::cols>(multiply_transposed<T, true>(queries, keys), options...);
    return multiply<R>(weights, values);
}

/// The outputs of a shape that attention_kernel_fits at run time: the steps' matrices here, computed by
/// attention_kernel.
template <class Types, class XQ, class XKV, class WQ, class WK, class WV>
CTA_DETAIL_TARGET_TAG inline auto project_and_attend_by_kernel(const XQ& x_q, const XKV& x_kv, const WQ& w_query,
                                                               const WK& w_key, const WV& w_value) noexcept {
    using R = typename Types::weights_type::value_type;
    typename Types::queries_type queries;
    typename Types::keys_type keys;
    typename Types::values_type values;
    typename Types::scores_type scores;
    typename Types::weights_type weights;
    // the type of multiply<R>(weights, values), as project_and_attend_steps returns it
    matrix_t<R, Types::weights_type::rows, Types::values_type::cols, row_axis_t<typename Types::weights_type>,
             col_axis_t<typename Types::values_type>>
        outputs;
    attention_kernel(&x_q.elems[0][0], &x_kv.elems[0][0], &w_query.elems[0][0], &w_key.elems[0][0],
                     &w_value.elems[0][0], &queries.elems[0][0], &keys.elems[0][0], &values.elems[0][0],
                     &scores.elems[0][0], &weights.elems[0][0], &outputs.elems[0][0], XQ::rows, XKV::rows, XQ::cols,
                     XKV::cols, WQ::cols, WV::cols);
    return outputs;
}

/// The outputs only: project_and_attend_steps, or at run time, for a shape that attention_kernel_fits,
/// project_and_attend_by_kernel. The test is the builtin, which GCC folds where it reads the function, and the
/// steps are a branch of their own (not statements after a return), which GCC then drops unread: for such a shape
/// they are not compiled for run time at all (dot_products and the other code of constant evaluation included).
template <class Types, class XQ, class XKV, class WQ, class WK, class WV, class... Options>
CTA_DETAIL_TARGET_TAG
constexpr auto project_and_attend_outputs(const XQ& x_q, const XKV& x_kv, const WQ& w_query, const WK& w_key,
                                          const WV& w_value, const Options&... options) noexcept {
    if constexpr (attention_kernel_fits<Types, XQ, XKV, sizeof...(Options)>) {
        // The steps are a branch of their own, which GCC drops unread (not statements after a return).
        if (__builtin_is_constant_evaluated()) {
            return project_and_attend_steps<Types>(x_q, x_kv, w_query, w_key, w_value);
        } else {  // NOLINT(readability-else-after-return)
            return project_and_attend_by_kernel<Types>(x_q, x_kv, w_query, w_key, w_value);
        }
    } else {
        return project_and_attend_steps<Types>(x_q, x_kv, w_query, w_key, w_value, options...);
    }
}

}  // namespace detail

// ---- Shape rules for generic code ----------------------------------------------------------------------------------
//
// As with `cta::multipliable` (operations.hpp): the attention functions stop the build when their arguments do not
// fit, so `requires { cta::self_attention(x, w_q, w_k, w_v); }` cannot ask; these concepts can. Each holds when the
// function with those argument types compiles: matrices whose shapes (and axes) follow its rule, and options that
// are options, each mask of the scores' shape n_q x n_kv. (CTA_STACK_LIMIT, a limit of the build, is not a rule of
// the shapes: a call over it still stops the build.)

/// @brief True if `cta::attention(queries, keys, values, options...)` and
/// `cta::scaled_dot_product_attention(queries, keys, values, masks...)` accept these argument types.
template <class Q, class K, class V, class... Options>
concept attention_arguments =
    matrix_type<Q> && matrix_type<K> && matrix_type<V> && (attention_option<Options> && ...) &&
    detail::attention_shapes_agree<std::remove_cvref_t<Q>, std::remove_cvref_t<K>, std::remove_cvref_t<V>> &&
    (detail::option_fits<detail::scores_shape<std::remove_cvref_t<Q>, std::remove_cvref_t<K>>,
                         std::remove_cvref_t<Options>> && ...);

/// @brief True if `cta::cross_attention(x_q, x_kv, w_query, w_key, w_value, options...)` and
/// `cta::cross_attention_steps(...)` (`<cta/attention_steps.hpp>`) accept these argument types.
template <class XQ, class XKV, class WQ, class WK, class WV, class... Options>
concept cross_attention_arguments =
    matrix_type<XQ> && matrix_type<XKV> && matrix_type<WQ> && matrix_type<WK> && matrix_type<WV> &&
    (attention_option<Options> && ...) &&
    detail::projections_agree<std::remove_cvref_t<XQ>, std::remove_cvref_t<XKV>, std::remove_cvref_t<WQ>,
                              std::remove_cvref_t<WK>, std::remove_cvref_t<WV>> &&
    (detail::option_fits<detail::scores_shape<std::remove_cvref_t<XQ>, std::remove_cvref_t<XKV>>,
                         std::remove_cvref_t<Options>> && ...);

/// @brief True if `cta::self_attention(inputs, w_query, w_key, w_value, options...)` and
/// `cta::self_attention_steps(...)` (`<cta/attention_steps.hpp>`) accept these argument types.
template <class X, class WQ, class WK, class WV, class... Options>
concept self_attention_arguments = cross_attention_arguments<X, X, WQ, WK, WV, Options...>;

// ---- Attention from queries, keys and values -------------------------------------------------------------------------

/// @brief Attention from given queries Q (n_q x d_k), keys K (n_kv x d_k) and values V (n_kv x d_v):
/// `softmax(L) V` with the logits `L = Q K^T`, divided by sqrt(d_k) with `cta::scaled`, and masked by the mask
/// options. Returns the n_q x d_v outputs in `Real` (by default the element type if floating, else `double`).
///
/// Shape rule: Q and K have the same number of columns (d_k) and K and V the same number of rows (n_kv), with
/// matching axes, or the build fails naming `cta::op::attention` and the three matrix types.
template <class Real = void, matrix_type Q, matrix_type K, matrix_type V, class... Options>
CTA_DETAIL_TARGET_TAG
constexpr auto attention(const Q& queries, const K& keys, const V& values, const Options&... options) noexcept {
    using T = detail::product_t<typename Q::value_type, typename K::value_type>;
    using R = real_t<Real, std::common_type_t<T, typename V::value_type>>;
    using Outputs = matrix_t<R, Q::rows, V::cols, row_axis_t<Q>, col_axis_t<V>>;
    constexpr bool ok = detail::attention_shapes_agree<Q, K, V>;
    if constexpr (!detail::check_options<op::attention, Options...>()) {
        return Outputs{};
    } else if constexpr (!ok) {
        static_assert(shapes_agree<op::attention, Q, K, V>,
                      "cta::attention(queries, keys, values): queries and keys need the same number of columns "
                      "(d_k), keys and values the same number of rows (n_kv)");
        return Outputs{};
    } else {
        using Scores = matrix_t<T, Q::rows, K::rows, row_axis_t<Q>, row_axis_t<K>>;
        detail::check_stack<op::attention, sizeof(Scores) + (sizeof...(Options) > 0 ? 2 : 1) *
                                                                 sizeof(rebind_t<Scores, R>) + sizeof(Outputs)>();
        // The scores are read by softmax alone (detail::multiply_run_time, FromFirst).
        const auto weights =
            detail::weights_of<R, Q::cols>(detail::multiply_transposed<T, true>(queries, keys), options...);
        return detail::multiply<R>(weights, values);
    }
}

/// @brief Scaled dot-product attention, `softmax(Q K^T / sqrt(d_k) + masks) V` ("Attention Is All You Need",
/// equation 1): `cta::attention(queries, keys, values, cta::scaled, masks...)`.
template <class Real = void, matrix_type Q, matrix_type K, matrix_type V, class... Masks>
CTA_DETAIL_TARGET_TAG constexpr auto scaled_dot_product_attention(const Q& queries, const K& keys, const V& values,
                                            const Masks&... masks) noexcept {
    return attention<Real>(queries, keys, values, scaled, masks...);
}

// ---- Self-attention ------------------------------------------------------------------------------------------------

/// @brief Self-attention (seed sections 5 to 11) for the n x d `inputs` (one token per row) and the weights
/// `w_query` (d x d_k), `w_key` (d x d_k) and `w_value` (d x d_v): the n x d_v outputs
///
///     queries = inputs w_query, keys = inputs w_key, values = inputs w_value,
///     scores = queries keys^T, logits = scores (divided by sqrt(d_k) with `cta::scaled`, then masked),
///     weights = softmax(logits) (row-wise), outputs = weights values.
///
/// The projections and scores keep the element type of `x * w` (exact for integers); softmax and what follows are
/// computed in `Real`: by default the projections' type if it is floating, else `double`
/// (`cta::self_attention<float>(...)` asks for `float`). Options: `cta::scaled`, `cta::causal` and masks (see
/// `attention_option`). The same numbers, bit for bit, as `cta::self_attention_steps(...).outputs`
/// (`<cta/attention_steps.hpp>`), without keeping the intermediate steps.
///
/// Shape rule: every weight has as many rows as `inputs` has columns, and `w_query` and `w_key` have the same
/// number of columns (and, with named axes, the axes match), or the build fails naming `cta::op::self_attention`
/// and the four matrix types.
template <class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG
constexpr auto self_attention(const X& inputs, const WQ& w_query, const WK& w_key, const WV& w_value,
                              const Options&... options) noexcept {
    using Types = detail::step_types_for<Real, X, X, WQ, WK, WV>;
    if constexpr (!detail::check_options<op::self_attention, Options...>() ||
                  !detail::check_self_attention_shapes<X, WQ, WK, WV>() ||
                  !detail::check_stack<op::self_attention,
                                       detail::outputs_stack_bytes<Types, sizeof...(Options)>>()) {
        return typename Types::outputs_type{};
    } else {
        return detail::project_and_attend_outputs<Types>(inputs, inputs, w_query, w_key, w_value, options...);
    }
}

// ---- Cross-attention -----------------------------------------------------------------------------------------------

/// @brief Cross-attention: queries from `x_q` (n_q x d), keys and values from `x_kv` (n_kv x d'), with `w_query`
/// (d x d_k), `w_key` (d' x d_k) and `w_value` (d' x d_v); options as for `self_attention`. Returns the n_q x d_v
/// outputs: the same bits as `cta::cross_attention_steps(...).outputs` (`<cta/attention_steps.hpp>`).
///
/// Shape rule: `w_query` has d rows, `w_key` and `w_value` d' rows, `w_query` and `w_key` the same number of
/// columns (and, with named axes, the axes match), or the build fails naming `cta::op::cross_attention` and the
/// five matrix types.
template <class Real = void, matrix_type XQ, matrix_type XKV, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto cross_attention(const XQ& x_q, const XKV& x_kv, const WQ& w_query,
                                                     const WK& w_key, const WV& w_value,
                                                     const Options&... options) noexcept {
    using Types = detail::step_types_for<Real, XQ, XKV, WQ, WK, WV>;
    if constexpr (!detail::check_options<op::cross_attention, Options...>() ||
                  !detail::check_cross_attention_shapes<XQ, XKV, WQ, WK, WV>() ||
                  !detail::check_stack<op::cross_attention,
                                       detail::outputs_stack_bytes<Types, sizeof...(Options)>>()) {
        return typename Types::outputs_type{};
    } else {
        return detail::project_and_attend_outputs<Types>(x_q, x_kv, w_query, w_key, w_value, options...);
    }
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
