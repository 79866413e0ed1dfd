// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` natural logarithms for `float` and `double`, identical in constant expressions and at run
/// time: `cta::log(x)` and `cta::log1p(x)` = log(1 + x) (and, as `<cmath>`'s, for integers, computed in double).
///
/// Built like the functions of `<cta/math.hpp>`: only `+ - * /`, comparisons and `std::bit_cast`, no operation whose
/// result is NaN or infinite (special values are returned, not computed), under the library's strict floating-point
/// pragmas. Each type is computed in its own arithmetic (`float` in `float` only).
///
/// Method. x = 2^k m with m in [sqrt(2)/2, sqrt(2)), read from the bits (a subnormal x is first multiplied by 2^54,
/// or 2^25 for float, exactly), and f = m - 1, exact. With s = f / (2 + f), log(1 + f) = 2 atanh(s) =
/// 2 s + s^3 Q(s^2), Q(z) = 2/3 + 2z/5 + 2z^2/7 + ..., |s| <= 3 - 2 sqrt(2) < 0.1716, z = s^2 < 0.02944.
/// - s is carried with extra precision as s_hi + s_lo: s_hi is s rounded to 26 bits (12 for float, Veltkamp's split),
///   so that s_hi (2 + f) is formed exactly from a split of 2 + f, and s_lo = (f - s_hi (2 + f)) / (2 + f).
/// - Q is a polynomial of degree 7 (3 for float) whose coefficients are the Chebyshev fit of Q on [0, 1.001 z_max]
///   rounded to the type, derived by tests/numerics/make_log_tables.py with mpmath: |error| < 2^-54.5 (2^-25.4 for
///   float), of which the tail s^3 Q carries at most z_max / 2 < 2^-6 into the result, relative.
/// - ln 2 = ln2_hi + ln2_lo with ln2_hi on 42 bits (16 for float), so that k ln2_hi is exact for every k.
/// - log x = (k ln2_hi + 2 s_hi) + (k ln2_lo + 2 s_lo + s^3 Q(z)): the large sum is split into its rounded value and
///   its exact error (Fast2Sum, |k ln2_hi| >= ln 2 / 2 > |2 s_hi|), the small terms are added to the error, and the
///   last addition is the only rounding of the size of the result. The error stays within 0.5 ulp plus a few
///   hundredths (tests/numerics: the largest errors found, on at least 100,000 points per function and type).
/// - log1p(x): for x in [sqrt(2)/2 - 1, sqrt(2) - 1), f = x itself (so that tiny x keep their relative accuracy);
///   elsewhere u = 1 + x rounded, its rounding error c = (1 + x) - u taken exactly (Fast2Sum) and
///   log1p(x) = log(u) + c / u, the correction added to the small terms. For |x| < 2^-54 (2^-25 for float),
///   log1p(x) rounds to x itself and x is returned.
///
/// Special values (tests/numerics, at compile time and at run time): log(±0) = -inf, log(x) = NaN for x < 0 (-inf
/// included), log(+inf) = +inf, log(NaN) = NaN, log(1) = +0; log1p(-1) = -inf, log1p(x) = NaN for x < -1,
/// log1p(±0) = ±0 (sign kept), log1p(+inf) = +inf, log1p(NaN) = NaN. Subnormal arguments are computed as the others
/// (log: after the exact scaling; log1p: the argument itself). The cases are told apart by the bits, as in
/// `cta::sqrt`.
///
/// Written in few statements (each costs Clang a step of its constant-evaluation budget; bench/compile_time/
/// log_steps.cpp measures a call), as `exp`.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

CTA_FP_PRODUCTS_BEGIN

namespace detail {

/// The constants of the logarithms of one type (see the file's comment; the values come from make_log_tables.py).
template <class F>
struct log_traits;

template <>
struct log_traits<double> {
    using bits = std::uint64_t;
    static constexpr int p = ieee_traits<double>::fraction_bits, bias = ieee_traits<double>::bias;
    static constexpr bits sign = bits{1} << 63;
    static constexpr bits infinity = 0x7ff0000000000000U;
    static constexpr bits one = 0x3ff0000000000000U;
    static constexpr bits tiny = 0x3c90000000000000U;  // 2^-54: log1p(x) rounds to x below
    static constexpr bits fraction = (bits{1} << 52) - 1U;
    static constexpr double splitter = 0x1p27 + 1.0;  // Veltkamp's split: a high part of 26 significant bits
    static constexpr bits sqrt2_fraction = 0x6a09e667f3bcdU;  // the double above sqrt(2): m at least this is halved
    static constexpr int subnormal_shift = 54;
    static constexpr double subnormal_scale = 0x1p54;
    static constexpr double sqrt2 = 0x1.6a09e667f3bcdp+0;
    static constexpr double ln2_hi = 0x1.62e42fefa3800p-1;  // ln 2 on 42 bits
    static constexpr double ln2_lo = 0x1.ef35793c76730p-45;  // ln 2 - ln2_hi, rounded
};

template <>
struct log_traits<float> {
    using bits = std::uint32_t;
    static constexpr int p = ieee_traits<float>::fraction_bits, bias = ieee_traits<float>::bias;
    static constexpr bits sign = bits{1} << 31;
    static constexpr bits infinity = 0x7f800000U;
    static constexpr bits one = 0x3f800000U;
    static constexpr bits tiny = 0x33000000U;  // 2^-25
    static constexpr bits fraction = (bits{1} << 23) - 1U;
    static constexpr float splitter = 0x1p12F + 1.0F;  // a high part of 12 significant bits
    static constexpr bits sqrt2_fraction = 0x3504f3U;     // the float below sqrt(2)
    static constexpr int subnormal_shift = 25;
    static constexpr float subnormal_scale = 0x1p25F;
    static constexpr float sqrt2 = 0x1.6a09e6p+0F;
    static constexpr float ln2_hi = 0x1.62e4p-1F;      // ln 2 on 16 bits
    static constexpr float ln2_lo = 0x1.7f7d1cp-20F;  // ln 2 - ln2_hi, rounded
};

/// Q(z) = 2 (atanh(sqrt z) / sqrt z - 1) / z, degree 7, for z in [0, 0.0295) (make_log_tables.py).
CTA_DETAIL_TARGET_TAG constexpr double log_tail(double z) noexcept {
    return 0.6666666666666666 +
           z * (0.40000000000000885 +
                z * (0.28571428570799784 +
                     z * (0.22222222392581045 +
                          z * (0.18181795547521137 +
                               z * (0.15386244737621665 + z * (0.13268638369266825 + z * 0.13088034850927555))))));
}

/// Q(z) in float, degree 3 (make_log_tables.py).
CTA_DETAIL_TARGET_TAG constexpr float log_tail(float z) noexcept {
    return 0.6666666865348816F + z * (0.4000012278556824F + z * (0.28550779819488525F + z * 0.23331613838672638F));
}

/// The bit patterns of F.
template <class F>
using log_bits = typename log_traits<F>::bits;

/// k ln 2 + log(1 + f) + c for f in [sqrt(2)/2 - 1, sqrt(2) - 1) and a correction c far below the result's ulp.
/// With k = 0 the large sum is 0 + 2 s_hi, exact, and its error term 0: the same code needs no branch.
template <class F, class T = log_traits<F>>
CTA_DETAIL_TARGET_TAG constexpr F log_reduced(int k, F f, F c) noexcept {
    // 2 + f = d + (f - (d - 2)) exactly. s_hi and d_hi are the high halves of s and d (Veltkamp's split:
    // y_hi = y C - (y C - y), C = 2^27 + 1, resp. 2^12 + 1, exact), so that s_hi d_hi and s_hi (d - d_hi) are exact.
    const F d = F(2) + f, s = f / d, sc = s * T::splitter, sh = sc - (sc - s), dc = d * T::splitter,
            dh = dc - (dc - d),
            sl = (((f - sh * dh) - sh * (d - dh)) - sh * (f - (d - F(2)))) / d, z = s * s,
            lo = (sl + sl) + (s * z * log_tail(z) + c), kf = static_cast<F>(k), a = kf * T::ln2_hi, b = sh + sh,
            hi = a + b;
    return hi + (((a - hi) + b) + (kf * T::ln2_lo + lo));
}

/// log(x 2^shift) + c for a positive, normal, finite x given by its bits b: x = 2^e m with m in
/// [sqrt(2)/2, sqrt(2)) (h = 1 when the fraction is at least sqrt(2)'s: m is then halved and e one more).
template <class F, class T = log_traits<F>, class U = log_bits<F>>
CTA_DETAIL_TARGET_TAG constexpr F log_scaled(U b, int shift, F c) noexcept {
    // m's exponent field: the bias (m in [1, 2)), or one less (m in [1/2, 1)).
    const U m = b & T::fraction, h = m >= T::sqrt2_fraction ? 1U : 0U, field = static_cast<U>(T::bias) - h;
    return log_reduced<F>(static_cast<int>(b >> T::p) - T::bias + static_cast<int>(h) + shift,
                          std::bit_cast<F>(static_cast<U>(m | (field << T::p))) - F(1), c);
}

}  // namespace detail

/// @brief The natural logarithm log(x), `constexpr`, within 1 ulp (see the file's comment for the method, the
/// accuracy and the special values: log(±0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, log(NaN) = NaN,
/// log(1) = +0).
template <class F>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr F log(F x) noexcept {
    using traits = detail::log_traits<F>;
    const detail::log_bits<F> b = std::bit_cast<detail::log_bits<F>>(x), magnitude = b & ~traits::sign;
    // Special values: ±0, NaN, x < 0 (-inf included), +inf.
    if (magnitude == 0 || magnitude >= traits::infinity || (b & traits::sign) != 0) {
        return magnitude == 0                                                  ? -std::numeric_limits<F>::infinity()
               : magnitude > traits::infinity || (b & traits::sign) == 0 ? x
                                                                             : std::numeric_limits<F>::quiet_NaN();
    }
    // A subnormal x (no exponent bits) is scaled into the normal range first, exactly.
    return (b >> traits::p) == 0
               ? detail::log_scaled<F>(std::bit_cast<detail::log_bits<F>>(x * traits::subnormal_scale),
                                       -traits::subnormal_shift, F(0))
               : detail::log_scaled<F>(b, 0, F(0));
}

/// @brief log(1 + x), `constexpr`, within 1 ulp and with full relative accuracy for tiny x (see the file's comment:
/// log1p(-1) = -inf, log1p(x < -1) = NaN, log1p(±0) = ±0, log1p(+inf) = +inf, log1p(NaN) = NaN).
template <class F>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr F log1p(F x) noexcept {
    using traits = detail::log_traits<F>;
    const detail::log_bits<F> b = std::bit_cast<detail::log_bits<F>>(x), magnitude = b & ~traits::sign;
    // Special values: NaN, x = -1, x < -1 (-inf included), +inf; and |x| < 2^-54 (2^-25 for float), ±0 included,
    // where log1p(x) rounds to x.
    if (magnitude >= traits::infinity || magnitude < traits::tiny ||
        ((b & traits::sign) != 0 && magnitude >= traits::one)) {
        return magnitude < traits::tiny || magnitude > traits::infinity || b == traits::infinity ? x
               : magnitude == traits::one ? -std::numeric_limits<F>::infinity()
                                          : std::numeric_limits<F>::quiet_NaN();
    }
    // x in [sqrt(2)/2 - 1, sqrt(2) - 1): f = x. Elsewhere 1 + x = u + c exactly (Fast2Sum, the larger operand first),
    // and log1p(x) = log(u) + c / u.
    const F u = F(1) + x;
    return x >= traits::sqrt2 / F(2) - F(1) && x < traits::sqrt2 - F(1)
               ? detail::log_reduced<F>(0, x, F(0))
               : detail::log_scaled<F>(std::bit_cast<detail::log_bits<F>>(u), 0,
                                       (x > F(1) ? (x - u) + F(1) : (F(1) - u) + x) / u);
}

// Integer arguments, as `<cmath>` takes them: converted to double, computed in double.

/// @brief log(x) for an integer x, computed in double: `log(static_cast<double>(x))` (-inf for 0, NaN for x < 0).
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double log(I x) noexcept {
    return log(static_cast<double>(x));
}

/// @brief log(1 + x) for an integer x, computed in double: `log1p(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double log1p(I x) noexcept {
    return log1p(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
