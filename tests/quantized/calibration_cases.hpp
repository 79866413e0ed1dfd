// SPDX-License-Identifier: BSL-1.0
// Calibration on several representative sequences (calibration_proof.cpp proves it while compiling,
// attention_test.cpp computes it again at run time): the seed's inputs and a second sequence of their shape whose
// inputs reach below 0 where the seed's reach higher, so that each sequence gives one end of the inputs' range; and
// the random model of attention_cases.hpp with a second random sequence.
#pragma once

#include <cta/matrix.hpp>
#include <cta/quantized/linear.hpp>

#include "multi_head_cases.hpp"

namespace quantized_calibration {

namespace q = cta::quantized;
namespace rm = quantized_seed::random_model;
using namespace two_heads;

/// The seed's inputs run from 0 to 2, these from -1 to 1.
inline constexpr cta::matrix<int, 3, 4> other{{{-1, 1, 0, 1}, {1, -1, 1, 0}, {0, 1, -1, 1}}};
inline constexpr cta::matrix<double, 1, 3> bias{{{0.5, -1.0, 2.25}}};

inline constexpr auto both = q::calibrate_self_attention({seed::inputs, other}, seed::w_query, seed::w_key,
                                                         seed::w_value);
inline constexpr auto both_scaled_causal = q::calibrate_self_attention(
    {seed::inputs, other}, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
inline constexpr auto both_multi_head =
    q::calibrate_multi_head_self_attention<2>({seed::inputs, other}, w_query, w_key, w_value, w_out);
inline constexpr auto both_multi_head_causal =
    q::calibrate_multi_head_self_attention<2>({seed::inputs, other}, w_query, w_key, w_value, w_out, cta::causal);
inline constexpr auto both_linear = q::calibrate_linear({seed::inputs, other}, seed::w_value, bias);

/// A second random sequence of the random model's shape, in [-1.5, 1.5).
inline constexpr auto random_other = rm::drawn<rm::n, rm::d_in>(21, 1.5);
inline constexpr auto random_both =
    q::calibrate_self_attention({rm::inputs, random_other}, rm::w_query, rm::w_key, rm::w_value);

}  // namespace quantized_calibration
