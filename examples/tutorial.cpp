// SPDX-License-Identifier: BSL-1.0
// The seed tutorial, step by step: each section's numbers are computed by the compiler, proven with static_assert
// while this file compiles, and printed when it runs.
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;

// Every step of the seed, computed in one constant evaluation and stored.
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);

// The proof: the build fails if any of these numbers is wrong (tests/static/tutorial_proof.cpp has the rest).
static_assert(steps.keys == matrix<int, 3, 3>{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}});                    // section 5
static_assert(steps.values == matrix<int, 3, 3>{{{1, 2, 3}, {2, 8, 0}, {2, 6, 3}}});                  // section 6
static_assert(steps.queries == matrix<int, 3, 3>{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}});                 // section 6
static_assert(steps.scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});              // section 7
// What main() prints, to 4 decimals:
static_assert(cta::round_to(steps.weights, 4) ==                                                       // section 8
              matrix<double, 3, 3>{{{0.0634, 0.4683, 0.4683}, {0.0, 0.9820, 0.0180}, {0.0003, 0.8805, 0.1192}}});
static_assert(cta::round_to(cta::row(steps.weights, 0), 1) == matrix<double, 1, 3>{{{0.1, 0.5, 0.5}}});
static_assert(cta::round_to(steps.weighted_values[0], 4) ==                                            // section 9
              matrix<double, 3, 3>{{{0.0634, 0.1268, 0.1901}, {0.9366, 3.7465, 0.0}, {0.9366, 2.8099, 1.4049}}});
static_assert(cta::round_to(steps.outputs, 4) ==                                                       // sections 10, 11
              matrix<double, 3, 3>{{{1.9366, 6.6831, 1.5951}, {2.0, 7.9640, 0.0540}, {1.9997, 7.7599, 0.3584}}});
// With the seed's printed weights [0.0, 0.5, 0.5], output 1 is the seed's [2.0, 7.0, 1.5].
static_assert(matrix<double, 1, 3>{{{0.0, 0.5, 0.5}}} * steps.values == matrix<double, 1, 3>{{{2.0, 7.0, 1.5}}});

void section(const char* title) { std::cout << "\n== " << title << " ==\n"; }

}  // namespace

int main() {
    std::cout << "Self-attention, as the seed tutorial computes it: every number below was computed and checked by "
                 "the compiler.\n";
    section("3. Inputs: three tokens of four numbers (3 x 4)");
    std::cout << seed::inputs << '\n';

    section("4. Weights (each 4 x 3)");
    std::cout << "w_key:\n" << seed::w_key << "\nw_query:\n" << seed::w_query << "\nw_value:\n" << seed::w_value << '\n';

    section("5. Keys = inputs x w_key");
    std::cout << steps.keys << '\n';

    section("6. Values = inputs x w_value, queries = inputs x w_query");
    std::cout << "values:\n" << steps.values << "\nqueries:\n" << steps.queries << '\n';

    section("7. Attention scores = queries x keys^T (row i: query i against every key)");
    std::cout << steps.scores << '\n';

    section("8. Softmax of each row of scores");
    std::cout << cta::with_decimals(steps.weights, 4) << '\n'
              << "Query 1, rounded to one decimal: " << cta::with_decimals(cta::round_to(cta::row(steps.weights, 0), 1), 1)
              << "\n(the seed prints [0.0, 0.5, 0.5]; 0.0634 rounds to 0.1)\n";

    section("9. Weighted values of query 1: row j = weight(1, j) x value j");
    std::cout << cta::with_decimals(steps.weighted_values[0], 4) << '\n';

    section("10. Output 1 = the sum of its weighted values");
    std::cout << cta::with_decimals(cta::row(steps.outputs, 0), 4) << '\n'
              << "(with the seed's rounded weights [0.0, 0.5, 0.5]: "
              << cta::with_decimals(matrix<double, 1, 3>{{{0.0, 0.5, 0.5}}} * steps.values, 1) << ")\n";

    section("11. All outputs: the same steps for queries 2 and 3");
    std::cout << cta::with_decimals(steps.outputs, 4) << '\n';

    section("12. Summary");
    std::cout << "Each output row is a weighted average of the value rows; the weights are the softmax of how well the\n"
                 "token's query matches every key. Outputs keep the value size (3) and the token count (3).\n";
    return 0;
}
