// SPDX-License-Identifier: BSL-1.0
// The seed tutorial's self-attention computed at run time: every step is bit for bit the result computed at compile
// time from the same inputs, in double and in float, and the outputs match the independent 50-digit reference
// (shared/reference/tutorial-values.md).
#include "catch.hpp"

#include <cstddef>
#include <type_traits>

#include <cta/cta.hpp>

#include "at_run_time.hpp"
#include "seed.hpp"

namespace {

using cta::matrix;
using test::at_run_time;

// Computed by the compiler.
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto steps_f = cta::self_attention_steps<float>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto outputs = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto outputs_f = cta::self_attention<float>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);

// The 50-digit reference values, rounded to 20 significant digits.
constexpr matrix<double, 3, 3> reference_weights{{
    {0.063378938333037618189, 0.46831053083348119091, 0.46831053083348119091},
    {6.0336648545583371964e-6, 0.98200786489581679861, 0.017986101439328643048},
    {0.00029538722303456455904, 0.88053690177496159855, 0.11916771100200383689},
}};
constexpr matrix<double, 3, 3> reference_weighted_values_1{{
    {0.063378938333037618189, 0.12675787666607523638, 0.19013681499911285457},
    {0.93662106166696238181, 3.7464842466678495272, 0.0},
    {0.93662106166696238181, 2.8098631850008871454, 1.4049315925004435727},
}};
constexpr matrix<double, 3, 3> reference_outputs{{
    {1.9366210616669623818, 6.6831053083348119091, 1.5950684074995564273},
    {1.9999939663351454417, 7.9639915951322153639, 0.053976405312549604155},
    {1.9997046127769654354, 7.7598922546577849389, 0.35838929467511520436},
}};

// The seed's exact integer steps (sections 5 to 7).
constexpr matrix<int, 3, 3> seed_queries{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}};
constexpr matrix<int, 3, 3> seed_keys{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}};
constexpr matrix<int, 3, 3> seed_values{{{1, 2, 3}, {2, 8, 0}, {2, 6, 3}}};
constexpr matrix<int, 3, 3> seed_scores{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}};

// Every step of `run` has the bits of the same step of `compiled`.
template <class Steps>
void check_identical_steps(const Steps& run, const Steps& compiled) {
    CHECK(cta::identical(run.queries, compiled.queries));
    CHECK(cta::identical(run.keys, compiled.keys));
    CHECK(cta::identical(run.values, compiled.values));
    CHECK(cta::identical(run.scores, compiled.scores));
    CHECK(cta::identical(run.weights, compiled.weights));
    for (std::size_t i = 0; i < compiled.weighted_values.size(); ++i) {
        INFO("weighted_values[" << i << "]");
        CHECK(cta::identical(run.weighted_values[i], compiled.weighted_values[i]));
    }
    CHECK(cta::identical(run.outputs, compiled.outputs));
}

}  // namespace

TEST_CASE("at_run_time copies a matrix exactly", "[tutorial]") {
    const auto inputs = at_run_time(seed::inputs);
    STATIC_REQUIRE(std::is_same_v<decltype(at_run_time(seed::inputs)), matrix<int, 3, 4>>);
    CHECK(cta::identical(inputs, seed::inputs));
    const auto negative_zero = at_run_time(matrix<double, 1, 2>{{{-0.0, 0.1}}});
    CHECK(cta::identical(negative_zero, matrix<double, 1, 2>{{{-0.0, 0.1}}}));
}

TEST_CASE("self_attention_steps in double: run time is identical to compile time", "[tutorial]") {
    STATIC_REQUIRE(std::is_same_v<decltype(steps.queries), matrix<int, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(steps.scores), matrix<int, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(steps.weights), matrix<double, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(steps.outputs), matrix<double, 3, 3>>);

    const auto run = cta::self_attention_steps(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                               at_run_time(seed::w_key), at_run_time(seed::w_value));
    STATIC_REQUIRE(std::is_same_v<decltype(run), decltype(steps)>);
    check_identical_steps(run, steps);

    // The exact integer steps, as the seed prints them.
    CHECK(run.queries == seed_queries);
    CHECK(run.keys == seed_keys);
    CHECK(run.values == seed_values);
    CHECK(run.scores == seed_scores);
}

TEST_CASE("self_attention_steps in float: run time is identical to compile time", "[tutorial]") {
    STATIC_REQUIRE(std::is_same_v<decltype(steps_f.scores), matrix<int, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(steps_f.weights), matrix<float, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(steps_f.outputs), matrix<float, 3, 3>>);

    const auto run = cta::self_attention_steps<float>(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                      at_run_time(seed::w_key), at_run_time(seed::w_value));
    STATIC_REQUIRE(std::is_same_v<decltype(run), decltype(steps_f)>);
    check_identical_steps(run, steps_f);
    CHECK(run.scores == seed_scores);
}

TEST_CASE("self_attention: run time is identical to compile time, in double and float", "[tutorial]") {
    STATIC_REQUIRE(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
    STATIC_REQUIRE(std::is_same_v<decltype(outputs_f), const matrix<float, 3, 3>>);

    const auto run = cta::self_attention(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                         at_run_time(seed::w_key), at_run_time(seed::w_value));
    CHECK(cta::identical(run, outputs));
    CHECK(cta::identical(run, steps.outputs));

    const auto run_f = cta::self_attention<float>(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                  at_run_time(seed::w_key), at_run_time(seed::w_value));
    CHECK(cta::identical(run_f, outputs_f));
    CHECK(cta::identical(run_f, steps_f.outputs));
}

TEST_CASE("the run-time results match the 50-digit reference", "[tutorial]") {
    const auto run = cta::self_attention_steps(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                               at_run_time(seed::w_key), at_run_time(seed::w_value));
    CHECK(cta::approx_equal(run.weights, reference_weights, 1e-13));
    CHECK(cta::approx_equal(run.weighted_values[0], reference_weighted_values_1, 1e-13));
    CHECK(cta::approx_equal(run.outputs, reference_outputs, 1e-13));

    const auto run_outputs = cta::self_attention(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                 at_run_time(seed::w_key), at_run_time(seed::w_value));
    CHECK(cta::approx_equal(run_outputs, reference_outputs, 1e-13));

    // In float the outputs (up to 8, where a float ulp is 4.8e-7) are within about two ulps, and not within 1e-8: the
    // computation is in float, not in double rounded at the end.
    const auto run_f = cta::self_attention<float>(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                  at_run_time(seed::w_key), at_run_time(seed::w_value));
    CHECK(cta::approx_equal(run_f, reference_outputs, 1e-6));
    CHECK_FALSE(cta::approx_equal(run_f, reference_outputs, 1e-8));
}
