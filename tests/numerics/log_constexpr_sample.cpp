// SPDX-License-Identifier: BSL-1.0
// cta::log and cta::log1p in constant evaluation:
// - on the sample points of log_sample.hpp (written by make_log_tables.py from the same 60-digit references as the
//   tables): within 1 ulp of the correctly rounded value, proven by static_assert;
// - at their special values, by static_assert, and the same at run time;
// - at run time, the same bits as at compile time at every sample point and at 4096 more arguments per function and
//   type spread over the whole range of bit patterns (any sign, subnormals, NaN and infinities included).
#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cta/math/log.hpp>

#include "log_sample.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::hex;
using cta_numerics::bits_t;
using cta_numerics::log_point;
using test::at_run_time;

struct log_function {
    template <class F>
    constexpr F operator()(F x) const noexcept {
        return cta::log(x);
    }
};

struct log1p_function {
    template <class F>
    constexpr F operator()(F x) const noexcept {
        return cta::log1p(x);
    }
};

// The largest ulp distance between the function and the reference over sample[begin, end).
template <class F, class Function, std::size_t N>
constexpr std::uint64_t max_ulps(const std::array<log_point<bits_t<F>>, N>& sample, std::size_t begin,
                                 std::size_t end) {
    std::uint64_t worst = 0;
    for (std::size_t i = begin; i < end && i < N; ++i) {
        const F got = Function{}(std::bit_cast<F>(sample[i].x));
        const std::uint64_t ulps = cta_numerics::ulp_distance(got, std::bit_cast<F>(sample[i].y));
        worst = ulps > worst ? ulps : worst;
    }
    return worst;
}

using cta_numerics::log1p_sample_double;
using cta_numerics::log1p_sample_float;
using cta_numerics::log_sample_double;
using cta_numerics::log_sample_float;

static_assert(log_sample_double.size() == 256 && log_sample_float.size() == 256 &&
              log1p_sample_double.size() == 256 && log1p_sample_float.size() == 256);

// One constant evaluation per 64 points, well within the default limits of both compilers.
template <class F, class Function, std::size_t N>
constexpr bool sample_within_one_ulp(const std::array<log_point<bits_t<F>>, N>& sample, std::size_t begin) {
    return max_ulps<F, Function>(sample, begin, begin + 64) <= 1;
}
static_assert(sample_within_one_ulp<double, log_function>(log_sample_double, 0));
static_assert(sample_within_one_ulp<double, log_function>(log_sample_double, 64));
static_assert(sample_within_one_ulp<double, log_function>(log_sample_double, 128));
static_assert(sample_within_one_ulp<double, log_function>(log_sample_double, 192));
static_assert(sample_within_one_ulp<float, log_function>(log_sample_float, 0));
static_assert(sample_within_one_ulp<float, log_function>(log_sample_float, 64));
static_assert(sample_within_one_ulp<float, log_function>(log_sample_float, 128));
static_assert(sample_within_one_ulp<float, log_function>(log_sample_float, 192));
static_assert(sample_within_one_ulp<double, log1p_function>(log1p_sample_double, 0));
static_assert(sample_within_one_ulp<double, log1p_function>(log1p_sample_double, 64));
static_assert(sample_within_one_ulp<double, log1p_function>(log1p_sample_double, 128));
static_assert(sample_within_one_ulp<double, log1p_function>(log1p_sample_double, 192));
static_assert(sample_within_one_ulp<float, log1p_function>(log1p_sample_float, 0));
static_assert(sample_within_one_ulp<float, log1p_function>(log1p_sample_float, 64));
static_assert(sample_within_one_ulp<float, log1p_function>(log1p_sample_float, 128));
static_assert(sample_within_one_ulp<float, log1p_function>(log1p_sample_float, 192));

// The special values, each as a comparison of bit patterns (which tells -0 from +0) or a NaN test.
template <class F>
constexpr bool same_bits(F a, F b) {
    return std::bit_cast<bits_t<F>>(a) == std::bit_cast<bits_t<F>>(b);
}

template <class F>
constexpr bool special_values_hold(F zero, F one, F two, F infinity, F nan, F subnormal) {
    const F below_minus_one = -one - one / two / two / two / two / two / two;
    return same_bits(cta::log(zero), -infinity) && same_bits(cta::log(-zero), -infinity) &&
           cta::isnan(cta::log(-one)) && cta::isnan(cta::log(-subnormal)) && cta::isnan(cta::log(-infinity)) &&
           same_bits(cta::log(infinity), infinity) && cta::isnan(cta::log(nan)) && same_bits(cta::log(one), zero) &&
           same_bits(cta::log1p(-one), -infinity) && cta::isnan(cta::log1p(-two)) &&
           cta::isnan(cta::log1p(below_minus_one)) && cta::isnan(cta::log1p(-infinity)) &&
           same_bits(cta::log1p(zero), zero) && same_bits(cta::log1p(-zero), -zero) &&
           same_bits(cta::log1p(infinity), infinity) && cta::isnan(cta::log1p(nan)) &&
           same_bits(cta::log1p(subnormal), subnormal) && same_bits(cta::log1p(-subnormal), -subnormal) &&
           cta::log(subnormal) < F(0) && cta::isfinite(cta::log(subnormal));
}

static_assert(special_values_hold<double>(0.0, 1.0, 2.0, std::numeric_limits<double>::infinity(),
                                          std::numeric_limits<double>::quiet_NaN(),
                                          std::numeric_limits<double>::denorm_min()));
static_assert(special_values_hold<float>(0.0F, 1.0F, 2.0F, std::numeric_limits<float>::infinity(),
                                         std::numeric_limits<float>::quiet_NaN(),
                                         std::numeric_limits<float>::denorm_min()));
// Integers are computed in double.
static_assert(same_bits(cta::log(2), cta::log(2.0)) && same_bits(cta::log(1), 0.0) &&
              same_bits(cta::log(0), cta::log(0.0)) && cta::isnan(cta::log(-3)) && same_bits(cta::log1p(0), 0.0) &&
              same_bits(cta::log1p(-1), cta::log1p(-1.0)) &&
              same_bits(cta::log1p(1000000007LL), cta::log1p(1000000007.0)));

// The function at the sample points and at `extra` arguments spread over the bit patterns (multiples of an odd
// constant, wrapping around: every sign and exponent), computed by the compiler, each set in one constant evaluation.
constexpr std::size_t extra = 4096;

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

template <class F, class Function, std::size_t N>
constexpr std::array<bits_t<F>, N> sample_results(const std::array<log_point<bits_t<F>>, N>& sample) {
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

constexpr auto log_double_sample = sample_results<double, log_function>(log_sample_double);
constexpr auto log_float_sample = sample_results<float, log_function>(log_sample_float);
constexpr auto log1p_double_sample = sample_results<double, log1p_function>(log1p_sample_double);
constexpr auto log1p_float_sample = sample_results<float, log1p_function>(log1p_sample_float);
constexpr auto log_double_spread = spread_results<double, log_function>();
constexpr auto log_float_spread = spread_results<float, log_function>();
constexpr auto log1p_double_spread = spread_results<double, log1p_function>();
constexpr auto log1p_float_spread = spread_results<float, log1p_function>();

// The function at run time on the arguments `x(i)` (through a volatile, so the call cannot be folded) against the
// compile-time bits.
template <class F, class Function, std::size_t N, class Argument>
void check_run_time(const std::array<bits_t<F>, N>& expected, Argument x) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const bits_t<F> got = std::bit_cast<bits_t<F>>(Function{}(std::bit_cast<F>(at_run_time(x(i)))));
        if (got != expected[i]) {
            ++mismatches;
            INFO("x = " << hex(x(i)) << ": run time " << hex(got) << ", compile time " << hex(expected[i]));
            CHECK(got == expected[i]);
        }
    }
    CHECK(mismatches == 0);
}

template <class F, class Function, std::size_t N>
void check_both(const std::array<log_point<bits_t<F>>, N>& sample, const std::array<bits_t<F>, N>& at_compile_time,
                const std::array<bits_t<F>, extra>& spread) {
    check_run_time<F, Function>(at_compile_time, [&](std::size_t i) { return sample[i].x; });
    check_run_time<F, Function>(spread, [](std::size_t i) { return spread_argument<F>(i); });
}

// The special values at run time, on arguments the compiler cannot see.
template <class F>
void check_special_values() {
    CHECK(special_values_hold<F>(at_run_time(F(0)), at_run_time(F(1)), at_run_time(F(2)),
                                 at_run_time(std::numeric_limits<F>::infinity()),
                                 at_run_time(std::numeric_limits<F>::quiet_NaN()),
                                 at_run_time(std::numeric_limits<F>::denorm_min())));
}

}  // namespace

TEST_CASE("log(double) at run time gives the compile-time bits", "[log][double][constexpr]") {
    check_both<double, log_function>(log_sample_double, log_double_sample, log_double_spread);
}

TEST_CASE("log(float) at run time gives the compile-time bits", "[log][float][constexpr]") {
    check_both<float, log_function>(log_sample_float, log_float_sample, log_float_spread);
}

TEST_CASE("log1p(double) at run time gives the compile-time bits", "[log1p][double][constexpr]") {
    check_both<double, log1p_function>(log1p_sample_double, log1p_double_sample, log1p_double_spread);
}

TEST_CASE("log1p(float) at run time gives the compile-time bits", "[log1p][float][constexpr]") {
    check_both<float, log1p_function>(log1p_sample_float, log1p_float_sample, log1p_float_spread);
}

TEST_CASE("log and log1p give their special values at run time", "[log][log1p][special]") {
    check_special_values<double>();
    check_special_values<float>();
}
