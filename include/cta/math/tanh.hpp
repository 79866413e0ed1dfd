// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `constexpr` hyperbolic tangent for `float` and `double`, identical in constant expressions and at run
/// time: `cta::tanh(x)` (and, as `<cmath>`'s, for integers, computed in double).
///
/// Built like the functions of `<cta/math.hpp>`: only `+ - * /`, comparisons and `std::bit_cast`, no operation whose
/// result is NaN or infinite (special values are returned, not computed), under the library's strict floating-point
/// pragmas. Each type is computed in its own arithmetic (`float` in `float` only).
///
/// Method. tanh is odd: tanh(x) = sign(x) tanh(|x|), and with E = e^(2|x|) - 1, tanh(|x|) = E / (E + 2).
/// - E comes from `cta::expm1`'s computation before its last addition (<cta/math/expm1.hpp>): E = e_hi + e_lo, within a
///   few hundredths of an ulp of E, renormalised (Fast2Sum: e_hi the sum rounded, e_lo its error).
/// - E + 2 = d_hi + d_lo (TwoSum, then e_lo added to the error); q = e_hi / d_hi rounded, and the remainder
///   E - q (d_hi + d_lo) is formed with q d_hi exact (Dekker's product on Veltkamp's halves; e_hi - q d_hi is then
///   exact, the two being within a factor of 2). tanh(|x|) = q + remainder / d_hi, the last addition the only
///   rounding of the size of the result. A relative error of E enters tanh multiplied by 2 / (E + 2) <= 1. The error
///   stays within 0.5 ulp plus a few hundredths (tests/numerics: the largest errors found, on at least 100,000 points
///   per type).
///
/// Special values (tests/numerics, at compile time and at run time): tanh(±0) = ±0 (sign kept), tanh(±inf) = ±1,
/// tanh(NaN) = NaN. For |x| < 2^-27 (2^-13 for float), subnormals included, tanh(x) rounds to x and x is returned;
/// for |x| >= 22 (10 for float) the result is ±1 (it rounds to ±1 from 19.06, resp. 9.01, on, and the computation
/// gives ±1 there too). The cases are told apart by the bits, as in `cta::log`.
///
/// Written in few statements (each costs Clang a step of its constant-evaluation budget; bench/compile_time/
/// tanh_steps.cpp measures a call), as `exp`.
#pragma once

#include <bit>
#include <type_traits>

#include <cta/math/expm1.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

CTA_FP_PRODUCTS_BEGIN

/// @brief The hyperbolic tangent, `constexpr`, within 1 ulp (see the file's comment: tanh(±0) = ±0,
/// tanh(±inf) = ±1, tanh(NaN) = NaN, ±1 for |x| >= 22 (10 for float)).
template <class F>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr F tanh(F x) noexcept {
    using traits = detail::expm1_traits<F>;
    const typename traits::bits b = std::bit_cast<typename traits::bits>(x), magnitude = b & ~traits::sign;
    // Special values: NaN, |x| < 2^-27 (2^-13), ±0 and subnormals included, where tanh(x) rounds to x; |x| >= 22 (10),
    // ±inf included, where it rounds to ±1.
    if (magnitude < traits::tanh_tiny || magnitude >= traits::tanh_one) {
        return magnitude < traits::tanh_tiny || magnitude > traits::infinity ? x
               : (b & traits::sign) != 0                                      ? F(-1)
                                                                              : F(1);
    }
    // E = e^(2a) - 1 = e.hi + e.lo, a = |x|, renormalised (Fast2Sum) as e_h + e_l; E + 2 = d + d_lo (TwoSum);
    // q = e_h / d; q = q_a + q_b and d = d_a + d_b,
    // Veltkamp's halves, so that q d = p + p_lo exactly.
    const F a = std::bit_cast<F>(magnitude);
    const detail::expm1_parts<F> e = detail::expm1_split<F>(a + a);
    const F eh = e.hi + e.lo, el = (e.hi - eh) + e.lo, d = eh + F(2), db = d - F(2),
            dl = ((F(2) - (d - db)) + (eh - db)) + el, q = eh / d,
            qc = q * traits::splitter, qa = qc - (qc - q), qb = q - qa, dc = d * traits::splitter,
            da = dc - (dc - d), dd = d - da, p = q * d, pl = ((qa * da - p) + (qa * dd + qb * da)) + qb * dd,
            t = q + ((((eh - p) - pl) + el) - q * dl) / d;
    return (b & traits::sign) != 0 ? -t : t;
}

/// @brief The hyperbolic tangent of an integer x, computed in double: `tanh(static_cast<double>(x))`.
template <class I>
    requires std::is_integral_v<I>
CTA_DETAIL_TARGET_TAG constexpr double tanh(I x) noexcept {
    return tanh(static_cast<double>(x));
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
