// SPDX-License-Identifier: BSL-1.0
// The shape rules as concepts (cta::multipliable, cta::same_shape, cta::attention_arguments,
// cta::self_attention_arguments, cta::cross_attention_arguments, cta::multi_head_attention_arguments): true where
// the operation compiles (each true case below also calls it, in a requires-expression and in a constant), false
// where it does not, for generic code that must not ask the operation itself (that is the operation's build error:
// tests/compile_fail).
#include <cstddef>
#include <functional>
#include <type_traits>

#include <cta/cta.hpp>

namespace {

using cta::matrix;
namespace axis = cta::axis;

// ---- Products --------------------------------------------------------------------------------------------------

static_assert(cta::multipliable<matrix<int, 3, 4>, matrix<int, 4, 3>>);
static_assert(cta::multipliable<const matrix<int, 3, 4>&, matrix<double, 4, 1>&&>);  // cv and references ignored
static_assert(!cta::multipliable<matrix<int, 3, 4>, matrix<int, 3, 3>>);            // 4 columns, 3 rows
static_assert(!cta::multipliable<matrix<int, 1, 4>, matrix<int, 1, 4>>);
static_assert(!cta::multipliable<int, matrix<int, 1, 1>>);                           // not matrices
static_assert(!cta::multipliable<matrix<int, 1, 1>, int>);                           // (a scalar product is not matmul)
static_assert(requires(matrix<int, 3, 4> a, matrix<int, 4, 3> b) { a * b; cta::matmul(a, b); });

// Named axes: queries * keys has d_k == n but the wrong axes; queries * transpose(keys) is meant.
using queries_t = matrix<int, 3, 3, axis::tokens, axis::key>;
using keys_t = matrix<int, 3, 3, axis::tokens, axis::key>;
using keys_transposed_t = matrix<int, 3, 3, axis::key, axis::tokens>;
static_assert(!cta::multipliable<queries_t, keys_t>);
static_assert(cta::multipliable<queries_t, keys_transposed_t>);
static_assert(cta::multipliable<queries_t, matrix<int, 3, 2>>);  // an unnamed axis matches every axis

// Generic code that chooses by the rule, without the operation's error.
template <class A, class B>
constexpr int product_or_zero(const A& a, const B& b) {
    if constexpr (cta::multipliable<A, B>) {
        return (a * b)(0, 0);
    } else {
        return 0;
    }
}
static_assert(product_or_zero(matrix<int, 1, 2>{{{1, 2}}}, matrix<int, 2, 1>{{{3}, {4}}}) == 11);
static_assert(product_or_zero(matrix<int, 1, 2>{{{1, 2}}}, matrix<int, 1, 2>{{{3, 4}}}) == 0);

// The rule agrees with the operation's for every pair of shapes up to 3 x 3 that compiles.
template <std::size_t R, std::size_t K, std::size_t C>
constexpr bool products_of_fitting_shapes_compile() {
    return cta::multipliable<matrix<int, R, K>, matrix<int, K, C>> &&
           std::is_same_v<decltype(matrix<int, R, K>{} * matrix<int, K, C>{}), matrix<int, R, C>>;
}
template <std::size_t... n>
constexpr bool all_fitting_shapes(std::index_sequence<n...>) {
    return (products_of_fitting_shapes_compile<n / 9 + 1, n / 3 % 3 + 1, n % 3 + 1>() && ...);
}
static_assert(all_fitting_shapes(std::make_index_sequence<27>{}));
template <std::size_t... n>
constexpr bool no_unfitting_shape(std::index_sequence<n...>) {  // inner sizes K1 != K2
    return ((n / 3 % 3 == n % 3 || !cta::multipliable<matrix<int, 2, n / 3 % 3 + 1>, matrix<int, n % 3 + 1, 2>>) &&
            ...);
}
static_assert(no_unfitting_shape(std::make_index_sequence<9>{}));

// ---- Element-wise ------------------------------------------------------------------------------------------------

static_assert(cta::same_shape<matrix<int, 2, 3>, matrix<double, 2, 3>>);
static_assert(!cta::same_shape<matrix<int, 2, 3>, matrix<int, 3, 2>>);
static_assert(!cta::same_shape<matrix<int, 3, 4, axis::tokens, axis::model>, matrix<int, 3, 4, axis::model, axis::tokens>>);
static_assert(!cta::same_shape<matrix<int, 2, 3>, double>);
static_assert(requires(matrix<int, 2, 3> a, matrix<double, 2, 3> b) { a + b; a - b; a == b; cta::approx_equal(a, b, 0.5); });

// ---- Attention ---------------------------------------------------------------------------------------------------

using x_t = matrix<int, 3, 4>;     // n = 3 tokens, d = 4
using w_t = matrix<int, 4, 3>;     // d_k = d_v = 3
using w_v2_t = matrix<int, 4, 2>;  // d_v = 2
using w_k2_t = matrix<int, 4, 2>;  // d_k = 2
using mask_t = matrix<bool, 3, 3>;

static_assert(cta::self_attention_arguments<x_t, w_t, w_t, w_t>);
static_assert(cta::self_attention_arguments<const x_t&, w_t, w_t, w_v2_t>);              // d_v may differ
static_assert(!cta::self_attention_arguments<x_t, w_t, w_k2_t, w_t>);                    // d_k must not
static_assert(!cta::self_attention_arguments<x_t, matrix<int, 3, 3>, w_t, w_t>);         // w_query's rows
static_assert(cta::self_attention_arguments<x_t, w_t, w_t, w_t, cta::scaled_t, cta::causal_t, mask_t>);
static_assert(cta::self_attention_arguments<x_t, w_t, w_t, w_t, matrix<double, 3, 3>>);  // an additive mask
static_assert(!cta::self_attention_arguments<x_t, w_t, w_t, w_t, matrix<bool, 3, 4>>);   // a mask of another shape
static_assert(!cta::self_attention_arguments<x_t, w_t, w_t, w_t, int>);                  // not an option
static_assert(requires(x_t x, w_t w, mask_t m) {
    cta::self_attention(x, w, w, w);
    cta::self_attention_steps(x, w, w, w, cta::scaled, m);
});

// Cross-attention: 2 queries attend to 5 tokens; masks are 2 x 5.
using xq_t = matrix<double, 2, 4>;
using xkv_t = matrix<double, 5, 6>;
using wq_t = matrix<double, 4, 3>;
using wkv_t = matrix<double, 6, 3>;
static_assert(cta::cross_attention_arguments<xq_t, xkv_t, wq_t, wkv_t, wkv_t>);
static_assert(cta::cross_attention_arguments<xq_t, xkv_t, wq_t, wkv_t, wkv_t, matrix<bool, 2, 5>>);
static_assert(!cta::cross_attention_arguments<xq_t, xkv_t, wq_t, wkv_t, wkv_t, matrix<bool, 5, 2>>);
static_assert(!cta::cross_attention_arguments<xq_t, xkv_t, wkv_t, wkv_t, wkv_t>);  // w_query needs x_q's 4 columns
static_assert(!cta::self_attention_arguments<xq_t, wq_t, wkv_t, wkv_t>);
static_assert(requires(xq_t xq, xkv_t xkv, wq_t wq, wkv_t wkv) { cta::cross_attention(xq, xkv, wq, wkv, wkv); });

// Attention from given queries, keys and values.
using q_t = matrix<double, 2, 3>;
using k_t = matrix<double, 5, 3>;
using v_t = matrix<double, 5, 7>;
static_assert(cta::attention_arguments<q_t, k_t, v_t>);
static_assert(cta::attention_arguments<q_t, k_t, v_t, cta::scaled_t, matrix<double, 2, 5>>);
static_assert(!cta::attention_arguments<q_t, k_t, matrix<double, 4, 7>>);  // keys and values: 5 and 4 rows
static_assert(!cta::attention_arguments<q_t, matrix<double, 5, 2>, v_t>);  // d_k: 3 and 2
static_assert(!cta::attention_arguments<q_t, k_t, v_t, matrix<double, 2, 4>>);
static_assert(requires(q_t q, k_t k, v_t v) { cta::attention(q, k, v); cta::scaled_dot_product_attention(q, k, v); });

// Multi-head: h must divide d_model (the columns of w_query), w_out has d_model rows.
using mh_x_t = matrix<double, 3, 4>;
using mh_w_t = matrix<double, 4, 4>;
static_assert(cta::multi_head_attention_arguments<2, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, mh_w_t>);
static_assert(cta::multi_head_attention_arguments<4, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, mh_w_t, cta::causal_t>);
static_assert(!cta::multi_head_attention_arguments<3, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, mh_w_t>);
static_assert(!cta::multi_head_attention_arguments<0, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, mh_w_t>);
static_assert(!cta::multi_head_attention_arguments<2, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, matrix<double, 3, 4>>);
static_assert(!cta::multi_head_attention_arguments<2, mh_x_t, mh_x_t, mh_w_t, mh_w_t, mh_w_t, mh_w_t, mask_t, int>);
static_assert(requires(mh_x_t x, mh_w_t w) { cta::multi_head_self_attention<2>(x, w, w, w, w); });

}  // namespace
