// SPDX-License-Identifier: BSL-1.0
// cta::log and cta::log1p against the correctly rounded values at every point of log_double.txt, log_float.txt,
// log1p_double.txt and log1p_float.txt (written by make_log_tables.py from 60-digit mpmath values): at most 1 ulp
// between bit patterns everywhere, and an error from the exact value below the bounds measured on these tables.
// Prints the figures (reference_table.hpp).
#include "../runtime/catch.hpp"

#include <cta/math/log.hpp>

#include "reference_table.hpp"

namespace {

// The largest errors from the exact value found on the tables, in ulps, rounded up to the next hundredth: a change
// of the algorithm that makes any larger fails.
constexpr double log_double_bound = 0.54;
constexpr double log_float_bound = 0.54;
constexpr double log1p_double_bound = 0.54;
constexpr double log1p_float_bound = 0.54;

}  // namespace

TEST_CASE("log(double) is within its bound of the exact value on the reference table", "[log][double]") {
    const auto errors =
        cta_numerics::check_table<double>("log", "log_double.txt", [](double x) { return cta::log(x); });
    REQUIRE(errors.max_error <= log_double_bound);
}

TEST_CASE("log(float) is within its bound of the exact value on the reference table", "[log][float]") {
    const auto errors = cta_numerics::check_table<float>("log", "log_float.txt", [](float x) { return cta::log(x); });
    REQUIRE(errors.max_error <= log_float_bound);
}

TEST_CASE("log1p(double) is within its bound of the exact value on the reference table", "[log1p][double]") {
    const auto errors =
        cta_numerics::check_table<double>("log1p", "log1p_double.txt", [](double x) { return cta::log1p(x); });
    REQUIRE(errors.max_error <= log1p_double_bound);
}

TEST_CASE("log1p(float) is within its bound of the exact value on the reference table", "[log1p][float]") {
    const auto errors =
        cta_numerics::check_table<float>("log1p", "log1p_float.txt", [](float x) { return cta::log1p(x); });
    REQUIRE(errors.max_error <= log1p_float_bound);
}
