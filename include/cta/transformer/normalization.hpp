// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The normalizations of a Transformer, over the features of each row (each token): `cta::layer_norm`
/// (PyTorch's `nn.LayerNorm(d)`) and `cta::rms_norm` (PyTorch's `nn.RMSNorm(d)`), at inference.
///
/// Both compute in `double` or `float`: the common type of the element types of their operands if it is floating,
/// otherwise `double` (integer inputs). The square root is `cta::sqrt`, correctly rounded. Each element's result is
/// a fixed sequence of roundings, stated at each function, the same in constant evaluation and at run time.
///
/// Non-finite entries: at run time a row holding an infinity or a NaN gives NaN in that row (IEEE arithmetic, as
/// PyTorch). In a constant expression neither compiler accepts a row of `layer_norm` with an infinity (infinity minus
/// infinity is not a constant); with a NaN, GCC 12 computes the NaN row and Clang 14 refuses it (Clang refuses
/// arithmetic on a NaN in constant evaluation).
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

namespace detail {

/// The type in which the normalizations compute, for the element types of their operands.
template <class... T>
using normalization_t = real_t<void, std::common_type_t<T...>>;

/// The shape rule of a gain or a bias of `x`: one row of `x`'s column count, with `x`'s column axis if named.
template <class X, class G>
inline constexpr bool feature_row_fits_v = G::rows == 1 && G::cols == X::cols &&
                                           axes_match_v<col_axis_t<G>, col_axis_t<X>>;

/// `cta::sqrt(v)` at run time: the processor's square root where it is IEEE 754's, correctly rounded as cta::sqrt
/// is, and v a positive normal number, whose root is normal (so that flushing subnormals, FTZ or DAZ, changes
/// nothing); cta::sqrt elsewhere. (A comparison reads a subnormal as 0 under DAZ, which takes it to cta::sqrt too.)
template <class R>
CTA_DETAIL_TARGET_TAG inline R run_time_sqrt(R v) noexcept {
#if (defined(__x86_64__) && defined(__SSE2__)) || defined(__aarch64__)
    if (v >= std::numeric_limits<R>::min() && v <= std::numeric_limits<R>::max()) {
        if constexpr (std::is_same_v<R, double>) {
            return __builtin_sqrt(v);
        } else {
            return __builtin_sqrtf(v);
        }
    }
#endif
    return sqrt(v);
}

/// Rows i0 .. i0 + Rows - 1 of `cta::layer_norm` at run time, the same operations in the same order for each row,
/// the rows side by side: each of the sums over j is a chain of additions that must stay in order, and Rows
/// independent chains advance together (where one row at a time waits for each addition of its one chain).
template <std::size_t Rows, class R, class Y, class X, class G, class B>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void layer_norm_rows(Y& y, const X& x, const G& gain,
                                                                         const B& bias, R epsilon,
                                                                         std::size_t i0) noexcept {
    constexpr auto d = static_cast<R>(X::cols);
    R first[Rows], shifted[Rows], mean[Rows], squares[Rows], sigma[Rows];
    for (std::size_t r = 0; r < Rows; ++r) {
        first[r] = static_cast<R>(x.elems[i0 + r][0]);
        shifted[r] = 0;
        squares[r] = 0;
    }
    for (std::size_t j = 0; j < X::cols; ++j) {
        for (std::size_t r = 0; r < Rows; ++r) shifted[r] += static_cast<R>(x.elems[i0 + r][j]) - first[r];
    }
    for (std::size_t r = 0; r < Rows; ++r) mean[r] = first[r] + shifted[r] / d;
    for (std::size_t j = 0; j < X::cols; ++j) {
        for (std::size_t r = 0; r < Rows; ++r) {
            const R deviation = static_cast<R>(x.elems[i0 + r][j]) - mean[r];
            squares[r] += deviation * deviation;
        }
    }
    for (std::size_t r = 0; r < Rows; ++r) sigma[r] = run_time_sqrt(squares[r] / d + epsilon);
    for (std::size_t r = 0; r < Rows; ++r) {
        for (std::size_t j = 0; j < X::cols; ++j) {
            y.elems[i0 + r][j] = (static_cast<R>(x.elems[i0 + r][j]) - mean[r]) / sigma[r] *
                                     static_cast<R>(gain.elems[0][j]) +
                                 static_cast<R>(bias.elems[0][j]);
        }
    }
}

/// The rows side by side in layer_norm_run_time.
inline constexpr std::size_t layer_norm_block = 8;

/// `cta::layer_norm(x, gain, bias, epsilon)` in R at run time, written into y (x's shape, elements of R; not x
/// itself): layer_norm_block rows side by side, then the rows left one at a time (layer_norm_rows).
template <class R, class Y, class X, class G, class B>
CTA_DETAIL_TARGET_TAG inline void layer_norm_run_time(Y& y, const X& x, const G& gain, const B& bias,
                                                      R epsilon) noexcept {
    std::size_t i = 0;
    for (; i + layer_norm_block <= X::rows; i += layer_norm_block)
        layer_norm_rows<layer_norm_block>(y, x, gain, bias, epsilon, i);
    for (; i < X::rows; ++i) layer_norm_rows<1>(y, x, gain, bias, epsilon, i);
}

}  // namespace detail

/// @brief Layer normalization of each row of `x` (PyTorch's `nn.LayerNorm(d, eps)` over the last dimension, with
/// `elementwise_affine`): for a row x_0 .. x_(d-1), `y_j = (x_j - mean) / sqrt(var + epsilon) * gain_j + bias_j`,
/// with `mean` the row's mean and `var` its biased variance (the sum of squared deviations divided by d, not d - 1).
///
/// Order of operations, in R (`double` or `float`, see the file's comment), every operation rounded once:
/// 1. mean = x_0 + s / d, where s = (((0 + (x_0 - x_0)) + (x_1 - x_0)) + ...) + (x_(d-1) - x_0): the sum of the
///    differences from the row's first element, from 0 in the order j = 0, 1, ..., then divided by d (the shift
///    changes nothing mathematically; it makes a constant row's mean exactly its value, and keeps the sum small);
/// 2. var = q / d, q = ((0 + (x_0 - mean)^2) + (x_1 - mean)^2) + ..., each difference and each square rounded;
/// 3. sigma = cta::sqrt(var + epsilon);
/// 4. y_j = ((x_j - mean) / sigma) * gain_j + bias_j, left to right (a division, not a multiplication by a
///    reciprocal; no fused multiply-add).
/// A constant row has mean = x_0 and var = 0 exactly, so y_j = (+0 / sigma) * gain_j + bias_j, which is bias_j
/// (for a finite gain; a bias of -0 with a non-negative gain gives +0).
///
/// `epsilon` defaults to PyTorch's 1e-5, converted to R (in float, the float nearest to 1e-5).
///
/// Shape rule: `gain` and `bias` are each one row of d elements, d the column count of `x` (with named axes, their
/// column axis is `x`'s), or the build fails naming `cta::op::layer_norm` and the three matrix types. The result
/// has `x`'s shape and axes and elements of R.
template <matrix_type X, matrix_type G, matrix_type B>
CTA_DETAIL_TARGET_TAG constexpr auto layer_norm(
    const X& x, const G& gain, const B& bias,
    detail::normalization_t<typename X::value_type, typename G::value_type, typename B::value_type> epsilon =
        static_cast<detail::normalization_t<typename X::value_type, typename G::value_type,
                                            typename B::value_type>>(1e-5)) noexcept {
    using R = detail::normalization_t<typename X::value_type, typename G::value_type, typename B::value_type>;
    static_assert(std::is_same_v<R, double> || std::is_same_v<R, float>,
                  "cta::layer_norm computes in double or float (cta::sqrt has those two)");
    rebind_t<X, R> y;
    if constexpr (!detail::feature_row_fits_v<X, G> || !detail::feature_row_fits_v<X, B>) {
        static_assert(shapes_agree<op::layer_norm, X, G, B>,
                      "cta::layer_norm(x, gain, bias, epsilon): gain and bias must each be one row of as many "
                      "elements as x has columns (d), and with named axes their column axis is x's");
        return rebind_t<X, R>{};
    } else {
        if (!detail::is_constant_evaluated()) {
            detail::layer_norm_run_time(y, x, gain, bias, epsilon);
            return y;
        }
        constexpr auto d = static_cast<R>(X::cols);
        for (std::size_t i = 0; i < X::rows; ++i) {
            const auto& row = x.elems[i];
            const auto first = static_cast<R>(row[0]);
            R shifted = 0;
            for (std::size_t j = 0; j < X::cols; ++j) shifted += static_cast<R>(row[j]) - first;
            const R mean = first + shifted / d;
            R squares = 0;
            for (std::size_t j = 0; j < X::cols; ++j)
                squares += (static_cast<R>(row[j]) - mean) * (static_cast<R>(row[j]) - mean);
            const R sigma = sqrt(squares / d + epsilon);
            for (std::size_t j = 0; j < X::cols; ++j) {
                y.elems[i][j] = (static_cast<R>(row[j]) - mean) / sigma * static_cast<R>(gain.elems[0][j]) +
                                static_cast<R>(bias.elems[0][j]);
            }
        }
        return y;
    }
}

/// @brief Root mean square normalization of each row of `x` (PyTorch's `nn.RMSNorm(d, eps)` with
/// `elementwise_affine`): for a row x_0 .. x_(d-1), `y_j = x_j / sqrt(mean(x^2) + epsilon) * gain_j`.
///
/// Order of operations, in R (`double` or `float`), every operation rounded once:
/// 1. m = q / d, q = ((0 + x_0 x_0) + x_1 x_1) + ..., each square rounded, summed in the order j = 0, 1, ...;
/// 2. rho = cta::sqrt(m + epsilon);
/// 3. y_j = (x_j / rho) * gain_j (PyTorch multiplies by a reciprocal square root; here one division, rounded once).
///
/// `epsilon` defaults to `std::numeric_limits<R>::epsilon()` (2^-52 in double, 2^-23 in float), which is what
/// PyTorch's `nn.RMSNorm` takes when its `eps` is left `None` (`torch.finfo(x.dtype).eps`). A row of zeros gives
/// zeros.
///
/// Shape rule: `gain` is one row of d elements, d the column count of `x` (with named axes, its column axis is
/// `x`'s), or the build fails naming `cta::op::rms_norm` and both matrix types. The result has `x`'s shape and axes
/// and elements of R.
template <matrix_type X, matrix_type G>
CTA_DETAIL_TARGET_TAG constexpr auto rms_norm(
    const X& x, const G& gain,
    detail::normalization_t<typename X::value_type, typename G::value_type> epsilon =
        std::numeric_limits<detail::normalization_t<typename X::value_type, typename G::value_type>>::epsilon()) noexcept {
    using R = detail::normalization_t<typename X::value_type, typename G::value_type>;
    static_assert(std::is_same_v<R, double> || std::is_same_v<R, float>,
                  "cta::rms_norm computes in double or float (cta::sqrt has those two)");
    rebind_t<X, R> y;
    if constexpr (!detail::feature_row_fits_v<X, G>) {
        static_assert(shapes_agree<op::rms_norm, X, G>,
                      "cta::rms_norm(x, gain, epsilon): gain must be one row of as many elements as x has columns "
                      "(d), and with named axes its column axis is x's");
        return rebind_t<X, R>{};
    } else {
        constexpr auto d = static_cast<R>(X::cols);
        for (std::size_t i = 0; i < X::rows; ++i) {
            const auto& row = x.elems[i];
            R squares = 0;
            for (std::size_t j = 0; j < X::cols; ++j) squares += static_cast<R>(row[j]) * static_cast<R>(row[j]);
            const R rho = sqrt(squares / d + epsilon);
            for (std::size_t j = 0; j < X::cols; ++j)
                y.elems[i][j] = static_cast<R>(row[j]) / rho * static_cast<R>(gain.elems[0][j]);
        }
        return y;
    }
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
