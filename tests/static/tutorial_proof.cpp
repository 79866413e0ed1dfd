// SPDX-License-Identifier: BSL-1.0
// The seed tutorial, proven while this file compiles: every number it prints and every value of the independent
// 50-digit reference (shared/reference/tutorial-values.md), section by section. Nothing here runs; a wrong number
// is a build error.
#include <cstddef>
#include <type_traits>

#include <cta/cta.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;
using cta::row;
using seed::inputs;
using seed::w_key;
using seed::w_query;
using seed::w_value;

// All steps, computed once and stored: each static_assert below reads the stored values.
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);


// ---- Section 3: inputs, and section 4: weights, with the shapes the seed states --------------------------------
static_assert(decltype(inputs)::rows == 3 && decltype(inputs)::cols == 4);  // three tokens of four numbers
static_assert(std::is_same_v<decltype(w_key), const matrix<int, 4, 3>>);    // each weight is 4 x 3
static_assert(std::is_same_v<decltype(w_query), const matrix<int, 4, 3>>);
static_assert(std::is_same_v<decltype(w_value), const matrix<int, 4, 3>>);
static_assert(row(inputs, 0) == matrix<int, 1, 4>{{{1, 0, 1, 0}}});
static_assert(row(inputs, 1) == matrix<int, 1, 4>{{{0, 2, 0, 2}}});
static_assert(row(inputs, 2) == matrix<int, 1, 4>{{{1, 1, 1, 1}}});

// ---- Section 5: keys, one input at a time and all at once (exact integers) --------------------------------------
static_assert(row(inputs, 0) * w_key == matrix<int, 1, 3>{{{0, 1, 1}}});
static_assert(row(inputs, 1) * w_key == matrix<int, 1, 3>{{{4, 4, 0}}});
static_assert(row(inputs, 2) * w_key == matrix<int, 1, 3>{{{2, 3, 1}}});
static_assert(std::is_same_v<decltype(steps.keys), matrix<int, 3, 3>>);
static_assert(steps.keys == matrix<int, 3, 3>{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}});
static_assert(steps.keys == cta::matmul(inputs, w_key));

// ---- Section 6: values and queries (exact integers) -------------------------------------------------------------
static_assert(steps.values == matrix<int, 3, 3>{{{1, 2, 3}, {2, 8, 0}, {2, 6, 3}}});
static_assert(steps.queries == matrix<int, 3, 3>{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}});
static_assert(steps.values == inputs * w_value && steps.queries == inputs * w_query);

// ---- Section 7: attention scores: query 1 against every key, [1, 0, 2] x keys^T = [2, 4, 4]; all three rows ----
static_assert(matrix<int, 1, 3>{{{1, 0, 2}}} * cta::transpose(steps.keys) == matrix<int, 1, 3>{{{2, 4, 4}}});
static_assert(cta::transpose(steps.keys) == matrix<int, 3, 3>{{{0, 4, 2}, {1, 4, 3}, {1, 0, 1}}});  // as printed
static_assert(steps.scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});

// ---- Section 8: softmax ------------------------------------------------------------------------------------------
// The exact weights (50-digit reference), to 1e-13.
constexpr matrix<double, 3, 3> reference_weights{{
    {0.063378938333037618189, 0.46831053083348119091, 0.46831053083348119091},
    {6.0336648545583371964e-6, 0.98200786489581679861, 0.017986101439328643048},
    {0.00029538722303456455904, 0.88053690177496159855, 0.11916771100200383689},
}};
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 3, 3>>);
static_assert(cta::approx_equal(steps.weights, reference_weights, 1e-13));
// Each row sums to 1 within n * epsilon.
constexpr bool rows_sum_to_one() {
    for (std::size_t i = 0; i < 3; ++i) {
        double sum = 0;
        for (std::size_t j = 0; j < 3; ++j) sum += steps.weights(i, j);
        if (cta::abs(sum - 1.0) > 3 * 2.220446049250313e-16) return false;
    }
    return true;
}
static_assert(rows_sum_to_one());
// The seed prints softmax([2, 4, 4]) = [0.0, 0.5, 0.5], "rounded to one decimal". That is an approximation (every
// weight within 0.07) but not the rounding: 0.0634 rounds to 0.1, so the true one-decimal row is [0.1, 0.5, 0.5].
constexpr matrix<double, 1, 3> seed_printed_weights{{{0.0, 0.5, 0.5}}};
static_assert(cta::approx_equal(row(steps.weights, 0), seed_printed_weights, 0.07));
static_assert(!cta::approx_equal(row(steps.weights, 0), seed_printed_weights, 0.06));
static_assert(cta::round_to(row(steps.weights, 0), 1) == matrix<double, 1, 3>{{{0.1, 0.5, 0.5}}});
static_assert(cta::round_to(row(steps.weights, 0), 1) != seed_printed_weights);

// ---- Section 9: weighted values for query 1 --------------------------------------------------------------------
// With the seed's printed weights [0.0, 0.5, 0.5], exactly as the seed prints them:
//   0.0 * [1, 2, 3] = [0.0, 0.0, 0.0];  0.5 * [2, 8, 0] = [1.0, 4.0, 0.0];  0.5 * [2, 6, 3] = [1.0, 3.0, 1.5]
static_assert(0.0 * row(steps.values, 0) == matrix<double, 1, 3>{{{0.0, 0.0, 0.0}}});
static_assert(0.5 * row(steps.values, 1) == matrix<double, 1, 3>{{{1.0, 4.0, 0.0}}});
static_assert(0.5 * row(steps.values, 2) == matrix<double, 1, 3>{{{1.0, 3.0, 1.5}}});
// With the exact weights (reference), row j = weights(0, j) * values row j:
constexpr matrix<double, 3, 3> reference_weighted_values_1{{
    {0.063378938333037618189, 0.12675787666607523638, 0.19013681499911285457},
    {0.93662106166696238181, 3.7464842466678495272, 0.0},
    {0.93662106166696238181, 2.8098631850008871454, 1.4049315925004435727},
}};
static_assert(cta::approx_equal(steps.weighted_values[0], reference_weighted_values_1, 1e-13));
// Every query's weighted values are its weights times the value rows, exactly.
constexpr bool weighted_values_are_weights_times_values() {
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t c = 0; c < 3; ++c)
                if (steps.weighted_values[i](j, c) != steps.weights(i, j) * steps.values(j, c)) return false;
    return true;
}
static_assert(weighted_values_are_weights_times_values());

// ---- Section 10: output 1 = the sum of the weighted values ------------------------------------------------------
// From the seed's printed weights: [0.0, 0.0, 0.0] + [1.0, 4.0, 0.0] + [1.0, 3.0, 1.5] = [2.0, 7.0, 1.5].
static_assert(seed_printed_weights * steps.values == matrix<double, 1, 3>{{{2.0, 7.0, 1.5}}});
static_assert(matrix<double, 1, 3>{{{0.0, 0.0, 0.0}}} + matrix<double, 1, 3>{{{1.0, 4.0, 0.0}}} +
                  matrix<double, 1, 3>{{{1.0, 3.0, 1.5}}} ==
              matrix<double, 1, 3>{{{2.0, 7.0, 1.5}}});
// The outputs are the sums of each query's weighted values, bit for bit (same additions in the same order).
constexpr bool outputs_are_sums_of_weighted_values() {
    for (std::size_t i = 0; i < 3; ++i) {
        matrix<double, 1, 3> sum{};
        for (std::size_t j = 0; j < 3; ++j) sum = sum + row(steps.weighted_values[i], j);
        if (!cta::identical(sum, row(steps.outputs, i))) return false;
    }
    return true;
}
static_assert(outputs_are_sums_of_weighted_values());

// ---- Sections 10 and 11: every output, against the 50-digit reference --------------------------------------------
constexpr matrix<double, 3, 3> reference_outputs{{
    {1.9366210616669623818, 6.6831053083348119091, 1.5950684074995564273},
    {1.9999939663351454417, 7.9639915951322153639, 0.053976405312549604155},
    {1.9997046127769654354, 7.7598922546577849389, 0.35838929467511520436},
}};
static_assert(std::is_same_v<decltype(steps.outputs), matrix<double, 3, 3>>);
static_assert(cta::approx_equal(steps.outputs, reference_outputs, 1e-13));
static_assert(cta::approx_equal(steps.outputs, steps.weights * steps.values, 0.0));
// self_attention gives the same outputs as the record, bit for bit.
constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);
static_assert(cta::identical(outputs, steps.outputs));

// ---- Section 11's note: d_v may differ from d_k, and the output takes d_v ------------------------------------------
constexpr matrix<int, 4, 2> w_value_2{{{1, 0}, {0, 1}, {1, 1}, {0, 0}}};
constexpr auto narrow = cta::self_attention_steps(inputs, w_query, w_key, w_value_2);
static_assert(std::is_same_v<decltype(narrow.outputs), matrix<double, 3, 2>>);
static_assert(narrow.values == matrix<int, 3, 2>{{{2, 1}, {0, 2}, {2, 2}}});
static_assert(narrow.weights == steps.weights);  // the weights do not depend on the values
static_assert(cta::identical(narrow.outputs, steps.weights * narrow.values));

// ---- float all the way: the same pipeline in single precision -------------------------------------------------------
// Outputs reach 8, where one float ulp is 4.8e-7: within 1e-6 is about two ulps (measured: 4.3e-7 at most).
constexpr auto outputs_f = cta::self_attention<float>(inputs, w_query, w_key, w_value);
static_assert(std::is_same_v<decltype(outputs_f), const matrix<float, 3, 3>>);
static_assert(cta::approx_equal(outputs_f, reference_outputs, 1e-6));
static_assert(!cta::approx_equal(outputs_f, reference_outputs, 1e-8));  // and it is float, not double

}  // namespace
