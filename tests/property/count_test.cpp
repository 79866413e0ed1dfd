// SPDX-License-Identifier: BSL-1.0
// How many cases the property tests run: the sums over shapes.hpp of the attention cases (each checked by every
// variant against the reference) and of the law cases. Each test checks that it ran all of its cases.
#include "catch.hpp"

#include <cstddef>
#include <iostream>

#include "shapes.hpp"

namespace {

#define CTA_PROPERTY_COUNT_SHAPES(nq, nkv, dq, dkv, dk, dv, cases) +1
#define CTA_PROPERTY_COUNT_CASES(nq, nkv, dq, dkv, dk, dv, cases) +(cases)
#define CTA_PROPERTY_COUNT_LAW_CASES(nq, nkv, dq, dkv, dk, dv, cases) +(cases) / 5

constexpr std::size_t shapes = 0 CTA_PROPERTY_SHAPES(CTA_PROPERTY_COUNT_SHAPES);
constexpr std::size_t attention_cases = 0 CTA_PROPERTY_SHAPES(CTA_PROPERTY_COUNT_CASES);
constexpr std::size_t law_cases = 0 CTA_PROPERTY_SHAPES(CTA_PROPERTY_COUNT_LAW_CASES);

}  // namespace

TEST_CASE("the property tests run at least 10,000 random cases of attention against the reference", "[property]") {
    STATIC_REQUIRE(attention_cases >= 10000);
    std::cout << "property: " << shapes << " shapes, " << attention_cases << " attention cases, " << law_cases
              << " law cases\n";
}
