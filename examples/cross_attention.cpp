// SPDX-License-Identifier: BSL-1.0
// Cross-attention: the queries come from one sequence, the keys and values from another, as when a Transformer's
// decoder attends to its encoder's output. The two sequences may differ in length (n_q != n_kv) and in features,
// and the values may have another size than the queries and keys (d_v != d_k).
#include <iomanip>
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

namespace {

using cta::matrix;

// 2 query tokens of 3 features, 4 key/value tokens of 2 features.
constexpr matrix<int, 2, 3> x_q{{
    {1, 0, 1},
    {0, 1, 1},
}};
constexpr matrix<int, 4, 2> x_kv{{
    {1, 0},
    {0, 1},
    {1, 1},
    {2, 0},
}};

// w_query maps 3 features to d_k = 2, w_key maps 2 features to d_k = 2, w_value maps 2 features to d_v = 3.
constexpr matrix<int, 3, 2> w_query{{
    {1, 0},
    {0, 1},
    {1, 1},
}};
constexpr matrix<int, 2, 2> w_key{{
    {1, 0},
    {0, 1},
}};
constexpr matrix<int, 2, 3> w_value{{
    {1, 0, 2},
    {0, 3, 1},
}};

// Scaled by 1/sqrt(d_k), as in the Transformer.
constexpr auto steps = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled);

// The shapes: scores and weights are n_q x n_kv = 2 x 4 (one row per query, one column per key), outputs are
// n_q x d_v = 2 x 3 (one row per query, of value features).
static_assert(decltype(steps.weights)::rows == 2 && decltype(steps.weights)::cols == 4);
static_assert(decltype(steps.outputs)::rows == 2 && decltype(steps.outputs)::cols == 3);

static_assert(steps.queries == matrix<int, 2, 2>{{{2, 1}, {1, 2}}});
static_assert(steps.scores == matrix<int, 2, 4>{{{2, 1, 3, 4}, {1, 2, 3, 2}}});

// softmax(scores / sqrt(2)) and the outputs, to 17 significant digits (computed in 50-digit arithmetic).
constexpr matrix<double, 2, 4> reference_weights{{
    {0.13098547884644674, 0.064584838646596356, 0.26565361202674672, 0.53877607048021019},
    {0.10905743430313005, 0.22118101637021303, 0.4485805329564439, 0.22118101637021303},
}};
constexpr matrix<double, 2, 3> reference_outputs{{
    {1.4741912318336138, 0.99071535202002922, 3.2786209143405707},
    {1.0, 2.0092846479799708, 2.6697615493266569},
}};
static_assert(CTA_EXPECT_NEAR(steps.weights, reference_weights, 1e-13));
static_assert(CTA_EXPECT_NEAR(steps.outputs, reference_outputs, 1e-13));

// cta::cross_attention gives the outputs alone, the same bits.
static_assert(cta::identical(cta::cross_attention(x_q, x_kv, w_query, w_key, w_value, cta::scaled), steps.outputs));

}  // namespace

int main() {
    std::cout << std::fixed << std::setprecision(4)
              << "Cross-attention: 2 queries attend to 4 keys; d_k = 2, d_v = 3.\n\n"
              << steps << '\n';
    return 0;
}
