// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief |x - y| without overflow, for the comparisons of `<cta/compare.hpp>`, `<cta/check.hpp>` and `==`: between
/// integers of any types (signed and unsigned mixed, 64 bits included) as an exact 65-bit distance, and the test
/// for a floating-point difference that would overflow (a constant expression must not overflow).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <cta/detail/target.hpp>

namespace cta::detail {

/// An integer as std::int64_t or std::uint64_t, by its signedness (bool and the character types included, which
/// the std::cmp_* functions do not take).
template <class I>
CTA_DETAIL_TARGET_TAG constexpr auto widen(I x) noexcept {
    static_assert(std::is_integral_v<I> && sizeof(I) <= 8);
    if constexpr (std::is_signed_v<I>) {
        return static_cast<std::int64_t>(x);
    } else {
        return static_cast<std::uint64_t>(x);
    }
}

/// x == y as values, for integers of any types: `-1` and `4294967295u` differ (the usual arithmetic conversions
/// would make them equal).
template <class X, class Y>
CTA_DETAIL_TARGET_TAG constexpr bool integers_equal(X x, Y y) noexcept {
    return std::cmp_equal(widen(x), widen(y));
}

/// The distance |x - y| of two integers, up to 2^65 - 1: 2^64 if `above_64_bits`, plus `low`.
struct integer_distance_t {
    bool above_64_bits = false;
    std::uint64_t low = 0;
    bool x_below_y = false;  ///< the sign of x - y
};

template <class X, class Y>
CTA_DETAIL_TARGET_TAG constexpr integer_distance_t integer_distance(X x_, Y y_) noexcept {
    using U = std::uint64_t;
    const auto x = widen(x_);
    const auto y = widen(y_);
    const bool swap = std::cmp_less(x, y);
    // hi >= lo, each as a magnitude and a sign.
    const auto magnitude = [](auto v) -> U {
        if constexpr (std::is_signed_v<decltype(v)>) {
            return v < 0 ? U(-(v + 1)) + 1 : U(v);
        } else {
            return U(v);
        }
    };
    const auto negative = [](auto v) { return std::cmp_less(v, 0); };
    const U hi = swap ? magnitude(y) : magnitude(x), lo = swap ? magnitude(x) : magnitude(y);
    const bool hi_negative = swap ? negative(y) : negative(x), lo_negative = swap ? negative(x) : negative(y);
    integer_distance_t d;
    d.x_below_y = swap;
    if (!lo_negative) {
        d.low = hi - lo;  // both >= 0, hi >= lo
    } else if (hi_negative) {
        d.low = lo - hi;  // both < 0: |lo| >= |hi|
    } else {
        d.low = hi + lo;  // hi >= 0 > lo: |hi| + |lo|, which may pass 2^64 - 1 (it wraps; the carry is kept)
        d.above_64_bits = d.low < hi;
    }
    return d;
}

/// distance <= tolerance, for a tolerance of any arithmetic type; false for a negative or NaN tolerance.
template <class Tol>
CTA_DETAIL_TARGET_TAG constexpr bool within(integer_distance_t d, Tol tolerance) noexcept {
    using U = std::uint64_t;
    if constexpr (std::is_floating_point_v<Tol>) {
        if (!(tolerance >= Tol(0))) return false;
        constexpr Tol two_64 = Tol(18446744073709551616.0L);  // 2^64
        if (tolerance >= Tol(2) * two_64) return true;
        if (tolerance >= two_64) {
            // tolerance - 2^64 is exact (the two are within a factor of 2) and below 2^64: its floor as U.
            return !d.above_64_bits || d.low <= static_cast<U>(tolerance - two_64);
        }
        return !d.above_64_bits && d.low <= static_cast<U>(tolerance);  // d.low <= t if and only if d.low <= floor(t)
    } else {
        if (std::cmp_less(widen(tolerance), 0)) return false;
        return !d.above_64_bits && d.low <= static_cast<U>(widen(tolerance));
    }
}

/// Whether x - y may overflow, for finite x and y: opposite signs and |x| >= max - |y| (rounded). When false, |x| + |y|
/// is below max + ulp(max) / 2 and rounds to a finite value; when true, |x - y| is at least max - ulp(max).
template <class F>
CTA_DETAIL_TARGET_TAG constexpr bool difference_overflows(F x, F y) noexcept {
    if ((x < F(0)) == (y < F(0))) return false;
    const F ax = x < F(0) ? -x : x, ay = y < F(0) ? -y : y;
    return ax >= std::numeric_limits<F>::max() - ay;
}

}  // namespace cta::detail
