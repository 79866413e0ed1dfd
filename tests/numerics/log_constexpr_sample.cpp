// SPDX-License-Identifier: BSL-1.0
// cta::log and cta::log1p in constant evaluation:
// - on the sample points of log_sample.hpp (written by make_log_tables.py from the same 60-digit references as the
//   tables): within 1 ulp of the correctly rounded value, proven by static_assert;
// - at their special values, by static_assert, and the same at run time;
// - at run time, the same bits as at compile time at every sample point and at 4096 more arguments per function and
//   type spread over the whole range of bit patterns (any sign, subnormals, NaN and infinities included).
#include "../runtime/catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cta/math/log.hpp>

#include "log_sample.hpp"
#include "sample_check.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::at_run_time;
using cta_numerics::check_both;
using cta_numerics::same_bits;
using cta_numerics::sample_results;
using cta_numerics::sample_within_one_ulp;
using cta_numerics::spread_results;

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

using cta_numerics::log1p_sample_double;
using cta_numerics::log1p_sample_float;
using cta_numerics::log_sample_double;
using cta_numerics::log_sample_float;

static_assert(log_sample_double.size() == 256 && log_sample_float.size() == 256 &&
              log1p_sample_double.size() == 256 && log1p_sample_float.size() == 256);

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

constexpr auto log_double_sample = sample_results<double, log_function>(log_sample_double);
constexpr auto log_float_sample = sample_results<float, log_function>(log_sample_float);
constexpr auto log1p_double_sample = sample_results<double, log1p_function>(log1p_sample_double);
constexpr auto log1p_float_sample = sample_results<float, log1p_function>(log1p_sample_float);
constexpr auto log_double_spread = spread_results<double, log_function>();
constexpr auto log_float_spread = spread_results<float, log_function>();
constexpr auto log1p_double_spread = spread_results<double, log1p_function>();
constexpr auto log1p_float_spread = spread_results<float, log1p_function>();

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
