// SPDX-License-Identifier: BSL-1.0
// Named axes: the seed's self-attention with every dimension named, so that the types say what each matrix holds
// (tokens by model features, tokens by key features, ...) and the compiler checks meaning as well as sizes.
#include <iostream>
#include <type_traits>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;
using cta::axis::key;
using cta::axis::model;
using cta::axis::tokens;
using cta::axis::value;

// The seed's data with names: 3 tokens of 4 model features; weights from model features to key or value features.
constexpr auto inputs = cta::with_axes<tokens, model>(seed::inputs);    // matrix<int, 3, 4, tokens, model>
constexpr auto w_query = cta::with_axes<model, key>(seed::w_query);     // matrix<int, 4, 3, model, key>
constexpr auto w_key = cta::with_axes<model, key>(seed::w_key);
constexpr auto w_value = cta::with_axes<model, value>(seed::w_value);  // matrix<int, 4, 3, model, value>

constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);

// Every step's type names its axes: the products carry them through.
static_assert(std::is_same_v<decltype(steps.queries), matrix<int, 3, 3, tokens, key>>);
static_assert(std::is_same_v<decltype(steps.keys), matrix<int, 3, 3, tokens, key>>);
static_assert(std::is_same_v<decltype(steps.values), matrix<int, 3, 3, tokens, value>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<int, 3, 3, tokens, tokens>>);
static_assert(std::is_same_v<decltype(steps.outputs), matrix<double, 3, 3, tokens, value>>);

// The numbers are the seed's: a plain matrix (no axes) compares with a named one of the same sizes.
constexpr auto plain = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
static_assert(steps.scores == plain.scores && steps.outputs == plain.outputs);
static_assert(steps.scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});

// The scores by hand: queries (tokens x key) times keys transposed (key x tokens) is tokens x tokens.
constexpr auto scores = steps.queries * cta::transpose(steps.keys);
static_assert(scores == steps.scores);

// Here n == d_k == 3, so `steps.queries * steps.keys` has matching sizes, 3 x 3 times 3 x 3, yet it does not
// build: the queries' columns are key features, the keys' rows are tokens. tests/compile_fail/named_axes_matmul.cpp
// makes this mistake; the first lines of the error are, with Clang 14:
//
//     cta/operations.hpp:114:9: error: static_assert failed due to requirement 'axes_agree<cta::op::matmul,
//     cta::axis::key, cta::axis::tokens>' "cta::matmul(a, b) and a * b: a's column axis must be b's row axis
//     (a forgotten transpose?)"
//
// and with GCC 12:
//
//     cta/operations.hpp: In instantiation of 'constexpr auto cta::matmul(const A&, const B&) [with A =
//     matrix<int, 3, 3, axis::tokens, axis::key>; B = matrix<int, 3, 3, axis::tokens, axis::key>]':
//     cta/operations.hpp:125:18:   required from 'constexpr auto cta::operator*(const A&, const B&) [with A = ...]'
//     named_axes_matmul.cpp:11:52:   required from here
//     cta/operations.hpp:114:23: error: static assertion failed: cta::matmul(a, b) and a * b: a's column axis
//     must be b's row axis (a forgotten transpose?)

}  // namespace

int main() {
    std::cout << "The seed with named axes.\n\nqueries (tokens x key):\n" << steps.queries
              << "\n\nkeys (tokens x key):\n" << steps.keys
              << "\n\nscores = queries * transpose(keys) (tokens x tokens):\n" << scores
              << "\n\noutputs (tokens x value):\n" << cta::with_decimals(steps.outputs, 4) << '\n';
    return 0;
}
