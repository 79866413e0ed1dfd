// SPDX-License-Identifier: BSL-1.0
// Checks shared by the attention proof and the attention run-time tests: element-type conversion, the columns of one
// head, which entries a mask keeps, and the properties that every attention record must have.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/cta.hpp>

namespace attention_checks {

/// `m` with its elements converted to `U` (exact for the references' inputs, multiples of 1/4, and for -inf).
template <class U, cta::matrix_type M>
constexpr cta::rebind_t<M, U> cast(const M& m) {
    cta::rebind_t<M, U> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            r(i, j) = static_cast<U>(m(i, j));
        }
    }
    return r;
}

/// Columns `start` to `start + Count - 1` of `m`: one head's queries, keys or values.
template <std::size_t Count, cta::matrix_type M>
constexpr auto head_columns(const M& m, std::size_t start) {
    cta::matrix_t<typename M::value_type, M::rows, Count, cta::row_axis_t<M>, cta::col_axis_t<M>> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < Count; ++j) {
            r(i, j) = m(i, start + j);
        }
    }
    return r;
}

/// The N x N identity, both axes named `Axis`. `attention(q, k, identity)` returns the attention weights themselves:
/// each output element is a sum of one w(i, j) * 1 and of products of weights (never negative) with 0, so it is
/// exactly w(i, j).
template <class T, std::size_t N, class Axis = cta::any_axis>
constexpr cta::matrix_t<T, N, N, Axis, Axis> identity() {
    cta::matrix_t<T, N, N, Axis, Axis> r{};
    for (std::size_t i = 0; i < N; ++i) r(i, i) = T(1);
    return r;
}

// ---- Which entries of the scores a mask keeps -----------------------------------------------------------------------

/// Every entry.
template <std::size_t Rows, std::size_t Cols>
constexpr cta::matrix<bool, Rows, Cols> keep_all() {
    cta::matrix<bool, Rows, Cols> r;
    for (std::size_t i = 0; i < Rows; ++i) {
        for (std::size_t j = 0; j < Cols; ++j) r(i, j) = true;
    }
    return r;
}

/// The causal mask: query i keeps keys j <= i.
template <std::size_t Rows, std::size_t Cols>
constexpr cta::matrix<bool, Rows, Cols> keep_causal() {
    cta::matrix<bool, Rows, Cols> r;
    for (std::size_t i = 0; i < Rows; ++i) {
        for (std::size_t j = 0; j < Cols; ++j) r(i, j) = j <= i;
    }
    return r;
}

/// An additive mask keeps its entries that are not -inf.
template <cta::matrix_type M>
constexpr cta::matrix<bool, M::rows, M::cols> keep_finite(const M& additive) {
    cta::matrix<bool, M::rows, M::cols> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) r(i, j) = additive(i, j) != -std::numeric_limits<double>::infinity();
    }
    return r;
}

/// Entries kept by both masks.
template <std::size_t Rows, std::size_t Cols>
constexpr cta::matrix<bool, Rows, Cols> keep_both(const cta::matrix<bool, Rows, Cols>& a,
                                                   const cta::matrix<bool, Rows, Cols>& b) {
    cta::matrix<bool, Rows, Cols> r;
    for (std::size_t i = 0; i < Rows; ++i) {
        for (std::size_t j = 0; j < Cols; ++j) r(i, j) = a(i, j) && b(i, j);
    }
    return r;
}

// ---- Properties of the weights and outputs --------------------------------------------------------------------------

/// The weights follow the mask `keep`: every entry it removes is exactly 0; a row that keeps some entry sums to 1
/// within n epsilon (n entries); a row that keeps none is 0 everywhere, and so is its output row.
template <cta::matrix_type W, cta::matrix_type O, std::size_t Rows, std::size_t Cols>
constexpr bool weights_follow_mask(const W& weights, const O& outputs, const cta::matrix<bool, Rows, Cols>& keep) {
    using R = typename W::value_type;
    static_assert(W::rows == Rows && W::cols == Cols && O::rows == Rows);
    constexpr R bound = static_cast<R>(Cols) * std::numeric_limits<R>::epsilon();
    for (std::size_t i = 0; i < Rows; ++i) {
        bool any = false;
        R sum = 0;
        for (std::size_t j = 0; j < Cols; ++j) {
            if (!keep(i, j) && weights(i, j) != R(0)) return false;
            any = any || keep(i, j);
            sum += weights(i, j);
        }
        if (any && !(cta::abs(sum - R(1)) <= bound)) return false;
        if (!any) {
            for (std::size_t c = 0; c < O::cols; ++c) {
                if (outputs(i, c) != R(0)) return false;
            }
        }
    }
    return true;
}

/// 0 if every step of a `cta::attention_steps` record follows bit for bit from the step before it, else the first
/// step that does not: 1 queries (x_q w_query), 2 keys (x_kv w_key), 3 values (x_kv w_value), 4 scores
/// (queries keys^T), 5 weights (softmax of the logits), 6 weighted values (row j of weighted_values[i] is
/// weights(i, j) times row j of the values), 7 outputs (weights values). The logits, which depend on the options,
/// are checked by the callers (`logits_are_scores` without options).
template <class Steps, class XQ, class XKV, class WQ, class WK, class WV>
constexpr int first_inconsistent_step(const Steps& s, const XQ& x_q, const XKV& x_kv, const WQ& w_query,
                                      const WK& w_key, const WV& w_value) {
    using Real = typename decltype(s.weights)::value_type;
    if (!cta::identical(s.queries, x_q * w_query)) return 1;
    if (!cta::identical(s.keys, x_kv * w_key)) return 2;
    if (!cta::identical(s.values, x_kv * w_value)) return 3;
    if (!cta::identical(s.scores, s.queries * cta::transpose(s.keys))) return 4;
    if (!cta::identical(s.weights, cta::softmax(s.logits))) return 5;
    const auto values = cast<Real>(s.values);
    for (std::size_t i = 0; i < XQ::rows; ++i) {
        for (std::size_t j = 0; j < XKV::rows; ++j) {
            if (!cta::identical(cta::row(s.weighted_values[i], j), s.weights(i, j) * cta::row(values, j))) return 6;
        }
    }
    if (!cta::identical(s.outputs, s.weights * values)) return 7;
    return 0;
}

/// True if the logits of a record are its scores converted to the weights' element type, and its weights therefore
/// softmax of the scores themselves, bit for bit: the record of attention without options.
template <class Steps>
constexpr bool logits_are_scores(const Steps& s) {
    using Real = typename decltype(s.weights)::value_type;
    return cta::identical(s.logits, cast<Real>(s.scores)) && cta::identical(s.weights, cta::softmax<Real>(s.scores));
}

/// 0 if every step of a `cta::multi_head_steps` record with `H` heads follows bit for bit from the steps before it,
/// else the first step that does not: 1 queries, 2 keys, 3 values, 4 scores[h] (head h's queries times its keys
/// transposed), 5 weights[h] (the weights of scaled dot-product attention on head h's columns, with the masks),
/// 6 head_outputs[h] (weights[h] times head h's values, and scaled dot-product attention on its columns),
/// 7 concatenated (the heads side by side), 8 outputs (concatenated w_out).
template <std::size_t H, class Steps, class XQ, class XKV, class WQ, class WK, class WV, class WO, class... Masks>
constexpr int first_inconsistent_head_step(const Steps& s, const XQ& x_q, const XKV& x_kv, const WQ& w_query,
                                           const WK& w_key, const WV& w_value, const WO& w_out,
                                           const Masks&... masks) {
    using Real = typename decltype(s.outputs)::value_type;
    constexpr std::size_t d_k = WQ::cols / H;
    constexpr std::size_t n_kv = XKV::rows;
    using key_axis = cta::row_axis_t<XKV>;
    if (!cta::identical(s.queries, x_q * w_query)) return 1;
    if (!cta::identical(s.keys, x_kv * w_key)) return 2;
    if (!cta::identical(s.values, x_kv * w_value)) return 3;
    for (std::size_t h = 0; h < H; ++h) {
        const auto q = head_columns<d_k>(s.queries, h * d_k);
        const auto k = head_columns<d_k>(s.keys, h * d_k);
        const auto v = cast<Real>(head_columns<d_k>(s.values, h * d_k));
        if (!cta::identical(s.scores[h], q * cta::transpose(k))) return 4;
        const auto weights = cta::scaled_dot_product_attention<Real>(q, k, identity<Real, n_kv, key_axis>(), masks...);
        if (!cta::identical(s.weights[h], weights)) return 5;
        if (!cta::identical(s.head_outputs[h], s.weights[h] * v)) return 6;
        if (!cta::identical(s.head_outputs[h], cta::scaled_dot_product_attention<Real>(q, k, v, masks...))) return 6;
        if (!cta::identical(s.head_outputs[h], head_columns<d_k>(s.concatenated, h * d_k))) return 7;
    }
    if (!cta::identical(s.outputs, s.concatenated * cast<Real>(w_out))) return 8;
    return 0;
}

}  // namespace attention_checks
