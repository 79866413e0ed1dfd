// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` elementary functions for `float` and `double`, identical in constant expressions and at run
/// time: `cta::exp`, `cta::sqrt`, and the helpers `abs`, `isnan`, `isinf`, `isfinite`, `round`, `scalbn`. `exp` and
/// `sqrt` also take integers, as `<cmath>`'s do: computed in double.
///
/// The standard `<cmath>` functions are not `constexpr` in C++20 (GCC accepts some as an extension, Clang does
/// not), so the library carries its own. Every function here uses only `+ - * /`, comparisons, integer operations on
/// the bits (`std::bit_cast`) and, in `exp(double)`, a table of constants, and never performs an operation whose result is NaN or an overflow to infinity (both compilers refuse those in
/// constant expressions): special values are returned, not computed.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/exp_table.hpp>
#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief True if `x` is a NaN.
template <class F>
    requires std::is_floating_point_v<F>
CTA_DETAIL_TARGET_TAG constexpr bool isnan(F x) noexcept {
    return x != x;
}

/// @brief True if `x` is +inf or -inf.
template <class F>
    requires std::is_floating_point_v<F>
CTA_DETAIL_TARGET_TAG constexpr bool isinf(F x) noexcept {
    return x == std::numeric_limits<F>::infinity() || x == -std::numeric_limits<F>::infinity();
}

/// @brief True if `x` is neither infinite nor NaN.
template <class F>
    requires std::is_floating_point_v<F>
CTA_DETAIL_TARGET_TAG constexpr bool isfinite(F x) noexcept {
    return !isnan(x) && !isinf(x);
}

/// @brief |x|, for any arithmetic type (for floating types, -0 gives +0; NaN gives NaN).
template <class T>
    requires std::is_arithmetic_v<T>
CTA_DETAIL_TARGET_TAG constexpr T abs(T x) noexcept {
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
CTA_DETAIL_TARGET_TAG constexpr F round(F x) noexcept {
    // From 2^(digits-1) on, every representable value is an integer.
    constexpr F no_fraction = F(std::uint64_t{1} << (std::numeric_limits<F>::digits - 1));
    if (!(abs(x) < no_fraction)) return x;  // also NaN and infinities
    const F t = static_cast<F>(static_cast<std::int64_t>(x));  // x truncated toward zero
    const F r = abs(x - t) >= F(0.5) ? (x < F(0) ? t - F(1) : t + F(1)) : t;
    return r == F(0) ? (x < F(0) ? -F(0) : F(0)) : r;
}

// The functions with products (docs: include/cta/detail/fp_strict.hpp).
CTA_FP_PRODUCTS_BEGIN

namespace detail {

/// Layout of the IEEE 754 binary formats.
template <class F>
struct ieee_traits;
template <>
struct ieee_traits<double> {
    using bits = std::uint64_t;
    static constexpr int fraction_bits = 52;
    static constexpr int bias = 1023;
};
template <>
struct ieee_traits<float> {
    using bits = std::uint32_t;
    static constexpr int fraction_bits = 23;
    static constexpr int bias = 127;
};

/// 2^n for -1022 <= n <= 1023, built from its bits.
CTA_DETAIL_TARGET_TAG constexpr double pow2(int n) noexcept {
    return std::bit_cast<double>(static_cast<std::uint64_t>(0x3ff + n) << 52);
}
/// 2^n for -126 <= n <= 127, built from its bits.
CTA_DETAIL_TARGET_TAG constexpr float pow2f(int n) noexcept {
    return std::bit_cast<float>(static_cast<std::uint32_t>(0x7f + n) << 23);
}

}  // namespace detail

///@{
/// @brief y * 2^n for a finite y whose result is finite (as `std::scalbn`, without the overflow case), with one
/// rounding: results in the subnormal range are scaled in two steps so that only the last one rounds. Any int n:
/// up to two factors of 2^1023 (or of 2^-969) come first, as 2^n itself may not be a double (a subnormal y needs
/// up to 2^2097 to reach the largest doubles), then n is clamped so that the last factor is one.
CTA_DETAIL_TARGET_TAG constexpr double scalbn(double y, int n) noexcept {
    if (n > 1023) {
        y *= detail::pow2(1023);
        n -= 1023;
        if (n > 1023) {
            y *= detail::pow2(1023);
            n -= 1023;
            if (n > 1023) n = 1023;
        }
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

// The same for float.
CTA_DETAIL_TARGET_TAG constexpr float scalbn(float y, int n) noexcept {
    if (n > 127) {
        y *= detail::pow2f(127);
        n -= 127;
        if (n > 127) {
            y *= detail::pow2f(127);
            n -= 127;
            if (n > 127) n = 127;
        }
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
///@}

namespace detail {

// The constants of fdlibm's exp and expf (FreeBSD's and musl's): ln 2 in two parts (the high part has trailing zero
// bits, so that k * ln2_hi is exact) and 1 / ln 2, for the reduction of cta::expm1 (<cta/math/expm1.hpp>) and of
// exp(float); the coefficients of expf's polynomial R(r^2).
inline constexpr double exp_ln2_hi = 6.93147180369123816490e-01;   // 0x3fe62e42 fee00000
inline constexpr double exp_ln2_lo = 1.90821492927058770002e-10;   // 0x3dea39ef 35793c76
inline constexpr double exp_inv_ln2 = 1.44269504088896338700e+00;  // 0x3ff71547 652b82fe
inline constexpr float expf_ln2_hi = 6.9314575195e-01F;   // 0x3f317200
inline constexpr float expf_ln2_lo = 1.4286067653e-06F;   // 0x35bfbe8e
inline constexpr float expf_inv_ln2 = 1.4426950216e+00F;  // 0x3fb8aa3b
inline constexpr float expf_p1 = 1.6666625440e-01F;       //  0xaaaa8f.0p-26
inline constexpr float expf_p2 = -2.7667332906e-03F;      // -0xb55215.0p-32

}  // namespace detail

/// @brief e^x in double precision, `constexpr`.
///
/// A table-driven algorithm (Tang's): x = (k / 128) ln 2 + r, with k = x 128 / ln 2 rounded to nearest and
/// |r| <= ln 2 / 256 (ln 2 / 128 in two parts, the first exact in its product with k); k = 128 e + j with
/// 0 <= j < 128, so that e^x = 2^e 2^(j/128) e^r. 2^(j/128) comes from a table as the sum of two doubles T + t
/// (include/cta/detail/exp_table.hpp, written by tests/numerics/make_exp_table.py), e^r - 1 is the Taylor polynomial
/// p = r + r^2/2 + r^3/6 + r^4/24 + r^5/120 (the terms left out are below 2^-60 for |r| <= ln 2 / 256), and
/// y = T + (t + T p) is multiplied by 2^e by adding e to its exponent field. Only the last addition rounds the large
/// term, so the result is most often the correctly rounded one, and always within 1 ulp (tests/numerics); a
/// subnormal result is rounded twice (y, then y 2^e). There is no division, and the polynomial is evaluated as
/// (r + r^2 (1/2 + r/6)) + r^4 (1/24 + r/120), a short chain of dependent operations.
/// exp(NaN) = NaN, exp(+inf) = +inf, exp(-inf) = +0; results above the largest double are +inf, results below the
/// smallest subnormal are +0.
///
/// Written in few statements (a statement costs Clang one step of its constant-evaluation budget), with
/// `__builtin_bit_cast` (GCC, Clang) where `std::bit_cast`, a function call, would cost two more each.
CTA_DETAIL_TARGET_TAG constexpr double exp(double x) noexcept {
    const std::uint64_t bits = __builtin_bit_cast(std::uint64_t, x), magnitude = bits & 0x7fffffffffffffffU;
    // |x| >= 708.396 (0x4086232b00000000, where results stop being normal): NaN, overflow to +inf, underflow to +0,
    // or (up to the thresholds) the general case with a scaling that may leave the normal range.
    if (magnitude >= 0x4086232b00000000U && !(x <= 0x1.62e42fefa39efp+9 && x >= -0x1.74910d52d3051p+9)) {
        return magnitude > 0x7ff0000000000000U ? x : (x > 0.0 ? std::numeric_limits<double>::infinity() : 0.0);
    }
    // k = round(x 128 / ln 2) from the low bits of x 128 / ln 2 + 1.5 * 2^52 (ties to even), j = k mod 128;
    // (k - j) << 45 is e in the exponent field (two's complement, wrapping).
    const double shifted = x * detail::exp_n_inv_ln2 + 0x1.8p52, kd = shifted - 0x1.8p52,
                 r = (x - kd * detail::exp_ln2_n_hi) - kd * detail::exp_ln2_n_lo, rr = r * r,
                 p = (r + rr * (0.5 + r * 0x1.5555555555555p-3)) + (rr * rr) * (0x1.5555555555555p-5 + r * 0x1.1111111111111p-7);
    const std::uint64_t k = __builtin_bit_cast(std::uint64_t, shifted) - 0x4338000000000000U, j = k & 127U;
    const double y = detail::exp_table[2 * j] + (detail::exp_table[2 * j + 1] + detail::exp_table[2 * j] * p);
    // Normal results (x > -708.396): 2^e y exactly, by the exponent field. Below: 2^(e + 64) y (normal), then
    // 2^-64, which rounds a subnormal result once more.
    return x > -0x1.6232bp+9
               ? __builtin_bit_cast(double, __builtin_bit_cast(std::uint64_t, y) + ((k - j) << 45))
               : __builtin_bit_cast(double, __builtin_bit_cast(std::uint64_t, y) + ((k - j) << 45) + (std::uint64_t{64} << 52)) * 0x1p-64;
}

/// @brief e^x in single precision, `constexpr`, computed in `float` only (no double arithmetic, so it stays fast on
/// single-precision FPUs such as the Cortex-M4's).
///
/// The algorithm of FreeBSD's and musl's `expf` (after Sun's fdlibm): x = k ln 2 + r with |r| <= ln 2 / 2 and ln 2
/// in two parts, a degree-2 minimax polynomial R(r^2) with e^r = 1 + r + r c / (2 - c), c = r - r^2 R(r^2), and a
/// scaling by 2^k, except for two sums done with more care than there: 1 + hi in the final sum is
/// split into its rounded value and its exact rounding error (Fast2Sum), so that the last addition is the only large
/// rounding; and for tiny |x| the result is 1 + (x + x^2 / 2) rather than 1 + x. The error stays below 1 ulp
/// (tests/numerics). Special values as for `exp(double)`. Written in few statements, as `exp(double)`.
CTA_DETAIL_TARGET_TAG constexpr float exp(float x) noexcept {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(x), abs_bits = bits & 0x7fffffffU;
    // |x| >= 87.33655: NaN, overflow to +inf (x >= 88.7228), underflow to +0 (x <= -103.972084), or the general case.
    if (abs_bits >= 0x42aeac50U && (abs_bits > 0x7f800000U || (abs_bits >= 0x42b17218U && (bits >> 31) == 0) ||
                                    ((bits >> 31) != 0 && abs_bits >= 0x42cff1b5U))) {
        return abs_bits > 0x7f800000U ? x : ((bits >> 31) == 0 ? std::numeric_limits<float>::infinity() : 0.0F);
    }
    if (abs_bits <= 0x39000000U) return 1.0F + (x + 0.5F * x * x);  // |x| <= 2^-13: x^3 / 6 is below 2^-41
    const int k = abs_bits <= 0x3eb17218U ? 0
                  : abs_bits <= 0x3f851592U ? ((bits >> 31) != 0 ? -1 : 1)
                                            : static_cast<int>(detail::expf_inv_ln2 * x + ((bits >> 31) != 0 ? -0.5F : 0.5F));
    const auto kf = static_cast<float>(k);
    const float hi = k == 0 ? x : x - kf * detail::expf_ln2_hi, lo = k == 0 ? 0.0F : kf * detail::expf_ln2_lo,
                r = k == 0 ? x : hi - lo, rr = r * r, c = r - rr * (detail::expf_p1 + rr * detail::expf_p2), s = 1.0F + hi,
                y = s + (((1.0F - s) + hi) + (r * c / (2.0F - c) - lo));
    return k == 0 ? y : (k >= -126 && k <= 127 ? y * detail::pow2f(k) : scalbn(y, k));
}

/// @brief The square root, correctly rounded (to nearest, as IEEE 754 requires of `sqrt`), `constexpr`.
///
/// Computed digit by digit in 64-bit integers (two radicand bits per step, p + 2 steps for p fraction bits), so it
/// needs no floating-point arithmetic at all and gives the same bits as a hardware square root on every target.
/// sqrt(±0) = ±0, sqrt(+inf) = +inf, sqrt(NaN) = NaN and sqrt(x) = NaN for x < 0. The cases are told apart by the
/// bits, not by comparisons, which a processor that treats subnormal operands as zero (DAZ) would answer wrongly.
template <class F>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr F sqrt(F x) noexcept {
    using traits = detail::ieee_traits<F>;
    using bits_t = typename traits::bits;
    constexpr int p = traits::fraction_bits;
    constexpr int q = p + p % 2;          // an even number of fraction bits for m
    constexpr int s = 2 * p + 2 - q;      // radicand m * 2^s has a root of p + 2 bits
    constexpr bits_t sign_bit = bits_t{1} << (8 * sizeof(bits_t) - 1);
    constexpr auto infinity_bits = std::bit_cast<bits_t>(std::numeric_limits<F>::infinity());
    const auto b = std::bit_cast<bits_t>(x);
    const bits_t magnitude = b & ~sign_bit;
    if (magnitude == 0 || magnitude > infinity_bits) return x;  // ±0 (sign kept), NaN
    if ((b & sign_bit) != 0) return std::numeric_limits<F>::quiet_NaN();  // x < 0, -inf included
    if (magnitude == infinity_bits) return x;                               // +inf

    int exponent = static_cast<int>(b >> p);
    std::uint64_t m = b & ((bits_t{1} << p) - 1U);
    if (exponent == 0) {  // subnormal: normalise
        exponent = 1;
        while ((m >> p) == 0) {
            m <<= 1;
            --exponent;
        }
    } else {
        m |= std::uint64_t{1} << p;
    }
    int e = exponent - traits::bias - p;  // x = m * 2^e, m in [2^p, 2^(p+1))
    if (q != p) {
        m <<= 1;
        --e;
    }
    if (e % 2 != 0) {  // make e even: sqrt(x) = sqrt(m) * 2^(e/2), m in [2^q, 2^(q+2))
        m <<= 1;
        --e;
    }
    // Digit by digit over the radicand m * 2^s, two bits at a time from the top: root = floor(sqrt(m * 2^s)).
    std::uint64_t root = 0;
    std::uint64_t rem = 0;
    for (int k = p + 1; k >= 0; --k) {
        const int j = 2 * k - s;  // radicand bits 2k+1 and 2k are m's bits j+1 and j
        const std::uint64_t pair = j >= 0 ? (m >> j) & 3U : (j == -1 ? (m << 1) & 2U : 0U);
        rem = (rem << 2) | pair;
        const std::uint64_t trial = (root << 2) | 1U;
        root <<= 1;
        if (rem >= trial) {
            rem -= trial;
            root |= 1U;
        }
    }
    // root in [2^(p+1), 2^(p+2)): p + 1 result bits and a rounding bit; the exact root is never halfway.
    const std::uint64_t r = (root >> 1) + (root & 1U);
    const int result_exponent = e / 2 + 1 - s / 2;  // sqrt(x) ~ r * 2^result_exponent
    const auto field = static_cast<std::uint64_t>(result_exponent + p + traits::bias - 1);
    return std::bit_cast<F>(static_cast<bits_t>((field << p) + r));
}

// Integer arguments, as `<cmath>` takes them: converted to double (exactly up to 2^53 in magnitude, rounded beyond),
// computed in double.

/// @brief e^x for an integer x, computed in double: `exp(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double exp(I x) noexcept {
    return exp(static_cast<double>(x));
}

/// @brief The square root of an integer x, computed in double: `sqrt(static_cast<double>(x))` (NaN for x < 0).
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double sqrt(I x) noexcept {
    return sqrt(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
