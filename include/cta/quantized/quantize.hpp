// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Real values to quantized integers and back, as TensorFlow Lite's QUANTIZE and DEQUANTIZE kernels compute
/// them: `q = clamp(round(x / scale) + zero_point)` and `x = scale * (q - zero_point)`, for one value or a whole
/// matrix, with `q` an `std::int8_t`, `std::int16_t` or `std::int32_t` and `x` a `float` or a `double`.
///
///     static_assert(cta::quantized::quantize<std::int8_t>(0.5F, 0.1F, 3) == 8);        // 0.5 / 0.1 = 5, + 3
///     static_assert(cta::quantized::quantize<std::int8_t>(-0.75F, 0.5F, 0) == -2);     // -1.5: away from zero
///     static_assert(cta::quantized::dequantize(std::int8_t{8}, 0.5F, 3) == 2.5F);
///
/// The rounding is TensorFlow Lite's (its reference `AffineQuantize`): the quotient `x / scale` is computed in the
/// type of `x` (in `float` for a `float`, as TensorFlow Lite's float input; in `double` for a `double`), rounded to
/// the nearest integer with ties away from zero (`std::round`), and only then added to the zero point and clamped
/// to the range of `Q`, in `double`, so that no sum overflows: a quotient beyond the range, infinities included,
/// gives the lowest or the highest `Q`. Dequantizing computes `scale * (q - zero_point)` in `double` (TensorFlow
/// Lite's `Dequantize` multiplies by its `double` scale) and rounds the product once to the result type; for an
/// `int8_t` or `int16_t` to `float` that product is exact in `double`, so the result is the product rounded once to
/// `float`.
///
/// Every function is `constexpr` (its own rounding, as `std::round` is not `constexpr` before C++23) and gives the
/// same bits at run time as in a constant expression, its division and product kept exact by the library's strict
/// floating-point pragmas (the conditions are docs/numerics.md's).
///
/// Preconditions (a scale that is zero, negative, infinite or NaN; a zero point outside the range of `Q`; a NaN to
/// quantize) stop a constant evaluation with an error that names the parameter, e.g. `call to non-'constexpr'
/// function 'void cta::quantized::precondition::scale_must_be_positive_and_finite()'`; at run time a build without
/// `NDEBUG` checks them and stops the program there (fixed_point.hpp's `detail::stop`), and a build with `NDEBUG`
/// assumes them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/matrix.hpp>
#include <cta/quantized/fixed_point.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::quantized {

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void scale_must_be_positive_and_finite() noexcept { detail::stop(); }
inline void zero_point_must_be_in_the_range_of_the_quantized_type() noexcept { detail::stop(); }
inline void value_to_quantize_must_not_be_nan() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief The quantized types: `std::int8_t`, `std::int16_t`, `std::int32_t`.
template <class Q>
inline constexpr bool is_quantized_type_v =
    std::is_same_v<Q, std::int8_t> || std::is_same_v<Q, std::int16_t> || std::is_same_v<Q, std::int32_t>;

/// @brief The real types that are quantized: `float` and `double`.
template <class Real>
inline constexpr bool is_quantized_real_v = std::is_same_v<Real, float> || std::is_same_v<Real, double>;

namespace detail {

/// @brief `x` rounded to the nearest integer given its integer part `truncated` (x - truncated is exact, |x| < 2^52):
/// one more or one less at a fraction of one half or more, away from zero; -0 for x in (-1/2, 0), as std::round.
template <class Real>
CTA_DETAIL_TARGET_TAG constexpr Real round_truncated(Real x, Real truncated) noexcept {
    return x - truncated >= static_cast<Real>(0.5)    ? truncated + 1
           : x - truncated <= static_cast<Real>(-0.5) ? truncated - 1
           : truncated == 0 && x < 0                 ? -truncated
                                                     : truncated;
}

/// @brief `x` rounded to the nearest integer, ties away from zero, in the type of `x` (`std::round`, in a constant
/// expression): the same value, and the same sign of zero, for every `x` but NaN.
template <class Real>
CTA_DETAIL_TARGET_TAG constexpr Real round_half_away_from_zero(Real x) noexcept {
    // From 2^(digits - 1) on, every number of the type is an integer (infinities included). Two expressions, so that
    // a constant evaluation spends few steps of its budget on each rounding.
    constexpr Real integers_from = static_cast<Real>(std::uint64_t{1} << (std::numeric_limits<Real>::digits - 1));
    return x == 0 || !(x < integers_from && x > -integers_from)
               ? x
               : round_truncated(x, static_cast<Real>(static_cast<std::int64_t>(x)));  // exact: |x| < 2^52
}

/// @brief Whether `scale` is positive and finite and `zero_point` a value of `Q`; if not, calls the precondition
/// that the first of them breaks (the error of a constant evaluation).
template <class Q, class Real>
CTA_DETAIL_TARGET_TAG constexpr bool scale_and_zero_point_hold(Real scale, std::int32_t zero_point) noexcept {
#if CTA_DETAIL_NAN_FIRST
    if (!(scale == scale && scale > 0 && scale <= std::numeric_limits<Real>::max())) {
#else
    if (!(scale > 0 && scale <= std::numeric_limits<Real>::max())) {  // false for NaN
#endif
        precondition::scale_must_be_positive_and_finite();
        return false;
    }
    if (zero_point < std::numeric_limits<Q>::min() || zero_point > std::numeric_limits<Q>::max()) {
        precondition::zero_point_must_be_in_the_range_of_the_quantized_type();
        return false;
    }
    return true;
}

/// @brief An integer `value` (a double) clamped to the range of Q.
template <class Q>
CTA_DETAIL_TARGET_TAG constexpr Q clamped_to(double value) noexcept {
    return value <= static_cast<double>(std::numeric_limits<Q>::min())   ? std::numeric_limits<Q>::min()
           : value >= static_cast<double>(std::numeric_limits<Q>::max()) ? std::numeric_limits<Q>::max()
                                                                         : static_cast<Q>(value);
}

/// @brief quantize() once its preconditions hold.
template <class Q, class Real>
CTA_DETAIL_TARGET_TAG constexpr Q quantize_valid(Real value, Real scale, std::int32_t zero_point) noexcept {
    // A quotient that would overflow (|value / scale| near the largest Real or beyond) is far beyond the range of
    // Q either way: the nearest end, without the division, which a constant evaluation does not allow to overflow.
    // One expression, so that a constant evaluation spends few steps of its budget on each value.
    constexpr Real half_max = std::numeric_limits<Real>::max() / 2;
    return scale < 1 && (value > scale * half_max || value < -(scale * half_max))
               ? (value > 0 ? std::numeric_limits<Q>::max() : std::numeric_limits<Q>::min())
               : clamped_to<Q>(static_cast<double>(round_half_away_from_zero(value / scale)) +
                               static_cast<double>(zero_point));
}

/// @brief quantize() once the scale and the zero point are known to hold: a NaN `value` breaks its precondition.
template <class Q, class Real>
CTA_DETAIL_TARGET_TAG constexpr Q quantize_number(Real value, Real scale, std::int32_t zero_point) noexcept {
    if (value != value) {
        precondition::value_to_quantize_must_not_be_nan();
        return Q{};
    }
    return quantize_valid<Q>(value, scale, zero_point);
}

/// @brief dequantize() once its preconditions hold: `scale * (q - zero_point)` rounded to `double`, then to `Real`,
/// as the processor rounds (to nearest, ties to even; beyond the largest `Real` by half an ulp or more, infinity),
/// written so that a constant evaluation, which does not allow an overflow, gives the same.
template <class Real, class Q>
CTA_DETAIL_TARGET_TAG constexpr Real dequantize_valid(Q q, Real scale, std::int32_t zero_point) noexcept {
    const auto offset = static_cast<double>(std::int64_t{q} - std::int64_t{zero_point});  // exact: below 2^32
    constexpr double infinity = std::numeric_limits<double>::infinity();
    if constexpr (std::is_same_v<Real, float>) {
        const double product = static_cast<double>(scale) * offset;  // below 2^160: finite
        // The largest float and half its ulp: (2^24 - 1) 2^104 + 2^103, from which on a double rounds to infinity.
        constexpr double overflow = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;
        if (product >= overflow || product <= -overflow) {
            return static_cast<float>(product > 0 ? infinity : -infinity);
        }
        return static_cast<float>(product);
    } else {
        if (scale < 0x1p960) {
            return scale * offset;  // below 2^993: finite
        }
        // scale 2^-64 is exact, and so is the product times 2^64 unless it overflows.
        const double reduced = (scale * 0x1p-64) * offset;
        constexpr double reduced_max = std::numeric_limits<double>::max() * 0x1p-64;
        if (reduced > reduced_max || reduced < -reduced_max) {
            return reduced > 0 ? infinity : -infinity;
        }
        return reduced * 0x1p64;
    }
}

}  // namespace detail

/// @brief `value` as a `Q` for `scale` and `zero_point`: `round(value / scale) + zero_point` clamped to the range
/// of `Q`, the quotient computed and rounded (ties away from zero) in `Real`, as TensorFlow Lite quantizes.
/// Preconditions: `scale` positive and finite, `zero_point` in the range of `Q`, `value` not NaN.
template <class Q, class Real>
    requires is_quantized_type_v<Q> && is_quantized_real_v<Real>
CTA_DETAIL_TARGET_TAG constexpr Q quantize(Real value, std::type_identity_t<Real> scale,
                                           std::int32_t zero_point) noexcept {
    if (!detail::scale_and_zero_point_hold<Q>(scale, zero_point)) {
        return Q{};
    }
    return detail::quantize_number<Q>(value, scale, zero_point);
}

/// @brief Every element of `m` quantized as quantize(value, scale, zero_point) does; the matrix keeps its shape
/// and axes. Preconditions: those of quantize() (no element NaN).
template <class Q, class Real, std::size_t R, std::size_t C, class... A>
    requires is_quantized_type_v<Q> && is_quantized_real_v<Real>
CTA_DETAIL_TARGET_TAG constexpr matrix<Q, R, C, A...> quantize(const matrix<Real, R, C, A...>& m,
                                                               std::type_identity_t<Real> scale,
                                                               std::int32_t zero_point) noexcept {
    if (!detail::scale_and_zero_point_hold<Q>(scale, zero_point)) {
        return {};
    }
    matrix<Q, R, C, A...> q;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            if (m(i, j) != m(i, j)) {
                precondition::value_to_quantize_must_not_be_nan();
                return {};
            }
            q(i, j) = detail::quantize_valid<Q>(m(i, j), scale, zero_point);
        }
    }
    return q;
}

/// @brief The real value that `q` stands for: `scale * (q - zero_point)`, computed in `double` and rounded once to
/// `Real` (the type of `scale`), as TensorFlow Lite dequantizes.
/// Preconditions: `scale` positive and finite, `zero_point` in the range of `Q`.
template <class Q, class Real>
    requires is_quantized_type_v<Q> && is_quantized_real_v<Real>
CTA_DETAIL_TARGET_TAG constexpr Real dequantize(Q q, Real scale, std::int32_t zero_point) noexcept {
    if (!detail::scale_and_zero_point_hold<Q>(scale, zero_point)) {
        return Real{};
    }
    return detail::dequantize_valid(q, scale, zero_point);
}

/// @brief Every element of `m` dequantized as dequantize(q, scale, zero_point) does, to a matrix of `Real` (the
/// type of `scale`) of the same shape and axes. Preconditions: those of dequantize().
template <class Q, class Real, std::size_t R, std::size_t C, class... A>
    requires is_quantized_type_v<Q> && is_quantized_real_v<Real>
CTA_DETAIL_TARGET_TAG constexpr matrix<Real, R, C, A...> dequantize(const matrix<Q, R, C, A...>& m, Real scale,
                                                                    std::int32_t zero_point) noexcept {
    if (!detail::scale_and_zero_point_hold<Q>(scale, zero_point)) {
        return {};
    }
    matrix<Real, R, C, A...> x;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) x(i, j) = detail::dequantize_valid(m(i, j), scale, zero_point);
    }
    return x;
}

/// @brief TensorFlow Lite's QUANTIZE from one integer tensor to another (its reference `Requantize`): each of the
/// `count` integers of `in` less `input_zero_point`, times `m` (`multiply_by_quantized_multiplier`; TensorFlow Lite
/// Micro prepares `m` as `quantize_multiplier(s_in / s_out)`, the quotient in double), plus `output_zero_point`,
/// clamped to the range of `Out`. `In` is `std::int8_t`, `std::int16_t` or `std::int32_t`, `Out` `std::int8_t` or
/// `std::int16_t`. Preconditions, as TensorFlow Lite's: `in[i] - input_zero_point` and that times
/// 2^max(m.shift, 0) fit in int32, and `output_zero_point` is a value of `Out`.
template <class In, class Out>
    requires is_quantized_type_v<In> && (std::is_same_v<Out, std::int8_t> || std::is_same_v<Out, std::int16_t>)
CTA_DETAIL_TARGET_TAG constexpr void requantize(const In* in, std::size_t count, quantized_multiplier m,
                                                std::int32_t input_zero_point, std::int32_t output_zero_point,
                                                Out* out) noexcept {
    constexpr std::int32_t lowest = std::numeric_limits<Out>::min(), highest = std::numeric_limits<Out>::max();
    for (std::size_t i = 0; i < count; ++i) {
        const std::int32_t v =
            multiply_by_quantized_multiplier(static_cast<std::int32_t>(in[i]) - input_zero_point, m) +
            output_zero_point;
        out[i] = static_cast<Out>(v < lowest ? lowest : v > highest ? highest : v);
    }
}

}  // namespace cta::quantized

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
