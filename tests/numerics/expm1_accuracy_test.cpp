// SPDX-License-Identifier: BSL-1.0
// cta::expm1 and cta::tanh against the correctly rounded values at every point of expm1_double.txt, expm1_float.txt,
// tanh_double.txt and tanh_float.txt (written by make_expm1_tables.py from mpmath values of 60 digits or more): at
// most 1 ulp between bit patterns everywhere, and an error from the exact value below the bounds measured on these
// tables. Prints the figures (reference_table.hpp).
#include "../runtime/catch.hpp"

#include <cta/math/expm1.hpp>
#include <cta/math/tanh.hpp>

#include "reference_table.hpp"

namespace {

// The largest errors from the exact value found on the tables, in ulps, rounded up to the next hundredth: a change
// of the algorithm that makes any larger fails.
constexpr double expm1_double_bound = 0.54;
constexpr double expm1_float_bound = 0.53;
constexpr double tanh_double_bound = 0.54;
constexpr double tanh_float_bound = 0.52;

}  // namespace

TEST_CASE("expm1(double) is within its bound of the exact value on the reference table", "[expm1][double]") {
    const auto errors =
        cta_numerics::check_table<double>("expm1", "expm1_double.txt", [](double x) { return cta::expm1(x); });
    REQUIRE(errors.max_error <= expm1_double_bound);
}

TEST_CASE("expm1(float) is within its bound of the exact value on the reference table", "[expm1][float]") {
    const auto errors =
        cta_numerics::check_table<float>("expm1", "expm1_float.txt", [](float x) { return cta::expm1(x); });
    REQUIRE(errors.max_error <= expm1_float_bound);
}

TEST_CASE("tanh(double) is within its bound of the exact value on the reference table", "[tanh][double]") {
    const auto errors =
        cta_numerics::check_table<double>("tanh", "tanh_double.txt", [](double x) { return cta::tanh(x); });
    REQUIRE(errors.max_error <= tanh_double_bound);
}

TEST_CASE("tanh(float) is within its bound of the exact value on the reference table", "[tanh][float]") {
    const auto errors =
        cta_numerics::check_table<float>("tanh", "tanh_float.txt", [](float x) { return cta::tanh(x); });
    REQUIRE(errors.max_error <= tanh_float_bound);
}
