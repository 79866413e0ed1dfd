// SPDX-License-Identifier: BSL-1.0
// Self-attention for beginners, as a typed tutorial: the beginners' tutorial this library follows, section by
// section, computed and checked while this file compiles, and printed when it runs. docs/tutorial.md (English) and
// docs/tutorial.zh.md (Chinese) show the regions of this file marked `// [tutorial:NAME]` ... `// [/tutorial:NAME]`.
// CTest `docs.snippets` fails when a block of the docs differs from its region here, and `docs.numbers` when the
// text of the docs shows a number that no static_assert below contains (cmake/cta_check_snippets.cmake).
// [tutorial:includes]
#include <cstddef>
#include <iomanip>
#include <iostream>
#include <type_traits>

#include <cta/cta.hpp>  // the matrix, its operations, softmax and attention: all constexpr
#include <cta/io.hpp>   // printing, for main() only
// [/tutorial:includes]

#include "seed.hpp"

namespace {

// [tutorial:using]
// The library's names begin with cta:: (its namespace); this line lets the program write matrix for cta::matrix.
using cta::matrix;
// [/tutorial:using]

// ---- Section 2: definition ------------------------------------------------------------------------------------------
// [tutorial:token]
// A token embedding: one word written as numbers. Here a word is a row of 4 numbers, and the 1 and
// the 4 are part of the type.
using token = matrix<int, 1, 4>;
static_assert(token::rows == 1 && token::cols == 4);
// [/tutorial:token]

// ---- Section 3: the inputs ------------------------------------------------------------------------------------------
// [tutorial:inputs]
// Three words of 4 numbers each: one word per row, so 3 rows and 4 columns.
constexpr matrix<int, 3, 4> inputs{{
    {1, 0, 1, 0},  // Input 1
    {0, 2, 0, 2},  // Input 2
    {1, 1, 1, 1},  // Input 3
}};
static_assert(inputs.rows == 3 && inputs.cols == 4);

// C++ counts from 0: Input 1 is row 0. Each row is a token.
static_assert(cta::row(inputs, 0) == token{{{1, 0, 1, 0}}});
static_assert(cta::row(inputs, 1) == token{{{0, 2, 0, 2}}});
static_assert(cta::row(inputs, 2) == token{{{1, 1, 1, 1}}});
// [/tutorial:inputs]

// ---- Section 4: the weights -----------------------------------------------------------------------------------------
// [tutorial:weights]
// Each weight matrix turns a token of 4 numbers into 3 numbers: 4 rows by 3 columns.
constexpr matrix<int, 4, 3> w_key{{
    {0, 0, 1},
    {1, 1, 0},
    {0, 1, 0},
    {1, 1, 0},
}};
constexpr matrix<int, 4, 3> w_query{{
    {1, 0, 1},
    {1, 0, 0},
    {0, 0, 1},
    {0, 1, 1},
}};
constexpr matrix<int, 4, 3> w_value{{
    {0, 2, 0},
    {0, 3, 0},
    {1, 0, 3},
    {1, 1, 0},
}};
// [/tutorial:weights]

// [tutorial:weight_shapes]
// (1 x 4) times (4 x 3) is (1 x 3): the inner sizes, 4 and 4, must be equal, or the
// product does not compile. The compiler works the shape out before any number is computed.
static_assert(std::is_same_v<decltype(token{} * w_key), matrix<int, 1, 3>>);
static_assert(std::is_same_v<decltype(inputs * w_key), matrix<int, 3, 3>>);
// [/tutorial:weight_shapes]

// The same data as examples/seed.hpp, which the other examples and the tests use.
static_assert(inputs == seed::inputs && w_key == seed::w_key && w_query == seed::w_query && w_value == seed::w_value);

// ---- Section 5: the keys --------------------------------------------------------------------------------------------
// [tutorial:key_1]
// One token at a time: Input 1 (1 x 4) times w_key (4 x 3) is key 1 (1 x 3).
constexpr auto key_1 = cta::row(inputs, 0) * w_key;
static_assert(std::is_same_v<decltype(key_1), const matrix<int, 1, 3>>);
static_assert(key_1 == matrix<int, 1, 3>{{{0, 1, 1}}});

// The same weights for Input 2 and Input 3.
static_assert(cta::row(inputs, 1) * w_key == matrix<int, 1, 3>{{{4, 4, 0}}});
static_assert(cta::row(inputs, 2) * w_key == matrix<int, 1, 3>{{{2, 3, 1}}});
// [/tutorial:key_1]

// [tutorial:keys]
// All three at once: (3 x 4) times (4 x 3) is (3 x 3), one key per row.
constexpr auto keys = inputs * w_key;
static_assert(keys == matrix<int, 3, 3>{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}});
// [/tutorial:keys]

// ---- Section 6: the values and the queries --------------------------------------------------------------------------
// [tutorial:values]
constexpr auto values = inputs * w_value;
static_assert(values == matrix<int, 3, 3>{{{1, 2, 3}, {2, 8, 0}, {2, 6, 3}}});
// [/tutorial:values]

// [tutorial:queries]
constexpr auto queries = inputs * w_query;
static_assert(queries == matrix<int, 3, 3>{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}});
// [/tutorial:queries]

// ---- Section 7: the attention scores of query 1 ---------------------------------------------------------------------
// [tutorial:scores_1]
// Query 1 against every key: one dot product per key. The keys are turned on their side
// (transposed) so that key j becomes column j, and one product computes all three.
constexpr auto query_1 = cta::row(queries, 0);
static_assert(query_1 == matrix<int, 1, 3>{{{1, 0, 2}}});
static_assert(cta::transpose(keys) == matrix<int, 3, 3>{{{0, 4, 2}, {1, 4, 3}, {1, 0, 1}}});

constexpr auto scores_1 = query_1 * cta::transpose(keys);  // (1 x 3) times (3 x 3) is (1 x 3)
static_assert(scores_1 == matrix<int, 1, 3>{{{2, 4, 4}}});
// [/tutorial:scores_1]

// ---- Section 8: softmax ---------------------------------------------------------------------------------------------
// [tutorial:softmax_1]
// Softmax turns the scores into weights: positive, adding up to 1, the largest score
// getting the largest weight. Integer scores in, double weights out.
constexpr auto weights_1 = cta::softmax(scores_1);
static_assert(std::is_same_v<decltype(weights_1), const matrix<double, 1, 3>>);

// To 4 decimals, and against the 50-digit reference:
static_assert(cta::round_to(weights_1, 4) == matrix<double, 1, 3>{{{0.0634, 0.4683, 0.4683}}});
static_assert(cta::approx_equal(weights_1,
                                matrix<double, 1, 3>{{{0.063378938333037618189,
                                                       0.46831053083348119091,
                                                       0.46831053083348119091}}},
                                1e-13));
// [/tutorial:softmax_1]

// [tutorial:softmax_by_hand]
// By hand: e to the power of each score, divided by their sum.
constexpr double e2 = cta::exp(2.0);
constexpr double e4 = cta::exp(4.0);
constexpr double sum = e2 + e4 + e4;
static_assert(cta::round_to(matrix<double, 1, 3>{{{e2, e4, sum}}}, 3) ==
              matrix<double, 1, 3>{{{7.389, 54.598, 116.585}}});
static_assert(cta::approx_equal(weights_1, matrix<double, 1, 3>{{{e2 / sum, e4 / sum, e4 / sum}}}, 1e-16));
// [/tutorial:softmax_by_hand]

// [tutorial:softmax_erratum]
// The original prints softmax([2, 4, 4]) as [0.0, 0.5, 0.5], "rounded to one decimal". Each of
// those is within 0.07 of the true weight, but rounding 0.0634 to one decimal gives 0.1:
constexpr matrix<double, 1, 3> printed_weights_1{{{0.0, 0.5, 0.5}}};
static_assert(cta::approx_equal(weights_1, printed_weights_1, 0.07));
static_assert(cta::round_to(weights_1, 1) == matrix<double, 1, 3>{{{0.1, 0.5, 0.5}}});
static_assert(cta::round_to(weights_1, 1) != matrix<double, 1, 3>{{{0.0, 0.5, 0.5}}});
// [/tutorial:softmax_erratum]

// ---- Section 9: the weighted values ---------------------------------------------------------------------------------
// [tutorial:weighted_values_1]
// Value j times weight j: a number times a row. (A double times an int row is a double row.)
constexpr auto weighted_1 = weights_1(0, 0) * cta::row(values, 0);
constexpr auto weighted_2 = weights_1(0, 1) * cta::row(values, 1);
constexpr auto weighted_3 = weights_1(0, 2) * cta::row(values, 2);
static_assert(std::is_same_v<decltype(weighted_1), const matrix<double, 1, 3>>);

static_assert(cta::round_to(weighted_1, 4) == matrix<double, 1, 3>{{{0.0634, 0.1268, 0.1901}}});
static_assert(cta::round_to(weighted_2, 4) == matrix<double, 1, 3>{{{0.9366, 3.7465, 0.0}}});
static_assert(cta::round_to(weighted_3, 4) == matrix<double, 1, 3>{{{0.9366, 2.8099, 1.4049}}});
// [/tutorial:weighted_values_1]

// [tutorial:weighted_values_erratum]
// What the original computes, with its printed weights [0.0, 0.5, 0.5]:
static_assert(printed_weights_1(0, 0) * cta::row(values, 0) == matrix<double, 1, 3>{{{0.0, 0.0, 0.0}}});
static_assert(printed_weights_1(0, 1) * cta::row(values, 1) == matrix<double, 1, 3>{{{1.0, 4.0, 0.0}}});
static_assert(printed_weights_1(0, 2) * cta::row(values, 2) == matrix<double, 1, 3>{{{1.0, 3.0, 1.5}}});
// [/tutorial:weighted_values_erratum]

// ---- Section 10: output 1 -------------------------------------------------------------------------------------------
// [tutorial:output_1]
// Output 1 is the sum of the three weighted values, element by element.
constexpr auto output_1 = weighted_1 + weighted_2 + weighted_3;
static_assert(cta::round_to(output_1, 4) == matrix<double, 1, 3>{{{1.9366, 6.6831, 1.5951}}});
static_assert(cta::approx_equal(output_1,
                                matrix<double, 1, 3>{{{1.9366210616669623818,
                                                       6.6831053083348119091,
                                                       1.5950684074995564273}}},
                                1e-13));

// Weighting and summing is what a product does: (1 x 3) weights times (3 x 3) values,
// with the same operations in the same order, so the same bits.
static_assert(cta::identical(output_1, weights_1 * values));
// [/tutorial:output_1]

// [tutorial:rounded_sum]
// Adding the rows rounded to 4 decimals is off by one in the last digit of two columns:
// round at the end, not on the way.
constexpr auto sum_of_rounded =
    cta::round_to(weighted_1, 4) + cta::round_to(weighted_2, 4) + cta::round_to(weighted_3, 4);
static_assert(cta::round_to(sum_of_rounded, 4) == matrix<double, 1, 3>{{{1.9366, 6.6832, 1.5950}}});
// [/tutorial:rounded_sum]

// [tutorial:output_erratum]
// The original's output 1 comes from its printed weights; the true weights give another one.
static_assert(printed_weights_1 * values == matrix<double, 1, 3>{{{2.0, 7.0, 1.5}}});
static_assert(cta::round_to(output_1, 1) == matrix<double, 1, 3>{{{1.9, 6.7, 1.6}}});
// [/tutorial:output_erratum]

// ---- Section 11: the other inputs -----------------------------------------------------------------------------------
// [tutorial:steps_7_to_10]
// Steps 7 to 10 for query i. The weights, keys, values and queries (steps 4 to 6) are made
// once, for all the tokens, and are not repeated.
constexpr matrix<double, 1, 3> output_of(std::size_t i) {
    const auto scores_i = cta::row(queries, i) * cta::transpose(keys);  // step 7
    const auto weights_i = cta::softmax(scores_i);                       // step 8
    matrix<double, 1, 3> output_i{};
    for (std::size_t j = 0; j < 3; ++j) {
        output_i = output_i + weights_i(0, j) * cta::row(values, j);     // steps 9 and 10
    }
    return output_i;
}
constexpr auto output_2 = output_of(1);  // query 2 is row 1
constexpr auto output_3 = output_of(2);
static_assert(cta::identical(output_of(0), output_1));
static_assert(cta::round_to(output_2, 4) == matrix<double, 1, 3>{{{2.0, 7.9640, 0.0540}}});
static_assert(cta::round_to(output_3, 4) == matrix<double, 1, 3>{{{1.9997, 7.7599, 0.3584}}});
// [/tutorial:steps_7_to_10]

// [tutorial:all_queries]
// Every query at once: row i of each matrix belongs to query i.
constexpr auto scores = queries * cta::transpose(keys);  // (3 x 3) times (3 x 3)
constexpr auto weights = cta::softmax(scores);           // softmax of each row
constexpr auto outputs = weights * values;               // (3 x 3) times (3 x 3)

static_assert(scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});
static_assert(cta::round_to(weights, 4) == matrix<double, 3, 3>{{{0.0634, 0.4683, 0.4683},
                                                                  {0.0000, 0.9820, 0.0180},
                                                                  {0.0003, 0.8805, 0.1192}}});
static_assert(cta::round_to(outputs, 4) == matrix<double, 3, 3>{{{1.9366, 6.6831, 1.5951},
                                                                  {2.0000, 7.9640, 0.0540},
                                                                  {1.9997, 7.7599, 0.3584}}});

// The same numbers as computed query by query, bit for bit.
static_assert(cta::identical(cta::row(outputs, 0), output_1));
static_assert(cta::identical(cta::row(outputs, 1), output_2));
static_assert(cta::identical(cta::row(outputs, 2), output_3));
// [/tutorial:all_queries]

// Every output against the 50-digit reference (docs/numerics.md: within 1e-13 everywhere).
constexpr matrix<double, 3, 3> reference_outputs{{
    {1.9366210616669623818, 6.6831053083348119091, 1.5950684074995564273},
    {1.9999939663351454417, 7.9639915951322153639, 0.053976405312549604155},
    {1.9997046127769654354, 7.7598922546577849389, 0.35838929467511520436},
}};
static_assert(cta::approx_equal(outputs, reference_outputs, 1e-13));

// [tutorial:value_size]
// Query and key must have the same length: a score is their dot product. The value may have
// another length, and each output has the value's length. Values of 2 numbers per token:
constexpr matrix<int, 4, 2> w_value_2{{
    {1, 0},
    {0, 1},
    {1, 1},
    {0, 0},
}};
constexpr auto outputs_2 = cta::self_attention(inputs, w_query, w_key, w_value_2);
static_assert(std::is_same_v<decltype(outputs_2), const matrix<double, 3, 2>>);
static_assert(cta::identical(outputs_2, weights * (inputs * w_value_2)));  // the same weights
// [/tutorial:value_size]

// ---- Section 12: summary --------------------------------------------------------------------------------------------
// [tutorial:one_call]
// Sections 5 to 11 in one call, and every step kept in a record:
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);
static_assert(steps.keys == keys && steps.values == values && steps.queries == queries);
static_assert(steps.scores == scores);
static_assert(cta::identical(steps.weights, weights));
static_assert(cta::identical(steps.outputs, outputs));

// Only the outputs: three tokens in, three new rows out, each as long as a value.
constexpr auto result = cta::self_attention(inputs, w_query, w_key, w_value);
static_assert(std::is_same_v<decltype(result), const matrix<double, 3, 3>>);
static_assert(cta::identical(result, outputs));
// [/tutorial:one_call]

// [tutorial:scaled]
// The Transformer's scaled dot-product attention divides the scores by the square root of
// the key length, here sqrt(3), before softmax:
constexpr auto scaled_outputs = cta::self_attention(inputs, w_query, w_key, w_value, cta::scaled);
static_assert(cta::identical(scaled_outputs, cta::softmax(scores / cta::sqrt(3.0)) * values));
// [/tutorial:scaled]

// [tutorial:causal]
// A mask removes entries before softmax. cta::causal lets token i attend to tokens 0 to i only, as a
// decoder that may not look ahead: every weight above the diagonal is exactly 0.
constexpr auto causal = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::causal);
static_assert(cta::round_to(causal.weights, 4) ==
              matrix<double, 3, 3>{{{1, 0, 0}, {0, 1, 0}, {0.0003, 0.8805, 0.1192}}});
static_assert(causal.weights(0, 1) == 0.0 && causal.weights(0, 2) == 0.0 && causal.weights(1, 2) == 0.0);
// [/tutorial:causal]

// [tutorial:cross]
// Cross-attention: the queries come from other tokens than the keys and the values. Two new
// tokens ask, the three inputs answer: the weights are 2 x 3, the outputs 2 x 3.
constexpr matrix<int, 2, 4> askers{{{1, 0, 0, 0}, {0, 1, 0, 0}}};
constexpr auto cross = cta::cross_attention_steps(askers, inputs, w_query, w_key, w_value);
static_assert(cross.queries == matrix<int, 2, 3>{{{1, 0, 1}, {1, 0, 0}}});
static_assert(cross.scores == matrix<int, 2, 3>{{{1, 4, 3}, {0, 4, 2}}});
static_assert(cta::round_to(cross.weights, 4) ==
              matrix<double, 2, 3>{{{0.0351, 0.7054, 0.2595}, {0.0159, 0.8668, 0.1173}}});
static_assert(cta::round_to(cross.outputs, 4) ==
              matrix<double, 2, 3>{{{1.9649, 7.2703, 0.8838}, {1.9841, 7.6701, 0.3996}}});
// [/tutorial:cross]

void section(const char* title) { std::cout << "\n== " << title << " ==\n"; }

}  // namespace

int main() {
    std::cout << "Self-attention, typed: every number below was computed and checked by the compiler.\n";

    section("3. Inputs: a matrix<int, 3, 4>, one token per row");
    for (std::size_t i = 0; i < 3; ++i) std::cout << "Input " << i + 1 << ": " << cta::row(inputs, i) << '\n';

    section("4. Weights: three matrix<int, 4, 3>");
    std::cout << "w_key:\n" << w_key << "\nw_query:\n" << w_query << "\nw_value:\n" << w_value << '\n';

    section("5. Keys = inputs x w_key");
    for (std::size_t i = 0; i < 3; ++i)
        std::cout << "Input " << i + 1 << " x w_key = " << cta::row(inputs, i) * w_key << '\n';
    std::cout << "keys:\n" << keys << '\n';

    section("6. Values = inputs x w_value, queries = inputs x w_query");
    std::cout << "values:\n" << values << "\nqueries:\n" << queries << '\n';

    section("7. Scores of query 1 = query 1 x keys^T");
    std::cout << query_1 << " x keys^T = " << scores_1 << '\n';

    section("8. Softmax");
    std::cout << "softmax(" << scores_1 << ") = " << cta::with_decimals(weights_1, 4) << '\n'
              << "rounded to one decimal: " << cta::with_decimals(cta::round_to(weights_1, 1), 1)
              << " (the original prints " << cta::with_decimals(printed_weights_1, 1) << ")\n";

    section("9. Weighted values of query 1");
    const matrix<double, 1, 3> weighted[] = {weighted_1, weighted_2, weighted_3};
    for (std::size_t j = 0; j < 3; ++j) {
        std::cout << j + 1 << ": " << std::fixed << std::setprecision(4) << weights_1(0, j) << std::defaultfloat
                  << " x " << cta::row(values, j) << " = " << cta::with_decimals(weighted[j], 4) << '\n';
    }

    section("10. Output 1 = the sum of the weighted values");
    std::cout << cta::with_decimals(output_1, 4) << "\n(with the original's printed weights "
              << cta::with_decimals(printed_weights_1, 1) << ": " << cta::with_decimals(printed_weights_1 * values, 1)
              << ")\n";

    section("11. Every query: scores, weights, outputs");
    std::cout << "scores:\n" << scores << "\nweights:\n" << cta::with_decimals(weights, 4) << "\noutputs:\n"
              << cta::with_decimals(outputs, 4) << '\n';

    section("12. Summary");
    std::cout << "cta::self_attention(inputs, w_query, w_key, w_value):\n" << cta::with_decimals(result, 4) << '\n';

    // The same call made while the program runs, from a copy of the inputs that is not constexpr: the library's
    // run-time code computes it, and it gives the compiler's numbers bit for bit.
    auto run_time_inputs = inputs;
    const auto run_time_result = cta::self_attention(run_time_inputs, w_query, w_key, w_value);
    const bool same_bits = cta::identical(run_time_result, result);
    std::cout << "computed again at run time: " << (same_bits ? "the same bits" : "different bits") << '\n';
    return same_bits ? 0 : 1;
}
