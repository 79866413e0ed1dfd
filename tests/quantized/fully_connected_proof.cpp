// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 FULLY_CONNECTED, proven while this file compiles (static.quantized_fully_connected): every
// element of both reference cases (tflite_int8/fully_connected, per tensor, 18; fc_per_ch, per channel, 22) and the
// cases computed by hand in kernel_cases.hpp (no bias, clamping at both ends, a positive shift per channel), and the
// preconditions; and the same layers with their extents as template arguments, whose constant evaluation packs the
// products into words (detail::packed_accumulators), against the reference cases and against the plain loops on drawn
// operands.
#include <cstdint>

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

// The extents as template arguments: the reference cases.
constexpr auto fc_typed = [] {
    cases::int8_array<cases::fc_outputs> out;
    cta::quantized::fully_connected<FULLY_CONNECTED_INPUT_BATCHES, FULLY_CONNECTED_ACCUMULATION_DEPTH,
                                    FULLY_CONNECTED_OUT_CH>(cases::fc_params, cases::fc_multiplier,
                                                            cases::fc::fully_connected_input,
                                                            cases::fc::fully_connected_weights,
                                                            cases::fc::fully_connected_biases, out.data());
    return out;
}();
static_assert(mismatches(fc_typed.data(), cases::fc::fully_connected_output_ref, cases::fc_outputs) == 0);
constexpr auto fc_per_ch_typed = [] {
    cases::int8_array<cases::fc_per_ch_outputs> out;
    cta::quantized::fully_connected_per_channel<FC_PER_CH_INPUT_BATCHES, FC_PER_CH_ACCUMULATION_DEPTH,
                                                FC_PER_CH_OUT_CH>(
        cases::fc_per_ch_params, cases::fc_per_ch::fc_per_ch_output_multiplier,
        cases::fc_per_ch::fc_per_ch_output_shift, cases::fc_per_ch::fc_per_ch_input, cases::fc_per_ch::fc_per_ch_weights, cases::fc_per_ch::fc_per_ch_bias,
        out.data());
    return out;
}();
static_assert(mismatches(fc_per_ch_typed.data(), cases::fc_per_ch::fc_per_ch_output, cases::fc_per_ch_outputs) == 0);

/// Drawn operands: int8 from a 64-bit linear congruential generator (the top byte of each state), int32 biases in
/// [-2^20, 2^20).
template <std::size_t Size, class T>
constexpr void draw(T (&v)[Size], std::uint64_t seed) {
    for (T& e : v) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        e = sizeof(T) == 1 ? static_cast<T>(static_cast<std::int8_t>(static_cast<std::uint8_t>(seed >> 56)))
                           : static_cast<T>(static_cast<std::int32_t>(seed >> 43) - (std::int32_t{1} << 20));
    }
}

/// How many outputs of a Batches x In times In x Out layer with its extents as template arguments differ from those
/// of the same layer with them as arguments (both in a constant evaluation): drawn inputs, weights and biases (or no
/// bias), per channel (multipliers cycling through shifts -11, -1, 0, +2 and a multiplier of 0) or per tensor.
template <std::size_t Batches, std::size_t In, std::size_t Out>
constexpr std::size_t typed_mismatches(cta::quantized::fully_connected_params params, bool per_channel,
                                       bool with_bias, std::uint64_t seed) {
    namespace q = cta::quantized;
    std::int8_t input[Batches * In]{}, weights[Out * In]{};
    std::int32_t bias[Out]{}, multipliers[Out]{}, shifts[Out]{};
    draw(input, seed);
    draw(weights, seed + 1);
    draw(bias, seed + 2);
    constexpr double reals[5] = {0.000371, 0.25, 0.75, 3.7, 1e-10};
    for (std::size_t c = 0; c < Out; ++c) {
        const q::quantized_multiplier m = q::quantize_multiplier(reals[c % 5]);
        multipliers[c] = m.multiplier;
        shifts[c] = m.shift;
    }
    const std::int32_t* b = with_bias ? bias : nullptr;
    std::int8_t typed[Batches * Out]{}, plain[Batches * Out]{};
    if (per_channel) {
        q::fully_connected_per_channel<Batches, In, Out>(params, multipliers, shifts, input, weights, b, typed);
        q::fully_connected_per_channel(params, multipliers, shifts, input, weights, b, plain, Batches, In, Out);
    } else {
        q::fully_connected<Batches, In, Out>(params, {multipliers[0], shifts[0]}, input, weights, b, typed);
        q::fully_connected(params, {multipliers[0], shifts[0]}, input, weights, b, plain, Batches, In, Out);
    }
    return mismatches(typed, plain, Batches * Out);
}
// One batch and several; depths of one word, of several with lanes left empty, and of more words than a statement
// sums (517 in 64-bit words: two lanes, 259 words); offsets at their ends; ReLU-like ranges; no bias.
static_assert(typed_mismatches<1, 1, 3>({}, true, true, 11) == 0);
static_assert(typed_mismatches<16, 16, 32>({.input_offset = 5, .output_offset = -7}, true, true, 12) == 0);
static_assert(typed_mismatches<3, 37, 5>({.input_offset = 128, .filter_offset = -127, .output_offset = 127}, false,
                                         true, 13) == 0);
static_assert(typed_mismatches<2, 64, 10>({.input_offset = -127, .output_offset = -20, .activation_min = -20}, true,
                                          false, 14) == 0);
static_assert(typed_mismatches<1, 517, 3>({.input_offset = 128, .filter_offset = 128, .activation_min = -50,
                                           .activation_max = 60},
                                          false, true, 15) == 0);

}  // namespace
