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
/// runs the plain loop. The products of attention.hpp's steps in a constant expression have a form of their own,
/// written for the constant evaluator ("Requantized products for constant evaluation" below).
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

/// @brief c(i, j) = requantize_to_int8(sum over k < K of (a(i, k) + a_offset) (b(k, j) + b_offset), r[j r_stride]),
/// written at c[i N + j], for constant evaluation: a(i, k) at a[i K + k], b(k, j) at b[k b_row_stride + j
/// b_col_stride]. With L lanes of w bits (products_layout_of(K)), `lane` holds 0 .. L - 1, `chunk` 0 ..
/// words_per_statement - 1 (empty when the words are not more), `last` 0 .. the number of words after the last whole
/// chunk - 1. The rows of a are packed into words, a(i, L t) + a(i, L t + 1) 2^w + ..., and each column of b the
/// other way round, b(L t + L - 1, j) + ... + b(L t, j) 2^(w (L - 1)), lanes past the depth 0, in local arrays (whose
/// elements a constant evaluation reaches in fewer operations than through a reference). `Word` is an unsigned
/// integer of 64 or 128 bits. Precondition: K at most `exact_int32_depth`.
template <std::size_t M, std::size_t N, std::size_t K, class Word, std::size_t... lane, std::size_t... chunk,
          std::size_t... last>
CTA_DETAIL_TARGET_TAG constexpr void requantized_products(std::int8_t* c, const std::int8_t* a, std::int32_t a_offset,
                                                          const std::int8_t* b, std::size_t b_row_stride,
                                                          std::size_t b_col_stride, std::int32_t b_offset,
                                                          const int8_requantization* r, std::size_t r_stride,
                                                          std::index_sequence<lane...>, std::index_sequence<chunk...>,
                                                          std::index_sequence<last...>) noexcept {
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
        // The requantization's terms as locals, read in one operation each.
        const std::int32_t multiplier = r[j * r_stride].multiplier, zero_point = r[j * r_stride].zero_point;
        const int left = r[j * r_stride].left, right = r[j * r_stride].right;
        const std::int64_t half = r[j * r_stride].half, half_below = r[j * r_stride].half_below;
        if constexpr (whole == 0) {
            for (std::size_t i = 0; i < M; ++i)  // one statement per element
                c[i * N + j] = requantize_word_sum<w, low_bits>((word{0} + ... + (rows[i][last] * column[last])), left,
                                                                multiplier, half, half_below, right, zero_point);
        } else {
            for (std::size_t i = 0; i < M; ++i) {
                word sum = 0;
                for (std::size_t t = 0; t < whole; t += words_per_statement)
                    sum = (sum + ... + (rows[i][t + chunk] * column[t + chunk]));
                c[i * N + j] = requantize_word_sum<w, low_bits>(
                    (sum + ... + (rows[i][whole + last] * column[whole + last])), left, multiplier, half, half_below,
                    right, zero_point);
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
    requantized_products<M, N, K, Word>(c, a, a_offset, b, b_row_stride, b_col_stride, b_offset, r, r_stride,
                                  std::make_index_sequence<lanes>{}, chunk{},
                                  std::make_index_sequence<words - whole>{});
}

}  // namespace detail
}  // namespace cta::quantized
