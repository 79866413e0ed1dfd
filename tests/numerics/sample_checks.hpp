// SPDX-License-Identifier: BSL-1.0
// What the compile-time sample tests of log and log1p (log_constexpr_sample.cpp), of expm1 and tanh
// (expm1_constexpr_sample.cpp) and of erf and erfc (erf_constexpr_sample.cpp) share: a function of the library on
// the points of a sample header written by make_*_tables.py ({x bits, correctly rounded result bits}) within 1 ulp,
// in a constant evaluation; its results on the sample and on `extra` arguments spread over every bit pattern,
// computed by the compiler; and the same function at run time, on arguments the compiler cannot see, against those
// compile-time bits.
#pragma once

#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "ulp_distance.hpp"

namespace cta_numerics {

// The largest ulp distance between the function and the reference over sample[begin, end).
template <class F, class Function, class Point, std::size_t N>
constexpr std::uint64_t max_ulps(const std::array<Point, N>& sample, std::size_t begin, std::size_t end) {
    std::uint64_t worst = 0;
    for (std::size_t i = begin; i < end && i < N; ++i) {
        const F got = Function{}(std::bit_cast<F>(sample[i].x));
        const std::uint64_t ulps = ulp_distance(got, std::bit_cast<F>(sample[i].y));
        worst = ulps > worst ? ulps : worst;
    }
    return worst;
}

// One constant evaluation per 64 points, well within the default limits of both compilers.
template <class F, class Function, class Point, std::size_t N>
constexpr bool sample_within_one_ulp(const std::array<Point, N>& sample, std::size_t begin) {
    return max_ulps<F, Function>(sample, begin, begin + 64) <= 1;
}

// The whole sample within 1 ulp, in one constant evaluation per 64 points (well within the default limits of both
// compilers): `static_assert(sample_checked<F, Function, sample>)`.
template <class F, class Function, const auto& sample>
inline constexpr bool sample_checked = [] {
    static_assert(sample.size() == 256);
    static_assert(sample_within_one_ulp<F, Function>(sample, 0));
    static_assert(sample_within_one_ulp<F, Function>(sample, 64));
    static_assert(sample_within_one_ulp<F, Function>(sample, 128));
    static_assert(sample_within_one_ulp<F, Function>(sample, 192));
    return true;
}();

// A comparison of bit patterns, which tells -0 from +0.
template <class F>
constexpr bool same_bits(F a, F b) {
    return std::bit_cast<bits_t<F>>(a) == std::bit_cast<bits_t<F>>(b);
}

// The function at the sample points and at `extra` arguments spread over the bit patterns (multiples of an odd
// constant, wrapping around: every sign and exponent).
inline constexpr std::size_t extra = 4096;

template <class F>
constexpr bits_t<F> spread_argument(std::size_t i) {
    using U = bits_t<F>;
    constexpr auto step = static_cast<U>(sizeof(U) == 8 ? 0x9e3779b97f4a7c15U : 0x9e3779b9U);
    constexpr U quiet = U{1} << (std::numeric_limits<F>::digits - 2);
    const auto x = static_cast<U>(static_cast<U>(i) * step);
    constexpr U sign = U{1} << (sizeof(U) * 8 - 1);
    // A signaling NaN cannot be an argument in a constant expression: quieted.
    const bool signaling = (x & ~sign) > std::bit_cast<U>(std::numeric_limits<F>::infinity()) && (x & quiet) == 0;
    return signaling ? static_cast<U>(x | quiet) : x;
}

template <class F, class Function, class Point, std::size_t N>
constexpr std::array<bits_t<F>, N> sample_results(const std::array<Point, N>& sample) {
    std::array<bits_t<F>, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = std::bit_cast<bits_t<F>>(Function{}(std::bit_cast<F>(sample[i].x)));
    return out;
}

template <class F, class Function>
constexpr std::array<bits_t<F>, extra> spread_results() {
    std::array<bits_t<F>, extra> out{};
    for (std::size_t i = 0; i < extra; ++i) {
        out[i] = std::bit_cast<bits_t<F>>(Function{}(std::bit_cast<F>(spread_argument<F>(i))));
    }
    return out;
}

// The function at run time on the arguments `x(i)` (through a volatile, so the call cannot be folded) against the
// compile-time bits.
template <class F, class Function, std::size_t N, class Argument>
void check_run_time(const std::array<bits_t<F>, N>& expected, Argument x) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const bits_t<F> got = std::bit_cast<bits_t<F>>(Function{}(std::bit_cast<F>(test::at_run_time(x(i)))));
        if (got != expected[i]) {
            ++mismatches;
            INFO("x = " << hex(x(i)) << ": run time " << hex(got) << ", compile time " << hex(expected[i]));
            CHECK(got == expected[i]);
        }
    }
    CHECK(mismatches == 0);
}

// The results computed by the compiler, each set in one constant evaluation.
template <class F, class Function, const auto& sample>
inline constexpr auto sample_at_compile_time = sample_results<F, Function>(sample);
template <class F, class Function>
inline constexpr auto spread_at_compile_time = spread_results<F, Function>();

// The function at run time on the sample and on the spread arguments against the compile-time bits.
template <class F, class Function, const auto& sample>
void check_both() {
    check_run_time<F, Function>(sample_at_compile_time<F, Function, sample>,
                                [](std::size_t i) { return sample[i].x; });
    check_run_time<F, Function>(spread_at_compile_time<F, Function>,
                                [](std::size_t i) { return spread_argument<F>(i); });
}

// special_values_hold(zero, one, two, infinity, NaN, the smallest subnormal) of F, in a constant expression.
template <class F, class Predicate>
constexpr bool holds_at_special_values(Predicate special_values_hold) {
    return special_values_hold(F(0), F(1), F(2), std::numeric_limits<F>::infinity(),
                               std::numeric_limits<F>::quiet_NaN(), std::numeric_limits<F>::denorm_min());
}

// The same at run time, on arguments the compiler cannot see.
template <class F, class Predicate>
void check_special_values(Predicate special_values_hold) {
    using test::at_run_time;
    CHECK(special_values_hold(at_run_time(F(0)), at_run_time(F(1)), at_run_time(F(2)),
                              at_run_time(std::numeric_limits<F>::infinity()),
                              at_run_time(std::numeric_limits<F>::quiet_NaN()),
                              at_run_time(std::numeric_limits<F>::denorm_min())));
}

}  // namespace cta_numerics
