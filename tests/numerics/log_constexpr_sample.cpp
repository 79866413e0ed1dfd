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
#include "sample_checks.hpp"

namespace {

using cta_numerics::bits_t;
using cta_numerics::check_both;
using cta_numerics::same_bits;
using cta_numerics::sample_checked;

using log_function = decltype([](auto x) { return cta::log(x); });
using log1p_function = decltype([](auto x) { return cta::log1p(x); });

using cta_numerics::log1p_sample_double;
using cta_numerics::log1p_sample_float;
using cta_numerics::log_sample_double;
using cta_numerics::log_sample_float;

static_assert(sample_checked<double, log_function, log_sample_double> &&
              sample_checked<float, log_function, log_sample_float> &&
              sample_checked<double, log1p_function, log1p_sample_double> &&
              sample_checked<float, log1p_function, log1p_sample_float>);

// The special values, each as a comparison of bit patterns (which tells -0 from +0) or a NaN test.
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

constexpr auto special_values = [](auto... arguments) { return special_values_hold(arguments...); };
static_assert(cta_numerics::holds_at_special_values<double>(special_values) &&
              cta_numerics::holds_at_special_values<float>(special_values));
// Integers are computed in double.
static_assert(same_bits(cta::log(2), cta::log(2.0)) && same_bits(cta::log(1), 0.0) &&
              same_bits(cta::log(0), cta::log(0.0)) && cta::isnan(cta::log(-3)) && same_bits(cta::log1p(0), 0.0) &&
              same_bits(cta::log1p(-1), cta::log1p(-1.0)) &&
              same_bits(cta::log1p(1000000007LL), cta::log1p(1000000007.0)));

}  // namespace

TEST_CASE("log(double) at run time gives the compile-time bits", "[log][double][constexpr]") {
    check_both<double, log_function, log_sample_double>();
}

TEST_CASE("log(float) at run time gives the compile-time bits", "[log][float][constexpr]") {
    check_both<float, log_function, log_sample_float>();
}

TEST_CASE("log1p(double) at run time gives the compile-time bits", "[log1p][double][constexpr]") {
    check_both<double, log1p_function, log1p_sample_double>();
}

TEST_CASE("log1p(float) at run time gives the compile-time bits", "[log1p][float][constexpr]") {
    check_both<float, log1p_function, log1p_sample_float>();
}

TEST_CASE("log and log1p give their special values at run time", "[log][log1p][special]") {
    cta_numerics::check_special_values<double>(special_values);
    cta_numerics::check_special_values<float>(special_values);
}
