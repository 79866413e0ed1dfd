/// @file
/// @brief `constexpr` elementary functions for `float` and `double`, identical in constant expressions and at run
/// time: `cta::exp`, and the helpers `abs`, `isnan`, `isinf`, `isfinite`, `round`, `scalbn`.
///
/// The standard `<cmath>` functions are not `constexpr` in C++20 (GCC accepts some as an extension, Clang does
/// not), so the library carries its own. Every function here uses only `+ - * /`, comparisons and `std::bit_cast`,
/// and never performs an operation whose result is NaN or an overflow to infinity (both compilers refuse those in
/// constant expressions): special values are returned, not computed.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief True if `x` is a NaN.
template <class F>
    requires std::is_floating_point_v<F>
constexpr bool isnan(F x) noexcept {
    return x != x;
}

/// @brief True if `x` is +inf or -inf.
template <class F>
    requires std::is_floating_point_v<F>
constexpr bool isinf(F x) noexcept {
    return x == std::numeric_limits<F>::infinity() || x == -std::numeric_limits<F>::infinity();
}

/// @brief True if `x` is neither infinite nor NaN.
template <class F>
    requires std::is_floating_point_v<F>
constexpr bool isfinite(F x) noexcept {
    return !isnan(x) && !isinf(x);
}

/// @brief |x|, for any arithmetic type (for floating types, -0 gives +0; NaN gives NaN).
template <class T>
    requires std::is_arithmetic_v<T>
constexpr T abs(T x) noexcept {
    if constexpr (std::is_floating_point_v<T>) {
        if (isnan(x)) return x;
        return x < T(0) ? -x : (x == T(0) ? T(0) : x);
    } else {
        return x < T(0) ? static_cast<T>(-x) : x;
    }
}

/// @brief x rounded to the nearest integer, halfway cases away from zero (as `std::round`); keeps the sign of a
/// zero result, and returns NaN, infinities and values too large to have a fraction unchanged.
template <class F>
    requires std::is_floating_point_v<F>
constexpr F round(F x) noexcept {
    // From 2^(digits-1) on, every representable value is an integer.
    constexpr F no_fraction = F(std::uint64_t{1} << (std::numeric_limits<F>::digits - 1));
    if (!(abs(x) < no_fraction)) return x;  // also NaN and infinities
    const F t = static_cast<F>(static_cast<std::int64_t>(x));  // x truncated toward zero
    const F r = abs(x - t) >= F(0.5) ? (x < F(0) ? t - F(1) : t + F(1)) : t;
    return r == F(0) ? (x < F(0) ? -F(0) : F(0)) : r;
}

namespace detail {

/// 2^n for -1022 <= n <= 1023, built from its bits.
constexpr double pow2(int n) noexcept {
    return std::bit_cast<double>(static_cast<std::uint64_t>(0x3ff + n) << 52);
}
/// 2^n for -126 <= n <= 127, built from its bits.
constexpr float pow2f(int n) noexcept {
    return std::bit_cast<float>(static_cast<std::uint32_t>(0x7f + n) << 23);
}

}  // namespace detail

/// @brief y * 2^n for a finite y whose result is finite (as `std::scalbn`, without the overflow case), with one
/// rounding: results in the subnormal range are scaled in two steps so that only the last one rounds.
constexpr double scalbn(double y, int n) noexcept {
    if (n > 1023) {
        y *= detail::pow2(1023);
        n -= 1023;
    } else if (n < -1022) {
        // 2^-1022 * 2^53: keep 53 bits of headroom so that the final multiplication is the only rounding.
        y *= detail::pow2(-1022) * detail::pow2(53);
        n += 1022 - 53;
        if (n < -1022) {
            y *= detail::pow2(-1022) * detail::pow2(53);
            n += 1022 - 53;
            if (n < -1022) n = -1022;
        }
    }
    return y * detail::pow2(n);
}

/// @copydoc scalbn(double, int)
constexpr float scalbn(float y, int n) noexcept {
    if (n > 127) {
        y *= detail::pow2f(127);
        n -= 127;
    } else if (n < -126) {
        y *= detail::pow2f(-126) * detail::pow2f(24);
        n += 126 - 24;
        if (n < -126) {
            y *= detail::pow2f(-126) * detail::pow2f(24);
            n += 126 - 24;
            if (n < -126) n = -126;
        }
    }
    return y * detail::pow2f(n);
}

/// @brief e^x in double precision, `constexpr`.
///
/// The algorithm of FreeBSD's and musl's `exp` (after Sun's fdlibm): x = k ln 2 + r with |r| <= ln 2 / 2 and ln 2
/// split in two parts (the product k * ln2_hi is exact), a degree-5 minimax polynomial R(r^2) with
/// e^r = 1 + r + r c / (2 - c), c = r - r^2 R(r^2), then a scaling by 2^k. The error stays below 1 ulp.
/// exp(NaN) = NaN, exp(+inf) = +inf, exp(-inf) = +0; results above the largest double are +inf, results below the
/// smallest subnormal are +0.
constexpr double exp(double x) noexcept {
    constexpr double ln2_hi = 6.93147180369123816490e-01;  // 0x3fe62e42 fee00000
    constexpr double ln2_lo = 1.90821492927058770002e-10;  // 0x3dea39ef 35793c76
    constexpr double inv_ln2 = 1.44269504088896338700e+00;  // 0x3ff71547 652b82fe
    constexpr double p1 = 1.66666666666666019037e-01;
    constexpr double p2 = -2.77777777770155933842e-03;
    constexpr double p3 = 6.61375632143793436117e-05;
    constexpr double p4 = -1.65339022054652515390e-06;
    constexpr double p5 = 4.13813679705723846039e-08;

    const auto high = static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(x) >> 32);
    const bool negative = (high >> 31) != 0;
    const std::uint32_t abs_high = high & 0x7fffffffU;

    if (abs_high >= 0x4086232bU) {  // |x| >= 708.39..., or x is inf or NaN
        if (isnan(x)) return x;
        if (x > 7.09782712893383973096e+02) return std::numeric_limits<double>::infinity();
        if (x < -7.45133219101941108420e+02) return 0.0;
    }

    double hi = 0.0;
    double lo = 0.0;
    int k = 0;
    if (abs_high > 0x3fd62e42U) {      // |x| > ln 2 / 2
        if (abs_high >= 0x3ff0a2b2U) {  // |x| >= 3 ln 2 / 2
            k = static_cast<int>(inv_ln2 * x + (negative ? -0.5 : 0.5));
        } else {
            k = negative ? -1 : 1;
        }
        hi = x - k * ln2_hi;  // exact
        lo = k * ln2_lo;
        x = hi - lo;
    } else if (abs_high > 0x3e300000U) {  // |x| > 2^-28
        hi = x;
    } else {
        return 1.0 + x;  // e^x rounds to 1 + x
    }

    const double xx = x * x;
    const double c = x - xx * (p1 + xx * (p2 + xx * (p3 + xx * (p4 + xx * p5))));
    const double y = 1.0 + (x * c / (2.0 - c) - lo + hi);
    return k == 0 ? y : scalbn(y, k);
}

/// @brief e^x in single precision, `constexpr`, computed in `float` only (no double arithmetic, so it stays fast on
/// single-precision FPUs such as the Cortex-M4's).
///
/// The algorithm of FreeBSD's and musl's `expf` (after Sun's fdlibm): the same reduction as `exp(double)` with a
/// degree-2 minimax polynomial. Special values as for `exp(double)`.
constexpr float exp(float x) noexcept {
    constexpr float ln2_hi = 6.9314575195e-01F;   // 0x3f317200
    constexpr float ln2_lo = 1.4286067653e-06F;   // 0x35bfbe8e
    constexpr float inv_ln2 = 1.4426950216e+00F;  // 0x3fb8aa3b
    constexpr float p1 = 1.6666625440e-01F;       //  0xaaaa8f.0p-26
    constexpr float p2 = -2.7667332906e-03F;      // -0xb55215.0p-32

    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    const bool negative = (bits >> 31) != 0;
    const std::uint32_t abs_bits = bits & 0x7fffffffU;

    if (abs_bits >= 0x42aeac50U) {  // |x| >= 87.33655, or x is inf or NaN
        if (abs_bits > 0x7f800000U) return x;  // NaN
        if (abs_bits >= 0x42b17218U && !negative) return std::numeric_limits<float>::infinity();  // x >= 88.7228
        if (negative && abs_bits >= 0x42cff1b5U) return 0.0F;  // x <= -103.972084
    }

    float hi = 0.0F;
    float lo = 0.0F;
    int k = 0;
    if (abs_bits > 0x3eb17218U) {      // |x| > ln 2 / 2
        if (abs_bits > 0x3f851592U) {  // |x| > 3 ln 2 / 2
            k = static_cast<int>(inv_ln2 * x + (negative ? -0.5F : 0.5F));
        } else {
            k = negative ? -1 : 1;
        }
        const auto kf = static_cast<float>(k);
        hi = x - kf * ln2_hi;  // exact
        lo = kf * ln2_lo;
        x = hi - lo;
    } else if (abs_bits > 0x39000000U) {  // |x| > 2^-14
        hi = x;
    } else {
        return 1.0F + x;
    }

    const float xx = x * x;
    const float c = x - xx * (p1 + xx * p2);
    const float y = 1.0F + (x * c / (2.0F - c) - lo + hi);
    return k == 0 ? y : scalbn(y, k);
}

/// @brief e^x for an integer x, computed in double.
template <class I>
    requires std::is_integral_v<I>
constexpr double exp(I x) noexcept {
    return exp(static_cast<double>(x));
}

}  // namespace cta

CTA_FP_STRICT_END
