// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief What the int8 kernels of `cta::quantized` (fully_connected.hpp, batch_matmul.hpp) share: the sum of
/// products with offsets that makes an output element's accumulator, the last step of every output element
/// (requantize the 32-bit accumulator, add the output offset, clamp to the activation range, narrow to int8), the
/// product of two int8 matrices made of them (`int8_product`), and the preconditions on the offsets and the
/// activation range.
///
/// On a target with Arm's DSP extension (`__ARM_FEATURE_DSP`: the Cortex-M4, M7, M33 with it, 32-bit A-profile cores),
/// these run, at run time only, on its SIMD instructions: `sxtab16` widens two of four int8 to int16 and adds the
/// offset to each, `smlad` adds two 16-bit products to the accumulator. `offset_dot` (one output element) takes two
/// loads, four widenings and two `smlad` for four multiply-adds. `int8_product` computes blocks of up to four output
/// columns, each value widened once for the block or for every block (`dsp::product`: its loops in assembly, from 15
/// instructions for 16 multiply-adds), and requantizes inline, TensorFlow Lite's two roundings in one `smmlar`
/// (`dsp::scaled_doubled`). The sums are the same integers: each (q + offset) is in [-255, 255] and fits 16 bits, each
/// product and pair of products is exact in 32 bits, and the accumulator wraps modulo 2^32 as the plain loop's would
/// if it could; where the true sum fits in int32 (the kernels' precondition) both give it, whatever the order. The
/// requantization is the same integer too (`dsp::scaled_doubled` says why, and where it applies; elsewhere
/// `requantize_to_int8` computes it). A constant evaluation, and every other target, runs the plain loops.
/// The products of attention.hpp's steps in a constant expression have a form of their own, written for the
/// constant evaluator ("Requantized products for constant evaluation" below).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

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
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void output_offset_must_be_in_minus_128_to_127() noexcept { detail::stop(); }
inline void activation_range_must_be_within_minus_128_to_127_and_not_empty() noexcept { detail::stop(); }
///@}
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
    if (!cta::detail::is_constant_evaluated()) return dsp::offset_dot(a, a_offset, b, b_stride, b_offset, depth);
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

/// @brief The operands of an int8 matrix product: `rows` x `depth` int8 on the left (row-major), and on the right
/// `depth` x `cols` int8 whose element (k, j) is `rhs[k * rhs_depth_stride + j * rhs_col_stride]`; each operand's
/// values are taken plus its offset.
struct int8_operands {
    const std::int8_t* lhs;
    std::int32_t lhs_offset;
    const std::int8_t* rhs;
    std::size_t rhs_depth_stride;
    std::size_t rhs_col_stride;
    std::int32_t rhs_offset;
    std::size_t rows;
    std::size_t depth;
    std::size_t cols;
};

/// @brief How output column `j`'s accumulators become int8: plus `bias[j]` (none if `bias` is null), then
/// `requantize_to_int8` with `multipliers[j * channel_step]` and `shifts[j * channel_step]` (step 0: one for all).
struct int8_output_stage {
    const std::int32_t* multipliers;
    const std::int32_t* shifts;
    std::size_t channel_step;
    const std::int32_t* bias;
    std::int32_t output_offset;
    std::int32_t activation_min;
    std::int32_t activation_max;
};

#if CTA_DETAIL_QUANTIZED_DSP
namespace dsp {

/// `smmlar`: the high word of `high * 2^32 + a * b + 2^31`, that is `high` plus `a * b / 2^32` rounded (ties up).
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t rounded_high_word(std::int32_t a, std::int32_t b,
                                                                                   std::int32_t high) noexcept {
    std::int32_t result;
    asm("smmlar %0, %1, %2, %3" : "=r"(result) : "r"(a), "r"(b), "r"(high));
    return result;
}

/// What requantizes one output column in four instructions (`scaled_doubled`): its multiplier `m`, `e = -shift` and
/// `rounding = 2^(e - 1) + output_offset * 2^e`.
struct column_scale {
    std::int32_t multiplier;
    std::int32_t rounding;
    std::int32_t exponent;
};

/// `multiply_by_quantized_multiplier(acc, m, -e) + output_offset` from `doubled = 2 acc`, for `m` >= 0, `e` in
/// [1, 22] and `|acc| < 2^30`: `(rounding - [acc < 0]) * 2^32 + doubled m + 2^31`, its high word (`smmlar`), shifted
/// right by `e`. TensorFlow Lite's two roundings, `y = floor((acc m + 2^30) / 2^31)` then `y / 2^e` with ties away
/// from zero, are one floor: `floor((acc m + 2^30 + 2^(30 + e) - 2^31 [y < 0]) / 2^(31 + e))` (a floor of a floor by
/// an integer is one floor), where `[y < 0]` may be read as `[acc < 0]` (they differ only where `-2^30 <= acc m < 0`,
/// and there both give 0 for e >= 1); doubled, the 2^30 is `smmlar`'s rounding constant and the rest its high word.
/// The 64-bit sum stays below 2^63 in magnitude (`|doubled m| < 2^62`, `|rounding| < 2^30`), and `output_offset *
/// 2^e` comes out of the floor whole.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t scaled_doubled(std::int32_t doubled,
                                                                                const column_scale& s) noexcept {
    return rounded_high_word(doubled, s.multiplier, s.rounding + (doubled >> 31)) >> s.exponent;
}

/// Whether the paths of one multiplier for all the outputs have copies of their own (`Uniform`), which keep its scale
/// in registers, and the panel a doubled copy (`Doubled`): not in a build for size (`-Os`, `__OPTIMIZE_SIZE__`),
/// where the copies for a multiplier per channel serve both (with a channel step of 0) and the panel is not doubled.
#ifdef __OPTIMIZE_SIZE__
inline constexpr bool speed_copies = false;
#else
inline constexpr bool speed_copies = true;
#endif

/// The product's output columns go four at a time, in a block.
inline constexpr std::size_t block_columns = 4;
/// The words of the buffer on the stack that holds a block's right-hand side or a row of the left-hand side,
/// widened: 16 steps of four of the depth for a block of four columns (64 values each), 64 steps for a row (256).
inline constexpr std::size_t buffer_words = 128;

/// A block's four accumulators, one per column.
struct accumulators {
    std::int32_t a0;
    std::int32_t a1;
    std::int32_t a2;
    std::int32_t a3;
};

/// What the requantization of every output of a product on the fast path reads: the output stage, the scale of
/// every column where there is one multiplier (`channel_step` 0), `1 + 2 output_offset` (a column's rounding is
/// that times 2^(e - 1)), and the activation range in each byte of a word, with whether it is narrower than int8's.
struct fast_stage {
    const int8_output_stage* stage;
    column_scale uniform;
    std::int32_t rounding_base;
    std::int32_t min4;
    std::int32_t max4;
    bool clamp;
};

/// `value`'s low byte in each byte of a word.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t bytes4(std::int32_t value) noexcept {
    return static_cast<std::int32_t>((static_cast<std::uint32_t>(value) & 0xffU) * 0x01010101U);
}

/// Whether every output of the product goes the fast path (`scaled_doubled`): every multiplier in [0, 2^31), every
/// shift in [-22, -1], and every accumulator below 2^30 in magnitude (each product is at most 255 * 255 in
/// magnitude, then the bias is added). Where one does not, `store_exact` computes them all, with its checks.
CTA_DETAIL_TARGET_TAG inline bool all_fast(const int8_output_stage& s, std::size_t cols, std::size_t depth) noexcept {
    if (depth >= 16384) return false;
    const auto margin = static_cast<std::int32_t>((std::int32_t{1} << 30) - static_cast<std::int32_t>(depth) * 65025);
    const std::size_t scales = s.channel_step == 0 ? 1 : cols;
    for (std::size_t j = 0; j < scales; ++j) {
        const std::int32_t shift = s.shifts[j * s.channel_step];
        if (s.multipliers[j * s.channel_step] < 0 || shift < -22 || shift > -1) return false;
    }
    if (s.bias != nullptr) {
        // |bias| < margin: bias + margin - 1 in [0, 2 (margin - 1)], one unsigned comparison.
        const auto limit = static_cast<std::uint32_t>(margin) - 1U;
        for (std::size_t j = 0; j < cols; ++j) {
            if (static_cast<std::uint32_t>(s.bias[j]) + limit > 2U * limit) return false;
        }
    }
    return true;
}

/// Column `j`'s scale on the fast path: its multiplier, `e = -shift`, and `rounding_base * 2^(e - 1)`.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline column_scale scale_of(const int8_output_stage& s,
                                                                           std::int32_t rounding_base,
                                                                           std::size_t j) noexcept {
    const std::int32_t shift = s.shifts[j * s.channel_step];
    return {s.multipliers[j * s.channel_step],
            static_cast<std::int32_t>(static_cast<std::uint32_t>(rounding_base) << ~shift),  // ~shift = e - 1
            -shift};
}

/// `scaled_doubled` of an accumulator (doubled first, unless `Doubled` says it is already) with column `j`'s scale
/// (the uniform one if `Uniform`), saturated to 8 bits.
template <bool Doubled, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t saturated(std::int32_t acc, const fast_stage& f,
                                                                            std::size_t j) noexcept {
    const std::int32_t doubled = Doubled ? acc : static_cast<std::int32_t>(static_cast<std::uint32_t>(acc) << 1);
    if constexpr (Uniform) {
        return __ssat(scaled_doubled(doubled, f.uniform), 8);
    } else {
        return __ssat(scaled_doubled(doubled, scale_of(*f.stage, f.rounding_base, j)), 8);
    }
}

/// `word` with its byte at bit `Shift` replaced by the low byte of `value` (`bfi`, from Armv6T2 on).
template <int Shift>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t insert_byte(std::int32_t word,
                                                                              std::int32_t value) noexcept {
#if defined(__ARM_ARCH_ISA_THUMB) && __ARM_ARCH_ISA_THUMB >= 2
    asm("bfi %0, %1, %2, #8" : "+r"(word) : "r"(value), "i"(Shift));
    return word;
#else
    return static_cast<std::int32_t>((static_cast<std::uint32_t>(word) & ~(0xffU << Shift)) |
                                     ((static_cast<std::uint32_t>(value) & 0xffU) << Shift));
#endif
}

/// Writes one row's `n` outputs of the block of columns from `j0` (at `out`) on the fast path: each `saturated`,
/// the four packed in a word (`bfi`) and, if `clamp`, clamped to the activation range byte by byte (`ssub8` and
/// `sel`, twice). Columns past `n` take column `j0`'s scale.
template <bool Doubled, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void store_fast(const accumulators& acc, const fast_stage& f,
                                                                     std::size_t j0, std::size_t n, bool clamp,
                                                                     std::int8_t* out) noexcept {
    std::int32_t packed = saturated<Doubled, Uniform>(acc.a0, f, j0);
    packed = insert_byte<8>(packed, saturated<Doubled, Uniform>(acc.a1, f, n > 1 ? j0 + 1 : j0));
    packed = insert_byte<16>(packed, saturated<Doubled, Uniform>(acc.a2, f, n > 2 ? j0 + 2 : j0));
    packed = insert_byte<24>(packed, saturated<Doubled, Uniform>(acc.a3, f, n > 3 ? j0 + 3 : j0));
    if (clamp) {
        static_cast<void>(__ssub8(packed, f.min4));
        packed = static_cast<std::int32_t>(__sel(packed, f.min4));
        static_cast<void>(__ssub8(f.max4, packed));
        packed = static_cast<std::int32_t>(__sel(packed, f.max4));
    }
    if (n == block_columns) {
        __builtin_memcpy(out, &packed, sizeof packed);
    } else {
        for (std::size_t c = 0; c < n; ++c)
            out[c] = static_cast<std::int8_t>(static_cast<std::uint32_t>(packed) >> (8 * c));
    }
}

/// Writes one row's `n` outputs of the block of columns from `j0` with `requantize_to_int8` each.
CTA_DETAIL_TARGET_TAG inline void store_exact(const accumulators& acc, const int8_output_stage& s, std::size_t j0,
                                              std::size_t n, std::int8_t* out) noexcept {
    const std::int32_t values[block_columns] = {acc.a0, acc.a1, acc.a2, acc.a3};
    for (std::size_t c = 0; c < n; ++c) {
        const std::size_t j = (j0 + c) * s.channel_step;
        out[c] = requantize_to_int8(values[c], s.multipliers[j], static_cast<int>(s.shifts[j]), s.output_offset,
                                    s.activation_min, s.activation_max);
    }
}

// The loops of the sums of products are written in assembly, so that each step is the instructions below and no
// others: one instruction for each of the steps' loads, widenings and `smlad`.
//
// Two words at %[from] into %[first] and %[second], %[from] moving on: one `ldrd` in Thumb-2 (any two registers),
// two `ldr` in the Arm state (whose `ldrd` needs an even register and the next).
#if defined(__thumb2__)
#define CTA_DETAIL_QUANTIZED_TWO_WORDS(first, second, from)                                                       \
    "ldrd %[" first "], %[" second "], [%[" from "]], #8\n\t"
#else
#define CTA_DETAIL_QUANTIZED_TWO_WORDS(first, second, from)                                                       \
    "ldr %[" first "], [%[" from "]], #4\n\tldr %[" second "], [%[" from "]], #4\n\t"
#endif

// The steps below name their operands alike: %[a0] to %[a3] the four columns' accumulators, %[p] the pointer that
// the loop runs to its end and %[r] the other one (both move on), %[even] and %[odd] the left-hand side's two pairs
// of the step, %[u] and %[v] two more registers, %[k] an input.
//
// A step of the panel (`sums<false, ...>`): %[p] the row of the left-hand side, %[r] the panel, %[k] the row's
// offsets; the row's word widened to (k, k + 2) and (k + 1, k + 3), then column c's pairs, the panel's words 2c and
// 2c + 1. Fifteen instructions for sixteen multiply-adds: one load of the row, two widenings, four loads of two
// words, eight `smlad`.
#define CTA_DETAIL_QUANTIZED_PANEL_COLUMN(acc)                                                                     \
    CTA_DETAIL_QUANTIZED_TWO_WORDS("u", "v", "r")                                                                  \
    "smlad %[" acc "], %[even], %[u], %[" acc "]\n\t"                                                              \
    "smlad %[" acc "], %[odd], %[v], %[" acc "]\n\t"
#define CTA_DETAIL_QUANTIZED_PANEL_STEP                                                                            \
    "ldr %[odd], [%[p]], #4\n\t"                                                                                   \
    "sxtab16 %[even], %[k], %[odd]\n\t"                                                                            \
    "sxtab16 %[odd], %[k], %[odd], ror #8\n\t" CTA_DETAIL_QUANTIZED_PANEL_COLUMN("a0")                             \
        CTA_DETAIL_QUANTIZED_PANEL_COLUMN("a1") CTA_DETAIL_QUANTIZED_PANEL_COLUMN("a2")                            \
            CTA_DETAIL_QUANTIZED_PANEL_COLUMN("a3")

// A step of the row (`sums<true, ...>`): %[p] the widened row of the left-hand side (two words a step), %[r] the
// first of four columns of the right-hand side read along the depth, column c at %[r] + c %[k], widened as they are
// read, without their offset (`row_sums` adds its product with the row's sum). Twenty-two instructions for
// sixteen multiply-adds: the row's two words, then for each column a load, two widenings and two `smlad`, and the
// address of column 3 (a twelfth register for it, or for its own pointer, is more than some builds leave to an
// `asm`).
#define CTA_DETAIL_QUANTIZED_ROW_COLUMN(load, acc)                                                                 \
    load "sxtb16 %[v], %[u]\n\t"                                                                                   \
         "smlad %[" acc "], %[even], %[v], %[" acc "]\n\t"                                                         \
         "sxtb16 %[v], %[u], ror #8\n\t"                                                                           \
         "smlad %[" acc "], %[odd], %[v], %[" acc "]\n\t"
#define CTA_DETAIL_QUANTIZED_ROW_STEP                                                                              \
    CTA_DETAIL_QUANTIZED_TWO_WORDS("even", "odd", "p")                                                             \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r], %[k]]\n\t", "a1")                                            \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r], %[k], lsl #1]\n\t", "a2")                                   \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("add %[v], %[r], %[k], lsl #1\n\tldr %[u], [%[v], %[k]]\n\t", "a3")            \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r]], #4\n\t", "a0")
// The same with two columns (column 1 at %[r] + %[k]; eleven instructions for eight multiply-adds) and with one
// (six for four).
#define CTA_DETAIL_QUANTIZED_ROW_STEP_2                                                                            \
    CTA_DETAIL_QUANTIZED_TWO_WORDS("even", "odd", "p")                                                             \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r], %[k]]\n\t", "a1")                                            \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r]], #4\n\t", "a0")
#define CTA_DETAIL_QUANTIZED_ROW_STEP_1                                                                            \
    CTA_DETAIL_QUANTIZED_TWO_WORDS("even", "odd", "p")                                                             \
    CTA_DETAIL_QUANTIZED_ROW_COLUMN("ldr %[u], [%[r]], #4\n\t", "a0")

// A step of a row against two columns or one, both widened as they are read, each with its own offsets (%[lo] the
// row's, %[ro] the columns'): %[p] the row, %[r] column 0 (column 1 at %[r] + %[k]). Thirteen instructions for eight
// multiply-adds, eight for four.
#define CTA_DETAIL_QUANTIZED_PAIR_COLUMN(load, acc)                                                                \
    load "sxtab16 %[v], %[ro], %[u]\n\t"                                                                           \
         "smlad %[" acc "], %[even], %[v], %[" acc "]\n\t"                                                         \
         "sxtab16 %[v], %[ro], %[u], ror #8\n\t"                                                                   \
         "smlad %[" acc "], %[odd], %[v], %[" acc "]\n\t"
#define CTA_DETAIL_QUANTIZED_PAIR_ROW                                                                              \
    "ldr %[odd], [%[p]], #4\n\t"                                                                                   \
    "sxtab16 %[even], %[lo], %[odd]\n\t"                                                                           \
    "sxtab16 %[odd], %[lo], %[odd], ror #8\n\t"
#define CTA_DETAIL_QUANTIZED_PAIR_STEP_2                                                                           \
    CTA_DETAIL_QUANTIZED_PAIR_ROW                                                                                  \
    CTA_DETAIL_QUANTIZED_PAIR_COLUMN("ldr %[u], [%[r], %[k]]\n\t", "a1")                                           \
    CTA_DETAIL_QUANTIZED_PAIR_COLUMN("ldr %[u], [%[r]], #4\n\t", "a0")
#define CTA_DETAIL_QUANTIZED_PAIR_STEP_1                                                                           \
    CTA_DETAIL_QUANTIZED_PAIR_ROW CTA_DETAIL_QUANTIZED_PAIR_COLUMN("ldr %[u], [%[r]], #4\n\t", "a0")

/// Steps of a row against `Columns` columns (2 or 1), both widened as they are read (the macros above); `p` and `r`
/// move on. `Loop`: two steps a loop until `p` is `end` (an even number of steps away, at least two); else one.
template <int Columns, bool Loop>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void pair_sums(std::int32_t lo, std::int32_t ro, std::int32_t k,
                                                                    const std::int8_t*& p, const std::int8_t* end,
                                                                    const std::int8_t*& r,
                                                                    accumulators& acc) noexcept {
    std::int32_t even;
    std::int32_t odd;
    std::int32_t u;
    std::int32_t v;
    static_assert(Columns == 2 || Columns == 1);
    static_cast<void>(k);  // not read by the step of one column
#define CTA_DETAIL_QUANTIZED_POINTERS                                                                              \
    [p] "+r"(p), [r] "+r"(r), [even] "=&r"(even), [odd] "=&r"(odd), [u] "=&r"(u), [v] "=&r"(v)
#define CTA_DETAIL_QUANTIZED_LOOP(step)                                                                            \
    "1:\n\t" step step "ldr %[u], %[end]\n\t"                                                                      \
                       "cmp %[p], %[u]\n\t"                                                                        \
                       "bne 1b"
    if constexpr (Columns == 2 && Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_PAIR_STEP_2)
            : [a0] "+r"(acc.a0), [a1] "+r"(acc.a1), CTA_DETAIL_QUANTIZED_POINTERS
            : [lo] "r"(lo), [ro] "r"(ro), [k] "r"(k), [end] "m"(end)
            : "memory", "cc");
    } else if constexpr (Columns == 2) {
        asm(CTA_DETAIL_QUANTIZED_PAIR_STEP_2
            : [a0] "+r"(acc.a0), [a1] "+r"(acc.a1), CTA_DETAIL_QUANTIZED_POINTERS
            : [lo] "r"(lo), [ro] "r"(ro), [k] "r"(k)
            : "memory");
    } else if constexpr (Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_PAIR_STEP_1)
            : [a0] "+r"(acc.a0), CTA_DETAIL_QUANTIZED_POINTERS
            : [lo] "r"(lo), [ro] "r"(ro), [end] "m"(end)
            : "memory", "cc");
    } else {
        asm(CTA_DETAIL_QUANTIZED_PAIR_STEP_1
            : [a0] "+r"(acc.a0), CTA_DETAIL_QUANTIZED_POINTERS
            : [lo] "r"(lo), [ro] "r"(ro)
            : "memory");
    }
#undef CTA_DETAIL_QUANTIZED_LOOP
#undef CTA_DETAIL_QUANTIZED_POINTERS
}
#undef CTA_DETAIL_QUANTIZED_PAIR_STEP_1
#undef CTA_DETAIL_QUANTIZED_PAIR_STEP_2
#undef CTA_DETAIL_QUANTIZED_PAIR_ROW
#undef CTA_DETAIL_QUANTIZED_PAIR_COLUMN

/// Steps of the panel (`Row` false) or of the row (`Row` true) against `Columns` columns (4, or 2 or 1 for the row),
/// as the macros above say; `p` and `r` move on. `Loop`: two steps a loop until `p` is `end` (an even number of
/// steps away, at least two; `end` read from memory, as eleven registers are all that some builds leave to an
/// `asm`); else one step.
template <bool Row, bool Loop, int Columns = 4, class P, class R>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void sums(std::int32_t k, const P*& p, const P* end, const R*& r,
                                                               accumulators& acc) noexcept {
    std::int32_t even;
    std::int32_t odd;
    std::int32_t u;
    std::int32_t v;
#define CTA_DETAIL_QUANTIZED_POINTERS                                                                              \
    [p] "+r"(p), [r] "+r"(r), [even] "=&r"(even), [odd] "=&r"(odd), [u] "=&r"(u), [v] "=&r"(v)
#define CTA_DETAIL_QUANTIZED_OUTPUTS                                                                               \
    [a0] "+r"(acc.a0), [a1] "+r"(acc.a1), [a2] "+r"(acc.a2), [a3] "+r"(acc.a3), CTA_DETAIL_QUANTIZED_POINTERS
#define CTA_DETAIL_QUANTIZED_LOOP(step)                                                                            \
    "1:\n\t" step step "ldr %[u], %[end]\n\t"                                                                      \
                       "cmp %[p], %[u]\n\t"                                                                        \
                       "bne 1b"
    static_assert(Columns == 4 || (Row && (Columns == 2 || Columns == 1)));
    static_cast<void>(k);  // not read by the row's step of one column
    if constexpr (Row && Columns == 2 && Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_ROW_STEP_2)
            : [a0] "+r"(acc.a0), [a1] "+r"(acc.a1), CTA_DETAIL_QUANTIZED_POINTERS
            : [k] "r"(k), [end] "m"(end)
            : "memory", "cc");
    } else if constexpr (Row && Columns == 2) {
        asm(CTA_DETAIL_QUANTIZED_ROW_STEP_2
            : [a0] "+r"(acc.a0), [a1] "+r"(acc.a1), CTA_DETAIL_QUANTIZED_POINTERS
            : [k] "r"(k)
            : "memory");
    } else if constexpr (Row && Columns == 1 && Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_ROW_STEP_1)
            : [a0] "+r"(acc.a0), CTA_DETAIL_QUANTIZED_POINTERS
            : [end] "m"(end)
            : "memory", "cc");
    } else if constexpr (Row && Columns == 1) {
        asm(CTA_DETAIL_QUANTIZED_ROW_STEP_1 : [a0] "+r"(acc.a0), CTA_DETAIL_QUANTIZED_POINTERS : : "memory");
    } else if constexpr (Row && Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_ROW_STEP)
            : CTA_DETAIL_QUANTIZED_OUTPUTS
            : [k] "r"(k), [end] "m"(end)
            : "memory", "cc");
    } else if constexpr (Row) {
        asm(CTA_DETAIL_QUANTIZED_ROW_STEP : CTA_DETAIL_QUANTIZED_OUTPUTS : [k] "r"(k) : "memory");
    } else if constexpr (Loop) {
        asm(CTA_DETAIL_QUANTIZED_LOOP(CTA_DETAIL_QUANTIZED_PANEL_STEP)
            : CTA_DETAIL_QUANTIZED_OUTPUTS
            : [k] "r"(k), [end] "m"(end)
            : "memory", "cc");
    } else {
        asm(CTA_DETAIL_QUANTIZED_PANEL_STEP : CTA_DETAIL_QUANTIZED_OUTPUTS : [k] "r"(k) : "memory");
    }
#undef CTA_DETAIL_QUANTIZED_LOOP
#undef CTA_DETAIL_QUANTIZED_OUTPUTS
#undef CTA_DETAIL_QUANTIZED_POINTERS
}
#undef CTA_DETAIL_QUANTIZED_PANEL_STEP
#undef CTA_DETAIL_QUANTIZED_PANEL_COLUMN
#undef CTA_DETAIL_QUANTIZED_ROW_STEP
#undef CTA_DETAIL_QUANTIZED_ROW_STEP_2
#undef CTA_DETAIL_QUANTIZED_ROW_STEP_1
#undef CTA_DETAIL_QUANTIZED_ROW_COLUMN
#undef CTA_DETAIL_QUANTIZED_TWO_WORDS

/// `pkhbt`: the low half of `low`, and the low half of `high` above it.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t low_halves(std::int32_t low,
                                                                             std::int32_t high) noexcept {
    std::int32_t result;
    asm("pkhbt %0, %1, %2, lsl #16" : "=r"(result) : "r"(low), "r"(high));
    return result;
}

/// `pkhtb`: the high half of `low`, and the high half of `high` above it.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t high_halves(std::int32_t low,
                                                                              std::int32_t high) noexcept {
    std::int32_t result;
    asm("pkhtb %0, %1, %2, asr #16" : "=r"(result) : "r"(high), "r"(low));
    return result;
}

/// `pair` doubled if `Doubled` (each half twice, `sadd16`: the halves are at most 255 in magnitude).
template <bool Doubled>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t twice_if(std::int32_t pair) noexcept {
    if constexpr (Doubled) {
        return __sadd16(pair, pair);
    } else {
        return pair;
    }
}

/// Fills `panel` with the right-hand side's block of `n` columns from `b` widened, each value plus its offset and
/// doubled if `Doubled`: for each step of four of the depth, column c's values (k, k + 2) in word 2c and
/// (k + 1, k + 3) in word 2c + 1; zeros past the depth, and past the block's `n` columns where the values are taken
/// one by one (where four rows of four columns are read at once, those columns' words hold what is there: the
/// accumulators they make are not stored).
template <bool Doubled>
CTA_DETAIL_TARGET_TAG inline void fill_panel(const int8_operands& p, const std::int8_t* b, std::size_t n,
                                             std::int32_t* panel) noexcept {
    const std::int32_t offsets = pair(p.rhs_offset);
    const std::size_t ds = p.rhs_depth_stride;
    const std::size_t cs = p.rhs_col_stride;
    const std::size_t full_steps = p.depth / 4;
    std::size_t step = 0;
    if (cs == 1) {
        // Four rows of the four columns: each row's (c0, c2) and (c1, c3), then each column's rows paired, columns 0
        // and 1 from the low halves, 2 and 3 from the high halves. With fewer than four columns, the rows whose four
        // bytes end within the matrix (the rest one by one below).
        std::size_t steps = full_steps;
        const std::size_t j0 = static_cast<std::size_t>(b - p.rhs);
        while (n != block_columns && steps != 0 && j0 + (4 * steps - 1) * ds + 4 > p.depth * ds) --steps;
        for (; step < steps; ++step, b += 4 * ds, panel += 2 * block_columns) {
            const std::int32_t r0 = load4(b);
            const std::int32_t r1 = load4(b + ds);
            const std::int32_t r2 = load4(b + 2 * ds);
            const std::int32_t r3 = load4(b + 3 * ds);
            const std::int32_t e0 = twice_if<Doubled>(__sxtab16(offsets, r0));
            const std::int32_t e1 = twice_if<Doubled>(__sxtab16(offsets, r1));
            const std::int32_t e2 = twice_if<Doubled>(__sxtab16(offsets, r2));
            const std::int32_t e3 = twice_if<Doubled>(__sxtab16(offsets, r3));
            const std::int32_t o0 = twice_if<Doubled>(widen_odd(offsets, r0));
            const std::int32_t o1 = twice_if<Doubled>(widen_odd(offsets, r1));
            const std::int32_t o2 = twice_if<Doubled>(widen_odd(offsets, r2));
            const std::int32_t o3 = twice_if<Doubled>(widen_odd(offsets, r3));
            panel[0] = low_halves(e0, e2);
            panel[1] = low_halves(e1, e3);
            panel[2] = low_halves(o0, o2);
            panel[3] = low_halves(o1, o3);
            panel[4] = high_halves(e0, e2);
            panel[5] = high_halves(e1, e3);
            panel[6] = high_halves(o0, o2);
            panel[7] = high_halves(o1, o3);
        }
    } else if (ds == 1) {
        // Each column's word, zeros past the block's `n` columns.
        for (; step < full_steps; ++step, b += 4, panel += 2 * block_columns) {
            #pragma GCC unroll 4
            for (std::size_t c = 0; c < block_columns; ++c) {
                const std::int32_t word = c < n ? load4(b + c * cs) : 0;
                panel[2 * c] = c < n ? twice_if<Doubled>(__sxtab16(offsets, word)) : 0;
                panel[2 * c + 1] = c < n ? twice_if<Doubled>(widen_odd(offsets, word)) : 0;
            }
        }
    }
    // One value at a time: the last step of the depth, a block of fewer than four columns stored depth x cols,
    // other strides.
    constexpr std::int32_t factor = Doubled ? 2 : 1;
    for (const std::size_t steps = (p.depth + 3) / 4; step < steps; ++step, b += 4 * ds, panel += 2 * block_columns) {
        const std::size_t k = 4 * step;
        for (std::size_t c = 0; c < block_columns; ++c) {
            std::int32_t v[4] = {0, 0, 0, 0};
            for (std::size_t t = 0; c < n && t < 4 && k + t < p.depth; ++t)
                v[t] = (b[c * cs + t * ds] + p.rhs_offset) * factor;
            panel[2 * c] = halves(v[0], v[2]);
            panel[2 * c + 1] = halves(v[1], v[3]);
        }
    }
}

/// What the passes over the rows share.
struct block_pass {
    const int8_operands* operands;
    const int8_output_stage* stage;
    const fast_stage* fast;  // null where the outputs go `store_exact`
    std::int32_t lhs_offsets;
};

/// Every row of the left-hand side against the panel of the block of `n` columns from `j0` (`buffer`), into `out`,
/// with one multiplier for all: each row's accumulators from `start` (the bias, doubled on the fast path, where the
/// panel is doubled), its steps against the panel, its last depth % 4 values in a word with zeros after them (the
/// panel's pairs there are 0), then its outputs. Where every output is on the fast path, unclamped, the block has
/// four columns and the depth is a multiple of 8, a loop with nothing else.
template <bool Doubled>
CTA_DETAIL_TARGET_TAG inline void panel_rows(const block_pass& pass, const accumulators& start, std::size_t n,
                                             const std::int32_t* buffer, std::size_t j0, std::int8_t* out) noexcept {
    const int8_operands& p = *pass.operands;
    const std::size_t full_steps = p.depth / 4;
    const std::size_t tail = p.depth % 4;
    const std::int32_t offsets = pass.lhs_offsets;
    const std::int8_t* a = p.lhs;
    const std::size_t pairs_bytes = 8 * (full_steps / 2);
    if (pass.fast != nullptr && !pass.fast->clamp && n == block_columns && full_steps % 2 == 0 && tail == 0 &&
        full_steps != 0) {
        for (std::size_t i = 0; i < p.rows; ++i, out += p.cols) {
            accumulators acc = start;
            const std::int32_t* q = buffer;
            sums<false, true>(offsets, a, a + pairs_bytes, q, acc);
            store_fast<Doubled, true>(acc, *pass.fast, j0, block_columns, false, out);
        }
        return;
    }
    for (std::size_t i = 0; i < p.rows; ++i, out += p.cols) {
        accumulators acc = start;
        const std::int32_t* q = buffer;
        if (pairs_bytes != 0) sums<false, true>(offsets, a, a + pairs_bytes, q, acc);
        if (full_steps % 2 != 0) sums<false, false>(offsets, a, a, q, acc);
        if (tail != 0) {
            std::uint32_t word = 0;
            for (std::size_t t = 0; t < tail; ++t) word |= (static_cast<std::uint32_t>(a[t]) & 0xffU) << (8 * t);
            std::int8_t last[4];
            __builtin_memcpy(last, &word, sizeof word);
            const std::int8_t* l = last;
            sums<false, false>(offsets, l, l, q, acc);
            a += tail;
        }
        if (pass.fast != nullptr) {
            store_fast<Doubled, true>(acc, *pass.fast, j0, n, pass.fast->clamp, out);
        } else {
            store_exact(acc, *pass.stage, j0, n, out);
        }
    }
}

/// `steps` steps of four of a row of the left-hand side at `row`, widened with `offsets` into `buffer`: (k, k + 2)
/// and (k + 1, k + 3) for each. Returns the sum of the values widened (each plus its offset), modulo 2^32.
CTA_DETAIL_TARGET_TAG inline std::int32_t widen_row(std::int32_t offsets, const std::int8_t* row, std::size_t steps,
                                                    std::int32_t* buffer) noexcept {
    std::int32_t sum = 0;
    for (std::size_t t = 0; t < steps; ++t, row += 4, buffer += 2) {
        const std::int32_t w = load4(row);
        buffer[0] = __sxtab16(offsets, w);
        buffer[1] = widen_odd(offsets, w);
        sum = __smlad(buffer[0], 0x00010001, __smlad(buffer[1], 0x00010001, sum));
    }
    return sum;
}

/// A row of the left-hand side against four columns read along the depth, from `acc`: the row's `steps` steps from
/// `x` (widened; `sum` the sum of their values) against the columns (column c at `b + c stride`), the columns'
/// offset times `sum`, then the row's values from `from` to `to` one by one (`row` is the row's start, `b` the
/// columns' values at `from - 4 * steps`). The sums are taken modulo 2^32 (`smlad` and the unsigned additions wrap):
/// their total, which fits in int32 (the kernels' precondition), is exact.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void row_sums(const int8_operands& p, const std::int32_t* x,
                                                                   std::size_t steps, std::int32_t sum,
                                                                   const std::int8_t* b, std::size_t stride,
                                                                   const std::int8_t* row, std::size_t from,
                                                                   std::size_t to, accumulators& acc) noexcept {
    if (steps >= 2) sums<true, true>(static_cast<std::int32_t>(stride), x, x + 4 * (steps / 2), b, acc);
    if (steps % 2 != 0) sums<true, false>(static_cast<std::int32_t>(stride), x, x, b, acc);
    const std::uint32_t offsets = static_cast<std::uint32_t>(p.rhs_offset) * static_cast<std::uint32_t>(sum);
    acc.a0 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a0) + offsets);
    acc.a1 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a1) + offsets);
    acc.a2 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a2) + offsets);
    acc.a3 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a3) + offsets);
    for (std::size_t k = from; k < to; ++k) {
        const std::int32_t value = row[k] + p.lhs_offset;
        acc.a0 += value * (b[k - from] + p.rhs_offset);
        acc.a1 += value * (b[stride + k - from] + p.rhs_offset);
        acc.a2 += value * (b[2 * stride + k - from] + p.rhs_offset);
        acc.a3 += value * (b[3 * stride + k - from] + p.rhs_offset);
    }
}

/// `row_sums` of a row deeper than 256 (`row`) against four columns (`b`, `stride`), the row widened into `buffer`
/// 256 values at a time.
CTA_DETAIL_TARGET_TAG inline void deep_row_sums(const block_pass& pass, std::int32_t* buffer, const std::int8_t* b,
                                                std::size_t stride, const std::int8_t* row,
                                                accumulators& acc) noexcept {
    const int8_operands& p = *pass.operands;
    constexpr std::size_t chunk_steps = buffer_words / 2;
    for (std::size_t k0 = 0; k0 < p.depth; k0 += 4 * chunk_steps) {
        const std::size_t left = (p.depth - k0) / 4;
        const std::size_t steps = left < chunk_steps ? left : chunk_steps;
        const std::int32_t sum = widen_row(pass.lhs_offsets, row + k0, steps, buffer);
        const std::size_t to = left < chunk_steps ? p.depth : k0 + 4 * steps;
        row_sums(p, buffer, steps, sum, b + k0, stride, row, k0 + 4 * steps, to, acc);
    }
}

/// One row of the left-hand side (`row`) against every block of four columns read along the depth (at least four
/// columns; the last block is the last four columns, which may overlap the one before), into `out`. Where the depth
/// is at most 256, the row is widened in `buffer` already, with `sum` the sum of its values; else it is widened
/// there 256 values at a time for each block.
CTA_DETAIL_TARGET_TAG inline void row_pass(const block_pass& pass, const std::int8_t* row, std::int32_t* buffer,
                                           std::int32_t sum, std::int8_t* out) noexcept {
    const int8_operands& p = *pass.operands;
    const int8_output_stage& s = *pass.stage;
    const std::size_t full_steps = p.depth / 4;
    const std::size_t stride = p.rhs_col_stride;
    for (std::size_t j = 0; j < p.cols; j += block_columns) {
        const std::size_t j0 = j + block_columns <= p.cols ? j : p.cols - block_columns;
        const std::int8_t* const b = p.rhs + j0 * stride;
        const std::int32_t* const bias = s.bias;
        accumulators acc{bias != nullptr ? bias[j0] : 0, bias != nullptr ? bias[j0 + 1] : 0,
                         bias != nullptr ? bias[j0 + 2] : 0, bias != nullptr ? bias[j0 + 3] : 0};
        if (full_steps <= buffer_words / 2) {
            row_sums(p, buffer, full_steps, sum, b, stride, row, 4 * full_steps, p.depth, acc);
        } else {
            deep_row_sums(pass, buffer, b, stride, row, acc);
        }
        if (pass.fast != nullptr) {
            store_fast<false, false>(acc, *pass.fast, j0, block_columns, pass.fast->clamp, out + j0);
        } else {
            store_exact(acc, s, j0, block_columns, out + j0);
        }
    }
}

/// `widen_row` of a row of `depth` values (at least 4) with its last depth % 4 values as one more step: the row's
/// last four values, those of the steps before (the first 4 - depth % 4) zero. Returns the sum of the values
/// widened (each plus its offset), modulo 2^32.
CTA_DETAIL_TARGET_TAG inline std::int32_t widen_whole_row(std::int32_t offsets, const std::int8_t* row,
                                                          std::size_t depth, std::int32_t* buffer) noexcept {
    const std::size_t steps = depth / 4;
    const std::size_t tail = depth % 4;
    std::int32_t sum = widen_row(offsets, row, steps, buffer);
    if (tail != 0) {
        const std::int32_t w = load4(row + depth - 4);
        // (k, k + 2) and (k + 1, k + 3) of the last four: k and k + 1 are the step's before unless depth % 4 is 3,
        // k + 2 unless it is 1 or 2 and k + 3 never.
        constexpr auto high = static_cast<std::int32_t>(0xffff0000U);
        const std::int32_t even = __sxtab16(offsets, w) & (tail == 1 ? 0 : high);
        const std::int32_t odd = widen_odd(offsets, w) & (tail == 3 ? -1 : high);
        buffer[2 * steps] = even;
        buffer[2 * steps + 1] = odd;
        sum = __smlad(even, 0x00010001, __smlad(odd, 0x00010001, sum));
    }
    return sum;
}

/// What the columns of a row read along the depth share: the operands and the output stage, the row widened
/// (`widen_whole_row`) and the sum of its values, its steps (with the last depth % 4 values as one) and the bytes
/// the columns step back by for that last step.
struct row_block {
    const block_pass* pass;
    const std::int32_t* row;
    std::int32_t sum;
    std::size_t steps;
    std::size_t back;
};

/// The outputs of a row's block of `Columns` columns from `j0` (4, 2 or 1) from their accumulators, at `out + j0`:
/// inline where every output can be (`Uniform`: one multiplier for all), else `store_exact`.
template <int Columns, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void store_columns(const block_pass& pass,
                                                                        const accumulators& acc, std::size_t j0,
                                                                        std::int8_t* out) noexcept {
    const fast_stage* const f = pass.fast;
    if (f == nullptr) {
        store_exact(acc, *pass.stage, j0, Columns, out + j0);
    } else if constexpr (Columns == 4) {
        store_fast<false, Uniform>(acc, *f, j0, block_columns, f->clamp, out + j0);
    } else {
        std::int32_t packed = saturated<false, Uniform>(acc.a0, *f, j0);
        if constexpr (Columns == 2) packed = insert_byte<8>(packed, saturated<false, Uniform>(acc.a1, *f, j0 + 1));
        if (f->clamp) {
            static_cast<void>(__ssub8(packed, f->min4));
            packed = static_cast<std::int32_t>(__sel(packed, f->min4));
            static_cast<void>(__ssub8(f->max4, packed));
            packed = static_cast<std::int32_t>(__sel(packed, f->max4));
        }
        if constexpr (Columns == 2) {
            const auto two = static_cast<std::uint16_t>(packed);
            __builtin_memcpy(out + j0, &two, sizeof two);
        } else {
            out[j0] = static_cast<std::int8_t>(packed);
        }
    }
}

/// One row (`r`) against the block of `Columns` columns from `j0` (4, 2 or 1) read along the depth, into `out`:
/// from the bias, the row's steps against the columns (their last step `r.back` bytes back, where the depth is not a
/// multiple of 4: the row's values there that are not the last are zero), plus the columns' offset times the row's
/// sum; then requantized, inline (`Uniform`: one multiplier for all) or with `store_exact`.
template <int Columns, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void row_columns(const row_block& r, std::size_t j0,
                                                                      std::int8_t* out) noexcept {
    const int8_operands& p = *r.pass->operands;
    const int8_output_stage& s = *r.pass->stage;
    const std::int32_t* const bias = s.bias;
    accumulators acc{bias != nullptr ? bias[j0] : 0, bias != nullptr && Columns > 1 ? bias[j0 + 1] : 0,
                     bias != nullptr && Columns > 2 ? bias[j0 + 2] : 0,
                     bias != nullptr && Columns > 3 ? bias[j0 + 3] : 0};
    const auto stride = static_cast<std::int32_t>(p.rhs_col_stride);
    const std::int32_t* x = r.row;
    const std::int8_t* b = p.rhs + j0 * p.rhs_col_stride;
    const std::size_t full = r.steps - (r.back != 0 ? 1 : 0);
    if (full >= 2) sums<true, true, Columns>(stride, x, x + 4 * (full / 2), b, acc);
    if (full % 2 != 0) sums<true, false, Columns>(stride, x, x, b, acc);
    if (r.back != 0) {
        b -= r.back;
        sums<true, false, Columns>(stride, x, x, b, acc);
    }
    const std::uint32_t offsets = static_cast<std::uint32_t>(p.rhs_offset) * static_cast<std::uint32_t>(r.sum);
    acc.a0 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a0) + offsets);
    acc.a1 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a1) + offsets);
    acc.a2 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a2) + offsets);
    acc.a3 = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc.a3) + offsets);
    store_columns<Columns, Uniform>(*r.pass, acc, j0, out);
}

/// A row (`r`) against every column, read along the depth, into `out`: four at a time, then two, then one.
template <bool Uniform>
CTA_DETAIL_TARGET_TAG inline void row_all_columns(const row_block& r, std::int8_t* out) noexcept {
    const std::size_t cols = r.pass->operands->cols;
    std::size_t j = 0;
    for (; cols - j >= block_columns; j += block_columns) row_columns<4, Uniform>(r, j, out);
    if (cols - j >= 2) {
        row_columns<2, Uniform>(r, j, out);
        j += 2;
    }
    if (j != cols) row_columns<1, Uniform>(r, j, out);
}

/// The sums of a row of the left-hand side (`row`) against the block of `Columns` columns from `j0` (2 or 1) read
/// along the depth (at least 4), added to `acc`: the steps with both operands widened as they are read (each with its
/// offsets, `lo` the row's and `ro` the columns'), then the last depth % 4 values as a step of the last four (those
/// of the step before zero on the row's side).
template <int Columns>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void pair_column_sums(const int8_operands& p, std::int32_t lo,
                                                                           std::int32_t ro, const std::int8_t* row,
                                                                           std::size_t j0,
                                                                           accumulators& acc) noexcept {
    const auto stride = static_cast<std::int32_t>(p.rhs_col_stride);
    const std::size_t full = p.depth / 4;
    const std::int8_t* x = row;
    const std::int8_t* b = p.rhs + j0 * p.rhs_col_stride;
    if (full >= 2) pair_sums<Columns, true>(lo, ro, stride, x, x + 8 * (full / 2), b, acc);
    if (full % 2 != 0) pair_sums<Columns, false>(lo, ro, stride, x, x, b, acc);
    if (const std::size_t tail = p.depth % 4; tail != 0) {
        const std::size_t back = 4 - tail;
        const std::int32_t w = load4(x - back);
        constexpr auto high = static_cast<std::int32_t>(0xffff0000U);
        const std::int32_t even = __sxtab16(lo, w) & (tail == 1 ? 0 : high);
        const std::int32_t odd = widen_odd(lo, w) & (tail == 3 ? -1 : high);
        const std::int32_t c0 = load4(b - back);
        acc.a0 = __smlad(even, __sxtab16(ro, c0), __smlad(odd, widen_odd(ro, c0), acc.a0));
        if constexpr (Columns == 2) {
            const std::int32_t c1 = load4(b + stride - back);
            acc.a1 = __smlad(even, __sxtab16(ro, c1), __smlad(odd, widen_odd(ro, c1), acc.a1));
        }
    }
}

/// A row of the left-hand side (`row`) against the block of `Columns` columns from `j0` (2 or 1) read along the
/// depth (at least 4), into `out`: from the bias, `pair_column_sums`, then requantized as `store_columns` does.
template <int Columns, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void pair_columns(const block_pass& pass, const std::int8_t* row,
                                                                       std::size_t j0, std::int8_t* out) noexcept {
    const int8_operands& p = *pass.operands;
    const std::int32_t* const bias = pass.stage->bias;
    accumulators acc{bias != nullptr ? bias[j0] : 0, bias != nullptr && Columns > 1 ? bias[j0 + 1] : 0, 0, 0};
    pair_column_sums<Columns>(p, pass.lhs_offsets, pair(p.rhs_offset), row, j0, acc);
    store_columns<Columns, Uniform>(pass, acc, j0, out);
}

/// One output of `one_row` from its accumulator `acc` (bias included), with its multiplier `m` and shift `shift`:
/// `scaled_doubled` where m >= 0, the shift is in [-22, -1] and |acc| < 2^30, then clamped to the activation range;
/// else `requantize_to_int8`.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int8_t one_output(std::int32_t acc, std::int32_t m,
                                                                            std::int32_t shift,
                                                                            const int8_output_stage& s) noexcept {
    if (m >= 0 && static_cast<std::uint32_t>(-1 - shift) < 22U &&
        static_cast<std::uint32_t>(acc) + ((1U << 30) - 1) < (1U << 31) - 1) {
        const column_scale scale{
            m, static_cast<std::int32_t>(static_cast<std::uint32_t>(1 + 2 * s.output_offset) << ~shift), -shift};
        std::int32_t value = __ssat(scaled_doubled(static_cast<std::int32_t>(static_cast<std::uint32_t>(acc) << 1),
                                                   scale),
                                    8);
        value = value < s.activation_min ? s.activation_min : value;
        return static_cast<std::int8_t>(value > s.activation_max ? s.activation_max : value);
    }
    return requantize_to_int8(acc, m, static_cast<int>(shift), s.output_offset, s.activation_min, s.activation_max);
}

/// One row of the left-hand side against every column read along the depth (at least 4), into `out`: the columns
/// two at a time, then one (`pair_column_sums`), each output from the bias and its sums through `one_output` with
/// its own multiplier and shift (one for all if `Uniform`). Nothing is checked or built before the first column.
template <bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void one_row_of(const int8_operands& p,
                                                                     const int8_output_stage& s,
                                                                     std::int8_t* out) noexcept {
    const std::int32_t lo = pair(p.lhs_offset);
    const std::int32_t ro = pair(p.rhs_offset);
    const std::int32_t* const bias = s.bias;
    const std::int32_t m0 = s.multipliers[0];
    const std::int32_t shift0 = s.shifts[0];
    // Where the copy of one multiplier for all is not (`speed_copies`), this one serves it too: channel step 0.
    const std::size_t step = speed_copies ? 1 : s.channel_step;
    std::size_t j = 0;
    for (; j + 2 <= p.cols; j += 2) {
        accumulators acc{bias != nullptr ? bias[j] : 0, bias != nullptr ? bias[j + 1] : 0, 0, 0};
        pair_column_sums<2>(p, lo, ro, p.lhs, j, acc);
        out[j] = one_output(acc.a0, Uniform ? m0 : s.multipliers[j * step], Uniform ? shift0 : s.shifts[j * step], s);
        out[j + 1] = one_output(acc.a1, Uniform ? m0 : s.multipliers[(j + 1) * step],
                                Uniform ? shift0 : s.shifts[(j + 1) * step], s);
    }
    if (j != p.cols) {
        accumulators acc{bias != nullptr ? bias[j] : 0, 0, 0, 0};
        pair_column_sums<1>(p, lo, ro, p.lhs, j, acc);
        out[j] = one_output(acc.a0, Uniform ? m0 : s.multipliers[j * step], Uniform ? shift0 : s.shifts[j * step], s);
    }
}

/// Two int8 at `p` (any alignment), zero-extended, as the low half of a word.
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::int32_t load2(const std::int8_t* p) noexcept {
    std::uint16_t half;
    __builtin_memcpy(&half, p, sizeof half);
    return half;
}

/// A row of the left-hand side (`row`) against the block of `Columns` columns from `j0` (4, 2 or 1) of a right-hand
/// side stored depth x cols, into `out`: from the bias, for each step of four of the depth the row's word widened,
/// and the block's values in the step's four rows (four bytes, two or one each) paired, rows k and k + 2 in one word
/// and k + 1 and k + 3 in another (`pkhbt`; `pkhtb` for columns 2 and 3), widened with the offset, columns 0 and 2
/// from the even bytes and 1 and 3 from the odd ones; the last depth % 4 values one by one; then requantized as
/// `store_columns` does.
template <int Columns, bool Uniform>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void stored_pair_columns(const block_pass& pass,
                                                                              const std::int8_t* row, std::size_t j0,
                                                                              std::int8_t* out) noexcept {
    const int8_operands& p = *pass.operands;
    const std::int32_t* const bias = pass.stage->bias;
    accumulators acc{bias != nullptr ? bias[j0] : 0, bias != nullptr && Columns > 1 ? bias[j0 + 1] : 0,
                     bias != nullptr && Columns > 2 ? bias[j0 + 2] : 0,
                     bias != nullptr && Columns > 3 ? bias[j0 + 3] : 0};
    const std::int32_t lo = pass.lhs_offsets;
    const std::int32_t ro = pair(p.rhs_offset);
    const std::size_t ds = p.rhs_depth_stride;
    const std::int8_t* x = row;
    const std::int8_t* b = p.rhs + j0;
    const std::int8_t* const end = row + p.depth / 4 * 4;
    for (; x != end; x += 4, b += 4 * ds) {
        const std::int32_t w = load4(x);
        const std::int32_t even = __sxtab16(lo, w);
        const std::int32_t odd = widen_odd(lo, w);
        if constexpr (Columns == 4) {
            // Columns 2 and 3 from the rows' high halves.
            const std::int32_t r0 = load4(b);
            const std::int32_t r1 = load4(b + ds);
            const std::int32_t r2 = load4(b + 2 * ds);
            const std::int32_t r3 = load4(b + 3 * ds);
            const std::int32_t e = low_halves(r0, r2);
            const std::int32_t o = low_halves(r1, r3);
            const std::int32_t eh = high_halves(r0, r2);
            const std::int32_t oh = high_halves(r1, r3);
            acc.a0 = __smlad(odd, __sxtab16(ro, o), __smlad(even, __sxtab16(ro, e), acc.a0));
            acc.a1 = __smlad(odd, widen_odd(ro, o), __smlad(even, widen_odd(ro, e), acc.a1));
            acc.a2 = __smlad(odd, __sxtab16(ro, oh), __smlad(even, __sxtab16(ro, eh), acc.a2));
            acc.a3 = __smlad(odd, widen_odd(ro, oh), __smlad(even, widen_odd(ro, eh), acc.a3));
            continue;
        }
        const std::int32_t r0 = Columns == 2 ? load2(b) : static_cast<std::uint8_t>(b[0]);
        const std::int32_t r1 = Columns == 2 ? load2(b + ds) : static_cast<std::uint8_t>(b[ds]);
        const std::int32_t r2 = Columns == 2 ? load2(b + 2 * ds) : static_cast<std::uint8_t>(b[2 * ds]);
        const std::int32_t r3 = Columns == 2 ? load2(b + 3 * ds) : static_cast<std::uint8_t>(b[3 * ds]);
        const std::int32_t e = low_halves(r0, r2);
        const std::int32_t o = low_halves(r1, r3);
        acc.a0 = __smlad(odd, __sxtab16(ro, o), __smlad(even, __sxtab16(ro, e), acc.a0));
        if constexpr (Columns == 2) acc.a1 = __smlad(odd, widen_odd(ro, o), __smlad(even, widen_odd(ro, e), acc.a1));
    }
    for (std::size_t k = 0; k < p.depth % 4; ++k) {
        const std::int32_t value = x[k] + p.lhs_offset;
        acc.a0 += value * (b[k * ds] + p.rhs_offset);
        if constexpr (Columns > 1) acc.a1 += value * (b[k * ds + 1] + p.rhs_offset);
        if constexpr (Columns > 2) acc.a2 += value * (b[k * ds + 2] + p.rhs_offset);
        if constexpr (Columns > 3) acc.a3 += value * (b[k * ds + 3] + p.rhs_offset);
    }
    store_columns<Columns, Uniform>(pass, acc, j0, out);
}

/// Each row of the left-hand side against every column, into `out`: read along the depth two at a time, then one
/// (`pair_columns`; fewer than four columns, a depth of at least 4) or, if `Stored`, stored depth x cols four at a
/// time, then two, then one (`stored_pair_columns`).
template <bool Stored, bool Uniform>
CTA_DETAIL_TARGET_TAG inline void pair_rows(const block_pass& pass, std::int8_t* out) noexcept {
    const int8_operands& p = *pass.operands;
    for (std::size_t i = 0; i < p.rows; ++i, out += p.cols) {
        const std::int8_t* const row = p.lhs + i * p.depth;
        std::size_t j = 0;
        if constexpr (Stored) {
            for (; j + block_columns <= p.cols; j += block_columns) stored_pair_columns<4, Uniform>(pass, row, j, out);
            if (j + 2 <= p.cols) {
                stored_pair_columns<2, Uniform>(pass, row, j, out);
                j += 2;
            }
            if (j != p.cols) stored_pair_columns<1, Uniform>(pass, row, j, out);
        } else {
            if (p.cols >= 2) pair_columns<2, Uniform>(pass, row, 0, out);
            if (p.cols % 2 != 0) pair_columns<1, Uniform>(pass, row, p.cols - 1, out);
        }
    }
}

/// The int8 product on the DSP extension, in one of these ways:
///
/// - the panel: a block of four columns of the right-hand side widened once into a buffer on the stack (gathered
///   four rows by four columns where it is stored depth x cols; doubled where twice the rows are more than the
///   depth, so that the outputs need not be), and each row of the left-hand side, widened as it is read, against
///   it: 15 instructions for 16 multiply-adds (`sums`). Where there is one multiplier, the depth is at most 64, and
///   there are at least 3 rows. Where there are at least four columns, the last block is the last four columns,
///   which may overlap the one before: its outputs there are written again, the same.
/// - the row: each row of the left-hand side widened once into the buffer (with its last depth % 4 values as one
///   more step, `widen_whole_row`), against the columns read along the depth and widened as they are read, four at
///   a time (22 instructions for 16), then two (11 for 8), then one (6 for 4) (`row_all_columns`). Where the
///   right-hand side is read along the depth otherwise, with four columns or more and a depth from 4 to 256 (deeper,
///   the row 256 values at a time against blocks of four, `row_pass`).
/// - pairs of columns read along the depth (`pair_rows`): both sides widened as they are read, each with its
///   offset, 13 instructions for 8. Where there are fewer than four columns, and a depth of at least 4.
/// - pairs of columns of a right-hand side stored depth x cols (`pair_rows` too), against one or two rows.
///
/// Else, element by element (`offset_dot`). The outputs are requantized inline: `store_fast` where every output
/// can (`all_fast`), else `store_exact`.
CTA_DETAIL_TARGET_TAG inline void product(const int8_operands& p, const int8_output_stage& s,
                                          std::int8_t* output) noexcept {
    const bool contiguous = p.rhs_depth_stride == 1;
    // A right-hand side stored depth x cols against one or two rows: read as it is, without a panel.
    const bool use_stored_pairs = !contiguous && p.rhs_col_stride == 1 && p.rows <= 2;
    const bool use_panel = !use_stored_pairs && s.channel_step == 0 &&
                           (p.depth + 3) / 4 <= buffer_words / (2 * block_columns) && (!contiguous || p.rows >= 3);
    const bool use_rows = !use_panel && contiguous && p.depth >= 4 && (p.depth + 3) / 4 <= buffer_words / 2;
    if (!use_panel && !use_rows && !use_stored_pairs && (!contiguous || p.cols < block_columns)) {
        for (std::size_t i = 0; i < p.rows; ++i) {
            for (std::size_t j = 0; j < p.cols; ++j) {
                std::int32_t acc = offset_dot(p.lhs + i * p.depth, p.lhs_offset, p.rhs + j * p.rhs_col_stride,
                                              p.rhs_depth_stride, p.rhs_offset, p.depth);
                if (s.bias != nullptr) acc += s.bias[j];
                *output++ = requantize_to_int8(acc, s.multipliers[j * s.channel_step],
                                               static_cast<int>(s.shifts[j * s.channel_step]), s.output_offset,
                                               s.activation_min, s.activation_max);
            }
        }
        return;
    }
    const std::int32_t rounding_base = 1 + 2 * s.output_offset;
    const fast_stage fast{&s,
                          scale_of(s, rounding_base, 0),
                          rounding_base,
                          bytes4(s.activation_min),
                          bytes4(s.activation_max),
                          s.activation_min > -128 || s.activation_max < 127};
    const bool is_fast = all_fast(s, p.cols, p.depth);
    const block_pass pass{&p, &s, is_fast ? &fast : nullptr, pair(p.lhs_offset)};
    alignas(8) std::int32_t buffer[buffer_words];
    if (use_panel) {
        // On the fast path, the panel doubled where that costs less than doubling each output: 2 depth `sadd16` a
        // block against 4 rows shifts (|bias| < 2^30 there).
        const bool doubled = speed_copies && is_fast && 2 * p.rows > p.depth;
        const std::int32_t factor = doubled ? 2 : 1;
        for (std::size_t j = 0; j < p.cols; j += block_columns) {
            const std::size_t j0 = j + block_columns <= p.cols || p.cols < block_columns ? j : p.cols - block_columns;
            const std::size_t n = p.cols - j0 < block_columns ? p.cols - j0 : block_columns;
            const std::int32_t* const bias = s.bias;
            const accumulators start{bias != nullptr ? bias[j0] * factor : 0,
                                     bias != nullptr ? bias[n > 1 ? j0 + 1 : j0] * factor : 0,
                                     bias != nullptr ? bias[n > 2 ? j0 + 2 : j0] * factor : 0,
                                     bias != nullptr ? bias[n > 3 ? j0 + 3 : j0] * factor : 0};
            if (doubled) {
                fill_panel<true>(p, p.rhs + j0 * p.rhs_col_stride, n, buffer);
                panel_rows<true>(pass, start, n, buffer, j0, output + j0);
            } else {
                fill_panel<false>(p, p.rhs + j0 * p.rhs_col_stride, n, buffer);
                panel_rows<false>(pass, start, n, buffer, j0, output + j0);
            }
        }
        return;
    }
    if (use_stored_pairs) {
        if (speed_copies && s.channel_step == 0) {
            pair_rows<true, true>(pass, output);
        } else {
            pair_rows<true, false>(pass, output);
        }
        return;
    }
    if (use_rows && p.cols < block_columns) {
        if (speed_copies && s.channel_step == 0) {
            pair_rows<false, true>(pass, output);
        } else {
            pair_rows<false, false>(pass, output);
        }
        return;
    }
    if (use_rows) {
        const std::size_t tail = p.depth % 4;
        for (std::size_t i = 0; i < p.rows; ++i, output += p.cols) {
            const row_block r{&pass, buffer, widen_whole_row(pass.lhs_offsets, p.lhs + i * p.depth, p.depth, buffer),
                              (p.depth + 3) / 4, tail != 0 ? 4 - tail : 0};
            if (speed_copies && s.channel_step == 0) {
                row_all_columns<true>(r, output);
            } else {
                row_all_columns<false>(r, output);
            }
        }
        return;
    }
    for (std::size_t i = 0; i < p.rows; ++i, output += p.cols) {
        const std::int8_t* const row = p.lhs + i * p.depth;
        const std::int32_t sum =
            p.depth / 4 <= buffer_words / 2 ? widen_row(pass.lhs_offsets, row, p.depth / 4, buffer) : 0;
        row_pass(pass, row, buffer, sum, output);
    }
}

/// `one_row_of` with one multiplier for all or one per channel.
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] inline void one_row(const int8_operands& p, const int8_output_stage& s,
                                                            std::int8_t* out) noexcept {
    if (speed_copies && s.channel_step == 0) {
        one_row_of<true>(p, s, out);
    } else {
        one_row_of<false>(p, s, out);
    }
}

/// Whether `one_row` computes the product `p` with the output stage `s` in fewer instructions than `product`: one row
/// read along the depth, 4 to 64 deep, with fewer than eight columns or a multiplier per channel (with more columns
/// of one multiplier, the row widened once against four columns at a time costs less).
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline bool one_row_fits(const int8_operands& p,
                                                                       const int8_output_stage& s) noexcept {
    return p.rows == 1 && p.rhs_depth_stride == 1 && p.depth - 4 <= 60 && (p.cols < 8 || s.channel_step != 0);
}

}  // namespace dsp
#endif

/// @brief `output` (`rows` x `cols`, row-major) of the int8 product `p` with the output stage `s`: element (i, j)
/// is `offset_dot` of lhs row i and rhs column j, plus its bias, through `requantize_to_int8` with column j's
/// multiplier. At run time on a target with the DSP extension, `dsp::product`: the same integers.
CTA_DETAIL_TARGET_TAG constexpr void int8_product(const int8_operands& p, const int8_output_stage& s,
                                                  std::int8_t* output) noexcept {
#if CTA_DETAIL_QUANTIZED_DSP
    if (!cta::detail::is_constant_evaluated()) {
        dsp::product(p, s, output);
        return;
    }
#endif
    for (std::size_t i = 0; i < p.rows; ++i) {
        const std::int8_t* a = p.lhs + i * p.depth;
        for (std::size_t j = 0; j < p.cols; ++j) {
            std::int32_t acc = offset_dot(a, p.lhs_offset, p.rhs + j * p.rhs_col_stride, p.rhs_depth_stride,
                                          p.rhs_offset, p.depth);
            if (s.bias != nullptr) {
                acc += s.bias[j];
            }
            *output++ = requantize_to_int8(acc, s.multipliers[j * s.channel_step],
                                           static_cast<int>(s.shifts[j * s.channel_step]), s.output_offset,
                                           s.activation_min, s.activation_max);
        }
    }
}

/// @brief `int8_product` for a fully connected layer, whose batches are often one: at run time on a target with the
/// DSP extension, one row that `dsp::one_row_fits` goes `dsp::one_row` (the same integers), tested here before
/// anything else, so that the products of several rows, and those of BATCH_MATMUL, pay nothing for it.
CTA_DETAIL_TARGET_TAG constexpr void int8_layer_product(const int8_operands& p, const int8_output_stage& s,
                                                        std::int8_t* output) noexcept {
#if CTA_DETAIL_QUANTIZED_DSP
    if (!cta::detail::is_constant_evaluated() && dsp::one_row_fits(p, s)) {
        dsp::one_row(p, s, output);
        return;
    }
#endif
    int8_product(p, s, output);
}

// ---- Requantized products for constant evaluation -----------------------------------------------------------------
//
// A constant evaluation costs Clang a step per statement and GCC an operation per expression node it evaluates
// (docs/performance.md), so that offset_dot's loop costs Clang a step per multiply-add. In a constant evaluation,
// the products of attention.hpp are written for the interpreter instead: each output element is one statement, a
// fold expression over the depth with constant indices into local arrays, and each multiplication in it makes
// several products of the int8 operands, one per lane of an unsigned word: 128 bits where the compiler has a 128-bit
// integer (`__SIZEOF_INT128__`: GCC and Clang on 64-bit targets), 64 elsewhere, in lanes of w bits, as few as the
// depth K allows, so that a word holds L = (the word's bits) / w of them (products_layout: five lanes of 24 bits in
// 128 for K = 128, four of 32 bits for the deepest products).
//
// L products in one multiplication: with a = a_0 + a_1 2^w + ... + a_(L-1) 2^(w (L-1)) and b the other way round,
// b = b_(L-1) + b_(L-2) 2^w + ... + b_0 2^(w (L-1)) (modulo 2^bits; the a_l and b_l are operands with their offsets,
// in [-255, 255]), a b is the sum of C_m 2^(w m): C_(L-1) = a_0 b_0 + ... + a_(L-1) b_(L-1), each lower C_m a sum of
// m + 1 products a_l b_(l + L - 1 - m), the higher ones above lane L - 1. Over the depth K, in G = ceil(K / L)
// words, the sum is Low + D 2^(w (L - 1)) + (higher terms) 2^(w L) modulo 2^bits, with D the sum of products that
// offset_dot computes and Low the sum of the lower C_m 2^(w m), each |C_m| at most (m + 1) 255^2 G, so that
// |Low| < (L - 1) 255^2 G 2^(w (L - 2)) / (1 - 2^-w). products_layout chooses w so that |D| < 2^(w - 1) and
// (L - 1) 255^2 G < 2^(w - 1), so |Low| < 2^(w (L - 1) - 1): sum + 2^(w (L - 1) - 1) has Low + 2^(w (L - 1) - 1) in its
// low w (L - 1) bits, in [0, 2^(w (L - 1))), and D in the next w bits, as a w-bit two's complement integer. Integer
// sums are exact, so D is offset_dot's accumulator, whatever the order of its terms.

/// @brief The largest depth whose int8 products with offsets (each in [-255, 255]) always sum within 32 bits:
/// 255^2 depth < 2^31.
inline constexpr std::size_t exact_int32_depth = 33025;

#ifdef __SIZEOF_INT128__
/// @brief The word of `requantized_products`, 128 bits.
__extension__ using packed_products_word = unsigned __int128;
#else
/// @brief The word of `requantized_products`, 64 bits.
using packed_products_word = std::uint64_t;
#endif

/// @brief How `requantized_products` packs operands into words for a depth: `lanes` lanes of `bits` bits (0 and 0
/// for none).
struct products_layout {
    int bits = 32;
    std::size_t lanes = 1;
};

/// @brief The layout for depth `depth` (at most exact_int32_depth) in words of `word_bits` bits (64 or 128): the
/// narrowest lanes, from 16 to 32 bits, in which |D| < 2^(bits - 1) and (lanes - 1) 255^2 ceil(depth / lanes) <
/// 2^(bits - 1) (see above).
constexpr products_layout products_layout_of(std::size_t depth,
                                             std::size_t word_bits = sizeof(packed_products_word) * 8) noexcept {
    for (int bits = 16; bits <= 32; ++bits) {
        const std::size_t lanes = word_bits / static_cast<std::size_t>(bits);
        const std::size_t words = (depth + lanes - 1) / lanes;
        const std::uint64_t half_range = std::uint64_t{1} << (bits - 1);
        constexpr std::uint64_t largest_product = 65025;  // 255^2
        if (largest_product * depth < half_range && (lanes - 1) * largest_product * words < half_range) {
            return {bits, lanes};
        }
    }
    return {0, 0};  // none: deeper than exact_int32_depth
}

static_assert(products_layout_of(exact_int32_depth, 64).bits == 32 &&
                  products_layout_of(exact_int32_depth, 128).bits == 32 &&
                  products_layout_of(exact_int32_depth + 1, 64).bits == 0,
              "32-bit lanes hold the deepest products, and no lanes deeper ones");

/// @brief An output's requantization with its preconditions checked (`int8_requantization_of`): the multiplier and
/// shift of `multiply_by_quantized_multiplier` as shifts and rounding terms, and the output's zero point.
struct int8_requantization {
    std::int32_t multiplier = 0;
    int left = 0;                 ///< max(shift, 0)
    int right = 0;                ///< max(-shift, 0)
    std::int64_t half = 0;        ///< 2^(right - 1), or 0 for right = 0
    std::int64_t half_below = 0;  ///< half - 1, or 0 for right = 0: a tie of a negative value rounds away from zero
    std::int32_t zero_point = 0;
};

/// @brief The requantization by `m` to int8 with this zero point (as `requantize_to_int8` with the activation range
/// [-128, 127]). Preconditions: those of `multiply_by_quantized_multiplier`.
CTA_DETAIL_TARGET_TAG constexpr int8_requantization int8_requantization_of(quantized_multiplier m,
                                                                          std::int32_t zero_point) noexcept {
    if (m.multiplier < 0) {
        precondition::quantized_multiplier_must_be_in_0_to_2_to_the_31();
        return {};
    }
    if (m.shift < -31 || m.shift > 30) {
        precondition::shift_must_be_in_minus_31_to_30();
        return {};
    }
    const int right = m.shift > 0 ? 0 : -m.shift;
    const std::int64_t half = right > 0 ? std::int64_t{1} << (right - 1) : 0;
    return {m.multiplier, m.shift > 0 ? m.shift : 0, right, half, right > 0 ? half - 1 : 0, zero_point};
}

/// @brief `requantize_to_int8` of an accumulator whose high product (`saturating_rounding_doubling_high_mul` of the
/// accumulator shifted left and the multiplier) is `high`: `rounding_divide_by_pot(high, right)`, ties away from
/// zero, plus the zero point, clamped to [-128, 127]; `half` and `half_below` as in `int8_requantization`. One
/// expression of the parameters.
CTA_DETAIL_TARGET_TAG constexpr std::int8_t requantize_high(std::int64_t high, std::int64_t half,
                                                            std::int64_t half_below, int right,
                                                            std::int32_t zero_point) noexcept {
    return static_cast<std::int8_t>(((high + (high < 0 ? half_below : half)) >> right) + zero_point < -128 ? -128
                                    : ((high + (high < 0 ? half_below : half)) >> right) + zero_point > 127
                                        ? 127
                                        : ((high + (high < 0 ? half_below : half)) >> right) + zero_point);
}

/// @brief D, the w-bit lane above the lowest `low_bits` bits of `sum` + 2^(low_bits - 1) (see above), as the int32
/// two's complement integer it is: the sum of products that `offset_dot` computes.
template <int w, int low_bits, class Word>
CTA_DETAIL_TARGET_TAG constexpr std::int32_t word_sum_lane(Word sum) noexcept {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>((sum + (Word{1} << (low_bits - 1))) >> low_bits)
                                     << (32 - w)) >>
           (32 - w);
}

/// @brief `requantize_to_int8(D, multiplier, shift, zero_point, -128, 127)` for D, the w-bit lane above the lowest
/// `low_bits` bits of `sum` + 2^(low_bits - 1) (see above), with the requantization's terms: the high product
/// `saturating_rounding_doubling_high_mul(D << left, multiplier)` is floor((x multiplier + 2^30) / 2^31) for every x
/// (it saturates only for two operands of -2^31, and the multiplier is not negative); then `requantize_high`.
template <int w, int low_bits, class Word>
CTA_DETAIL_TARGET_TAG constexpr std::int8_t requantize_word_sum(Word sum, int left,
                                                                std::int32_t multiplier, std::int64_t half,
                                                                std::int64_t half_below, int right,
                                                                std::int32_t zero_point) noexcept {
    return requantize_high(
        (std::int64_t{static_cast<std::int32_t>(
             static_cast<std::uint32_t>(
                 static_cast<std::int32_t>(
                     static_cast<std::uint32_t>((sum + (Word{1} << (low_bits - 1))) >> low_bits)
                     << (32 - w)) >>
                 (32 - w))
             << left)} *
             multiplier +
         (std::int64_t{1} << 30)) >> 31,
        half, half_below, right, zero_point);
}

/// @brief The most words summed in one statement of `requantized_products`: half of Clang's default
/// -fbracket-depth of 256, which also bounds the terms of a fold expression.
inline constexpr std::size_t words_per_statement = 128;

/// @brief With `Out` std::int8_t, c(i, j) = requantize_to_int8(sum over k < K of (a(i, k) + a_offset) (b(k, j) +
/// b_offset), r[j r_stride]), written at c[i N + j], for constant evaluation: a(i, k) at a[i K + k], b(k, j) at b[k
/// b_row_stride + j b_col_stride]; with `Out` std::int32_t the sums themselves (D above, `offset_dot`'s int32), for
/// the kernels that add a bias and clamp to an activation range after the sum (`r` is not read). With L lanes of w
/// bits (products_layout_of(K)), `lane` holds 0 .. L - 1, `chunk` 0 .. words_per_statement - 1 (empty when the words
/// are not more), `last` 0 .. the number of words after the last whole chunk - 1. The rows of a are packed into
/// words, a(i, L t) + a(i, L t + 1) 2^w + ..., and each column of b the other way round, b(L t + L - 1, j) + ... +
/// b(L t, j) 2^(w (L - 1)), lanes past the depth 0, in local arrays (whose elements a constant evaluation reaches in
/// fewer operations than through a reference). `Word` is an unsigned integer of 64 or 128 bits. Precondition: K at
/// most `exact_int32_depth`.
template <std::size_t M, std::size_t N, std::size_t K, class Word, class Out, std::size_t... lane,
          std::size_t... chunk, std::size_t... last>
CTA_DETAIL_TARGET_TAG constexpr void packed_products(Out* c, const std::int8_t* a, std::int32_t a_offset,
                                                     const std::int8_t* b, std::size_t b_row_stride,
                                                     std::size_t b_col_stride, std::int32_t b_offset,
                                                     const int8_requantization* r, std::size_t r_stride,
                                                     std::index_sequence<lane...>, std::index_sequence<chunk...>,
                                                     std::index_sequence<last...>) noexcept {
    static_assert(std::is_same_v<Out, std::int8_t> || std::is_same_v<Out, std::int32_t>,
                  "packed_products writes int8 outputs or int32 sums");
    static_assert(K <= exact_int32_depth, "cta::quantized: a product deeper than 33025 may not fit in 32 bits");
    using word = Word;
    constexpr int w = products_layout_of(K, sizeof(Word) * 8).bits;
    constexpr std::size_t lanes = sizeof...(lane);
    constexpr std::size_t words = (K + lanes - 1) / lanes;
    constexpr std::size_t whole = words - sizeof...(last);
    constexpr int low_bits = w * (static_cast<int>(lanes) - 1);
    // Each operand with its offset, in [-255, 255], converted to the word (modulo 2^bits) and shifted to its lane:
    // a statement per full word, then one per operand left.
    constexpr std::size_t full = K / lanes;
    word rows[M][words]{};
    for (std::size_t i = 0; i < M; ++i) {
        for (std::size_t t = 0; t < full; ++t)
            rows[i][t] = (word{0} + ... + (static_cast<word>(a[i * K + t * lanes + lane] + a_offset) << (w * lane)));
        if constexpr (full < words) {
            for (std::size_t k = full * lanes; k < K; ++k)
                rows[i][full] += static_cast<word>(a[i * K + k] + a_offset) << (w * (k % lanes));
        }
    }
    for (std::size_t j = 0; j < N; ++j) {
        const std::int8_t* b_j = b + j * b_col_stride;
        word column[words]{};
        for (std::size_t t = 0; t < full; ++t)
            column[t] = (word{0} + ... +
                         (static_cast<word>(b_j[(t * lanes + lane) * b_row_stride] + b_offset)
                          << (w * (lanes - 1 - lane))));
        if constexpr (full < words) {
            for (std::size_t k = full * lanes; k < K; ++k)
                column[full] += static_cast<word>(b_j[k * b_row_stride] + b_offset) << (w * (lanes - 1 - k % lanes));
        }
        if constexpr (std::is_same_v<Out, std::int32_t>) {
            for (std::size_t i = 0; i < M; ++i) {
                word sum = 0;
                for (std::size_t t = 0; t < whole; t += words_per_statement)
                    sum = (sum + ... + (rows[i][t + chunk] * column[t + chunk]));
                c[i * N + j] = word_sum_lane<w, low_bits>((sum + ... + (rows[i][whole + last] * column[whole + last])));
            }
        } else {
            // The requantization's terms as locals, read in one operation each.
            const std::int32_t multiplier = r[j * r_stride].multiplier, zero_point = r[j * r_stride].zero_point;
            const int left = r[j * r_stride].left, right = r[j * r_stride].right;
            const std::int64_t half = r[j * r_stride].half, half_below = r[j * r_stride].half_below;
            if constexpr (whole == 0) {
                for (std::size_t i = 0; i < M; ++i)  // one statement per element
                    c[i * N + j] = requantize_word_sum<w, low_bits>((word{0} + ... + (rows[i][last] * column[last])),
                                                                    left, multiplier, half, half_below, right,
                                                                    zero_point);
            } else {
                for (std::size_t i = 0; i < M; ++i) {
                    word sum = 0;
                    for (std::size_t t = 0; t < whole; t += words_per_statement)
                        sum = (sum + ... + (rows[i][t + chunk] * column[t + chunk]));
                    c[i * N + j] = requantize_word_sum<w, low_bits>(
                        (sum + ... + (rows[i][whole + last] * column[whole + last])), left, multiplier, half,
                        half_below, right, zero_point);
                }
            }
        }
    }
}

/// @brief `requantized_products` in words of `Word` (by default the widest, packed_products_word) with the index
/// sequences of K.
template <std::size_t M, std::size_t N, std::size_t K, class Word = packed_products_word>
CTA_DETAIL_TARGET_TAG constexpr void requantized_products(std::int8_t* c, const std::int8_t* a, std::int32_t a_offset,
                                                          const std::int8_t* b, std::size_t b_row_stride,
                                                          std::size_t b_col_stride, std::int32_t b_offset,
                                                          const int8_requantization* r,
                                                          std::size_t r_stride) noexcept {
    constexpr std::size_t lanes = products_layout_of(K, sizeof(Word) * 8).lanes;
    constexpr std::size_t words = (K + lanes - 1) / lanes;
    constexpr std::size_t whole = words <= words_per_statement ? 0 : words - words % words_per_statement;
    using chunk = std::make_index_sequence<words <= words_per_statement ? 0 : words_per_statement>;
    packed_products<M, N, K, Word>(c, a, a_offset, b, b_row_stride, b_col_stride, b_offset, r, r_stride,
                                   std::make_index_sequence<lanes>{}, chunk{},
                                   std::make_index_sequence<words - whole>{});
}

/// @brief The sums of `requantized_products`' products, not requantized: acc[i N + j] = sum over k < K of (a(i, k) +
/// a_offset) (b(k, j) + b_offset), `offset_dot`'s int32 (`packed_products` with int32 outputs), the operands and
/// words as `requantized_products`'.
template <std::size_t M, std::size_t N, std::size_t K, class Word = packed_products_word>
CTA_DETAIL_TARGET_TAG constexpr void packed_accumulators(std::int32_t* acc, const std::int8_t* a,
                                                         std::int32_t a_offset, const std::int8_t* b,
                                                         std::size_t b_row_stride, std::size_t b_col_stride,
                                                         std::int32_t b_offset) noexcept {
    constexpr std::size_t lanes = products_layout_of(K, sizeof(Word) * 8).lanes;
    constexpr std::size_t words = (K + lanes - 1) / lanes;
    constexpr std::size_t whole = words <= words_per_statement ? 0 : words - words % words_per_statement;
    using chunk = std::make_index_sequence<words <= words_per_statement ? 0 : words_per_statement>;
    packed_products<M, N, K, Word>(acc, a, a_offset, b, b_row_stride, b_col_stride, b_offset, nullptr, 0,
                                   std::make_index_sequence<lanes>{}, chunk{},
                                   std::make_index_sequence<words - whole>{});
}

}  // namespace detail
}  // namespace cta::quantized
