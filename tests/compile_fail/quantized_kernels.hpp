// SPDX-License-Identifier: BSL-1.0
// The quantized kernels on the smallest operands, for the compile-fail pairs of their preconditions: each function
// computes one kernel in a constant evaluation from the parameters that it takes by value, so that both compilers
// print its call with them when a precondition stops the evaluation.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/elementwise.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/softmax.hpp>

/// fully_connected of one batch, input depth 1 and one output channel (input 1, weight 2, multiplier 1/2).
constexpr std::int8_t fully_connected_output(cta::quantized::fully_connected_params params) {
    const std::int8_t input[1] = {1};
    const std::int8_t weights[1] = {2};
    std::int8_t output[1] = {};
    cta::quantized::fully_connected(params, {1 << 30, 0}, input, weights, nullptr, output, 1, 1, 1);
    return output[0];
}

/// fully_connected over int16 of one batch, input depth 1 and one output channel (input 1, weight 2, multiplier 1/2,
/// a 64-bit bias of 0).
constexpr std::int16_t fully_connected_int16_output(cta::quantized::fully_connected_int16_params params) {
    const std::int16_t input[1] = {1};
    const std::int8_t weights[1] = {2};
    const std::int64_t bias[1] = {0};
    std::int16_t output[1] = {};
    cta::quantized::fully_connected(params, {1 << 30, 0}, input, weights, bias, output, 1, 1, 1);
    return output[0];
}

/// batch_matmul of 1 x 1 matrices, `lhs_batches` and `rhs_batches` of them (at most 3) in the innermost batch
/// dimension (multiplier 1/2): the first output.
constexpr std::int8_t batch_matmul_output(cta::quantized::batch_matmul_params params, std::size_t lhs_batches = 1,
                                          std::size_t rhs_batches = 1) {
    const std::int8_t lhs[3] = {1, 2, 3};
    const std::int8_t rhs[3] = {4, 5, 6};
    std::int8_t output[3] = {};
    cta::quantized::batch_matmul(params, {1 << 30, 0}, lhs, {1, 1, lhs_batches}, rhs, {1, 1, rhs_batches}, output, 1,
                                 1, 1);
    return output[0];
}

/// The int8 softmax of one row of `row_length` elements (at most 4096), all 0: the first output.
constexpr std::int8_t softmax_int8_output(cta::quantized::softmax_int8_params params, std::size_t row_length = 2) {
    const std::int8_t input[4096] = {};
    std::int8_t output[4096] = {};
    cta::quantized::softmax(input, 1, row_length, params, output);
    return output[0];
}

/// The int16 softmax of one row of one element, with tables whose every entry of e^x is `exp_entry` (and of
/// 1 / (1 + x), 2^14): the output.
constexpr std::int16_t softmax_int16_output(std::int16_t exp_entry) {
    cta::quantized::softmax_int16_luts luts{};
    for (auto& entry : luts.exp) entry = exp_entry;
    for (auto& entry : luts.one_over_one_plus_x) entry = 16384;
    const std::int16_t input[1] = {0};
    std::int16_t output[1] = {};
    cta::quantized::softmax(input, 1, 1, {1 << 30, 0}, luts, output);
    return output[0];
}

/// ADD over pointers of a 2 x 2 operand and a `b_rows` x `b_cols` one (at most 2 x 2), every scale 1: the first
/// output.
constexpr std::int8_t add_output(std::size_t b_rows, std::size_t b_cols) {
    const std::int8_t a[4] = {1, 2, 3, 4};
    const std::int8_t b[4] = {5, 6, 7, 8};
    std::int8_t output[4] = {};
    const auto unit = cta::quantized::affine(1.0F, 0);
    cta::quantized::add(cta::quantized::add_params(unit, unit, unit), a, 2, 2, b, b_rows, b_cols, output);
    return output[0];
}

/// ADD's parameters for inputs of scale 1 and an output of scale 2^-exponent: the output's shift.
constexpr int add_params_output_shift(int exponent) {
    float scale = 1.0F;
    for (int e = 0; e < exponent; ++e) scale /= 2.0F;
    const auto unit = cta::quantized::affine(1.0F, 0);
    return cta::quantized::add_params(unit, unit, cta::quantized::affine(scale, 0)).output.shift;
}

/// int16 ADD's parameters for inputs of scale 1 and an output of scale 2^-exponent: the output's shift.
constexpr int add_params_int16_output_shift(int exponent) {
    float scale = 1.0F;
    for (int e = 0; e < exponent; ++e) scale /= 2.0F;
    const auto unit = cta::quantized::affine(1.0F, 0);
    return cta::quantized::add_params_int16(unit, unit, cta::quantized::affine(scale, 0)).output.shift;
}
