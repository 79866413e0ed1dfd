// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` sine and cosine for `float` and `double`, identical in constant expressions and at run time:
/// `cta::sin`, `cta::cos` (integers are computed in double, as `<cmath>`'s are).
///
/// Like the functions of <cta/math.hpp>, built only from `+ - * /`, comparisons, integer arithmetic and
/// `std::bit_cast`, never producing a NaN or an overflow inside a constant evaluation (special values are returned,
/// not computed).
///
/// Method (double; float is computed in double and rounded once to float):
/// 1. x = k pi/2 + r, |r| <= pi/4 (a little more where k = round(x 2/pi) is rounded the other way), with r as an
///    unevaluated sum hi + lo of two doubles (|lo| <= ulp(hi)). The reduction is exact enough for every finite
///    double, including the doubles nearest to multiples of pi/2 (|r| down to 2^-61):
///    - |x| <= pi/4: r = x, k = 0.
///    - |x| < 2^20 (Cody-Waite): pi/2 = C1 + C2 + C3 + C4, C1..C3 with 32 significant bits each (so that k Ci is
///      exact for k < 2^21) and C4 the remainder rounded to double (pi/2 to within 2^-159). x - k C1 is exact
///      (Sterbenz), the further terms are subtracted with exact two-sums; the error of hi + lo is below
///      2^-104 |r| + 2^-130 (k C4 rounded, the low parts summed).
///    - |x| >= 2^20 (Payne-Hanek): x = m 2^e (m an integer of 53 bits); x 2/pi mod 4 needs only the bits of 2/pi
///      from about 2^-e on (the earlier ones give multiples of 4): the 53-bit m times a window of 256 bits of 2/pi
///      (trig_two_over_pi, 1280 bits in all, enough for e <= 971, the largest double) in 32-bit limbs. The integer
///      part mod 4 is k mod 4; the 128 bits of the fraction, taken to [-1/2, 1/2) and normalised, times pi/2 as a
///      128-bit integer give hi + lo within 2^-104 |r| + 2^-126 of r (the fraction's truncation, then hi + lo
///      holding 106 bits).
/// 2. On [-pi/4, pi/4], the Taylor polynomials of sin (to r^17) and cos (to r^18) evaluated in Horner form on
///    hi^2; their truncation error is below 2^-62 relative there. lo enters through sin(hi + lo) ~ sin(hi) +
///    lo (1 - hi^2 / 2 + hi^4 / 24) and cos(hi + lo) ~ cos(hi) - lo (hi - hi^3 / 6). The leading terms,
///    hi - hi^3 / 6 and 1 - hi^2 / 2 + hi^4 / 24, are formed with their rounding errors (Dekker's products,
///    Fast2Sums), so that only the last addition rounds a large term.
/// 3. sin x and cos x are +-sin r or +-cos r, by k mod 4.
///
/// The constants (the bits of 2/pi and pi/2, C1..C4, the coefficients 1/n! rounded to nearest) are checked by
/// tests/numerics/make_trig_tables.py, which also writes the 50-digit references of tests/numerics. The largest
/// errors measured there are stated and asserted in tests/numerics/trig_accuracy_test.cpp.
///
/// Special values: sin(+-0) = +-0, cos(+-0) = 1, sin and cos of +-inf and of NaN are NaN; for |x| < 2^-26
/// (subnormals included) sin(x) = x, and cos(x) = 1 for |x| < 2^-27 (both correctly rounded there).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>
#include <cta/math.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

CTA_FP_PRODUCTS_BEGIN

namespace detail {

/// The first 1280 bits after the binary point of 2/pi, 32 to a word, most significant first.
inline constexpr std::uint32_t trig_two_over_pi[40] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d};

/// floor(pi/2 2^127): pi/2 in 128 bits, most significant word first.
inline constexpr std::uint32_t trig_pi_over_2[4] = {0xc90fdaa2, 0x2168c234, 0xc4c6628b, 0x80dc1cd1};

// pi/2 = C1 + C2 + C3 + C4 (Cody-Waite): C1..C3 truncated to 32 significant bits, C4 the rest rounded to nearest.
inline constexpr double trig_c1 = 0x1.921fb544p+0;
inline constexpr double trig_c2 = 0x1.0b4611a6p-34;
inline constexpr double trig_c3 = 0x1.3198a2ep-69;
inline constexpr double trig_c4 = 0x1.b839a252049c1p-104;
inline constexpr double trig_two_over_pi_double = 0x1.45f306dc9c883p-1;  // 2/pi rounded to nearest
inline constexpr double trig_pi_over_4_below = 0x1.921fb54442d18p-1;     // the largest double below pi/4
// The magnitudes (bits) below which sin(x) = x and cos(x) = 1, returned without computing: 2^-26 and 2^-27.
inline constexpr std::uint64_t trig_sin_is_x = 0x3e50000000000000U;
inline constexpr std::uint64_t trig_cos_is_one = 0x3e40000000000000U;

// (-1)^n / (2n+1)! and (-1)^n / (2n)!, rounded to nearest.
inline constexpr double trig_s3 = -0x1.5555555555555p-3;
inline constexpr double trig_s3_lo = -0x1.5555555555555p-57;  // -1/6 - trig_s3, rounded to nearest
inline constexpr double trig_s5 = 0x1.1111111111111p-7;
inline constexpr double trig_s7 = -0x1.a01a01a01a01ap-13;
inline constexpr double trig_s9 = 0x1.71de3a556c734p-19;
inline constexpr double trig_s11 = -0x1.ae64567f544e4p-26;
inline constexpr double trig_s13 = 0x1.6124613a86d09p-33;
inline constexpr double trig_s15 = -0x1.ae7f3e733b81fp-41;
inline constexpr double trig_s17 = 0x1.952c77030ad4ap-49;
inline constexpr double trig_c4_coefficient = 0x1.5555555555555p-5;
inline constexpr double trig_c4_lo = 0x1.5555555555555p-59;  // 1/24 - trig_c4_coefficient, rounded to nearest
inline constexpr double trig_c6 = -0x1.6c16c16c16c17p-10;
inline constexpr double trig_c8 = 0x1.a01a01a01a01ap-16;
inline constexpr double trig_c10 = -0x1.27e4fb7789f5cp-22;
inline constexpr double trig_c12 = 0x1.1eed8eff8d898p-29;
inline constexpr double trig_c14 = -0x1.93974a8c07c9dp-37;
inline constexpr double trig_c16 = 0x1.ae7f3e733b81fp-45;
inline constexpr double trig_c18 = -0x1.6827863b97d97p-53;

/// x = k pi/2 + hi + lo, with quadrant = k mod 4.
struct trig_reduced {
    double hi;
    double lo;
    unsigned quadrant;
};

/// Bits [pos, pos + 64) of the number held in little-endian 32-bit limbs, pos >= 0 (limbs beyond the array read as 0).
template <std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr std::uint64_t trig_bits64(const std::uint32_t (&limbs)[N], int pos) noexcept {
    const int first = pos / 32, shift = pos % 32;
    const std::uint64_t l0 = first < static_cast<int>(N) ? limbs[first] : 0U,
                        l1 = first + 1 < static_cast<int>(N) ? limbs[first + 1] : 0U,
                        l2 = first + 2 < static_cast<int>(N) ? limbs[first + 2] : 0U, low = l0 | (l1 << 32);
    return shift == 0 ? low : (low >> shift) | (l2 << (64 - shift));
}

/// Payne-Hanek reduction of a finite ax >= 2^20 (see the file comment).
CTA_DETAIL_TARGET_TAG constexpr trig_reduced trig_reduce_large(double ax) noexcept {
    const auto bits = std::bit_cast<std::uint64_t>(ax);
    const int e = static_cast<int>(bits >> 52) - 1075;  // ax = m 2^e
    const std::uint64_t m = (bits & ((std::uint64_t{1} << 52) - 1U)) | (std::uint64_t{1} << 52);
    // Words of 2/pi before j0 contribute multiples of 4 to m 2^e 2/pi: the window starts at j0.
    const int j0 = e >= 2 ? (e - 2) / 32 : 0;
    std::uint32_t window[8]{};  // little-endian: window[7] is word j0
    for (int i = 0; i < 8; ++i) window[i] = trig_two_over_pi[j0 + 7 - i];
    const std::uint32_t m_limbs[2] = {static_cast<std::uint32_t>(m), static_cast<std::uint32_t>(m >> 32)};
    std::uint32_t p[10]{};  // m times the window
    for (int a = 0; a < 2; ++a) {
        std::uint64_t carry = 0;
        for (int i = 0; i < 8; ++i) {
            const std::uint64_t t = std::uint64_t{m_limbs[a]} * window[i] + p[a + i] + carry;
            p[a + i] = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        p[a + 8] = static_cast<std::uint32_t>(carry);
    }
    // p 2^(e - 32 (j0 + 8)) = m 2^e 2/pi (mod 4, truncated): the binary point is at bit 256 - e + 32 j0 of p.
    const int point = 256 - e + 32 * j0;
    unsigned quadrant = static_cast<unsigned>(trig_bits64(p, point)) & 3U;
    std::uint64_t f_hi = trig_bits64(p, point - 64);
    std::uint64_t f_lo = trig_bits64(p, point - 128);
    const bool negative = (f_hi >> 63) != 0;  // fraction >= 1/2: k + 1, r < 0
    if (negative) {
        quadrant = (quadrant + 1U) & 3U;
        f_lo = ~f_lo + 1U;
        f_hi = ~f_hi + (f_lo == 0 ? 1U : 0U);
    }
    // Normalise the fraction f = (f_hi, f_lo) 2^-128 to a top bit set.
    int shift = 0;
    if (f_hi == 0) {
        f_hi = f_lo;
        f_lo = 0;
        shift = 64;
    }
    const int z = std::countl_zero(f_hi);
    if (z != 0) {
        f_hi = (f_hi << z) | (f_lo >> (64 - z));
        f_lo <<= z;
    }
    shift += z;
    // f pi/2 as a 256-bit product of two 128-bit integers: F = f 2^(128 + shift), P = pi/2 2^127.
    const std::uint32_t f_limbs[4] = {static_cast<std::uint32_t>(f_lo), static_cast<std::uint32_t>(f_lo >> 32),
                                      static_cast<std::uint32_t>(f_hi), static_cast<std::uint32_t>(f_hi >> 32)};
    std::uint32_t q[8]{};
    for (int a = 0; a < 4; ++a) {
        std::uint64_t carry = 0;
        for (int i = 0; i < 4; ++i) {
            const std::uint64_t t = std::uint64_t{f_limbs[a]} * trig_pi_over_2[3 - i] + q[a + i] + carry;
            q[a + i] = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        q[a + 4] = static_cast<std::uint32_t>(carry);
    }
    // r = q 2^(-255 - shift); q in [2^254, 2^256).
    std::uint64_t top = (std::uint64_t{q[7]} << 32) | q[6];
    std::uint64_t next = (std::uint64_t{q[5]} << 32) | q[4];
    const int z2 = std::countl_zero(top);  // 0 or 1
    if (z2 != 0) {
        top = (top << 1) | (next >> 63);
        next <<= 1;
    }
    const std::uint64_t hi53 = top >> 11;
    const std::uint64_t lo53 = ((top & 0x7ffU) << 42) | (next >> 22);
    const int scale = -52 - shift - z2;  // r = hi53 2^scale + lo53 2^(scale - 53) + less than 2^(scale - 53)
    const double hi = static_cast<double>(hi53) * pow2(scale);
    const double lo = static_cast<double>(lo53) * pow2(scale - 53);
    return negative ? trig_reduced{-hi, -lo, quadrant} : trig_reduced{hi, lo, quadrant};
}

/// The reduction of a finite ax = |x| > pi/4 (see the file comment).
CTA_DETAIL_TARGET_TAG constexpr trig_reduced trig_reduce(double ax) noexcept {
    if (!(ax < 0x1p20)) return trig_reduce_large(ax);
    // k = ax 2/pi + 1/2 truncated: ax is positive, and a k rounded the other way near a half (one more than the
    // nearest integer) leaves |r| a little above pi/4, which the kernels take (the file comment); std::lround, which
    // the check proposes, is not constexpr in C++20.
    // NOLINTNEXTLINE(bugprone-incorrect-roundings)
    const auto k = static_cast<std::int64_t>(ax * trig_two_over_pi_double + 0.5);
    const auto kd = static_cast<double>(k);
    // a = ax - k C1 exactly; then a - k C2 - k C3 - k C4 with the rounding errors of the first two subtractions
    // kept (two-sums), k C4 rounded (|k C4| < 2^-82).
    const double a = ax - kd * trig_c1, b = kd * trig_c2, s1 = a - b, b1 = a - s1, e1 = (a - (s1 + b1)) + (b1 - b),
                 c = kd * trig_c3, s2 = s1 - c, c2 = s1 - s2, e2 = (s1 - (s2 + c2)) + (c2 - c),
                 tail = (e1 + e2) - kd * trig_c4, hi = s2 + tail, lo = tail - (hi - s2);
    return trig_reduced{hi, lo, static_cast<unsigned>(k) & 3U};
}

/// a b = hi + lo exactly (Dekker's product: a and b split into halves of 26 bits; |a|, |b| < 2^996).
struct trig_double_double {
    double hi;
    double lo;
};
CTA_DETAIL_TARGET_TAG constexpr trig_double_double trig_two_product(double a, double b) noexcept {
    const double sa = a * 134217729.0, ah = sa - (sa - a), al = a - ah, sb = b * 134217729.0, bh = sb - (sb - b),
                 bl = b - bh, p = a * b;
    return {p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}

/// sin(hi + lo) for |hi + lo| <= pi/4 + 2^-30, |lo| <= ulp(hi).
///
/// hi - hi^3 / 6 is formed exactly (hi^2, hi^3 and their product with -1/6 as Dekker products, -1/6 in two parts,
/// the sum with hi as a Fast2Sum), so that only terms below hi^5 / 120 and the final addition round.
CTA_DETAIL_TARGET_TAG constexpr double trig_sin_kernel(double hi, double lo) noexcept {
    const trig_double_double z = trig_two_product(hi, hi), t = trig_two_product(hi, z.hi),
                             a = trig_two_product(t.hi, trig_s3);
    const double zh = z.hi, cube_lo = t.lo + hi * z.lo, s = hi + a.hi, e = (hi - s) + a.hi,
                 rest = hi * zh * zh *
                        (trig_s5 + zh * (trig_s7 + zh * (trig_s9 + zh * (trig_s11 + zh * (trig_s13 + zh * (trig_s15 + zh * trig_s17)))))),
                 small = ((a.lo + t.hi * trig_s3_lo) + trig_s3 * cube_lo) +
                         (rest + (lo - lo * (zh * (0.5 - zh * trig_c4_coefficient))));
    return s + (e + small);
}

/// cos(hi + lo) for |hi + lo| <= pi/4 + 2^-30, |lo| <= ulp(hi).
///
/// 1 - hi^2 / 2 + hi^4 / 24 is formed with the rounding errors of its terms (hi^2 and hi^4 as Dekker products, 1/24
/// in two parts, the sums as Fast2Sums), so that only terms below hi^6 / 720 and the final addition round.
CTA_DETAIL_TARGET_TAG constexpr double trig_cos_kernel(double hi, double lo) noexcept {
    const trig_double_double z = trig_two_product(hi, hi), zz = trig_two_product(z.hi, z.hi),
                             lead = trig_two_product(zz.hi, trig_c4_coefficient);
    const double zh = z.hi, half = 0.5 * zh, w = 1.0 - half, correction = (1.0 - w) - half, s = w + lead.hi,
                 e = (w - s) + lead.hi, zz_lo = zz.lo + 2.0 * zh * z.lo,
                 rest = zz.hi * zh *
                        (trig_c6 + zh * (trig_c8 + zh * (trig_c10 + zh * (trig_c12 + zh * (trig_c14 + zh * (trig_c16 + zh * trig_c18)))))),
                 hl = hi * lo,
                 small = ((correction - 0.5 * z.lo) + (lead.lo + (zz.hi * trig_c4_lo + zz_lo * trig_c4_coefficient))) +
                         (rest - (hl + hl * (zh * trig_s3)));
    return s + (e + small);
}

}  // namespace detail

/// @brief sin x in double precision, `constexpr`; within 1 ulp of the exact value for every finite x (the method,
/// its error and the special values: the comment of this file, include/cta/math/trig.hpp).
CTA_DETAIL_TARGET_TAG constexpr double sin(double x) noexcept {
    const std::uint64_t abs_bits = std::bit_cast<std::uint64_t>(x) & ~(std::uint64_t{1} << 63);
    if (abs_bits >= 0x7ff0000000000000U) return isnan(x) ? x : std::numeric_limits<double>::quiet_NaN();
    if (abs_bits < detail::trig_sin_is_x) return x;  // |x| < 2^-26, zeros and subnormals included
    const auto ax = std::bit_cast<double>(abs_bits);
    const detail::trig_reduced r =
        ax <= detail::trig_pi_over_4_below ? detail::trig_reduced{ax, 0.0, 0U} : detail::trig_reduce(ax);
    const double y = (r.quadrant & 1U) == 0 ? detail::trig_sin_kernel(r.hi, r.lo) : detail::trig_cos_kernel(r.hi, r.lo);
    // sin(-x) = -sin(x); quadrants 2 and 3 change the sign.
    return ((r.quadrant & 2U) != 0) != (x < 0.0) ? -y : y;
}

/// @brief cos x in double precision, `constexpr`; within 1 ulp of the exact value for every finite x (see sin).
CTA_DETAIL_TARGET_TAG constexpr double cos(double x) noexcept {
    const std::uint64_t abs_bits = std::bit_cast<std::uint64_t>(x) & ~(std::uint64_t{1} << 63);
    if (abs_bits >= 0x7ff0000000000000U) return isnan(x) ? x : std::numeric_limits<double>::quiet_NaN();
    if (abs_bits < detail::trig_cos_is_one) return 1.0;  // |x| < 2^-27
    const auto ax = std::bit_cast<double>(abs_bits);
    const detail::trig_reduced r =
        ax <= detail::trig_pi_over_4_below ? detail::trig_reduced{ax, 0.0, 0U} : detail::trig_reduce(ax);
    const double y = (r.quadrant & 1U) == 0 ? detail::trig_cos_kernel(r.hi, r.lo) : detail::trig_sin_kernel(r.hi, r.lo);
    // cos is even; quadrants 1 and 2 change the sign.
    return ((r.quadrant + 1U) & 2U) != 0 ? -y : y;
}

/// @brief sin x in single precision, `constexpr`: sin of the double x, rounded to float (within 1 ulp; special
/// values as for double, sin(x) = x for subnormals).
CTA_DETAIL_TARGET_TAG constexpr float sin(float x) noexcept {
    if (!isfinite(x)) return isnan(x) ? x : std::numeric_limits<float>::quiet_NaN();
    return static_cast<float>(sin(static_cast<double>(x)));
}

/// @brief cos x in single precision, `constexpr`: cos of the double x, rounded to float (within 1 ulp).
CTA_DETAIL_TARGET_TAG constexpr float cos(float x) noexcept {
    if (!isfinite(x)) return isnan(x) ? x : std::numeric_limits<float>::quiet_NaN();
    return static_cast<float>(cos(static_cast<double>(x)));
}

/// @brief sin x for an integer x, computed in double: `sin(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double sin(I x) noexcept {
    return sin(static_cast<double>(x));
}

/// @brief cos x for an integer x, computed in double: `cos(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double cos(I x) noexcept {
    return cos(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
