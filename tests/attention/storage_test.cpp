// SPDX-License-Identifier: BSL-1.0
// Attention larger than any stack, from storage the caller provides (include/cta/detail/stack_limit.hpp): the
// record of self_attention_steps_into at n = 256, d = 64 in float (17 MiB, 16 MiB of them the weighted values,
// n x n x d_v) lives in static storage, and its numbers are those of the value-returning functions: with a causal
// mask, query i attends to keys 0 .. i only (the others get weight exactly 0), so the first 32 rows of every step at
// n = 256 are, bit for bit, the steps of the first 32 tokens alone, which fit on the stack. The into functions also
// give, bit for bit, what the value-returning ones give at compile time.
#include "catch.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/cta.hpp>

#include "at_run_time.hpp"
#include "seed.hpp"

namespace {

constexpr std::size_t n = 256, prefix = 32, d = 64;
using X = cta::matrix<float, n, d>;
using W = cta::matrix<float, d, d>;
using Steps = cta::self_attention_steps_t<void, X, W, W, W, cta::scaled_t, cta::causal_t>;

// Inputs and weights of moderate size, varied but exactly representable.
constexpr float input_value(std::size_t i, std::size_t j) {
    return static_cast<float>(static_cast<int>((i * 37 + j * 11) % 23) - 11) / 16.0F;
}
constexpr float weight_value(std::size_t i, std::size_t j, std::size_t salt) {
    return static_cast<float>(static_cast<int>((i * 13 + j * 7 + salt) % 19) - 9) / 64.0F;
}

X inputs;  // static storage: 256 KiB
W w_query, w_key, w_value;
Steps steps;  // static storage

template <class A, class B>
bool same_rows(const A& large, const B& small) {
    for (std::size_t i = 0; i < B::rows; ++i) {
        for (std::size_t j = 0; j < B::cols; ++j) {
            if (std::bit_cast<std::uint32_t>(large.elems[i][j]) != std::bit_cast<std::uint32_t>(small.elems[i][j]))
                return false;
        }
    }
    return true;
}

}  // namespace

static_assert(sizeof(Steps) > 8u * 1024 * 1024, "the record is larger than Linux's 8 MiB stack");

TEST_CASE("self_attention_steps_into at n = 256 from static storage gives the steps of the first tokens",
          "[storage]") {
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < d; ++j) inputs.elems[i][j] = input_value(i, j);
    }
    for (std::size_t i = 0; i < d; ++i) {
        for (std::size_t j = 0; j < d; ++j) {
            w_query.elems[i][j] = weight_value(i, j, 1);
            w_key.elems[i][j] = weight_value(i, j, 5);
            w_value.elems[i][j] = weight_value(i, j, 11);
        }
    }
    cta::self_attention_steps_into(steps, test::at_run_time(inputs), w_query, w_key, w_value, cta::scaled,
                                   cta::causal);

    cta::matrix<float, prefix, d> first;
    for (std::size_t i = 0; i < prefix; ++i) {
        for (std::size_t j = 0; j < d; ++j) first.elems[i][j] = inputs.elems[i][j];
    }
    const auto small = cta::self_attention_steps(first, w_query, w_key, w_value, cta::scaled, cta::causal);
    CHECK(same_rows(steps.queries, small.queries));
    CHECK(same_rows(steps.scores, small.scores));
    CHECK(same_rows(steps.logits, small.logits));
    CHECK(same_rows(steps.weights, small.weights));
    for (std::size_t i = 0; i < prefix; ++i) {
        INFO("weighted_values[" << i << "]");
        CHECK(same_rows(steps.weighted_values[i], small.weighted_values[i]));
    }
    CHECK(same_rows(steps.outputs, small.outputs));
    CHECK(same_rows(steps.outputs, cta::self_attention(first, w_query, w_key, w_value, cta::scaled, cta::causal)));
    // The last query attends to all 256 keys: its weights sum to 1 within float rounding.
    float sum = 0;
    for (std::size_t j = 0; j < n; ++j) sum += steps.weights.elems[n - 1][j];
    CHECK(sum > 0.999F);
    CHECK(sum < 1.001F);
}

namespace {

// The into functions at compile time: the same records as the value-returning ones.
using SX = std::remove_cvref_t<decltype(seed::inputs)>;
using SW = std::remove_cvref_t<decltype(seed::w_query)>;

constexpr auto seed_steps_into() {
    cta::self_attention_steps_t<void, SX, SW, SW, SW> s{};
    cta::self_attention_steps_into(s, seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    return s;
}
static_assert(seed_steps_into() == cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value));

constexpr auto cross_steps_into() {
    cta::cross_attention_steps_t<float, SX, SX, SW, SW, SW> s{};
    cta::cross_attention_steps_into<float>(s, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value,
                                           cta::scaled, cta::causal);
    return s;
}
static_assert(cross_steps_into() == cta::cross_attention_steps<float>(seed::inputs, seed::inputs, seed::w_query,
                                                                       seed::w_key, seed::w_value, cta::scaled,
                                                                       cta::causal));

constexpr cta::matrix<double, 3, 3> w_out{{{1.0, 0.5, 0.0}, {0.0, 1.0, -0.5}, {0.25, 0.0, 1.0}}};

constexpr auto multi_head_steps_into() {
    cta::multi_head_attention_steps_t<3, void, SX, SX, SW, SW, SW, decltype(w_out)> s{};
    cta::multi_head_attention_steps_into<3>(s, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value,
                                            w_out, cta::causal);
    return s;
}
static_assert(multi_head_steps_into() == cta::multi_head_self_attention_steps<3>(seed::inputs, seed::w_query,
                                                                                  seed::w_key, seed::w_value, w_out,
                                                                                  cta::causal));

}  // namespace

TEST_CASE("the into functions at run time give the compile-time records", "[storage]") {
    constexpr auto expected = seed_steps_into();
    std::remove_cvref_t<decltype(expected)> s{};
    cta::self_attention_steps_into(s, test::at_run_time(seed::inputs), seed::w_query, seed::w_key, seed::w_value);
    CHECK(cta::identical(s.outputs, expected.outputs));
    CHECK(cta::identical(s.weights, expected.weights));
    CHECK(cta::identical(s.weighted_values[2], expected.weighted_values[2]));
}
