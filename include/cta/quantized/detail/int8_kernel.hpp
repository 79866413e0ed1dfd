// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief What the int8 kernels of `cta::quantized` (fully_connected.hpp, batch_matmul.hpp) share: the sum of
/// products with offsets that makes an output element's accumulator, the last step of every output element
/// (requantize the 32-bit accumulator, add the output offset, clamp to the activation range, narrow to int8), and
/// the preconditions on the offsets and the activation range.
///
/// On a target with Arm's DSP extension (`__ARM_FEATURE_DSP`: the Cortex-M4, M7, M33 with it, 32-bit A-profile cores),
/// the sum of products runs, at run time only, on its SIMD instructions through the ACLE intrinsics of
/// <arm_acle.h>: `sxtab16` widens two of four int8 to int16 and adds the offset to each, `smlad` adds two 16-bit
/// products to the accumulator, so four multiply-adds take two loads, four widenings and two `smlad`. The sum is the
/// same integer: each (q + offset) is in [-255, 255] and fits 16 bits, each product and pair of products is exact in
/// 32 bits, and the accumulator wraps modulo 2^32 as the plain loop's would if it could; where the true sum fits in
/// int32 (the kernels' precondition) both give it, whatever the order. A constant evaluation, and every other target,
/// runs the plain loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/quantized/fixed_point.hpp>

#if defined(__ARM_FEATURE_DSP) && defined(__GNUC__)
// A compiler header (GCC's and Clang's), available freestanding: the DSP extension's intrinsics.
#include <arm_acle.h>
#define CTA_DETAIL_QUANTIZED_DSP 1
#else
#define CTA_DETAIL_QUANTIZED_DSP 0
#endif

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

#if CTA_DETAIL_QUANTIZED_DSP
namespace dsp {

/// Four int8 at `p` (any alignment: the cores with the DSP extension load words unaligned) as one word.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t load4(const std::int8_t* p) noexcept {
    std::int32_t word;
    __builtin_memcpy(&word, p, sizeof word);
    return word;
}

/// `offset` in both 16-bit halves of a word.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t pair(std::int32_t offset) noexcept {
    return static_cast<std::int32_t>((static_cast<std::uint32_t>(offset) & 0xffffU) * 0x10001U);
}

/// Bytes 1 and 3 of `word`, sign-extended to 16 bits, plus `offsets` (`sxtab16` with its operand rotated by 8 bits,
/// which GCC's <arm_acle.h> has no intrinsic for, and does not fold a rotation into).
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t widen_odd(std::int32_t offsets,
                                                                          std::int32_t word) noexcept {
    std::int32_t result;
    asm("sxtab16 %0, %1, %2, ror #8" : "=r"(result) : "r"(offsets), "r"(word));
    return result;
}

/// Two int8 `low` and `high`, plus their offset each, as the two 16-bit halves of a word.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t halves(std::int32_t low, std::int32_t high) noexcept {
    return static_cast<std::int32_t>((static_cast<std::uint32_t>(low) & 0xffffU) |
                                     (static_cast<std::uint32_t>(high) << 16));
}

/// Four multiply-adds: `a[0..3]` and `b[0..3]` (contiguous), each plus its offset pair.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t
four_products(const std::int8_t* a, std::int32_t a_offsets, const std::int8_t* b, std::int32_t b_offsets,
              std::int32_t acc) noexcept {
    const std::int32_t wa = load4(a);
    const std::int32_t wb = load4(b);
    acc = __smlad(__sxtab16(a_offsets, wa), __sxtab16(b_offsets, wb), acc);  // k, k + 2
    return __smlad(widen_odd(a_offsets, wa), widen_odd(b_offsets, wb), acc);  // k + 1, k + 3
}

/// `offset_dot` on the DSP extension: `a` read four at a time, `b` likewise where it is contiguous (`b_stride` 1,
/// eight multiply-adds a step, then four) or gathered byte by byte into the same pairs, then the last depth % 4 one
/// by one.
CTA_DETAIL_TARGET_TAG inline std::int32_t offset_dot(const std::int8_t* a, std::int32_t a_offset,
                                                     const std::int8_t* b, std::size_t b_stride,
                                                     std::int32_t b_offset, std::size_t depth) noexcept {
    const std::int32_t a_offsets = pair(a_offset);
    const std::int32_t b_offsets = pair(b_offset);
    std::int32_t acc = 0;
    const std::int8_t* const a_end = a + depth / 4 * 4;
    if (b_stride == 1) {
        for (; a_end - a >= 8; a += 8, b += 8)
            acc = four_products(a + 4, a_offsets, b + 4, b_offsets, four_products(a, a_offsets, b, b_offsets, acc));
        if (a != a_end) {
            acc = four_products(a, a_offsets, b, b_offsets, acc);
            a += 4;
            b += 4;
        }
    } else {
        for (; a != a_end; a += 4, b += 4 * b_stride) {
            const std::int32_t wa = load4(a);
            const std::int32_t b0 = b[0];
            const std::int32_t b1 = b[b_stride];
            const std::int32_t b2 = b[2 * b_stride];
            const std::int32_t b3 = b[3 * b_stride];
            acc = __smlad(__sxtab16(a_offsets, wa), halves(b0 + b_offset, b2 + b_offset), acc);
            acc = __smlad(widen_odd(a_offsets, wa), halves(b1 + b_offset, b3 + b_offset), acc);
        }
    }
    for (std::size_t k = 0; k < depth % 4; ++k) acc += (a[k] + a_offset) * (b[k * b_stride] + b_offset);
    return acc;
}

}  // namespace dsp
#endif

/// @brief `sum over k < depth of (a[k] + a_offset) * (b[k * b_stride] + b_offset)`, accumulated in int32 in the order
/// k = 0, 1, ...: one multiply-add per loop step (a constant evaluation costs Clang one step each). At run time on a
/// target with the DSP extension, `dsp::offset_dot`: the same sum (see the file's description).
CTA_DETAIL_TARGET_TAG constexpr std::int32_t offset_dot(const std::int8_t* a, std::int32_t a_offset,
                                                        const std::int8_t* b, std::size_t b_stride,
                                                        std::int32_t b_offset, std::size_t depth) noexcept {
#if CTA_DETAIL_QUANTIZED_DSP
    if (!std::is_constant_evaluated()) return dsp::offset_dot(a, a_offset, b, b_stride, b_offset, depth);
#endif
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
