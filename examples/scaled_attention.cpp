// SPDX-License-Identifier: BSL-1.0
// Scaled dot-product attention, the Transformer's form of the seed's self-attention: the scores are divided by
// sqrt(d_k) before softmax ("Attention Is All You Need", equation 1), so that larger key sizes do not push softmax
// towards a single key. The numbers are computed and checked by the compiler, then printed.
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;

// The seed's pipeline with the option cta::scaled. The record's logits, the input of softmax, are here
// scores / sqrt(3), as d_k = 3 (without options they are the scores).
constexpr auto steps =
    cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);

// Scaling changes neither the projections nor the scores: they are the seed's, exact integers.
static_assert(steps.scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});

// softmax(scores / sqrt(3)) and the outputs, to 17 significant digits (computed in 50-digit arithmetic).
constexpr matrix<double, 3, 3> reference_weights{{
    {0.13612579755693348, 0.43193710122153326, 0.43193710122153326},
    {0.00089044739063233362, 0.90884264721499346, 0.09026690539437421},
    {0.0074448923770739654, 0.75470758064146427, 0.23784752698146176},
}};
constexpr matrix<double, 3, 3> reference_outputs{{
    {1.8638742024430665, 6.3193710122153326, 1.7041886963354002},
    {1.9991095526093677, 7.8141235048674576, 0.27347205835501963},
    {1.992555107622926, 7.4796355917746327, 0.73587725807560718},
}};
static_assert(CTA_EXPECT_NEAR(steps.weights, reference_weights, 1e-13));
static_assert(CTA_EXPECT_NEAR(steps.outputs, reference_outputs, 1e-13));

// Scaling flattens the weights: query 1 gives key 1 weight 0.1361 instead of the seed's 0.0634.
static_assert(cta::round_to(cta::row(steps.weights, 0), 4) == matrix<double, 1, 3>{{{0.1361, 0.4319, 0.4319}}});

// The same attention from given queries, keys and values: softmax(Q K^T / sqrt(d_k)) V, bit for bit.
constexpr auto outputs = cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values);
static_assert(cta::identical(outputs, steps.outputs));

}  // namespace

int main() {
    std::cout << "Scaled dot-product attention on the seed's data: softmax(Q K^T / sqrt(3)) V\n"
              << "\nscores = Q K^T:\n" << steps.scores
              << "\n\nlogits = scores / sqrt(3):\n" << cta::with_decimals(steps.logits, 4)
              << "\n\nweights = softmax(logits), row by row:\n" << cta::with_decimals(steps.weights, 4)
              << "\n\noutputs = weights V:\n" << cta::with_decimals(steps.outputs, 4)
              << "\n\ncta::scaled_dot_product_attention(Q, K, V) from the same Q, K and V:\n"
              << cta::with_decimals(outputs, 4) << '\n';
    return 0;
}
