// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` e^x - 1 for `float` and `double`, identical in constant expressions and at run time:
/// `cta::expm1(x)` (and, as `<cmath>`'s, for integers, computed in double).
///
/// Built like the functions of `<cta/math.hpp>`: only `+ - * /`, comparisons and `std::bit_cast`, no operation whose
/// result is NaN or infinite (special values are returned, not computed), under the library's strict floating-point
/// pragmas. Each type is computed in its own arithmetic (`float` in `float` only).
///
/// Method. x = k ln 2 + r with k = round(x / ln 2) and |r| <= ln 2 / 2 (a little more where x / ln 2 rounds the other
/// way); ln 2 = ln2_hi + ln2_lo, the high part with trailing zeros so that k ln2_hi is exact (the constants of
/// `cta::exp`), and r is carried as r_hi + r_lo (Fast2Sum).
/// - e^r - 1 = r + r^2/2 + r^3 T(r), T(r) = 1/6 + r/24 + ..., a polynomial of degree 9 (4 for float) whose
///   coefficients are the Chebyshev fit of T on [-0.35, 0.35] rounded to the type, derived by
///   tests/numerics/make_expm1_tables.py with mpmath: relative error below 2^-52.8 (2^-23.4 for float), of which the
///   tail r^3 T carries at most r^2 T < 2^-5.5 into the result, relative.
/// - r_hi^2 is formed exactly (Dekker's product on Veltkamp's halves), r_hi + r_hi^2/2 is split into its rounded value
///   and its exact error (Fast2Sum), and the small terms (that error, the low half of r_hi^2 / 2, r_lo (1 + r_hi) and
///   the tail) are added together: e^r - 1 = s_hi + s_lo.
/// - k = 0 (|x| < ln 2 / 2): expm1(x) = s_hi + s_lo, the only rounding of the size of the result.
/// - k != 0: e^x - 1 = 2^k (1 + s) - 1. 1 + s_hi is split as u_hi + its error (Fast2Sum), 2^k u_hi is exact,
///   2^k u_hi - 1 is split into its rounded value and its exact error (TwoSum), and the small terms are added to that
///   error before the last addition. The error stays within 0.5 ulp plus a few hundredths (tests/numerics: the
///   largest errors found, on at least 100,000 points per type).
/// The same parts, before the last addition, give `cta::tanh` (<cta/math/tanh.hpp>).
///
/// Special values (tests/numerics, at compile time and at run time): expm1(±0) = ±0 (sign kept), expm1(+inf) = +inf,
/// expm1(-inf) = -1, expm1(NaN) = NaN. For |x| < 2^-54 (2^-25 for float), subnormals included, expm1(x) rounds to x
/// and x is returned. Above the largest argument with a finite result, 709.782712893384 (0x1.62e42fefa39efp+9; for
/// float 88.72283 = 0x1.62e42ep+6), the result is +inf; below -40 (-18 for float) it is -1 (it rounds to -1 from
/// -54 ln 2 = -37.43, resp. -25 ln 2 = -17.33, on, and the computation gives -1 there too). The cases are told apart
/// by the bits and by comparisons, as in `cta::log`.
///
/// Written in few statements (each costs Clang a step of its constant-evaluation budget; bench/compile_time/
/// expm1_steps.cpp measures a call), as `exp`.
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

/// The constants of expm1 (and tanh) of one type (see the file's comment; the polynomials come from
/// make_expm1_tables.py).
template <class F>
struct expm1_traits;

template <>
struct expm1_traits<double> {
    using bits = std::uint64_t;
    static constexpr bits sign = bits{1} << 63;
    static constexpr bits infinity = 0x7ff0000000000000U;
    static constexpr bits tiny = 0x3c90000000000000U;          // 2^-54: expm1(x) rounds to x below
    static constexpr double overflow = 0x1.62e42fefa39efp+9;    // the largest x whose expm1(x) is finite
    static constexpr double minus_one = -40.0;                  // expm1(x) = -1 below
    static constexpr bits tanh_tiny = 0x3e40000000000000U;     // 2^-27: tanh(x) rounds to x below
    static constexpr bits tanh_one = 0x4036000000000000U;      // 22: tanh(x) rounds to 1 from 19.06 on
    static constexpr double splitter = 0x1p27 + 1.0;            // Veltkamp's split: halves of 26 significant bits
    static constexpr double ln2_hi = exp_ln2_hi, ln2_lo = exp_ln2_lo, inv_ln2 = exp_inv_ln2;
};

template <>
struct expm1_traits<float> {
    using bits = std::uint32_t;
    static constexpr bits sign = bits{1} << 31;
    static constexpr bits infinity = 0x7f800000U;
    static constexpr bits tiny = 0x33000000U;           // 2^-25
    static constexpr float overflow = 0x1.62e42ep+6F;   // 88.72283
    static constexpr float minus_one = -18.0F;
    static constexpr bits tanh_tiny = 0x39000000U;      // 2^-13
    static constexpr bits tanh_one = 0x41200000U;       // 10: tanh(x) rounds to 1 from 9.01 on
    static constexpr float splitter = 0x1p12F + 1.0F;   // halves of 12 significant bits
    static constexpr float ln2_hi = expf_ln2_hi, ln2_lo = expf_ln2_lo, inv_ln2 = expf_inv_ln2;
};

/// T(r) = (e^r - 1 - r - r^2/2) / r^3, degree 9, for r in [-0.35, 0.35] (make_expm1_tables.py).
CTA_DETAIL_TARGET_TAG constexpr double expm1_tail(double r) noexcept {
    return 0x1.5555555555556p-3 +
           r * (0x1.5555555555555p-5 +
                r * (0x1.111111111091ap-7 +
                     r * (0x1.6c16c16c1678ap-10 +
                          r * (0x1.a01a01a83a3a3p-13 +
                               r * (0x1.a01a01a4be7f8p-16 +
                                    r * (0x1.71de0be80e7e8p-19 +
                                         r * (0x1.27e4e0f0f6358p-22 +
                                              r * (0x1.af3cd7b3560d9p-26 + r * 0x1.1f6942ca28386p-29))))))));
}

/// T(r) in float, degree 4 (make_expm1_tables.py).
CTA_DETAIL_TARGET_TAG constexpr float expm1_tail(float r) noexcept {
    return 0x1.555556p-3F +
           r * (0x1.555516p-5F + r * (0x1.1110f6p-7F + r * (0x1.6d15f8p-10F + r * 0x1.a0fccep-13F)));
}

/// 2^n for n within the normal exponents of F.
template <class F>
CTA_DETAIL_TARGET_TAG constexpr F expm1_pow2(int n) noexcept {
    if constexpr (std::is_same_v<F, double>) {
        return pow2(n);
    } else {
        return pow2f(n);
    }
}

/// A value as the unevaluated sum hi + lo of two numbers of its type.
template <class F>
struct expm1_parts {
    F hi;
    F lo;
};

/// e^r - 1 as s_hi + s_lo for r = x - k ln 2 (see the file's comment; k = 0 takes r = x, exactly).
template <class F, class T = expm1_traits<F>>
CTA_DETAIL_TARGET_TAG constexpr expm1_parts<F> expm1_reduced(F x, F k) noexcept {
    // r = hi - lo = r_hi + r_lo (Fast2Sum: |lo| is far below |hi| when k != 0, and 0 when k = 0). r_hi = a + b,
    // Veltkamp's halves (a = r_hi C - (r_hi C - r_hi), C = 2^27 + 1, resp. 2^12 + 1), so that
    // r_hi^2 = p + ((a a - p) + 2 a b + b b) exactly.
    const F hi = x - k * T::ln2_hi, lo = k * T::ln2_lo, rh = hi - lo, rl = (hi - rh) - lo, c = rh * T::splitter,
            a = c - (c - rh), b = rh - a, p = rh * rh, half = p * F(0.5), sh = rh + half,
            pl = ((a * a - p) + (a + a) * b) + b * b;
    return {sh, ((rh - sh) + half) + (pl * F(0.5) + (rl + (rh * rl + rh * p * expm1_tail(rh))))};
}

/// e^x - 1 as hi + lo, within a few hundredths of an ulp of the result, for a finite x with
/// |x| >= 2^-54 (2^-25 for float) and minus_one <= x <= overflow.
template <class F, class T = expm1_traits<F>>
CTA_DETAIL_TARGET_TAG constexpr expm1_parts<F> expm1_split(F x) noexcept {
    const int k = static_cast<int>(x * T::inv_ln2 + (x < F(0) ? F(-0.5) : F(0.5)));
    const expm1_parts<F> s = expm1_reduced<F>(x, static_cast<F>(k));
    if (k == 0) {
        return s;
    }
    // 1 + s = u_hi + u_lo (Fast2Sum, |s_hi| < 1); 2^k = 2 2^(k-1), both normal, also for k = 1024 (double), where
    // u_hi < 1 keeps 2^k u_hi finite. 2^k u_hi - 1 = w + w_lo exactly (TwoSum).
    const F scale = expm1_pow2<F>(k - 1), uh = F(1) + s.hi, ul = ((F(1) - uh) + s.hi) + s.lo, v = uh * scale * F(2),
            w = v - F(1), vb = w - v, wl = (v - (w - vb)) + (F(-1) - vb);
    return {w, wl + ul * scale * F(2)};
}

}  // namespace detail

/// @brief e^x - 1, `constexpr`, within 1 ulp and with full relative accuracy for tiny x (see the file's comment:
/// expm1(±0) = ±0, expm1(+inf) = +inf, expm1(-inf) = -1, expm1(NaN) = NaN, +inf above 709.782712893384 (88.72283 for
/// float), -1 below -40 (-18 for float)).
template <class F>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr F expm1(F x) noexcept {
    using traits = detail::expm1_traits<F>;
    const typename traits::bits b = std::bit_cast<typename traits::bits>(x), magnitude = b & ~traits::sign;
    // Special values: NaN, ±inf, |x| < 2^-54 (2^-25), ±0 and subnormals included, where expm1(x) rounds to x; and the
    // finite x beyond the thresholds.
    if (magnitude >= traits::infinity || magnitude < traits::tiny || x > traits::overflow || x < traits::minus_one) {
        return magnitude < traits::tiny || magnitude > traits::infinity || b == traits::infinity ? x
               : (b & traits::sign) != 0                                                      ? F(-1)
                                                                   : std::numeric_limits<F>::infinity();
    }
    const detail::expm1_parts<F> s = detail::expm1_split<F>(x);
    return s.hi + s.lo;
}

/// @brief e^x - 1 for an integer x, computed in double: `expm1(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double expm1(I x) noexcept {
    return expm1(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
