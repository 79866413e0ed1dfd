#include "catch.hpp"

#include <cta/cta.hpp>

#include "seed.hpp"

TEST_CASE("placeholder") { REQUIRE(cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value)(0, 0) > 1.9); }
