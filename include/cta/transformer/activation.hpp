// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The activations of a Transformer's feed-forward layer, element by element, on matrices and on scalars:
/// `cta::relu` (PyTorch's `nn.ReLU`), `cta::silu` (PyTorch's `nn.SiLU`, the swish of gated feed-forward layers),
/// `cta::gelu` (PyTorch's `nn.GELU()`, the default, with erf) and `cta::gelu_tanh` (`nn.GELU(approximate="tanh")`).
///
/// Each activation is a scalar function, `constexpr`, applied to every element of a matrix by the matrix overload
/// (the result has the matrix's shape and axes).
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>
#include <cta/math/erf.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

namespace detail {

/// `F` of every element of `m`, in the order of the elements: the shape and axes of `m`, elements of the type `F`
/// returns. The matrix overloads of the activations below, each with its scalar function as `F` (a call of `F` is a
/// call of that function: the same operations, at compile time and at run time, as a loop written for it).
template <auto F, class M>
CTA_DETAIL_TARGET_TAG constexpr auto map_elements(const M& m) noexcept {
    rebind_t<M, decltype(F(m.elems[0][0]))> y;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) y.elems[i][j] = F(m.elems[i][j]);
    }
    return y;
}

}  // namespace detail

/// @brief The rectifier, `relu(x) = x` for x > 0, else 0: +0 for every x <= 0 (-0 included, so `relu(-0.0)` is
/// `+0.0`), and NaN for NaN (as PyTorch propagates it). Any arithmetic type; the result has `x`'s type.
template <scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr std::remove_cvref_t<S> relu(S x) noexcept {
    using T = std::remove_cvref_t<S>;
    if constexpr (std::is_floating_point_v<T>) {
#if CTA_DETAIL_NAN_FIRST
        return x != x ? x : (x > T(0) ? x : T(0));
#else
        return x > T(0) ? x : (x != x ? x : T(0));
#endif
    } else {
        return x > T(0) ? x : T(0);
    }
}

namespace detail {
/// The scalar `cta::relu` of T, for `map_elements`.
template <class T>
inline constexpr T (*relu_of)(T) noexcept = &relu;
}  // namespace detail

/// @brief `relu` of every element: the shape, axes and element type of `m`.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto relu(const M& m) noexcept {
    return detail::map_elements<detail::relu_of<typename M::value_type>>(m);
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
    using T = typename M::value_type;
    return detail::map_elements<static_cast<decltype(silu(T{})) (*)(T) noexcept>(&silu)>(m);
}

namespace detail {

/// The constants of the GELUs in F, each the value nearest the exact one: 1/sqrt(2), sqrt(2/pi) and 0.044715.
template <class F>
struct gelu_constants;
template <>
struct gelu_constants<double> {
    static constexpr double sqrt1_2 = 0x1.6a09e667f3bcdp-1;
    static constexpr double sqrt2_pi = 0x1.9884533d43651p-1;
    static constexpr double kappa = 0.044715;
};
template <>
struct gelu_constants<float> {
    static constexpr float sqrt1_2 = 0x1.6a09e6p-1F;
    static constexpr float sqrt2_pi = 0x1.988454p-1F;
    static constexpr float kappa = 0.044715F;
};

}  // namespace detail

/// @brief The Gaussian error linear unit, `gelu(x) = x Phi(x) = x / 2 (1 + erf(x / sqrt 2))` (PyTorch's `nn.GELU()`),
/// in `float` or `double` (integers in `double`).
///
/// Computed as (x / 2) erfc(-(x c)), c = 1/sqrt(2) rounded to the type: the same function, since 1 + erf(t) =
/// erfc(-t), without the cancellation of 1 + erf(t) for negative x (where PyTorch's formula loses the tiny result
/// x Phi(x), this keeps its relative accuracy). Roundings: x c, erfc (`<cta/math/erf.hpp>`), the product (x / 2 is
/// exact but in the subnormals). Special values: gelu(+-0) = +-0, gelu(+inf) = +inf, gelu(-inf) = -0 (the limit),
/// gelu(NaN) = NaN; the result underflows to -0 for x below about -38.6 in double (-14.1 in float).
template <scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr auto gelu(S x) noexcept {
    using F = real_t<void, std::remove_cvref_t<S>>;
    static_assert(std::is_same_v<F, double> || std::is_same_v<F, float>,
                  "cta::gelu computes in double or float (cta::erfc has those two)");
    const auto y = static_cast<F>(x);
    constexpr F inf = std::numeric_limits<F>::infinity();
    if (y != y || y == inf) return y;
    if (y == -inf) return -F(0);
    return y * F(0.5) * erfc(-(y * detail::gelu_constants<F>::sqrt1_2));
}

/// @brief `gelu` of every element: the shape and axes of `m`, elements of the type `gelu` returns for them.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto gelu(const M& m) noexcept {
    using T = typename M::value_type;
    return detail::map_elements<static_cast<decltype(gelu(T{})) (*)(T) noexcept>(&gelu)>(m);
}

/// @brief The tanh approximation of GELU, `x / 2 (1 + tanh(u))`, u = sqrt(2/pi) (x + 0.044715 x^3) (PyTorch's
/// `nn.GELU(approximate="tanh")`), in `float` or `double` (integers in `double`).
///
/// Computed with 1 + tanh(u) = 2 / (1 + e^(-2u)), the same function without the cancellation of 1 + tanh(u) for
/// negative u: u = c (x + k (x x x)) (c = sqrt(2/pi) and k = 0.044715 rounded to the type, each operation rounded
/// once, left to right), e = `cta::exp(-2 |u|)`, then x / (1 + e) for u >= 0 and (x e) / (1 + e) for u < 0, as
/// `cta::silu`. For |x| > 30, where x^3 could overflow and the result is x (x > 0) or -0 (x < 0) in both types, those
/// are returned. Special values: +-0 give +-0, +inf gives +inf, -inf gives -0, NaN gives NaN.
template <scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr auto gelu_tanh(S x) noexcept {
    using F = real_t<void, std::remove_cvref_t<S>>;
    static_assert(std::is_same_v<F, double> || std::is_same_v<F, float>,
                  "cta::gelu_tanh computes in double or float (cta::exp has those two)");
    using C = detail::gelu_constants<F>;
    const auto y = static_cast<F>(x);
    if (y != y || y > F(30)) return y;
    if (y < F(-30)) return -F(0);
    const F u = C::sqrt2_pi * (y + C::kappa * (y * y * y));
    const F e = exp(F(-2) * abs(u));
    return u >= F(0) ? y / (F(1) + e) : y * e / (F(1) + e);
}

/// @brief `gelu_tanh` of every element: the shape and axes of `m`, elements of the type `gelu_tanh` returns for them.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto gelu_tanh(const M& m) noexcept {
    using T = typename M::value_type;
    return detail::map_elements<static_cast<decltype(gelu_tanh(T{})) (*)(T) noexcept>(&gelu_tanh)>(m);
}

/// @brief The activation of a Transformer layer's feed-forward part, named by a type (the last template argument of
/// `cta::feed_forward_weights`, `cta::encoder_layer_t` and `cta::decoder_layer_t`): `cta::relu_t` (PyTorch's
/// `activation="relu"`, the default), `cta::gelu_t` (`activation="gelu"`), `cta::gelu_tanh_t` and `cta::silu_t`.
/// `of<T>` is the scalar function on T, `name` PyTorch's spelling.
struct relu_t {
    template <class T>
    static constexpr T (*of)(T) noexcept = &relu;  ///< `cta::relu` on T
    static constexpr const char* name = "relu";     ///< as PyTorch spells it
};
/// @copydoc cta::relu_t
struct gelu_t {
    template <class T>
    static constexpr T (*of)(T) noexcept = &gelu;  ///< `cta::gelu` on T
    static constexpr const char* name = "gelu";     ///< as PyTorch spells it
};
/// @copydoc cta::relu_t
struct gelu_tanh_t {
    template <class T>
    static constexpr T (*of)(T) noexcept = &gelu_tanh;  ///< `cta::gelu_tanh` on T
    static constexpr const char* name = "gelu_tanh";     ///< `nn.GELU(approximate="tanh")`
};
/// @copydoc cta::relu_t
struct silu_t {
    template <class T>
    static constexpr T (*of)(T) noexcept = &silu;  ///< `cta::silu` on T
    static constexpr const char* name = "silu";     ///< `nn.SiLU()`
};

namespace detail {
/// True for the activations of a feed-forward part.
template <class A>
inline constexpr bool is_activation_v = std::is_same_v<A, relu_t> || std::is_same_v<A, gelu_t> ||
                                        std::is_same_v<A, gelu_tanh_t> || std::is_same_v<A, silu_t>;
}  // namespace detail

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
