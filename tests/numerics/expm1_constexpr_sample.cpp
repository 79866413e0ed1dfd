// SPDX-License-Identifier: BSL-1.0
// cta::expm1 and cta::tanh in constant evaluation:
// - on the sample points of expm1_sample.hpp (written by make_expm1_tables.py from the same 60-digit references as the
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

#include <cta/math/expm1.hpp>
#include <cta/math/tanh.hpp>

#include "expm1_sample.hpp"
#include "sample_checks.hpp"

namespace {

using cta_numerics::bits_t;
using cta_numerics::check_both;
using cta_numerics::same_bits;
using cta_numerics::sample_checked;

using expm1_function = decltype([](auto x) { return cta::expm1(x); });
using tanh_function = decltype([](auto x) { return cta::tanh(x); });

using cta_numerics::tanh_sample_double;
using cta_numerics::tanh_sample_float;
using cta_numerics::expm1_sample_double;
using cta_numerics::expm1_sample_float;

static_assert(sample_checked<double, expm1_function, expm1_sample_double> &&
              sample_checked<float, expm1_function, expm1_sample_float> &&
              sample_checked<double, tanh_function, tanh_sample_double> &&
              sample_checked<float, tanh_function, tanh_sample_float>);

// The special values, each as a comparison of bit patterns (which tells -0 from +0) or a NaN test.
template <class F>
constexpr bool special_values_hold(F zero, F one, F two, F infinity, F nan, F subnormal) {
    using traits = cta::detail::expm1_traits<F>;
    constexpr F overflow = traits::overflow, tanh_one = std::bit_cast<F>(traits::tanh_one),
                tanh_tiny = std::bit_cast<F>(traits::tanh_tiny), tiny = std::bit_cast<F>(traits::tiny);
    const F largest = std::numeric_limits<F>::max(),
            above = std::bit_cast<F>(static_cast<bits_t<F>>(std::bit_cast<bits_t<F>>(overflow) + 1U));
    return same_bits(cta::expm1(zero), zero) && same_bits(cta::expm1(-zero), -zero) &&
           same_bits(cta::expm1(infinity), infinity) && same_bits(cta::expm1(-infinity), -one) &&
           cta::isnan(cta::expm1(nan)) && same_bits(cta::expm1(subnormal), subnormal) &&
           same_bits(cta::expm1(-subnormal), -subnormal) && same_bits(cta::expm1(tiny / two), tiny / two) &&
           same_bits(cta::expm1(-tiny / two), -tiny / two) && same_bits(cta::expm1(largest), infinity) &&
           same_bits(cta::expm1(above), infinity) && cta::isfinite(cta::expm1(overflow)) &&
           cta::expm1(overflow) > largest / two && same_bits(cta::expm1(-largest), -one) &&
           same_bits(cta::expm1(traits::minus_one), -one) &&
           same_bits(cta::expm1(traits::minus_one + one / two), -one) &&
           same_bits(cta::tanh(zero), zero) && same_bits(cta::tanh(-zero), -zero) &&
           same_bits(cta::tanh(infinity), one) && same_bits(cta::tanh(-infinity), -one) && cta::isnan(cta::tanh(nan)) &&
           same_bits(cta::tanh(subnormal), subnormal) && same_bits(cta::tanh(-subnormal), -subnormal) &&
           same_bits(cta::tanh(tanh_tiny / two), tanh_tiny / two) &&
           same_bits(cta::tanh(-tanh_tiny / two), -tanh_tiny / two) && same_bits(cta::tanh(largest), one) &&
           same_bits(cta::tanh(-largest), -one) && same_bits(cta::tanh(tanh_one), one) &&
           same_bits(cta::tanh(-tanh_one), -one) && same_bits(cta::tanh(tanh_one - one / two), one) &&
           same_bits(cta::tanh(one / two - tanh_one), -one);
}

constexpr auto special_values = [](auto... arguments) { return special_values_hold(arguments...); };
static_assert(cta_numerics::holds_at_special_values<double>(special_values) &&
              cta_numerics::holds_at_special_values<float>(special_values));
// Integers are computed in double.
static_assert(same_bits(cta::expm1(2), cta::expm1(2.0)) && same_bits(cta::expm1(0), 0.0) &&
              same_bits(cta::expm1(-100), -1.0) && same_bits(cta::expm1(1000), cta::expm1(1000.0)) &&
              same_bits(cta::tanh(0), 0.0) && same_bits(cta::tanh(-3), cta::tanh(-3.0)) &&
              same_bits(cta::tanh(1000000007LL), 1.0));

}  // namespace

TEST_CASE("expm1(double) at run time gives the compile-time bits", "[expm1][double][constexpr]") {
    check_both<double, expm1_function, expm1_sample_double>();
}

TEST_CASE("expm1(float) at run time gives the compile-time bits", "[expm1][float][constexpr]") {
    check_both<float, expm1_function, expm1_sample_float>();
}

TEST_CASE("tanh(double) at run time gives the compile-time bits", "[tanh][double][constexpr]") {
    check_both<double, tanh_function, tanh_sample_double>();
}

TEST_CASE("tanh(float) at run time gives the compile-time bits", "[tanh][float][constexpr]") {
    check_both<float, tanh_function, tanh_sample_float>();
}

TEST_CASE("expm1 and tanh give their special values at run time", "[expm1][tanh][special]") {
    cta_numerics::check_special_values<double>(special_values);
    cta_numerics::check_special_values<float>(special_values);
}
