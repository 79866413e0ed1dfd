// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 FULLY_CONNECTED, proven while this file compiles (static.quantized_fully_connected): every
// element of both reference cases (tflite_int8/fully_connected, per tensor, 18; fc_per_ch, per channel, 22) and the
// cases computed by hand in kernel_cases.hpp (no bias, clamping at both ends, a positive shift per channel), and the
// preconditions.
#include "kernel_cases.hpp"

namespace {

using cases::mismatches;

constexpr auto fc = cases::fully_connected(cases::fc::fully_connected_input, cases::fc::fully_connected_weights,
                                           cases::fc::fully_connected_biases);
static_assert(mismatches(fc.data(), cases::fc::fully_connected_output_ref, cases::fc_outputs) == 0);

constexpr auto fc_per_ch = cases::fully_connected_per_channel(
    cases::fc_per_ch::fc_per_ch_input, cases::fc_per_ch::fc_per_ch_weights, cases::fc_per_ch::fc_per_ch_bias);
static_assert(mismatches(fc_per_ch.data(), cases::fc_per_ch::fc_per_ch_output, cases::fc_per_ch_outputs) == 0);

// By hand.
static_assert(cases::example_fc(cases::example_fc_input, cases::example_fc_weights, cases::example_fc_bias) ==
              cases::example_fc_expected);
static_assert(cases::no_bias(cases::no_bias_input, cases::no_bias_weights) == cases::no_bias_expected);
static_assert(cases::clamp(cases::clamp_input, cases::clamp_weights, cases::clamp_bias) == cases::clamp_expected);
static_assert(cases::clamp_int8(cases::clamp_input, cases::clamp_weights, cases::clamp_bias) ==
              cases::clamp_int8_expected);
static_assert(cases::per_channel(cases::per_channel_input, cases::per_channel_weights, cases::per_channel_bias) ==
              cases::per_channel_expected);

// The preconditions stop a constant evaluation: each limit is accepted, one beyond it is not. A 1 x 2 layer with one
// output channel, inputs and weights {127, 127}.
constexpr std::int8_t ones[2] = {127, 127};
constexpr std::int32_t one_multiplier[1] = {1 << 30};
constexpr std::int32_t shift_0[1] = {0};
constexpr std::int32_t shift_below_31[1] = {-32};

constexpr int layer(cta::quantized::fully_connected_params params, const std::int32_t* bias = nullptr) {
    std::int8_t out[1] = {};
    cta::quantized::fully_connected(params, {1 << 30, 0}, ones, ones, bias, out, 1, 2, 1);
    return out[0];
}
constexpr int per_channel_layer(const std::int32_t* shifts) {
    std::int8_t out[1] = {};
    cta::quantized::fully_connected_per_channel({}, one_multiplier, shifts, ones, ones, nullptr, out, 1, 2, 1);
    return out[0];
}
using cases::constant_evaluable;
static_assert(constant_evaluable<[] { return layer({.input_offset = 128, .filter_offset = -127}); }>);
static_assert(!constant_evaluable<[] { return layer({.input_offset = 129}); }>);
static_assert(!constant_evaluable<[] { return layer({.input_offset = -128}); }>);
static_assert(!constant_evaluable<[] { return layer({.filter_offset = 129}); }>);
static_assert(!constant_evaluable<[] { return layer({.filter_offset = -128}); }>);
static_assert(constant_evaluable<[] { return layer({.output_offset = -128}); }>);
static_assert(!constant_evaluable<[] { return layer({.output_offset = 128}); }>);
static_assert(constant_evaluable<[] { return layer({.activation_min = 3, .activation_max = 3}); }>);
static_assert(!constant_evaluable<[] { return layer({.activation_min = 4, .activation_max = 3}); }>);
static_assert(!constant_evaluable<[] { return layer({.activation_min = -129}); }>);
static_assert(!constant_evaluable<[] { return layer({.activation_max = 128}); }>);
static_assert(constant_evaluable<[] { return per_channel_layer(shift_0); }>);
static_assert(!constant_evaluable<[] { return per_channel_layer(shift_below_31); }>);
// (127 + 128)^2 * 2 = 130050: with a bias of 2^31 - 1 - 130050 the accumulator is INT32_MAX; one more overflows.
constexpr std::int32_t bias_at_max[1] = {2147483647 - 130050};
constexpr std::int32_t bias_over_max[1] = {2147483647 - 130049};
static_assert(constant_evaluable<[] { return layer({.input_offset = 128, .filter_offset = 128}, bias_at_max); }>);
static_assert(!constant_evaluable<[] { return layer({.input_offset = 128, .filter_offset = 128}, bias_over_max); }>);

}  // namespace
