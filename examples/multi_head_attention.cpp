// SPDX-License-Identifier: BSL-1.0
// Multi-head attention ("Attention Is All You Need", section 3.2.2): h heads attend side by side, each with its own
// d_k = d_model / h columns of the queries, keys and values, and the output projection W_O mixes their outputs.
// Here h = 2 and d_model = 6 on the seed's inputs: head 1 has the seed's weights, so it computes the seed's scaled
// attention; head 2 looks at the first three input features as they are.
#include <iomanip>
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;

// Columns 1 to 3: the seed's weights (head 1). Columns 4 to 6: the first three input features (head 2).
constexpr matrix<int, 4, 6> w_query{{
    {1, 0, 1, 1, 0, 0},
    {1, 0, 0, 0, 1, 0},
    {0, 0, 1, 0, 0, 1},
    {0, 1, 1, 0, 0, 0},
}};
constexpr matrix<int, 4, 6> w_key{{
    {0, 0, 1, 1, 0, 0},
    {1, 1, 0, 0, 1, 0},
    {0, 1, 0, 0, 0, 1},
    {1, 1, 0, 0, 0, 0},
}};
constexpr matrix<int, 4, 6> w_value{{
    {0, 2, 0, 1, 0, 0},
    {0, 3, 0, 0, 1, 0},
    {1, 0, 3, 0, 0, 1},
    {1, 1, 0, 0, 0, 0},
}};
// W_O (d_model x 3) adds the two heads' outputs: output = head_1 + head_2.
constexpr matrix<int, 6, 3> w_out{{
    {1, 0, 0},
    {0, 1, 0},
    {0, 0, 1},
    {1, 0, 0},
    {0, 1, 0},
    {0, 0, 1},
}};

constexpr auto steps = cta::multi_head_self_attention_steps<2>(seed::inputs, w_query, w_key, w_value, w_out);

// Head 1 is the seed's attention scaled by 1/sqrt(3): its scores are the seed's, its output the scaled seed's.
static_assert(steps.scores[0] == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});
constexpr matrix<double, 3, 3> scaled_seed_outputs{{
    {1.8638742024430665, 6.3193710122153326, 1.7041886963354002},
    {1.9991095526093677, 7.8141235048674576, 0.27347205835501963},
    {1.992555107622926, 7.4796355917746327, 0.73587725807560718},
}};
static_assert(CTA_EXPECT_NEAR(steps.head_outputs[0], scaled_seed_outputs, 1e-13));

// Head 2 attends with the inputs' first three features as queries, keys and values.
static_assert(steps.scores[1] == matrix<int, 3, 3>{{{2, 0, 2}, {0, 4, 2}, {2, 2, 3}}});
constexpr matrix<double, 3, 3> head_2_outputs{{
    {0.86387420244306652, 0.70418869633540022, 0.86387420244306652},
    {0.29302272285881175, 1.6367597854915258, 0.29302272285881175},
    {0.73554153850438021, 1.0, 0.73554153850438021},
}};
static_assert(CTA_EXPECT_NEAR(steps.head_outputs[1], head_2_outputs, 1e-13));

// The heads side by side (3 x 6), times W_O (6 x 3).
constexpr matrix<double, 3, 3> reference_outputs{{
    {2.727748404886133, 7.0235597085507328, 2.5680628987784667},
    {2.2921322754681794, 9.4508832903589834, 0.56649478121383138},
    {2.7280966461273062, 8.4796355917746327, 1.4714187965799874},
}};
static_assert(CTA_EXPECT_NEAR(steps.outputs, reference_outputs, 1e-13));
static_assert(cta::identical(steps.outputs, steps.head_outputs[0] + steps.head_outputs[1]));

// cta::multi_head_self_attention gives the outputs alone, the same bits.
static_assert(cta::identical(cta::multi_head_self_attention<2>(seed::inputs, w_query, w_key, w_value, w_out),
                             steps.outputs));

}  // namespace

int main() {
    std::cout << std::fixed << std::setprecision(4)
              << "Multi-head self-attention, h = 2 heads of d_k = 3, on the seed's inputs:\n\n"
              << steps << '\n';
    return 0;
}
