// SPDX-License-Identifier: BSL-1.0
// Masks decide which keys each query may attend to: the causal mask (no looking ahead), a boolean mask (true keeps
// an entry) and an additive mask (added to the scores before softmax). A masked entry gets weight exactly 0, and a
// query whose entries are all masked attends to nothing: its weights and its output are 0.
#include <iomanip>
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;

// Causal: query i sees keys 0 to i. Query 1 sees only itself, so its output is the first value row [1, 2, 3];
// query 3 sees every key, as in the seed.
constexpr auto causal =
    cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::causal);
constexpr matrix<double, 3, 3> causal_weights{{
    {1.0, 0.0, 0.0},
    {6.1441746022147178e-6, 0.99999385582539779, 0.0},
    {0.00029538722303456456, 0.8805369017749616, 0.11916771100200384},
}};
constexpr matrix<double, 3, 3> causal_outputs{{
    {1.0, 2.0, 3.0},
    {1.9999938558253978, 7.9999631349523867, 1.8432523806644153e-5},
    {1.9997046127769654, 7.7598922546577849, 0.3583892946751152},
}};
static_assert(CTA_EXPECT_NEAR(causal.weights, causal_weights, 1e-13));
static_assert(CTA_EXPECT_NEAR(causal.outputs, causal_outputs, 1e-13));
static_assert(causal.weights(0, 1) == 0.0 && causal.weights(0, 2) == 0.0 && causal.weights(1, 2) == 0.0);

// Boolean: query 1 may not see token 3, query 2 sees nothing (a fully masked row), query 3 skips token 2.
constexpr matrix<bool, 3, 3> keep{{
    {true, true, false},
    {false, false, false},
    {true, false, true},
}};
constexpr auto masked = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, keep);
constexpr matrix<double, 3, 3> masked_weights{{
    {0.11920292202211756, 0.88079707797788244, 0.0},
    {0.0, 0.0, 0.0},
    {0.0024726231566347743, 0.0, 0.99752737684336523},
}};
constexpr matrix<double, 3, 3> masked_outputs{{
    {1.8807970779778824, 7.2847824678672947, 0.35760876606635267},
    {0.0, 0.0, 0.0},
    {1.9975273768433652, 5.9901095073734609, 3.0},
}};
static_assert(CTA_EXPECT_NEAR(masked.weights, masked_weights, 1e-13));
static_assert(CTA_EXPECT_NEAR(masked.outputs, masked_outputs, 1e-13));
// The fully masked row: weights and output are exactly 0 (the bits of +0.0), not NaN.
constexpr matrix<double, 1, 3> zeros{{{0.0, 0.0, 0.0}}};
static_assert(cta::identical(cta::row(masked.weights, 1), zeros) && cta::identical(cta::row(masked.outputs, 1), zeros));

// Additive: -|i - j| lowers the scores of distant tokens (a mask entry of -inf would remove the entry).
constexpr matrix<int, 3, 3> distance_penalty{{
    {0, -1, -2},
    {-1, 0, -1},
    {-2, -1, 0},
}};
constexpr auto biased =
    cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, distance_penalty);
static_assert(biased.logits == matrix<double, 3, 3>{{{2, 3, 2}, {3, 16, 11}, {2, 11, 10}}});
constexpr matrix<double, 3, 3> biased_outputs{{
    {1.7880584423829146, 6.3044675390633164, 1.2716493457025127},
    {1.9999977548036817, 7.986600857027049, 0.020085243281516712},
    {1.9999097883429127, 7.4616244106200483, 0.8070221141274037},
}};
static_assert(CTA_EXPECT_NEAR(biased.outputs, biased_outputs, 1e-13));

}  // namespace

int main() {
    std::cout << std::fixed << std::setprecision(4);
    std::cout << "Causal mask, weights:\n" << causal.weights << "\noutputs:\n" << causal.outputs << '\n';
    std::cout << "\nAdditive mask -|i - j|, weights:\n" << biased.weights << "\noutputs:\n" << biased.outputs << '\n';
    std::cout << "\nBoolean mask (1 keeps an entry; query 2 is fully masked):\n" << keep << "\nevery step:\n\n"
              << masked << '\n';
    return 0;
}
