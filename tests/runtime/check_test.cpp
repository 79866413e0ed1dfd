// SPDX-License-Identifier: BSL-1.0
// The whole-matrix checks (<cta/check.hpp>) take any constant expressions: constexpr variables local to a function
// (here a TEST_CASE), and arguments with commas of their own (a matrix type written out), without parentheses.
// Their failures are the compile-fail pairs expect_*_where, expect_*_inline and expect_*_arguments.
#include "catch.hpp"

#include <limits>

#include <cta/check.hpp>
#include <cta/operations.hpp>

namespace {

constexpr cta::matrix<int, 2, 2> square{{{1, 2}, {3, 4}}};

// At namespace scope, with the expected matrix written out.
static_assert(CTA_EXPECT_EQUAL(square, cta::matrix<int, 2, 2>{{{1, 2}, {3, 4}}}));
static_assert(CTA_EXPECT_EQUAL(cta::matrix<int, 2, 2>{{{1, 2}, {3, 4}}}, square));
static_assert(CTA_EXPECT_NEAR(cta::matrix<double, 1, 2>{{{0.5, 1.0}}}, cta::matrix<double, 1, 2>{{{0.5, 1.0 + 1e-12}}},
                              1e-9));

}  // namespace

TEST_CASE("CTA_EXPECT_EQUAL and CTA_EXPECT_NEAR read constexpr variables of the function", "[check]") {
    constexpr cta::matrix<int, 2, 2> m{{{1, 2}, {3, 4}}};
    constexpr auto product = m * m;
    constexpr cta::matrix<int, 2, 2> expected{{{7, 10}, {15, 22}}};
    STATIC_REQUIRE(CTA_EXPECT_EQUAL(product, expected));
    STATIC_REQUIRE(CTA_EXPECT_EQUAL(m * m, expected));
    STATIC_REQUIRE(CTA_EXPECT_EQUAL(m, square));

    constexpr cta::matrix<double, 1, 3> weights{{{0.25, 0.5, 0.25}}};
    constexpr cta::matrix<double, 1, 3> reference{{{0.25, 0.5 + 1e-15, 0.25}}};
    constexpr double tolerance = 1e-12;
    STATIC_REQUIRE(CTA_EXPECT_NEAR(weights, reference, tolerance));
    STATIC_REQUIRE(CTA_EXPECT_NEAR(weights, reference, std::numeric_limits<double>::infinity()));
}

TEST_CASE("CTA_EXPECT_EQUAL and CTA_EXPECT_NEAR take arguments with commas", "[check]") {
    constexpr cta::matrix<int, 2, 2> m{{{1, 2}, {3, 4}}};
    STATIC_REQUIRE(CTA_EXPECT_EQUAL(m * m, cta::matrix<int, 2, 2>{{{7, 10}, {15, 22}}}));
    STATIC_REQUIRE(CTA_EXPECT_EQUAL(cta::transpose(m), cta::matrix<int, 2, 2>{{{1, 3}, {2, 4}}}));
    // Integers against doubles, within a tolerance.
    STATIC_REQUIRE(CTA_EXPECT_NEAR(m, cta::matrix<double, 2, 2>{{{1.0, 2.0}, {3.0, 4.0 - 1e-13}}}, 1e-12));
}
