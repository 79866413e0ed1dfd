// SPDX-License-Identifier: BSL-1.0
// cta::erf and cta::erfc against the correctly rounded values at every point of erf_double.txt, erf_float.txt,
// erfc_double.txt and erfc_float.txt (written by make_erf_tables.py from 60-digit mpmath values): at most 1 ulp
// between bit patterns everywhere, and an error from the exact value below the bounds measured on these tables.
// Prints the figures (reference_table.hpp).
#include "../runtime/catch.hpp"

#include <cta/math/erf.hpp>

#include "reference_table.hpp"

namespace {

// The largest errors from the exact value found on the tables, in ulps, rounded up to the next hundredth: a change
// of the algorithm that makes any larger fails. float (computed in double, rounded once) is correctly rounded at
// every point of its tables: an error of at most half an ulp, and the correctly rounded bits.
constexpr double erf_double_bound = 0.54;
constexpr double erf_float_bound = 0.5;
constexpr double erfc_double_bound = 0.53;
constexpr double erfc_float_bound = 0.5;

}  // namespace

TEST_CASE("erf(double) is within its bound of the exact value on the reference table", "[erf][double]") {
    const auto errors =
        cta_numerics::check_table<double>("erf", "erf_double.txt", [](double x) { return cta::erf(x); });
    REQUIRE(errors.max_error <= erf_double_bound);
}

TEST_CASE("erf(float) is within its bound of the exact value on the reference table", "[erf][float]") {
    const auto errors = cta_numerics::check_table<float>("erf", "erf_float.txt", [](float x) { return cta::erf(x); });
    REQUIRE(errors.max_error <= erf_float_bound);
    REQUIRE(errors.max_ulps == 0);
}

TEST_CASE("erfc(double) is within its bound of the exact value on the reference table", "[erfc][double]") {
    const auto errors =
        cta_numerics::check_table<double>("erfc", "erfc_double.txt", [](double x) { return cta::erfc(x); });
    REQUIRE(errors.max_error <= erfc_double_bound);
}

TEST_CASE("erfc(float) is within its bound of the exact value on the reference table", "[erfc][float]") {
    const auto errors =
        cta_numerics::check_table<float>("erfc", "erfc_float.txt", [](float x) { return cta::erfc(x); });
    REQUIRE(errors.max_error <= erfc_float_bound);
    REQUIRE(errors.max_ulps == 0);
}
