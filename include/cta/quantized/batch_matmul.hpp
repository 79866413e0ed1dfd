// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 BATCH_MATMUL: batches of int8 matrix products, accumulated in 32-bit integers and
/// requantized to int8 with one multiplier, with TensorFlow Lite's broadcasting of the batch dimensions, bit for bit
/// as TensorFlow Lite's reference kernel and CMSIS-NN's `arm_batch_matmul_s8` compute them. `batch_matmul` takes the
/// right-hand side as stored (`depth` x `cols` per batch); `batch_matmul_rhs_transposed` takes it stored transposed
/// (`cols` x `depth`, TensorFlow Lite's `adj_y`), and `batch_matmul_strided`, which both call, any strides.
///
/// For output batch `(b0, b1, b2)`, row `i` and column `j`, with `lhs` the batch's `rows` x `depth` matrix and `rhs`
/// its `depth` x `cols` matrix:
///
///     acc = sum over k < depth of (lhs(i, k) + lhs_offset) * (rhs(k, j) + rhs_offset)   in int32, k = 0, 1, ...
///     output(i, j) = clamp(multiply_by_quantized_multiplier(acc, multiplier, shift) + output_offset,
///                          activation_min, activation_max)
///
/// with TensorFlow Lite's default double rounding (fixed_point.hpp). An offset is a negated zero point: a tensor with
/// zero point -128 has offset 128. (TensorFlow Lite's kernel passes the right-hand side first and transposes it
/// unless `adj_y` says it is stored transposed already, so that both operands are read along their depth; the sums
/// and their order are the ones above, and the output is row-major `rows` x `cols` per batch.)
///
/// Batches: each operand has up to three batch dimensions before its two matrix dimensions, `batch_shape{outer,
/// middle, inner}`, aligned on the right as TensorFlow Lite aligns them (a tensor [a, b, rows, depth] has batch shape
/// {1, a, b}; [b, rows, depth] has {1, 1, b}). In each dimension the two extents are equal, or one is 1 and that
/// operand's single matrix serves every index of the other (broadcasting); the output has the larger extent, and its
/// batches follow one another in row-major order of (b0, b1, b2).
///
///     constexpr std::int8_t lhs[2 * 2] = {1, 2, 3, 4};
///     constexpr std::int8_t rhs[2 * 2] = {5, 6, 7, 8};              // product {19, 22, 43, 50}
///     std::int8_t out[4];
///     cta::quantized::batch_matmul({}, cta::quantized::quantize_multiplier(0.25), lhs, {}, rhs, {}, out, 2, 2, 2);
///     // out = {5, 6, 11, 13}: 4.75, 5.5, 10.75 and 12.5 under the double rounding (19 * 0.5 = 9.5 goes to 10,
///     // 10 / 2 = 5; 22 * 0.5 = 11, 11 / 2 = 5.5 goes away from zero, to 6)
///
/// The functions are `constexpr` and `noexcept`, take pointers, extents and strides (one compiled copy serves every
/// shape), allocate nothing, and give the same bits in a constant evaluation and at run time. The inner loop is one
/// multiply-add per step: a constant evaluation costs Clang about one step of its budget (`-fconstexpr-steps`) per
/// multiply-add, plus a fixed number per output element for its requantization.
///
/// Preconditions: `lhs_offset` and `rhs_offset` in [-127, 128], `output_offset` in [-128, 127], `activation_min <=
/// activation_max` in [-128, 127], the multiplier in [0, 2^31) and its shift in [-31, 30], the batch extents
/// broadcastable as above; every accumulator fits in int32 (it always does for a depth up to 32767), as TensorFlow
/// Lite requires. The arrays hold every batch of their operand (`lhs` rows x depth, `rhs` depth x cols per batch,
/// one after the other) and `output` rows x cols per output batch. A precondition that fails stops a constant
/// evaluation: a parameter out of range or batch extents that do not broadcast with an error naming its
/// precondition, an accumulator that overflows or an array too short with the compiler's own error. At run time a
/// build without `NDEBUG` checks the parameters and the batch extents (not the accumulators or the arrays) and stops
/// the program there (fixed_point.hpp's `detail::stop`), and a build with `NDEBUG` assumes them.
///
/// int16 (TensorFlow Lite's 16x8 quantization, zero points 0): `batch_matmul_strided`, `batch_matmul` and
/// `batch_matmul_rhs_transposed` over `std::int16_t` pointers, without offsets or an activation range, sum in 64 bits
/// and requantize as TensorFlow Lite Micro's int16 kernel does (below).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>

namespace cta::quantized {

/// @brief The offsets and the activation range of an int8 batch matrix product. The defaults are zero offsets and
/// the whole int8 range (BATCH_MATMUL has no fused activation: TensorFlow Lite uses [-128, 127]).
struct batch_matmul_params {
    std::int32_t lhs_offset = 0;     ///< the left-hand side's zero point, negated: [-127, 128]
    std::int32_t rhs_offset = 0;     ///< the right-hand side's zero point, negated: [-127, 128]
    std::int32_t output_offset = 0;  ///< the output's zero point: [-128, 127]
    ///@{
    /// @brief The range the outputs are clamped to, within [-128, 127] and not empty.
    std::int32_t activation_min = -128;
    std::int32_t activation_max = 127;
    ///@}
};

/// @brief An operand's batch dimensions, outermost first, aligned on the right: {1, 1, 1} for a single matrix,
/// {1, 1, b} for a tensor [b, rows, cols], {1, a, b} for [a, b, rows, cols].
struct batch_shape {
    ///@{
    /// @brief The extents of the three batch dimensions, outermost first.
    std::size_t outer = 1;
    std::size_t middle = 1;
    std::size_t inner = 1;
    ///@}
};

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void lhs_offset_must_be_in_minus_127_to_128() noexcept { detail::stop(); }
inline void rhs_offset_must_be_in_minus_127_to_128() noexcept { detail::stop(); }
inline void batch_extents_must_be_equal_or_1() noexcept { detail::stop(); }
///@}
}  // namespace precondition

namespace detail {

/// @brief The output's extent in one batch dimension: the operands' common extent, or the other's where one is 1.
CTA_DETAIL_TARGET_TAG constexpr std::size_t broadcast_extent(std::size_t lhs, std::size_t rhs) noexcept {
    if (lhs != rhs && lhs != 1 && rhs != 1) {
        precondition::batch_extents_must_be_equal_or_1();
    }
    return lhs == 1 ? rhs : lhs;
}

/// @brief The steps in an operand from one index of each batch dimension to the next.
struct batch_steps {
    std::size_t outer;
    std::size_t middle;
    std::size_t inner;
};

/// @brief An operand's batch steps, for matrices of `matrix_size` elements: 0 in a dimension of extent 1 (the one
/// matrix serves every index there), else the size of what one index holds.
CTA_DETAIL_TARGET_TAG constexpr batch_steps batch_steps_of(batch_shape batches, std::size_t matrix_size) noexcept {
    return {batches.outer == 1 ? 0 : batches.middle * batches.inner * matrix_size,
            batches.middle == 1 ? 0 : batches.inner * matrix_size, batches.inner == 1 ? 0 : matrix_size};
}

/// @brief `product(lhs_matrix, rhs_matrix, output_matrix)` for each output batch in row-major order of (b0, b1, b2),
/// the operands' matrices (`rows` x `depth` and `depth` x `cols` elements) broadcast as the file's description says.
template <class T, class Out, class Product>
CTA_DETAIL_TARGET_TAG constexpr void for_each_batch(const T* lhs, batch_shape lhs_batches, const T* rhs,
                                                    batch_shape rhs_batches, Out* output, std::size_t rows,
                                                    std::size_t depth, std::size_t cols, Product product) noexcept {
    const std::size_t outer = broadcast_extent(lhs_batches.outer, rhs_batches.outer);
    const std::size_t middle = broadcast_extent(lhs_batches.middle, rhs_batches.middle);
    const std::size_t inner = broadcast_extent(lhs_batches.inner, rhs_batches.inner);
    const batch_steps lhs_steps = batch_steps_of(lhs_batches, rows * depth);
    const batch_steps rhs_steps = batch_steps_of(rhs_batches, depth * cols);
    for (std::size_t b0 = 0; b0 < outer; ++b0) {
        for (std::size_t b1 = 0; b1 < middle; ++b1) {
            for (std::size_t b2 = 0; b2 < inner; ++b2) {
                product(lhs + b0 * lhs_steps.outer + b1 * lhs_steps.middle + b2 * lhs_steps.inner,
                        rhs + b0 * rhs_steps.outer + b1 * rhs_steps.middle + b2 * rhs_steps.inner, output);
                output += rows * cols;
            }
        }
    }
}

}  // namespace detail

/// @brief The int8 batch matrix product with the right-hand side's element (k, j) of a batch at
/// `k * rhs_depth_stride + j * rhs_col_stride` from that batch's start (each batch of `rhs` holds `depth * cols`
/// elements, one batch after the other): `rhs_depth_stride = cols, rhs_col_stride = 1` reads it as stored,
/// `rhs_depth_stride = 1, rhs_col_stride = depth` reads it transposed. The left-hand side is row-major
/// (`rows` x `depth` per batch). The rest as the file's description says.
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul_strided(const batch_matmul_params& params,
                                                          quantized_multiplier output_multiplier,
                                                          const std::int8_t* lhs, batch_shape lhs_batches,
                                                          const std::int8_t* rhs, batch_shape rhs_batches,
                                                          std::int8_t* output, std::size_t rows, std::size_t depth,
                                                          std::size_t cols, std::size_t rhs_depth_stride,
                                                          std::size_t rhs_col_stride) noexcept {
    if (!detail::operand_offset_in_range(params.lhs_offset)) {
        precondition::lhs_offset_must_be_in_minus_127_to_128();
    }
    if (!detail::operand_offset_in_range(params.rhs_offset)) {
        precondition::rhs_offset_must_be_in_minus_127_to_128();
    }
    detail::check_int8_output(params.output_offset, params.activation_min, params.activation_max);
    const std::int32_t multiplier = output_multiplier.multiplier;
    const std::int32_t shift = output_multiplier.shift;
    const detail::int8_output_stage stage{&multiplier,          &shift,
                                          0,                    nullptr,
                                          params.output_offset, params.activation_min,
                                          params.activation_max};
    if (lhs_batches.outer * lhs_batches.middle * lhs_batches.inner == 1 &&
        rhs_batches.outer * rhs_batches.middle * rhs_batches.inner == 1) {
        // One matrix each: the product alone.
        detail::int8_product({lhs, params.lhs_offset, rhs, rhs_depth_stride, rhs_col_stride, params.rhs_offset, rows,
                              depth, cols},
                             stage, output);
        return;
    }
    detail::for_each_batch(lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols,
                           [&](const std::int8_t* lhs_matrix, const std::int8_t* rhs_matrix, std::int8_t* out) {
                               detail::int8_product({lhs_matrix, params.lhs_offset, rhs_matrix, rhs_depth_stride,
                                                     rhs_col_stride, params.rhs_offset, rows, depth, cols},
                                                    stage, out);
                           });
}

/// @brief The int8 batch matrix product `lhs` (`rows` x `depth` per batch) times `rhs` (`depth` x `cols` per batch),
/// both row-major, into `output` (`rows` x `cols` per output batch), as the file's description says.
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul(const batch_matmul_params& params,
                                                  quantized_multiplier output_multiplier, const std::int8_t* lhs,
                                                  batch_shape lhs_batches, const std::int8_t* rhs,
                                                  batch_shape rhs_batches, std::int8_t* output, std::size_t rows,
                                                  std::size_t depth, std::size_t cols) noexcept {
    batch_matmul_strided(params, output_multiplier, lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols,
                         cols, 1);
}

/// @brief The int8 batch matrix product `lhs` times the transpose of `rhs`: `rhs` holds `cols` x `depth` per batch
/// (row-major), the right-hand side's transpose, as TensorFlow Lite's BATCH_MATMUL takes it with `adj_y` and as
/// CMSIS-NN's `arm_batch_matmul_s8` always takes it. Output (i, j) sums `lhs(i, k) * rhs(j, k)`; the rest as
/// `batch_matmul`.
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul_rhs_transposed(const batch_matmul_params& params,
                                                                 quantized_multiplier output_multiplier,
                                                                 const std::int8_t* lhs, batch_shape lhs_batches,
                                                                 const std::int8_t* rhs, batch_shape rhs_batches,
                                                                 std::int8_t* output, std::size_t rows,
                                                                 std::size_t depth, std::size_t cols) noexcept {
    batch_matmul_strided(params, output_multiplier, lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols, 1,
                         depth);
}

/// @brief TensorFlow Lite's int16 BATCH_MATMUL (16x8: int16 operands and output, zero points 0, as TensorFlow Lite
/// Micro requires): each sum `sum over k < depth of lhs(i, k) * rhs(k, j)` in 64 bits, requantized by
/// `multiply_by_quantized_multiplier_int64` (fixed_point.hpp: the multiplier rounded to 16 bits, one rounding) and
/// clamped to [-32768, 32767]; the right-hand side's element (k, j) at `k * rhs_depth_stride + j * rhs_col_stride`,
/// the batches broadcast as the int8 product's. Preconditions: the multiplier in [0, 2^31) with its shift in
/// [-31, 7], the batch extents broadcastable.
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul_strided(quantized_multiplier output_multiplier,
                                                          const std::int16_t* lhs, batch_shape lhs_batches,
                                                          const std::int16_t* rhs, batch_shape rhs_batches,
                                                          std::int16_t* output, std::size_t rows, std::size_t depth,
                                                          std::size_t cols, std::size_t rhs_depth_stride,
                                                          std::size_t rhs_col_stride) noexcept {
    detail::for_each_batch(
        lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols,
        [&](const std::int16_t* a, const std::int16_t* b, std::int16_t* out) {
            for (std::size_t i = 0; i < rows; ++i) {
                for (std::size_t j = 0; j < cols; ++j) {
                    std::int64_t total = 0;
                    for (std::size_t k = 0; k < depth; ++k)  // one statement, one step: no braces
                        total += std::int64_t{a[i * depth + k]} * b[k * rhs_depth_stride + j * rhs_col_stride];
                    const std::int32_t scaled = multiply_by_quantized_multiplier_int64(
                        total, output_multiplier.multiplier, output_multiplier.shift);
                    out[i * cols + j] = static_cast<std::int16_t>(scaled < -32768 ? -32768
                                                                  : scaled > 32767 ? 32767
                                                                                   : scaled);
                }
            }
        });
}

///@{
/// @brief The int16 batch matrix product with the right-hand side as stored (`depth` x `cols` per batch) and, with
/// `_rhs_transposed`, stored transposed (`cols` x `depth`, TensorFlow Lite's `adj_y`).
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul(quantized_multiplier output_multiplier, const std::int16_t* lhs,
                                                  batch_shape lhs_batches, const std::int16_t* rhs,
                                                  batch_shape rhs_batches, std::int16_t* output, std::size_t rows,
                                                  std::size_t depth, std::size_t cols) noexcept {
    batch_matmul_strided(output_multiplier, lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols, cols, 1);
}
CTA_DETAIL_TARGET_TAG constexpr void batch_matmul_rhs_transposed(quantized_multiplier output_multiplier,
                                                                 const std::int16_t* lhs, batch_shape lhs_batches,
                                                                 const std::int16_t* rhs, batch_shape rhs_batches,
                                                                 std::int16_t* output, std::size_t rows,
                                                                 std::size_t depth, std::size_t cols) noexcept {
    batch_matmul_strided(output_multiplier, lhs, lhs_batches, rhs, rhs_batches, output, rows, depth, cols, 1, depth);
}
///@}

}  // namespace cta::quantized
