// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief What the int8 kernels of `cta::quantized` (fully_connected.hpp, batch_matmul.hpp) share: the sum of
/// products with offsets that makes an output element's accumulator, the last step of every output element
/// (requantize the 32-bit accumulator, add the output offset, clamp to the activation range, narrow to int8), and
/// the preconditions on the offsets and the activation range.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>
#include <cta/quantized/fixed_point.hpp>

namespace cta::quantized {

/// @brief The functions that a kernel's failed precondition calls (see fixed_point.hpp for the multiplier's). None is
/// `constexpr`: reached in a constant evaluation, the call is the error, and its name says which parameter is out of
/// range. At run time a build without `NDEBUG` stops there (fixed_point.hpp's `detail::stop`), as TensorFlow Lite's
/// reference kernels check theirs in debug builds; a build with `NDEBUG` assumes them.
namespace precondition {
inline void output_offset_must_be_in_minus_128_to_127() noexcept { detail::stop(); }
inline void activation_range_must_be_within_minus_128_to_127_and_not_empty() noexcept { detail::stop(); }
}  // namespace precondition

namespace detail {

/// @brief Checks what every int8 kernel requires of its output: an output offset (the output's zero point) in
/// [-128, 127], and `activation_min <= activation_max`, both in [-128, 127].
CTA_DETAIL_TARGET_TAG constexpr void check_int8_output(std::int32_t output_offset, std::int32_t activation_min,
                                                       std::int32_t activation_max) noexcept {
    if (output_offset < -128 || output_offset > 127) {
        precondition::output_offset_must_be_in_minus_128_to_127();
    }
    if (activation_min < -128 || activation_max > 127 || activation_min > activation_max) {
        precondition::activation_range_must_be_within_minus_128_to_127_and_not_empty();
    }
}

/// @brief Whether an operand's offset (its negated int8 zero point) is in [-127, 128].
CTA_DETAIL_TARGET_TAG constexpr bool operand_offset_in_range(std::int32_t offset) noexcept {
    return offset >= -127 && offset <= 128;
}

/// @brief `sum over k < depth of (a[k] + a_offset) * (b[k * b_stride] + b_offset)`, accumulated in int32 in the order
/// k = 0, 1, ...: one multiply-add per loop step (a constant evaluation costs Clang one step each).
CTA_DETAIL_TARGET_TAG constexpr std::int32_t offset_dot(const std::int8_t* a, std::int32_t a_offset,
                                                        const std::int8_t* b, std::size_t b_stride,
                                                        std::int32_t b_offset, std::size_t depth) noexcept {
    std::int32_t acc = 0;
    for (std::size_t k = 0; k < depth; ++k)  // one statement, one step: no braces
        acc += (a[k] + a_offset) * (b[k * b_stride] + b_offset);
    return acc;
}

/// @brief One output element from its accumulator: `multiply_by_quantized_multiplier(acc, multiplier, shift)`, plus
/// `output_offset`, clamped to [activation_min, activation_max]. The sum is formed in 64 bits, so that a scaled
/// value near the ends of int32 clamps instead of overflowing (where TensorFlow Lite's 32-bit sum would overflow,
/// which it leaves undefined; everywhere else the two agree).
CTA_DETAIL_TARGET_TAG constexpr std::int8_t requantize_to_int8(std::int32_t acc, std::int32_t multiplier, int shift,
                                                               std::int32_t output_offset, std::int32_t activation_min,
                                                               std::int32_t activation_max) noexcept {
    const std::int64_t value =
        std::int64_t{multiply_by_quantized_multiplier(acc, multiplier, shift)} + std::int64_t{output_offset};
    const std::int64_t clamped = value < activation_min   ? activation_min
                                 : value > activation_max ? activation_max
                                                          : value;
    return static_cast<std::int8_t>(clamped);
}

}  // namespace detail
}  // namespace cta::quantized
