// SPDX-License-Identifier: BSL-1.0
// cta::exp against the correctly rounded exp at every point of exp_double.txt and exp_float.txt (written by
// make_exp_tables.py from 60-digit mpmath values): at most 1 ulp everywhere. Prints the maximum error, how many
// points are not correctly rounded, and the worst argument (reference_table.hpp).
#include "../runtime/catch.hpp"

#include <cta/math.hpp>

#include "reference_table.hpp"

TEST_CASE("exp(double) is within 1 ulp of the correctly rounded value on the reference table", "[exp][double]") {
    cta_numerics::check_table<double>("exp", "exp_double.txt", [](double x) { return cta::exp(x); });
}

TEST_CASE("exp(float) is within 1 ulp of the correctly rounded value on the reference table", "[exp][float]") {
    cta_numerics::check_table<float>("exp", "exp_float.txt", [](float x) { return cta::exp(x); });
}
