// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The attention sublayer of a Transformer block: multi-head attention with the biases of PyTorch's
/// `nn.MultiheadAttention` (`cta::attention_layer<H>(x_q, x_kv, weights, options...)`), and the record of its steps
/// (`cta::attention_layer_steps`, a Boost.Hana struct). `<cta/multi_head.hpp>` is the same computation without
/// biases, as the paper writes it.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/define_struct.hpp>
#include <boost/hana/fwd/equal.hpp>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/multi_head.hpp>
#include <cta/operations.hpp>
#include <cta/softmax.hpp>
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief Every step of the attention sublayer with `H` heads (a Boost.Hana struct): the projections with their
/// biases, each head's weights, the heads' outputs side by side and the output projection.
template <std::size_t H, class Queries, class Keys, class Values, class HeadWeights, class Concatenated,
          class Outputs>
struct attention_layer_steps {
    BOOST_HANA_DEFINE_STRUCT(attention_layer_steps,
        /// @brief Q = x_q W_Q + b_Q, n_q x d_model: every head's queries side by side.
        (Queries, queries),
        /// @brief K = x_kv W_K + b_K, n_kv x d_model.
        (Keys, keys),
        /// @brief V = x_kv W_V + b_V, n_kv x d_model.
        (Values, values),
        /// @brief For each head h, softmax(Q_h K_h^T / sqrt(d_k) + masks), n_q x n_kv.
        (std::array<HeadWeights, H>, weights),
        /// @brief Concat(W_1 V_1, ..., W_H V_H), n_q x d_model.
        (Concatenated, concatenated),
        /// @brief Concat(...) W_O + b_O, n_q x d_out: the sublayer's outputs.
        (Outputs, outputs));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const attention_layer_steps&,
                                                           const attention_layer_steps&) = default;
};

namespace detail {

/// True for the records of steps of the Transformer blocks (`cta::attention_layer_steps`, `cta::encoder_steps`,
/// `cta::decoder_steps`, `cta::model_steps`): `boost::hana::equal` compares them with their `operator==` (below).
template <class T>
inline constexpr bool is_block_record = false;
template <std::size_t H, class... Steps>
inline constexpr bool is_block_record<attention_layer_steps<H, Steps...>> = true;

/// Keys and values from two matrices (`nn.MultiheadAttention(query, key, value)` with key and value apart, of kdim
/// and vdim columns): what `attention_layer_into` takes as x_kv for them.
template <class XK, class XV>
struct keys_and_values {
    const XK& keys;
    const XV& values;
};

/// The keys' and the values' inputs of x_kv: the matrix itself, or those of a `keys_and_values`.
template <class XKV>
struct kv_inputs {
    using keys = XKV;
    using values = XKV;
};
template <class XK, class XV>
struct kv_inputs<keys_and_values<XK, XV>> {
    using keys = XK;
    using values = XV;
};
template <class XKV>
using keys_input_t = typename kv_inputs<XKV>::keys;
template <class XKV>
using values_input_t = typename kv_inputs<XKV>::values;

/// The record of the attention sublayer with H heads for queries from XQ and keys and values from XKV: the
/// projections have the type of `cta::linear(x, w, b)` (`linear_t`, which instantiates nothing: a broken shape rule
/// is reported by the sublayer's check), the weights and outputs the element type of the queries.
template <std::size_t H, class XQ, class XKV, class A>
struct attention_layer_types {
    using queries_type = linear_t<XQ, decltype(A::w_query), decltype(A::b_query)>;
    using keys_type = linear_t<keys_input_t<XKV>, decltype(A::w_key), decltype(A::b_key)>;
    using values_type = linear_t<values_input_t<XKV>, decltype(A::w_value), decltype(A::b_value)>;
    using R = typename queries_type::value_type;
    using weights_type = matrix<R, XQ::rows, keys_input_t<XKV>::rows>;
    using concatenated_type = matrix<R, XQ::rows, queries_type::cols>;
    using outputs_type = linear_t<concatenated_type, decltype(A::w_out), decltype(A::b_out)>;
    using steps_type = attention_layer_steps<H, queries_type, keys_type, values_type, weights_type,
                                             concatenated_type, outputs_type>;
};

/// True when the attention weights A fit queries from XQ and keys and values from XKV: w_query XQ::cols x d_model,
/// w_key and w_value XKV::cols x d_model, w_out d_model x d_out, each bias one row of its weight's columns, with
/// d_model = w_query's columns.
template <class XQ, class XKV, class A>
inline constexpr bool attention_weights_fit =
    decltype(A::w_query)::rows == XQ::cols && decltype(A::w_key)::rows == XKV::cols &&
    decltype(A::w_value)::rows == XKV::cols && decltype(A::w_key)::cols == decltype(A::w_query)::cols &&
    decltype(A::w_value)::cols == decltype(A::w_query)::cols &&
    decltype(A::w_out)::rows == decltype(A::w_query)::cols &&
    decltype(A::b_query)::rows == 1 && decltype(A::b_query)::cols == decltype(A::w_query)::cols &&
    decltype(A::b_key)::rows == 1 && decltype(A::b_key)::cols == decltype(A::w_key)::cols &&
    decltype(A::b_value)::rows == 1 && decltype(A::b_value)::cols == decltype(A::w_value)::cols &&
    decltype(A::b_out)::rows == 1 && decltype(A::b_out)::cols == decltype(A::w_out)::cols;

/// Every step of the attention sublayer into `s`, each written where it is kept: the projections, then head by head
/// the scores of its d_k columns divided by sqrt(d_k), masked, softmax, times its values, written into its columns
/// of `concatenated`; then the output projection. The same operations in the same order as
/// `cta::multi_head_attention` (`<cta/multi_head.hpp>`) between the projections, which here add their biases
/// (`cta::linear`). At run time a head's products read its columns of the projections and write its columns of
/// `concatenated` in place (`multiply_at` with the projections' strides), where constant evaluation copies them.
template <std::size_t H, class Steps, class XQ, class XKV, class A, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void attention_layer_into(Steps& s, const XQ& x_q, const XKV& x_kv, const A& w,
                                                          const Options&... options) noexcept {
    using Q = decltype(s.queries);
    using K = decltype(s.keys);
    using V = decltype(s.values);
    using C = decltype(s.concatenated);
    using R = typename C::value_type;
    using T = product_t<typename Q::value_type, typename K::value_type>;
    constexpr std::size_t d_k = Q::cols / H;
    linear_into(s.queries, x_q, w.w_query, w.b_query);
    // One expression per branch and no declaration: the constant evaluators' budgets count statements (Clang) and
    // operations (GCC), and the keys' and values' projections of one x_kv cost what they cost before keys_and_values.
    if constexpr (std::is_same_v<XKV, keys_input_t<XKV>>)
        linear_into(s.keys, x_kv, w.w_key, w.b_key), linear_into(s.values, x_kv, w.w_value, w.b_value);
    else
        linear_into(s.keys, x_kv.keys, w.w_key, w.b_key), linear_into(s.values, x_kv.values, w.w_value, w.b_value);
    if (detail::is_constant_evaluated()) {
        for (std::size_t h = 0; h < H; ++h) {
            const auto q = columns<d_k>(s.queries, h * d_k);
            const auto k = columns<d_k>(s.keys, h * d_k);
            const auto v = columns<d_k>(s.values, h * d_k);
            softmax_into(s.weights[h], logits_of<R, d_k>(multiply_transposed<T>(q, k), scaled, options...));
            const auto head = multiply<R>(s.weights[h], v);
            for (std::size_t i = 0; i < XQ::rows; ++i) {
                for (std::size_t j = 0; j < d_k; ++j) s.concatenated.elems[i][h * d_k + j] = head.elems[i][j];
            }
        }
    } else {
        // The scores of multiply_transposed<T>(q, k) above, of the same type (the axes of q's and k's rows).
        using XK = keys_input_t<XKV>;
        matrix_t<T, XQ::rows, XK::rows, row_axis_t<Q>, row_axis_t<K>> scores;
        for (std::size_t h = 0; h < H; ++h) {
            multiply_at<T, XQ::rows, XK::rows, d_k>(&scores.elems[0][0], XK::rows, &s.queries.elems[0][h * d_k],
                                                    Q::cols, &s.keys.elems[0][h * d_k], 1, K::cols);
            softmax_into(s.weights[h], logits_of<R, d_k>(scores, scaled, options...));
            multiply_at<R, XQ::rows, d_k, XK::rows>(&s.concatenated.elems[0][h * d_k], C::cols,
                                                    &s.weights[h].elems[0][0], XK::rows,
                                                    &s.values.elems[0][h * d_k], V::cols, 1);
        }
    }
    linear_into(s.outputs, s.concatenated, w.w_out, w.b_out);
}

}  // namespace detail

/// @brief The record of every step of `cta::attention_layer<H>(x_q, x_kv, weights, ...)` for arguments of these
/// types.
template <std::size_t H, class XQ, class XKV, class A>
using attention_layer_steps_t = typename detail::attention_layer_types<H, XQ, XKV, A>::steps_type;

namespace detail {

/// Checks the attention sublayer's shape rules; true when they hold (otherwise the build stops here, naming
/// `cta::op::attention_layer` and the matrices of the broken rule).
template <std::size_t H, class XQ, class XKV, class A>
CTA_DETAIL_TARGET_TAG constexpr bool check_attention_layer() noexcept {
    if constexpr (!heads_divide<H, decltype(A::w_query)>) {
        static_assert(shapes_agree<op::attention_layer, heads<H>, decltype(A::w_query)>,
                      "cta::attention_layer<h>(x_q, x_kv, weights): the number of heads h must divide d_model (the "
                      "columns of weights.w_query)");
        return false;
    } else if constexpr (!attention_weights_fit<XQ, XKV, A>) {
        static_assert(shapes_agree<op::attention_layer, XQ, XKV, decltype(A::w_query), decltype(A::b_query),
                                   decltype(A::w_key), decltype(A::b_key), decltype(A::w_value),
                                   decltype(A::b_value), decltype(A::w_out), decltype(A::b_out)>,
                      "cta::attention_layer<h>(x_q, x_kv, weights): w_query needs as many rows as x_q has columns, "
                      "w_key and w_value as many as x_kv has, all three d_model columns, w_out d_model rows, and "
                      "each bias one row of its weight's columns");
        return false;
    } else {
        return true;
    }
}

}  // namespace detail

/// @brief Every step of the attention sublayer with `H` heads (`nn.MultiheadAttention` with its biases), queries
/// from `x_q` (n_q x d_q), keys and values from `x_kv` (n_kv x d_kv), in a `cta::attention_layer_steps` record whose
/// `outputs` are the sublayer's outputs (n_q x d_out). Options (masks of shape n_q x n_kv, `cta::causal`) apply to
/// every head; the scaling by 1/sqrt(d_k) is implied. The same steps as the encoder's and decoder's attentions
/// (`cta::encoder_layer_steps(...).self_attention`, `cta::decoder_layer_steps(...).cross_attention`).
///
/// Shape rules, each stopping the build with a message naming `cta::op::attention_layer` and the matrices: h
/// divides d_model (the columns of w_query); w_query is d_q x d_model, w_key and w_value d_kv x d_model, w_out
/// d_model x d_out, each bias one row of its weight's columns.
template <std::size_t H, matrix_type XQ, matrix_type XKV, class A, class... Options>
CTA_DETAIL_TARGET_TAG constexpr attention_layer_steps_t<H, XQ, XKV, A> attention_layer(
    const XQ& x_q, const XKV& x_kv, const A& weights, const Options&... options) noexcept {
    attention_layer_steps_t<H, XQ, XKV, A> s{};
    if constexpr (detail::check_options<op::attention_layer, Options...>() &&
                  detail::check_attention_layer<H, XQ, XKV, A>()) {
        detail::attention_layer_into<H>(s, x_q, x_kv, weights, options...);
    }
    return s;
}

}  // namespace cta

namespace boost::hana {

/// `boost::hana::equal` of two records of the Transformer blocks, and so `==` of `boost::hana::tuple`s of records (the
/// records of a stack of layers of several types): the record's `operator==`. A record is both a Hana Struct and
/// equality comparable, two ways of comparing that Hana would otherwise find ambiguous.
template <class T>
struct equal_impl<T, T, std::enable_if_t<cta::detail::is_block_record<T>>> {
    CTA_DETAIL_TARGET_TAG static constexpr bool apply(const T& a, const T& b) noexcept { return a == b; }
};

}  // namespace boost::hana

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
