/// @file
/// @brief Self-attention as the seed tutorial computes it: `cta::self_attention` for the outputs and
/// `cta::self_attention_steps` for the record of every step (seed sections 5 to 11).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/define_struct.hpp>

#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>
#include <cta/softmax.hpp>

#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief Every step of self-attention for n tokens, with query/key size `Dk` and value size `Dv`, in the seed's
/// order. A Boost.Hana struct: `boost::hana::keys(steps)` gives the step names, `boost::hana::accessors` and
/// `boost::hana::for_each` visit the steps in order, and `<cta/io.hpp>` prints them.
///
/// `T` is the element type of the products (for integer inputs and weights, an integer type: those steps are
/// exact); `Real` is the floating type of softmax and what follows it.
template <class T, class Real, std::size_t N, std::size_t Dk, std::size_t Dv>
struct attention_steps {
    BOOST_HANA_DEFINE_STRUCT(attention_steps,
        /// Q = X W_Q, n x d_k (section 6).
        (matrix<T, N, Dk>, queries),
        /// K = X W_K, n x d_k (section 5).
        (matrix<T, N, Dk>, keys),
        /// V = X W_V, n x d_v (section 6).
        (matrix<T, N, Dv>, values),
        /// S = Q K^T, n x n: row i holds query i's scores against every key (section 7).
        (matrix<T, N, N>, scores),
        /// W = softmax(S) row by row, n x n (section 8).
        (matrix<Real, N, N>, weights),
        /// For each query i, the n x d_v matrix whose row j is W(i, j) V(j, :) (section 9).
        (std::array<matrix<Real, N, Dv>, N>, weighted_values),
        /// O = W V, n x d_v: row i is the sum of weighted_values[i]'s rows (sections 10 and 11).
        (matrix<Real, N, Dv>, outputs));

    /// @brief Step-by-step equality.
    friend constexpr bool operator==(const attention_steps&, const attention_steps&) = default;
};

namespace detail {

/// Checks self-attention's shape rule; true when the shapes agree (otherwise the build stops here).
template <class X, class WQ, class WK, class WV>
constexpr bool check_self_attention_shapes() noexcept {
    constexpr bool ok =
        WQ::rows == X::cols && WK::rows == X::cols && WV::rows == X::cols && WQ::cols == WK::cols;
    if constexpr (!ok) {
        static_assert(shapes_agree<op::self_attention, X, WQ, WK, WV>,
                      "cta::self_attention(inputs, w_query, w_key, w_value) and cta::self_attention_steps(...): "
                      "each weight matrix needs as many rows "
                      "as inputs has columns, and w_query and w_key need the same number of columns (d_k)");
    }
    return ok;
}

/// The element type of the projections: what `x * w` gives for the inputs' and all three weights' elements.
template <class X, class WQ, class WK, class WV>
using projection_t = std::common_type_t<product_t<typename X::value_type, typename WQ::value_type>,
                                        product_t<typename X::value_type, typename WK::value_type>,
                                        product_t<typename X::value_type, typename WV::value_type>>;

template <class Real, class X, class WQ, class WK, class WV>
using steps_for = attention_steps<projection_t<X, WQ, WK, WV>, real_t<Real, projection_t<X, WQ, WK, WV>>, X::rows,
                                  WQ::cols, WV::cols>;

/// The steps that `self_attention` needs (all but weighted_values).
template <class T, class Real, std::size_t N, std::size_t Dk, std::size_t Dv>
struct attention_core {
    matrix<T, N, Dk> queries;
    matrix<T, N, Dk> keys;
    matrix<T, N, Dv> values;
    matrix<T, N, N> scores;
    matrix<Real, N, N> weights;
    matrix<Real, N, Dv> outputs;
};

template <class Real, class X, class WQ, class WK, class WV>
using core_for = attention_core<projection_t<X, WQ, WK, WV>, real_t<Real, projection_t<X, WQ, WK, WV>>, X::rows,
                                WQ::cols, WV::cols>;

/// Fills queries, keys, values, scores, weights and outputs of `s` (an attention_core or attention_steps).
template <class Steps, class X, class WQ, class WK, class WV>
constexpr void attend(Steps& s, const X& inputs, const WQ& w_query, const WK& w_key, const WV& w_value) noexcept {
    using T = typename decltype(s.queries)::value_type;
    using R = typename decltype(s.weights)::value_type;
    s.queries = multiply<T>(inputs, w_query);
    s.keys = multiply<T>(inputs, w_key);
    s.values = multiply<T>(inputs, w_value);
    s.scores = multiply<T>(s.queries, transpose(s.keys));
    s.weights = softmax<R>(s.scores);
    s.outputs = multiply<R>(s.weights, s.values);
}

}  // namespace detail

/// @brief Every step of self-attention (seed sections 5 to 11) for the n x d `inputs` (one token per row) and the
/// weights `w_query` (d x d_k), `w_key` (d x d_k) and `w_value` (d x d_v):
///
///     queries = inputs w_query, keys = inputs w_key, values = inputs w_value,
///     scores = queries keys^T, weights = softmax(scores) (row-wise),
///     weighted_values[i](j, :) = weights(i, j) values(j, :), outputs = weights values.
///
/// The projections and scores keep the element type of `x * w` (exact for integers); softmax and what follows are
/// computed in `Real`: by default the projections' type if it is floating, else `double`
/// (`cta::self_attention_steps<float>(...)` asks for `float`).
///
/// Shape rule: every weight has as many rows as `inputs` has columns, and `w_query` and `w_key` have the same
/// number of columns, or the build fails naming `cta::op::self_attention` and the four matrix types.
template <class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV>
constexpr auto self_attention_steps(const X& inputs, const WQ& w_query, const WK& w_key,
                                    const WV& w_value) noexcept {
    using Steps = detail::steps_for<Real, X, WQ, WK, WV>;
    using R = typename decltype(Steps::weights)::value_type;
    if constexpr (!detail::check_self_attention_shapes<X, WQ, WK, WV>()) {
        return Steps{};
    } else {
        Steps s;
        detail::attend(s, inputs, w_query, w_key, w_value);
        for (std::size_t i = 0; i < X::rows; ++i) {
            for (std::size_t j = 0; j < X::rows; ++j) {
                for (std::size_t c = 0; c < WV::cols; ++c) {
                    s.weighted_values[i].elems[j][c] = s.weights.elems[i][j] * static_cast<R>(s.values.elems[j][c]);
                }
            }
        }
        return s;
    }
}

/// @brief The outputs of self-attention, an n x d_v matrix of `Real`: the same numbers, bit for bit, as
/// `cta::self_attention_steps(...).outputs`, without keeping the intermediate steps. Same shape rule.
template <class Real = void, matrix_type X, matrix_type WQ, matrix_type WK, matrix_type WV>
constexpr auto self_attention(const X& inputs, const WQ& w_query, const WK& w_key, const WV& w_value) noexcept {
    using Core = detail::core_for<Real, X, WQ, WK, WV>;
    if constexpr (!detail::check_self_attention_shapes<X, WQ, WK, WV>()) {
        return decltype(Core::outputs){};
    } else {
        Core s;
        detail::attend(s, inputs, w_query, w_key, w_value);
        return s.outputs;
    }
}

}  // namespace cta

CTA_FP_STRICT_END
