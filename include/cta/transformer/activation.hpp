// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The activations of a Transformer's feed-forward layer, element by element, on matrices and on scalars:
/// `cta::relu` (PyTorch's `nn.ReLU`) and `cta::silu` (PyTorch's `nn.SiLU`, the swish of gated feed-forward layers).
///
/// Each activation is a scalar function, `constexpr`, applied to every element of a matrix by the matrix overload
/// (the result has the matrix's shape and axes). GELU (PyTorch's `nn.GELU`, 0.5 x (1 + erf(x / sqrt 2)), or its tanh
/// approximation) is not here: it needs erf or tanh, which the library does not have; it would be one more scalar
/// function and its matrix overload, written as these.
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief The rectifier, `relu(x) = x` for x > 0, else 0: +0 for every x <= 0 (-0 included, so `relu(-0.0)` is
/// `+0.0`), and NaN for NaN (as PyTorch propagates it). Any arithmetic type; the result has `x`'s type.
template <scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr std::remove_cvref_t<S> relu(S x) noexcept {
    using T = std::remove_cvref_t<S>;
    if constexpr (std::is_floating_point_v<T>) {
        return x > T(0) ? x : (x != x ? x : T(0));
    } else {
        return x > T(0) ? x : T(0);
    }
}

/// @brief `relu` of every element: the shape, axes and element type of `m`.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto relu(const M& m) noexcept {
    rebind_t<M, typename M::value_type> y;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) y.elems[i][j] = relu(m.elems[i][j]);
    }
    return y;
}

/// @brief The sigmoid-weighted linear unit, `silu(x) = x * sigmoid(x) = x / (1 + e^-x)`, in `float` or `double`
/// (integers in `double`, as `cta::exp` takes them).
///
/// Computed with e = `cta::exp(-|x|)`, which lies in (0, 1] and never overflows: for x >= 0 as x / (1 + e), the form
/// above; for x < 0 as (x e) / (1 + e), the same function written with e^x = e, so that a large negative x gives
/// its tiny value rather than x / (1 + inf). Three roundings after exp's, left to right as written. Special values:
/// silu(+-0) = +-0, silu(+inf) = +inf, silu(-inf) = -0 (the limit), silu(NaN) = NaN; for x below exp's underflow
/// (x < -745.13 in double, < -103.97 in float) e is 0 and the result -0. Where the processor flushes subnormals to
/// zero (FTZ, as after linking with -ffast-math), e is 0 as soon as it would be subnormal, so silu(x) is -0 from
/// x < -708.39 in double, x < -87.33 in float, where constant evaluation gives x e / (1 + e).
template <scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr auto silu(S x) noexcept {
    using F = real_t<void, std::remove_cvref_t<S>>;
    static_assert(std::is_same_v<F, double> || std::is_same_v<F, float>,
                  "cta::silu computes in double or float (cta::exp has those two)");
    const auto y = static_cast<F>(x);
    constexpr F inf = std::numeric_limits<F>::infinity();
    if (y != y || y == inf) return y;
    if (y == -inf) return -F(0);
    const F e = exp(-abs(y));
    return y >= F(0) ? y / (F(1) + e) : y * e / (F(1) + e);
}

/// @brief `silu` of every element: the shape and axes of `m`, elements of the type `silu` returns for them.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto silu(const M& m) noexcept {
    rebind_t<M, decltype(silu(m.elems[0][0]))> y;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) y.elems[i][j] = silu(m.elems[i][j]);
    }
    return y;
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
