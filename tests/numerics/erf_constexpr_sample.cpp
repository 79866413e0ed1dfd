// SPDX-License-Identifier: BSL-1.0
// cta::erf and cta::erfc in constant evaluation:
// - on the sample points of erf_sample.hpp (written by make_erf_tables.py from the same 60-digit references as the
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

#include <cta/math/erf.hpp>

#include "erf_sample.hpp"
#include "sample_checks.hpp"

namespace {

using cta_numerics::check_both;
using cta_numerics::same_bits;
using cta_numerics::sample_checked;
using test::at_run_time;

using erf_function = decltype([](auto x) { return cta::erf(x); });
using erfc_function = decltype([](auto x) { return cta::erfc(x); });

using cta_numerics::erfc_sample_double;
using cta_numerics::erfc_sample_float;
using cta_numerics::erf_sample_double;
using cta_numerics::erf_sample_float;

static_assert(sample_checked<double, erf_function, erf_sample_double> &&
              sample_checked<float, erf_function, erf_sample_float> &&
              sample_checked<double, erfc_function, erfc_sample_double> &&
              sample_checked<float, erfc_function, erfc_sample_float>);

// The special values, each as a comparison of bit patterns (which tells -0 from +0) or a NaN test.
template <class F>
constexpr bool special_values_hold(F zero, F one, F two, F infinity, F nan, F subnormal) {
    const F six = two * two + two, huge = six * six * six;
    return same_bits(cta::erf(zero), zero) && same_bits(cta::erf(-zero), -zero) &&
           same_bits(cta::erf(infinity), one) && same_bits(cta::erf(-infinity), -one) && cta::isnan(cta::erf(nan)) &&
           same_bits(cta::erf(six), one) && same_bits(cta::erf(-six), -one) && same_bits(cta::erf(huge), one) &&
           same_bits(cta::erfc(zero), one) && same_bits(cta::erfc(-zero), one) &&
           same_bits(cta::erfc(infinity), zero) && same_bits(cta::erfc(-infinity), two) &&
           cta::isnan(cta::erfc(nan)) && same_bits(cta::erfc(-six), two) && same_bits(cta::erfc(huge), zero) &&
           same_bits(cta::erfc(subnormal), one) && same_bits(cta::erfc(-subnormal), one) &&
           // erf of a subnormal: 2x/sqrt(pi) rounded, here the smallest subnormal itself (1.128 of it rounds to 1),
           // and of its multiples, positive, odd in x and below 2x.
           same_bits(cta::erf(subnormal), subnormal) && same_bits(cta::erf(-subnormal), -subnormal) &&
           cta::erf(subnormal * F(64)) > subnormal * F(64) && cta::erf(subnormal * F(64)) < subnormal * F(128) &&
           same_bits(cta::erf(-(subnormal * F(64))), -cta::erf(subnormal * F(64)));
}

constexpr auto special_values = [](auto... arguments) { return special_values_hold(arguments...); };
static_assert(cta_numerics::holds_at_special_values<double>(special_values) &&
              cta_numerics::holds_at_special_values<float>(special_values));
// erfc(27) in float: the double result is subnormal (5.2e-319), far below float's smallest subnormal: +0, at
// compile time as at run time (below).
static_assert(same_bits(cta::erfc(27.0F), 0.0F) && cta::erfc(27.0) > 0.0 && cta::erfc(27.0) < 0x1p-1022);

// erf is odd, on both sides of the end of the polynomial S (1/4) and in the middle region.
static_assert(same_bits(cta::erf(-0.75), -cta::erf(0.75)) && same_bits(cta::erf(-0.75F), -cta::erf(0.75F)) &&
              same_bits(cta::erf(-0.125), -cta::erf(0.125)) && same_bits(cta::erf(-3.5), -cta::erf(3.5)));
// Integers are computed in double.
static_assert(same_bits(cta::erf(2), cta::erf(2.0)) && same_bits(cta::erf(0), 0.0) &&
              same_bits(cta::erf(-1), cta::erf(-1.0)) &&
              same_bits(cta::erfc(3), cta::erfc(3.0)) && same_bits(cta::erfc(0), 1.0) &&
              same_bits(cta::erfc(-1000000007LL), 2.0) && same_bits(cta::erfc(1000000007LL), 0.0));

}  // namespace

TEST_CASE("erf(double) at run time gives the compile-time bits", "[erf][double][constexpr]") {
    check_both<double, erf_function, erf_sample_double>();
}

TEST_CASE("erf(float) at run time gives the compile-time bits", "[erf][float][constexpr]") {
    check_both<float, erf_function, erf_sample_float>();
}

TEST_CASE("erfc(double) at run time gives the compile-time bits", "[erfc][double][constexpr]") {
    check_both<double, erfc_function, erfc_sample_double>();
}

TEST_CASE("erfc(float) at run time gives the compile-time bits", "[erfc][float][constexpr]") {
    check_both<float, erfc_function, erfc_sample_float>();
}

TEST_CASE("erf and erfc give their special values at run time", "[erf][erfc][special]") {
    cta_numerics::check_special_values<double>(special_values);
    cta_numerics::check_special_values<float>(special_values);
    CHECK(same_bits(cta::erfc(at_run_time(27.0F)), 0.0F));
}
