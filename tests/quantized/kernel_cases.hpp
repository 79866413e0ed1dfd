// SPDX-License-Identifier: BSL-1.0
// The cases of the int8 kernels (<cta/quantized/fully_connected.hpp>, <cta/quantized/batch_matmul.hpp>), shared by
// fully_connected_proof.cpp and batch_matmul_proof.cpp (each result in a constant expression, checked with
// static_assert), kernels_test.cpp (the same functions at run time on inputs read through volatile, checked element
// by element) and the firmware of tests/embedded/quantized (the reference cases on a Cortex-M3 and a Cortex-M4):
// - TensorFlow Lite's reference vectors (tflite_int8/, as constexpr headers from target cta_tflite_int8): each case
//   as its config_data.h describes it, against its expected output;
// - small cases computed by hand here, each with its arithmetic written out.
// Each case is a function of its input arrays, so that the run-time test can give it copies the compiler cannot see.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/fully_connected.hpp>

#include <tflite_int8/batch_matmul_1_s8.hpp>
#include <tflite_int8/batch_matmul_2_s8.hpp>
#include <tflite_int8/fc_per_ch.hpp>
#include <tflite_int8/fully_connected.hpp>

namespace cases {

namespace q = cta::quantized;

template <std::size_t N>
using int8_array = std::array<std::int8_t, N>;

/// How many of the `n` elements at `got` differ from those at `expected`.
constexpr std::size_t mismatches(const std::int8_t* got, const std::int8_t* expected, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i)
        count += got[i] != expected[i] ? 1U : 0U;
    return count;
}

/// Whether `F()` is a constant expression: false where a kernel's precondition fails (the call to the non-constexpr
/// function that names it) or its accumulator overflows, as a substitution failure rather than an error.
template <auto F>
concept constant_evaluable = requires { typename std::integral_constant<int, (F(), 0)>; };

// ---- TensorFlow Lite's reference vectors --------------------------------------------------------------------------

// fully_connected/: FULLY_CONNECTED int8 with one multiplier, 3 batches of input depth 20 (FULLY_CONNECTED_INPUT_W x
// FULLY_CONNECTED_IN_CH: the input's spatial dimensions flattened into the depth), 6 output channels, with a bias.
namespace fc = cta_tflite_int8::fully_connected;
inline constexpr std::size_t fc_outputs = FULLY_CONNECTED_DST_SIZE;
static_assert(fc_outputs == FULLY_CONNECTED_INPUT_BATCHES * FULLY_CONNECTED_OUT_CH);
static_assert(std::size(fc::fully_connected_output_ref) == fc_outputs);
static_assert(FULLY_CONNECTED_ACCUMULATION_DEPTH == FULLY_CONNECTED_INPUT_SIZE);

inline constexpr q::fully_connected_params fc_params{.input_offset = FULLY_CONNECTED_INPUT_OFFSET,
                                                     .filter_offset = FULLY_CONNECTED_FILTER_OFFSET,
                                                     .output_offset = FULLY_CONNECTED_OUTPUT_OFFSET,
                                                     .activation_min = FULLY_CONNECTED_OUT_ACTIVATION_MIN,
                                                     .activation_max = FULLY_CONNECTED_OUT_ACTIVATION_MAX};
inline constexpr q::quantized_multiplier fc_multiplier{FULLY_CONNECTED_OUTPUT_MULTIPLIER, FULLY_CONNECTED_OUTPUT_SHIFT};

/// The layer into `out` (`fc_outputs` elements).
constexpr void fully_connected_into(const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias,
                                    std::int8_t* out) {
    q::fully_connected(fc_params, fc_multiplier, input, weights, bias, out, FULLY_CONNECTED_INPUT_BATCHES,
                       FULLY_CONNECTED_ACCUMULATION_DEPTH, FULLY_CONNECTED_OUT_CH);
}

constexpr int8_array<fc_outputs> fully_connected(const std::int8_t* input, const std::int8_t* weights,
                                                 const std::int32_t* bias) {
    int8_array<fc_outputs> out;
    fully_connected_into(input, weights, bias, out.data());
    return out;
}

// fc_per_ch/: FULLY_CONNECTED int8 with a multiplier and a shift per output channel, 1 batch of depth 89, 22 output
// channels, with a bias. Its weights are symmetric (no FC_PER_CH_FILTER_OFFSET): filter offset 0.
namespace fc_per_ch = cta_tflite_int8::fc_per_ch;
inline constexpr std::size_t fc_per_ch_outputs = FC_PER_CH_DST_SIZE;
static_assert(fc_per_ch_outputs == FC_PER_CH_INPUT_BATCHES * FC_PER_CH_OUT_CH);
static_assert(std::size(fc_per_ch::fc_per_ch_output) == fc_per_ch_outputs);

inline constexpr q::fully_connected_params fc_per_ch_params{.input_offset = FC_PER_CH_INPUT_OFFSET,
                                                            .output_offset = FC_PER_CH_OUTPUT_OFFSET,
                                                            .activation_min = FC_PER_CH_OUT_ACTIVATION_MIN,
                                                            .activation_max = FC_PER_CH_OUT_ACTIVATION_MAX};

/// The layer into `out` (`fc_per_ch_outputs` elements), with the channels' multipliers and shifts given.
constexpr void fully_connected_per_channel_into(const std::int8_t* input, const std::int8_t* weights,
                                                const std::int32_t* bias, const std::int32_t* multipliers,
                                                const std::int32_t* shifts, std::int8_t* out) {
    q::fully_connected_per_channel(fc_per_ch_params, multipliers, shifts, input, weights, bias, out,
                                   FC_PER_CH_INPUT_BATCHES, FC_PER_CH_ACCUMULATION_DEPTH, FC_PER_CH_OUT_CH);
}

constexpr int8_array<fc_per_ch_outputs> fully_connected_per_channel(const std::int8_t* input,
                                                                    const std::int8_t* weights,
                                                                    const std::int32_t* bias) {
    int8_array<fc_per_ch_outputs> out;
    fully_connected_per_channel_into(input, weights, bias, fc_per_ch::fc_per_ch_output_multiplier,
                                     fc_per_ch::fc_per_ch_output_shift, out.data());
    return out;
}

// BATCH_MATMUL int8: a reference case's configuration, from the macros of its config_data.h (prefix P): batch
// dimensions BATCH and HEIGHT, lhs ROWS x COLS, the right-hand side RHS_ROWS x RHS_COLS as given (its transpose when
// ADJ_Y is 1), output OUTPUT_ROWS x OUTPUT_COLS per batch. No case transposes the lhs (ADJ_X is 0).
struct batch_matmul_case {
    q::batch_matmul_params params;
    q::quantized_multiplier multiplier;
    q::batch_shape lhs_batches;
    q::batch_shape rhs_batches;
    std::size_t rows;
    std::size_t depth;
    std::size_t cols;
};
#define CTA_BATCH_MATMUL_CASE(P)                                                                                      \
    batch_matmul_case {                                                                                               \
        {.lhs_offset = P##_LHS_OFFSET,                                                                                \
         .rhs_offset = P##_RHS_OFFSET,                                                                                \
         .output_offset = P##_OUTPUT_OFFSET,                                                                          \
         .activation_min = P##_ACTIVATION_MIN,                                                                        \
         .activation_max = P##_ACTIVATION_MAX},                                                                       \
            {P##_OUTPUT_MULTIPLIER, P##_OUTPUT_SHIFT}, {1, P##_LHS_BATCH, P##_LHS_HEIGHT},                            \
            {1, P##_RHS_BATCH, P##_RHS_HEIGHT}, P##_LHS_ROWS, P##_LHS_COLS, P##_OUTPUT_COLS                           \
    }
#define CTA_BATCH_MATMUL_CASE_AGREES(P)                                                                               \
    (P##_ADJ_X == 0 && P##_OUTPUT_ROWS == P##_LHS_ROWS &&                                                             \
     (P##_ADJ_Y == 0 ? P##_RHS_ROWS == P##_LHS_COLS && P##_RHS_COLS == P##_OUTPUT_COLS                                \
                     : P##_RHS_COLS == P##_LHS_COLS && P##_RHS_ROWS == P##_OUTPUT_COLS) &&                            \
     P##_DST_SIZE == P##_OUTPUT_BATCH * P##_OUTPUT_HEIGHT * P##_OUTPUT_ROWS * P##_OUTPUT_COLS)

/// The product of a case with the right-hand side as a plain `depth` x `cols` matrix per batch.
template <std::size_t Outputs>
constexpr int8_array<Outputs> batch_matmul(const batch_matmul_case& c, const std::int8_t* lhs, const std::int8_t* rhs) {
    int8_array<Outputs> out;
    q::batch_matmul(c.params, c.multiplier, lhs, c.lhs_batches, rhs, c.rhs_batches, out.data(), c.rows, c.depth,
                    c.cols);
    return out;
}

/// The product of a case with the right-hand side stored transposed, `cols` x `depth` per batch.
template <std::size_t Outputs>
constexpr int8_array<Outputs> batch_matmul_rhs_transposed(const batch_matmul_case& c, const std::int8_t* lhs,
                                                          const std::int8_t* rhs_transposed) {
    int8_array<Outputs> out;
    q::batch_matmul_rhs_transposed(c.params, c.multiplier, lhs, c.lhs_batches, rhs_transposed, c.rhs_batches,
                                   out.data(), c.rows, c.depth, c.cols);
    return out;
}

// batch_matmul_1_s8/: lhs [3, 3, 32, 16] times rhs [3, 3, 16, 24], adj_y = 0, into [3, 3, 32, 24]: rhs_input_tensor
// is the right-hand side as stored; rhs_transposed_tensor has each of its 16 x 24 matrices transposed (24 x 16), the
// layout CMSIS-NN's arm_batch_matmul_s8 takes. (lhs_transposed_tensor, each lhs matrix transposed, is not used: no
// kernel here reads a transposed lhs.)
namespace bmm1 = cta_tflite_int8::batch_matmul_1_s8;
static_assert(CTA_BATCH_MATMUL_CASE_AGREES(BATCH_MATMUL_1_S8) && BATCH_MATMUL_1_S8_ADJ_Y == 0);
inline constexpr batch_matmul_case bmm1_case = CTA_BATCH_MATMUL_CASE(BATCH_MATMUL_1_S8);
inline constexpr std::size_t bmm1_outputs = BATCH_MATMUL_1_S8_DST_SIZE;
static_assert(std::size(bmm1::batch_matmul_1_s8_output) == bmm1_outputs);

// batch_matmul_2_s8/: lhs [3, 3, 32, 16] times rhs [1, 1, 24, 16] with adj_y = 1, into [3, 3, 32, 24]:
// rhs_input_tensor (24 x 16) is the right-hand side stored transposed, one matrix for all nine lhs batches
// (broadcast in both batch dimensions), and the product is lhs x rhs_input^T; rhs_transposed_tensor (16 x 24) is
// that right-hand side as a plain depth x cols matrix.
namespace bmm2 = cta_tflite_int8::batch_matmul_2_s8;
static_assert(CTA_BATCH_MATMUL_CASE_AGREES(BATCH_MATMUL_2_S8) && BATCH_MATMUL_2_S8_ADJ_Y == 1);
inline constexpr batch_matmul_case bmm2_case = CTA_BATCH_MATMUL_CASE(BATCH_MATMUL_2_S8);
inline constexpr std::size_t bmm2_outputs = BATCH_MATMUL_2_S8_DST_SIZE;
static_assert(std::size(bmm2::batch_matmul_2_s8_output) == bmm2_outputs);

// ---- Cases computed by hand ---------------------------------------------------------------------------------------
// Multipliers are spelled as TensorFlow Lite holds them, M = multiplier * 2^(shift - 31): {2^30, s} is 2^(s - 1).

// The examples of the headers' descriptions. fully_connected.hpp: one batch {1, 2, 3}, channels {1, 0, -1} and
// {2, 2, 2}, bias {10, 1}, M = 0.5, no offsets: (1 - 3 + 10) * 0.5 = 4; (2 + 4 + 6 + 1) * 0.5 = 6.5, a tie of the high
// multiply, which rounds it up: 7.
inline constexpr std::int8_t example_fc_input[3] = {1, 2, 3};
inline constexpr std::int8_t example_fc_weights[2 * 3] = {1, 0, -1, 2, 2, 2};
inline constexpr std::int32_t example_fc_bias[2] = {10, 1};
inline constexpr int8_array<2> example_fc_expected{4, 7};
constexpr int8_array<2> example_fc(const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias) {
    int8_array<2> out;
    q::fully_connected({}, q::quantize_multiplier(0.5), input, weights, bias, out.data(), 1, 3, 2);
    return out;
}

// batch_matmul.hpp: {1, 2; 3, 4} x {5, 6; 7, 8} = {19, 22; 43, 50}, M = 0.25 = {2^30, -1}: the high multiply halves
// (9.5 -> 10, 11, 21.5 -> 22, 25), the shift halves again with ties away from zero (5, 5.5 -> 6, 11, 12.5 -> 13).
inline constexpr std::int8_t example_bmm_lhs[2 * 2] = {1, 2, 3, 4};
inline constexpr std::int8_t example_bmm_rhs[2 * 2] = {5, 6, 7, 8};
inline constexpr int8_array<4> example_bmm_expected{5, 6, 11, 13};
constexpr int8_array<4> example_bmm(const std::int8_t* lhs, const std::int8_t* rhs) {
    int8_array<4> out;
    q::batch_matmul({}, q::quantize_multiplier(0.25), lhs, {}, rhs, {}, out.data(), 2, 2, 2);
    return out;
}

// No bias, offsets on input and weights, M = 0.25, output offset -3. Two batches of depth 3, two channels:
// input + 2 = {3, 0, 5} and {2, 7, 1}; weights + 1 = {2, 3, 4} and {0, 1, 5};
// acc = {3*2 + 0*3 + 5*4, 3*0 + 0*1 + 5*5; 2*2 + 7*3 + 1*4, 2*0 + 7*1 + 1*5} = {26, 25; 29, 12};
// high multiply by 0.5: {13, 12.5 -> 13; 14.5 -> 15, 6}; shift by 1, ties away from zero: {6.5 -> 7, 7; 7.5 -> 8, 3}
// (the double rounding: 25 * 0.25 = 6.25 and 29 * 0.25 = 7.25 become 7 and 8); + (-3): {4, 4; 5, 0}.
inline constexpr std::int8_t no_bias_input[2 * 3] = {1, -2, 3, 0, 5, -1};
inline constexpr std::int8_t no_bias_weights[2 * 3] = {1, 2, 3, -1, 0, 4};
inline constexpr int8_array<4> no_bias_expected{4, 4, 5, 0};
constexpr int8_array<4> no_bias(const std::int8_t* input, const std::int8_t* weights) {
    int8_array<4> out;
    q::fully_connected({.input_offset = 2, .filter_offset = 1, .output_offset = -3}, {1 << 30, -1}, input, weights,
                       nullptr, out.data(), 2, 3, 2);
    return out;
}

// Activation range [-10, 10], M = 1 = {2^30, 1} (a positive shift: x * 2, then the high multiply halves), output
// offset 1. One batch {10, 10}; channels {1, 1}, {-1, -1}, {1, -1}, {100, 100}, bias {0, 0, 7, -2000}:
// acc = {20, -20, 7, 0}; + 1 = {21, -19, 8, 1}; clamped: {10, -10, 8, 1}.
inline constexpr std::int8_t clamp_input[2] = {10, 10};
inline constexpr std::int8_t clamp_weights[4 * 2] = {1, 1, -1, -1, 1, -1, 100, 100};
inline constexpr std::int32_t clamp_bias[4] = {0, 0, 7, -2000};
inline constexpr int8_array<4> clamp_expected{10, -10, 8, 1};
constexpr int8_array<4> clamp(const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias) {
    int8_array<4> out;
    q::fully_connected({.output_offset = 1, .activation_min = -10, .activation_max = 10}, {1 << 30, 1}, input,
                       weights, bias, out.data(), 1, 2, 4);
    return out;
}

// The int8 range's own ends: the same layer with the whole range, output offset 0: acc {20, -20, 7, 0} scaled by
// 100 (M = 100 = {100 * 2^24, 7}: x * 2^7, then the high multiply by 100 * 2^24 / 2^31 = 0.78125) gives
// {2000, -2000, 700, 0}, clamped to {127, -128, 127, 0}.
inline constexpr int8_array<4> clamp_int8_expected{127, -128, 127, 0};
constexpr int8_array<4> clamp_int8(const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias) {
    int8_array<4> out;
    q::fully_connected({}, {100 << 24, 7}, input, weights, bias, out.data(), 1, 2, 4);
    return out;
}

// Per channel, one shift positive: multipliers {2^30, 2^30, 0.75 * 2^31}, shifts {2, -2, 1}, so M = {2, 0.125,
// 1.5}; output offset 5. Two batches {3, -5} and {7, 1}; channels {1, 0}, {0, -1}, {1, 1}; bias {1, 2, -1}.
// Batch 0: acc = {3 + 1, 5 + 2, 3 - 5 - 1} = {4, 7, -3}. Channel 0: 4 * 4 = 16, high multiply 8. Channel 1: high
// multiply 3.5 -> 4, shift by 2: 1. Channel 2: -3 * 2 = -6, high multiply by 0.75: -4.5, a tie, rounds up: -4
// (not -5). + 5: {13, 6, 1}.
// Batch 1: acc = {7 + 1, -1 + 2, 7 + 1 - 1} = {8, 1, 7}: 16; 0.5 -> 1, 0.25 -> 0; 14 * 0.75 = 10.5 -> 11. + 5:
// {21, 5, 16}.
inline constexpr std::int8_t per_channel_input[2 * 2] = {3, -5, 7, 1};
inline constexpr std::int8_t per_channel_weights[3 * 2] = {1, 0, 0, -1, 1, 1};
inline constexpr std::int32_t per_channel_bias[3] = {1, 2, -1};
inline constexpr std::int32_t per_channel_multipliers[3] = {1 << 30, 1 << 30, 1610612736};
inline constexpr std::int32_t per_channel_shifts[3] = {2, -2, 1};
inline constexpr int8_array<6> per_channel_expected{13, 6, 1, 21, 5, 16};
constexpr int8_array<6> per_channel(const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias) {
    int8_array<6> out;
    q::fully_connected_per_channel({.output_offset = 5}, per_channel_multipliers, per_channel_shifts, input, weights,
                                   bias, out.data(), 2, 2, 3);
    return out;
}

// Broadcasting in two batch dimensions at once, M = 1: lhs batch shape {1, 2, 1} (two 1 x 2 matrices), rhs {1, 1, 2}
// (two 2 x 2 matrices), output {1, 2, 2}: output batch (b1, b2) is lhs[b1] x rhs[b2], in the order (0, 0), (0, 1),
// (1, 0), (1, 1). lhs {1, 2} and {3, -1}; rhs the identity and {2, 1; 3, -2}:
// {1, 2}, {1*2 + 2*3, 1*1 + 2*(-2)} = {8, -3}, {3, -1}, {3*2 - 1*3, 3*1 - 1*(-2)} = {3, 5}.
// The same product from the right-hand sides stored transposed: the identity and {2, 3; 1, -2}.
inline constexpr std::int8_t broadcast_lhs[2 * 1 * 2] = {1, 2, 3, -1};
inline constexpr std::int8_t broadcast_rhs[2 * 2 * 2] = {1, 0, 0, 1, 2, 1, 3, -2};
inline constexpr std::int8_t broadcast_rhs_transposed[2 * 2 * 2] = {1, 0, 0, 1, 2, 3, 1, -2};
inline constexpr int8_array<8> broadcast_expected{1, 2, 8, -3, 3, -1, 3, 5};
constexpr int8_array<8> broadcast(const std::int8_t* lhs, const std::int8_t* rhs) {
    int8_array<8> out;
    q::batch_matmul({}, {1 << 30, 1}, lhs, {1, 2, 1}, rhs, {1, 1, 2}, out.data(), 1, 2, 2);
    return out;
}
constexpr int8_array<8> broadcast_rhs_transposed_stored(const std::int8_t* lhs, const std::int8_t* rhs_transposed) {
    int8_array<8> out;
    q::batch_matmul_rhs_transposed({}, {1 << 30, 1}, lhs, {1, 2, 1}, rhs_transposed, {1, 1, 2}, out.data(), 1, 2, 2);
    return out;
}

}  // namespace cases
