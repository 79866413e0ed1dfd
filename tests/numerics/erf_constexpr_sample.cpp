// SPDX-License-Identifier: BSL-1.0
// cta::erf and cta::erfc in constant evaluation:
// - on the sample points of erf_sample.hpp (written by make_erf_tables.py from the same 60-digit references as the
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

#include <cta/math/erf.hpp>

#include "erf_sample.hpp"
#include "sample_check.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::at_run_time;
using cta_numerics::check_both;
using cta_numerics::same_bits;
using cta_numerics::sample_results;
using cta_numerics::sample_within_one_ulp;
using cta_numerics::spread_results;

struct erf_function {
    template <class F>
    constexpr F operator()(F x) const noexcept {
        return cta::erf(x);
    }
};

struct erfc_function {
    template <class F>
    constexpr F operator()(F x) const noexcept {
        return cta::erfc(x);
    }
};

using cta_numerics::erfc_sample_double;
using cta_numerics::erfc_sample_float;
using cta_numerics::erf_sample_double;
using cta_numerics::erf_sample_float;

static_assert(erf_sample_double.size() == 256 && erf_sample_float.size() == 256 &&
              erfc_sample_double.size() == 256 && erfc_sample_float.size() == 256);

static_assert(sample_within_one_ulp<double, erf_function>(erf_sample_double, 0));
static_assert(sample_within_one_ulp<double, erf_function>(erf_sample_double, 64));
static_assert(sample_within_one_ulp<double, erf_function>(erf_sample_double, 128));
static_assert(sample_within_one_ulp<double, erf_function>(erf_sample_double, 192));
static_assert(sample_within_one_ulp<float, erf_function>(erf_sample_float, 0));
static_assert(sample_within_one_ulp<float, erf_function>(erf_sample_float, 64));
static_assert(sample_within_one_ulp<float, erf_function>(erf_sample_float, 128));
static_assert(sample_within_one_ulp<float, erf_function>(erf_sample_float, 192));
static_assert(sample_within_one_ulp<double, erfc_function>(erfc_sample_double, 0));
static_assert(sample_within_one_ulp<double, erfc_function>(erfc_sample_double, 64));
static_assert(sample_within_one_ulp<double, erfc_function>(erfc_sample_double, 128));
static_assert(sample_within_one_ulp<double, erfc_function>(erfc_sample_double, 192));
static_assert(sample_within_one_ulp<float, erfc_function>(erfc_sample_float, 0));
static_assert(sample_within_one_ulp<float, erfc_function>(erfc_sample_float, 64));
static_assert(sample_within_one_ulp<float, erfc_function>(erfc_sample_float, 128));
static_assert(sample_within_one_ulp<float, erfc_function>(erfc_sample_float, 192));

template <class F>
constexpr bool special_values_hold(F zero, F one, F two, F six, F infinity, F nan, F subnormal) {
    const F huge = six * six * six;
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

static_assert(special_values_hold<double>(0.0, 1.0, 2.0, 6.0, std::numeric_limits<double>::infinity(),
                                          std::numeric_limits<double>::quiet_NaN(),
                                          std::numeric_limits<double>::denorm_min()));
static_assert(special_values_hold<float>(0.0F, 1.0F, 2.0F, 6.0F, std::numeric_limits<float>::infinity(),
                                         std::numeric_limits<float>::quiet_NaN(),
                                         std::numeric_limits<float>::denorm_min()));
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

constexpr auto erf_double_sample = sample_results<double, erf_function>(erf_sample_double);
constexpr auto erf_float_sample = sample_results<float, erf_function>(erf_sample_float);
constexpr auto erfc_double_sample = sample_results<double, erfc_function>(erfc_sample_double);
constexpr auto erfc_float_sample = sample_results<float, erfc_function>(erfc_sample_float);
constexpr auto erf_double_spread = spread_results<double, erf_function>();
constexpr auto erf_float_spread = spread_results<float, erf_function>();
constexpr auto erfc_double_spread = spread_results<double, erfc_function>();
constexpr auto erfc_float_spread = spread_results<float, erfc_function>();

// The special values at run time, on arguments the compiler cannot see.
template <class F>
void check_special_values() {
    CHECK(special_values_hold<F>(at_run_time(F(0)), at_run_time(F(1)), at_run_time(F(2)), at_run_time(F(6)),
                                 at_run_time(std::numeric_limits<F>::infinity()),
                                 at_run_time(std::numeric_limits<F>::quiet_NaN()),
                                 at_run_time(std::numeric_limits<F>::denorm_min())));
}

}  // namespace

TEST_CASE("erf(double) at run time gives the compile-time bits", "[erf][double][constexpr]") {
    check_both<double, erf_function>(erf_sample_double, erf_double_sample, erf_double_spread);
}

TEST_CASE("erf(float) at run time gives the compile-time bits", "[erf][float][constexpr]") {
    check_both<float, erf_function>(erf_sample_float, erf_float_sample, erf_float_spread);
}

TEST_CASE("erfc(double) at run time gives the compile-time bits", "[erfc][double][constexpr]") {
    check_both<double, erfc_function>(erfc_sample_double, erfc_double_sample, erfc_double_spread);
}

TEST_CASE("erfc(float) at run time gives the compile-time bits", "[erfc][float][constexpr]") {
    check_both<float, erfc_function>(erfc_sample_float, erfc_float_sample, erfc_float_spread);
}

TEST_CASE("erf and erfc give their special values at run time", "[erf][erfc][special]") {
    check_special_values<double>();
    check_special_values<float>();
    CHECK(same_bits(cta::erfc(at_run_time(27.0F)), 0.0F));
}
