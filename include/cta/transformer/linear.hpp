// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The linear (fully connected) layer of a Transformer, `y = x W + b`, in the library's `x W` convention:
/// `cta::linear(x, w, b)` and `cta::linear(x, w)`.
#pragma once

#include <cstddef>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

namespace detail {

/// The shape rule of the weights: `w` has as many rows as `x` has columns (with named axes, `w`'s row axis is
/// `x`'s column axis), as for `x * w`.
template <class X, class W>
inline constexpr bool linear_weights_fit_v = X::cols == W::rows && axes_match_v<col_axis_t<X>, row_axis_t<W>>;

/// The shape rule of the bias: one row of as many elements as `w` has columns (with named axes, its column axis is
/// `w`'s).
template <class W, class B>
inline constexpr bool linear_bias_fits_v = B::rows == 1 && B::cols == W::cols &&
                                           axes_match_v<col_axis_t<B>, col_axis_t<W>>;

/// The type of `cta::linear(x, w, b)` for `x`, `w` and `b` of types X, W and B (without instantiating it, so that a
/// block naming the types of its steps reports a broken shape rule itself, naming the block).
template <class X, class W, class B>
using linear_t = matrix_t<sum_t<product_t<typename X::value_type, typename W::value_type>, typename B::value_type>,
                          X::rows, W::cols, row_axis_t<X>, col_axis_t<W>>;

/// Checks the weights' rule; true when it holds (otherwise the build stops here, naming `x`'s and `w`'s types).
template <class X, class W>
CTA_DETAIL_TARGET_TAG constexpr bool check_linear_weights() noexcept {
    if constexpr (!linear_weights_fit_v<X, W>) {
        static_assert(shapes_agree<op::linear, X, W>,
                      "cta::linear(x, w, b) and cta::linear(x, w): w (d_in x d_out) needs as many rows as x has "
                      "columns, and with named axes w's row axis is x's column axis");
    }
    return linear_weights_fit_v<X, W>;
}

}  // namespace detail

/// @brief The linear layer without bias, `y = x W`: for an n x d_in matrix `x` and a d_in x d_out matrix `w`, the
/// n x d_out matrix `y(i, j) = sum_k x(i, k) w(k, j)`, the same bits as `x * w` (products accumulated from 0 in the
/// order k = 0, 1, ...: include/cta/operations.hpp).
///
/// `w` is d_in x d_out, the library's `x W` convention (the seed's weights). PyTorch's `nn.Linear(d_in, d_out)`
/// stores its `weight` as d_out x d_in and computes `x weight^T + bias`: its `weight` is `W^T`, so pass
/// `cta::transpose(weight)`.
///
/// Shape rule: `w` has as many rows as `x` has columns (with named axes, `w`'s row axis is `x`'s column axis), or
/// the build fails naming `cta::op::linear` and both matrix types. Element type: that of `x(i, k) * w(k, j)`.
template <matrix_type X, matrix_type W>
CTA_DETAIL_TARGET_TAG constexpr auto linear(const X& x, const W& w) noexcept {
    using P = detail::product_t<typename X::value_type, typename W::value_type>;
    using Y = matrix_t<P, X::rows, W::cols, row_axis_t<X>, col_axis_t<W>>;
    if constexpr (!detail::check_linear_weights<X, W>()) {
        return Y{};
    } else {
        return detail::multiply<P>(x, w);
    }
}

/// @brief The linear layer with bias, `y = x W + b`: `y(i, j) = (sum_k x(i, k) w(k, j)) + b(0, j)`, the bias row
/// broadcast over the rows of `x`.
///
/// Order of operations: the product `x W` first, exactly as `cta::linear(x, w)` and `x * w` compute it (so in its
/// element type, that of `x(i, k) * w(k, j)`), then one addition of `b(0, j)` per element, in the type of
/// `(x * w)(i, j) + b(0, j)`, which is the result's element type. So `cta::linear(x, w, b)` has the bits of
/// `x * w + b` with `b` repeated on every row. As for `cta::linear(x, w)`, `w` is d_in x d_out: PyTorch's
/// `nn.Linear` `weight` (d_out x d_in) is `W^T`, its `bias` (d_out elements) is `b`.
///
/// Shape rules: those of `cta::linear(x, w)`; and `b` is one row of d_out elements (with named axes, its column axis
/// is `w`'s), or the build fails naming `cta::op::linear`, `w`'s type and `b`'s.
template <matrix_type X, matrix_type W, matrix_type B>
CTA_DETAIL_TARGET_TAG constexpr auto linear(const X& x, const W& w, const B& b) noexcept {
    using P = detail::product_t<typename X::value_type, typename W::value_type>;
    using Y = detail::linear_t<X, W, B>;
    using R = typename Y::value_type;
    if constexpr (!detail::check_linear_weights<X, W>()) {
        return Y{};
    } else if constexpr (!detail::linear_bias_fits_v<W, B>) {
        static_assert(shapes_agree<op::linear, W, B>,
                      "cta::linear(x, w, b): the bias b must be one row of as many elements as w has columns (d_out), "
                      "and with named axes its column axis is w's");
        return Y{};
    } else {
        Y y;
        const auto p = detail::multiply<P>(x, w);
        for (std::size_t i = 0; i < X::rows; ++i) {
            for (std::size_t j = 0; j < W::cols; ++j)
                y.elems[i][j] = static_cast<R>(p.elems[i][j]) + static_cast<R>(b.elems[0][j]);
        }
        return y;
    }
}

namespace detail {

/// `y = cta::linear(x, w, b)`, the same bits, for y of the type it returns. At run time, where the product's element
/// type is y's, the product is written into y and the bias added there (no product made elsewhere and copied);
/// constant evaluation assigns what `cta::linear` returns, which costs GCC's budget fewer operations than writing y
/// through the reference. The shapes are the caller's to check.
template <class Y, class X, class W, class B>
CTA_DETAIL_TARGET_TAG constexpr void linear_into(Y& y, const X& x, const W& w, const B& b) noexcept {
    using P = product_t<typename X::value_type, typename W::value_type>;
    using R = typename Y::value_type;
    if constexpr (std::is_same_v<P, R>) {
        if (!detail::is_constant_evaluated()) {
            multiply_into<P>(y, x, w);
            for (std::size_t i = 0; i < X::rows; ++i) {
                for (std::size_t j = 0; j < W::cols; ++j) y.elems[i][j] += static_cast<R>(b.elems[0][j]);
            }
            return;
        }
    }
    y = linear(x, w, b);
}

}  // namespace detail

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
