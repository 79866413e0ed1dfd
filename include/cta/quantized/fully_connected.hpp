// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 FULLY_CONNECTED: a batch of int8 vectors times int8 weights, accumulated in 32-bit
/// integers and requantized to int8 with one multiplier for the whole output (`fully_connected`) or one per output
/// channel (`fully_connected_per_channel`), bit for bit as TensorFlow Lite's reference kernels and CMSIS-NN's
/// `arm_fully_connected_s8` and `arm_fully_connected_per_channel_s8` compute them.
///
/// For batch `b` and output channel `c`, with `d` the input depth:
///
///     acc = sum over k < d of (input[b * d + k] + input_offset) * (weights[c * d + k] + filter_offset)
///           (+ bias[c] if there is a bias)                                          in int32, k = 0, 1, ...
///     output[b * output_depth + c] = clamp(multiply_by_quantized_multiplier(acc, multiplier, shift)
///                                          + output_offset, activation_min, activation_max)
///
/// `multiplier` and `shift` are the layer's (`fully_connected`) or channel `c`'s (`fully_connected_per_channel`);
/// `multiply_by_quantized_multiplier` is TensorFlow Lite's default double rounding (fixed_point.hpp). The weights are
/// stored as TensorFlow Lite stores them: one row of `d` per output channel. An offset is a negated zero point: an
/// input tensor with zero point -128 has `input_offset = 128`.
///
///     constexpr std::int8_t input[3] = {1, 2, 3};                  // one batch, input depth 3
///     constexpr std::int8_t weights[2 * 3] = {1, 0, -1, 2, 2, 2};  // two output channels
///     constexpr std::int32_t bias[2] = {10, 1};
///     std::int8_t out[2];
///     using namespace cta::quantized;
///     fully_connected({}, quantize_multiplier(0.5), input, weights, bias, out, 1, 3, 2);  // 1 batch, depth 3, 2 out
///     // out = {4, 7}: (1 - 3 + 10) * 0.5 = 4 and (2 + 4 + 6 + 1) * 0.5 = 6.5, whose tie rounds up
///
/// The functions are `constexpr` and `noexcept`, take pointers and extents (one compiled copy serves every shape),
/// allocate nothing, and give the same bits in a constant evaluation and at run time. The inner loop is one
/// multiply-add per step: a constant evaluation costs Clang about one step of its budget (`-fconstexpr-steps`) per
/// multiply-add, plus a fixed number per output element for its requantization.
///
/// Preconditions: `input_offset` and `filter_offset` in [-127, 128] (negated int8 zero points), `output_offset` in
/// [-128, 127], `activation_min <= activation_max` in [-128, 127], each multiplier in [0, 2^31) with its shift in
/// [-31, 30]; the accumulator fits in int32 (it always does for an input depth up to 32767 and biases of magnitude
/// below 2^24), as TensorFlow Lite requires. The arrays hold `batches * input_depth` inputs, `output_depth *
/// input_depth` weights, `output_depth` biases (or `bias` is null), multipliers and shifts, and `batches *
/// output_depth` outputs. A precondition that fails stops a constant evaluation: a parameter out of range with an
/// error naming its precondition, an accumulator that overflows or an array too short with the compiler's own
/// error. At run time a build without `NDEBUG` checks the parameters (not the accumulators or the arrays) and stops
/// the program there (fixed_point.hpp's `detail::stop`), and a build with `NDEBUG` assumes them.
///
/// int16 (TensorFlow Lite's 16x8 quantization: int16 inputs and outputs, int8 weights): `fully_connected` and
/// `fully_connected_per_channel` over `std::int16_t` pointers, with `fully_connected_int16_params` (its activation
/// range within [-32768, 32767]), sum in the type of the bias, 64-bit (what the converter writes) or 32-bit, and
/// requantize as TensorFlow Lite Micro's kernel does for that type (below).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>

namespace cta::quantized {

/// @brief The offsets and the activation range of an int8 fully connected layer (TensorFlow Lite's
/// `FullyConnectedParams`, without the multiplier). The defaults are zero offsets and the whole int8 range.
struct fully_connected_params {
    std::int32_t input_offset = 0;     ///< the input's zero point, negated: [-127, 128]
    std::int32_t filter_offset = 0;    ///< the weights' zero point, negated: [-127, 128]
    std::int32_t output_offset = 0;    ///< the output's zero point: [-128, 127]
    ///@{
    /// @brief The range the outputs are clamped to, within [-128, 127] and not empty.
    std::int32_t activation_min = -128;
    std::int32_t activation_max = 127;
    ///@}
};

/// @brief The offsets and the activation range of an int16 fully connected layer (TensorFlow Lite's 16x8
/// quantization: int16 inputs and outputs, int8 weights). The defaults are zero offsets, as the converter quantizes
/// int16 tensors, and the whole int16 range.
struct fully_connected_int16_params {
    std::int32_t input_offset = 0;   ///< the input's zero point, negated (0 in TensorFlow Lite's 16x8 quantization)
    std::int32_t filter_offset = 0;  ///< the weights' zero point, negated: [-127, 128] (0 for per-channel weights)
    std::int32_t output_offset = 0;  ///< the output's zero point (0 in TensorFlow Lite's 16x8 quantization)
    ///@{
    /// @brief The range the outputs are clamped to, within [-32768, 32767] and not empty.
    std::int32_t activation_min = -32768;
    std::int32_t activation_max = 32767;
    ///@}
};

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void input_offset_must_be_in_minus_127_to_128() noexcept { detail::stop(); }
inline void filter_offset_must_be_in_minus_127_to_128() noexcept { detail::stop(); }
inline void activation_range_must_be_within_minus_32768_to_32767_and_not_empty() noexcept { detail::stop(); }
///@}
}  // namespace precondition

namespace detail {

/// @brief Stops at the first of the layer's preconditions that `params` breaks: the offsets of the operands, then the
/// output's offset and range.
constexpr void check_fully_connected(const fully_connected_params& params) noexcept {
    if (!operand_offset_in_range(params.input_offset)) {
        precondition::input_offset_must_be_in_minus_127_to_128();
    }
    if (!operand_offset_in_range(params.filter_offset)) {
        precondition::filter_offset_must_be_in_minus_127_to_128();
    }
    check_int8_output(params.output_offset, params.activation_min, params.activation_max);
}

/// @brief The fully connected layer, with channel `c`'s multiplier and shift at `multipliers[c * channel_step]` and
/// `shifts[c * channel_step]` (step 0: one for every channel). Always inlined into the two functions below, whose own
/// inlining then decides what the call of a layer costs.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] constexpr void fully_connected_int8(
    const fully_connected_params& params, const std::int32_t* multipliers, const std::int32_t* shifts,
    std::size_t channel_step, const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias,
    std::int8_t* output, std::size_t batches, std::size_t input_depth, std::size_t output_depth) noexcept {
    check_fully_connected(params);
    int8_layer_product({input, params.input_offset, weights, 1, input_depth, params.filter_offset, batches,
                        input_depth, output_depth},
                       {multipliers, shifts, channel_step, bias, params.output_offset, params.activation_min,
                        params.activation_max},
                       output);
}

/// @brief `fully_connected_int8` in a constant evaluation, its extents template arguments: the products in packed
/// words (`packed_accumulators`, whose int32 accumulators are `offset_dot`'s), then, as `int8_product`, the bias and
/// the requantization of each output. Called only while constant-evaluating, so that its locals are no stack frame
/// at run time.
template <std::size_t Batches, std::size_t InputDepth, std::size_t OutputDepth>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_int8_packed(
    const fully_connected_params& params, const std::int32_t* multipliers, const std::int32_t* shifts,
    std::size_t channel_step, const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias,
    std::int8_t* output) noexcept {
    check_fully_connected(params);
    std::int32_t acc[Batches * OutputDepth]{};
    packed_accumulators<Batches, OutputDepth, InputDepth>(acc, input, params.input_offset, weights, 1, InputDepth,
                                                          params.filter_offset);
    for (std::size_t i = 0; i < Batches; ++i)
        for (std::size_t j = 0; j < OutputDepth; ++j)
            output[i * OutputDepth + j] = requantize_to_int8(
                bias != nullptr ? acc[i * OutputDepth + j] + bias[j] : acc[i * OutputDepth + j],
                multipliers[j * channel_step], static_cast<int>(shifts[j * channel_step]), params.output_offset,
                params.activation_min, params.activation_max);
}

}  // namespace detail

/// @brief An int8 fully connected layer with one multiplier for the whole output (TensorFlow Lite's
/// FULLY_CONNECTED with per-tensor quantization): `output` (`batches` x `output_depth`) from `input` (`batches` x
/// `input_depth`), `weights` (`output_depth` x `input_depth`) and `bias` (`output_depth`, or null for none), as the
/// file's description says.
CTA_DETAIL_TARGET_TAG constexpr void fully_connected(const fully_connected_params& params,
                                                     quantized_multiplier output_multiplier, const std::int8_t* input,
                                                     const std::int8_t* weights, const std::int32_t* bias,
                                                     std::int8_t* output, std::size_t batches, std::size_t input_depth,
                                                     std::size_t output_depth) noexcept {
    const std::int32_t multiplier = output_multiplier.multiplier;
    const std::int32_t shift = output_multiplier.shift;
    detail::fully_connected_int8(params, &multiplier, &shift, 0, input, weights, bias, output, batches, input_depth,
                                 output_depth);
}

/// @brief An int8 fully connected layer with a multiplier and a shift per output channel (TensorFlow Lite's
/// FULLY_CONNECTED with per-channel quantization; `multipliers` and `shifts` hold `output_depth` values each):
/// output channel `c` is requantized with `multipliers[c]` and `shifts[c]`; the rest as `fully_connected`.
/// TensorFlow Lite quantizes per-channel weights symmetrically, so its kernel has no filter offset: give
/// `filter_offset = 0` (the default) to compute what it computes.
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_per_channel(const fully_connected_params& params,
                                                                 const std::int32_t* multipliers,
                                                                 const std::int32_t* shifts, const std::int8_t* input,
                                                                 const std::int8_t* weights, const std::int32_t* bias,
                                                                 std::int8_t* output, std::size_t batches,
                                                                 std::size_t input_depth,
                                                                 std::size_t output_depth) noexcept {
    detail::fully_connected_int8(params, multipliers, shifts, 1, input, weights, bias, output, batches, input_depth,
                                 output_depth);
}

///@{
/// @brief `fully_connected` and `fully_connected_per_channel` with their extents as template arguments
/// (`Batches`, `InputDepth`, `OutputDepth`): the same integers. At run time they call the functions above; in a
/// constant evaluation they compute the products several to a multiplication of 64-bit or 128-bit words, as
/// quantized self-attention does (int8_kernel.hpp, "Requantized products for constant evaluation"), which costs
/// the compilers' constant evaluators a fraction of the plain loop's steps and operations.
template <std::size_t Batches, std::size_t InputDepth, std::size_t OutputDepth>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected(const fully_connected_params& params,
                                                     quantized_multiplier output_multiplier, const std::int8_t* input,
                                                     const std::int8_t* weights, const std::int32_t* bias,
                                                     std::int8_t* output) noexcept {
    if (cta::detail::is_constant_evaluated()) {
        const std::int32_t multiplier = output_multiplier.multiplier;
        const std::int32_t shift = output_multiplier.shift;
        detail::fully_connected_int8_packed<Batches, InputDepth, OutputDepth>(params, &multiplier, &shift, 0, input,
                                                                              weights, bias, output);
        return;
    }
    fully_connected(params, output_multiplier, input, weights, bias, output, Batches, InputDepth, OutputDepth);
}
template <std::size_t Batches, std::size_t InputDepth, std::size_t OutputDepth>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_per_channel(const fully_connected_params& params,
                                                                 const std::int32_t* multipliers,
                                                                 const std::int32_t* shifts, const std::int8_t* input,
                                                                 const std::int8_t* weights, const std::int32_t* bias,
                                                                 std::int8_t* output) noexcept {
    if (cta::detail::is_constant_evaluated()) {
        detail::fully_connected_int8_packed<Batches, InputDepth, OutputDepth>(params, multipliers, shifts, 1, input,
                                                                              weights, bias, output);
        return;
    }
    fully_connected_per_channel(params, multipliers, shifts, input, weights, bias, output, Batches, InputDepth,
                                OutputDepth);
}
///@}

namespace detail {

/// @brief Stops at the first of an int16 layer's preconditions that `params` breaks: the weights' offset, then the
/// activation range.
constexpr void check_fully_connected_int16(const fully_connected_int16_params& params) noexcept {
    if (!operand_offset_in_range(params.filter_offset)) {
        precondition::filter_offset_must_be_in_minus_127_to_128();
    }
    if (params.activation_min < -32768 || params.activation_max > 32767 ||
        params.activation_min > params.activation_max) {
        precondition::activation_range_must_be_within_minus_32768_to_32767_and_not_empty();
    }
}

/// @brief The int16 fully connected layer with accumulators of type `Acc` (`std::int64_t`: requantized by
/// `multiply_by_quantized_multiplier_int64`; `std::int32_t`: by `multiply_by_quantized_multiplier`), channel `c`'s
/// multiplier and shift at `multipliers[c * channel_step]` and `shifts[c * channel_step]`.
template <class Acc>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_int16(const fully_connected_int16_params& params,
                                                           const std::int32_t* multipliers, const std::int32_t* shifts,
                                                           std::size_t channel_step, const std::int16_t* input,
                                                           const std::int8_t* weights, const Acc* bias,
                                                           std::int16_t* output, std::size_t batches,
                                                           std::size_t input_depth, std::size_t output_depth) noexcept {
    check_fully_connected_int16(params);
    for (std::size_t b = 0; b < batches; ++b) {
        const std::int16_t* x = input + b * input_depth;
        for (std::size_t c = 0; c < output_depth; ++c) {
            const std::int8_t* w = weights + c * input_depth;
            Acc acc = 0;
            for (std::size_t k = 0; k < input_depth; ++k)  // one statement, one step: no braces
                acc += (w[k] + params.filter_offset) * (x[k] + params.input_offset);
            if (bias != nullptr) acc += bias[c];
            const std::int32_t multiplier = multipliers[c * channel_step];
            const int shift = static_cast<int>(shifts[c * channel_step]);
            std::int32_t scaled = 0;
            if constexpr (std::is_same_v<Acc, std::int64_t>) {
                scaled = multiply_by_quantized_multiplier_int64(acc, multiplier, shift);
            } else {
                scaled = multiply_by_quantized_multiplier(acc, multiplier, shift);
            }
            const std::int64_t value = std::int64_t{scaled} + std::int64_t{params.output_offset};
            const std::int64_t clamped = value < params.activation_min   ? params.activation_min
                                         : value > params.activation_max ? params.activation_max
                                                                         : value;
            output[b * output_depth + c] = static_cast<std::int16_t>(clamped);
        }
    }
}

}  // namespace detail

///@{
/// @brief TensorFlow Lite's int16 FULLY_CONNECTED (16x8: int16 `input` and `output`, int8 `weights`), with one
/// multiplier for the whole output or (`fully_connected_per_channel`) one per output channel: as the int8 layer
/// above, with each accumulator of the bias's type. With 64-bit biases (`std::int64_t`, what the converter writes)
/// the sums are 64-bit and requantized by `multiply_by_quantized_multiplier_int64` (fixed_point.hpp: the multiplier
/// rounded to 16 bits, one rounding); with 32-bit biases they are 32-bit and requantized by
/// `multiply_by_quantized_multiplier`, as TensorFlow Lite Micro's kernel chooses by the bias tensor's type. Without
/// a bias, pass a null pointer of the type that chooses (`static_cast<const std::int64_t*>(nullptr)`): TensorFlow
/// Lite Micro sums in 64 bits unless the file's `quantized_bias_type` is INT32. Each output is the scaled sum plus
/// `output_offset`, clamped to the activation range. Preconditions: `filter_offset` in [-127, 128] (0 for
/// per-channel weights), the activation range within [-32768, 32767] and not empty, each multiplier in [0, 2^31)
/// with its shift in [-31, 30] (32-bit sums) or [-31, 7] (64-bit sums); the sums fit their type (64-bit sums below
/// 2^47 in magnitude), as TensorFlow Lite requires.
template <class Bias>
    requires std::is_same_v<Bias, std::int64_t> || std::is_same_v<Bias, std::int32_t>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected(const fully_connected_int16_params& params,
                                                     quantized_multiplier output_multiplier,
                                                     const std::int16_t* input, const std::int8_t* weights,
                                                     const Bias* bias, std::int16_t* output, std::size_t batches,
                                                     std::size_t input_depth, std::size_t output_depth) noexcept {
    const std::int32_t multiplier = output_multiplier.multiplier;
    const std::int32_t shift = output_multiplier.shift;
    detail::fully_connected_int16(params, &multiplier, &shift, 0, input, weights, bias, output, batches, input_depth,
                                  output_depth);
}
template <class Bias>
    requires std::is_same_v<Bias, std::int64_t> || std::is_same_v<Bias, std::int32_t>
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_per_channel(const fully_connected_int16_params& params,
                                                                 const std::int32_t* multipliers,
                                                                 const std::int32_t* shifts,
                                                                 const std::int16_t* input,
                                                                 const std::int8_t* weights, const Bias* bias,
                                                                 std::int16_t* output, std::size_t batches,
                                                                 std::size_t input_depth,
                                                                 std::size_t output_depth) noexcept {
    detail::fully_connected_int16(params, multipliers, shifts, 1, input, weights, bias, output, batches, input_depth,
                                  output_depth);
}
///@}

}  // namespace cta::quantized
