// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The integer arithmetic of TensorFlow Lite's quantization: a real multiplier as a 32-bit fixed-point
/// multiplier and a power-of-two shift, the saturating rounding doubling high multiply, the rounding divide by a
/// power of two, and the requantization of a 32-bit accumulator built from them.
///
/// A quantized tensor holds integers `q` that stand for the real values `scale * (q - zero_point)`. A product of two
/// such tensors is accumulated in 32-bit integers at the scale `input_scale * weight_scale`; bringing it to the
/// output's scale multiplies it by the real number `M = input_scale * weight_scale / output_scale`, which a
/// microcontroller holds as `M = multiplier * 2^(shift - 31)`, `multiplier` in [2^30, 2^31):
///
///     constexpr auto m = cta::quantized::quantize_multiplier(0.0123);        // {1690499128, -6}
///     static_assert(cta::quantized::multiply_by_quantized_multiplier(1000, m) == 12);
///
/// Every function here is `constexpr` and integer-only (`quantize_multiplier` reads a `double` and is meant for
/// constant evaluation, where its result becomes part of a type or a constant); the same code runs at run time with
/// the same bits, on a core without a floating-point unit too. The rounding is TensorFlow Lite's default (two
/// roundings: the high multiply, whose ties go up, then the shift, whose ties go away from zero), the one that its
/// reference kernels and CMSIS-NN compute: `3 * 0.5` gives 2 but `-3 * 0.5` gives -1.
///
/// Preconditions (a multiplier shift outside [-31, 30], a rounding exponent outside [0, 31], a multiplier that is
/// negative, not finite or too large) stop a constant evaluation with an error that names the parameter, e.g.
/// `call to non-'constexpr' function 'void cta::quantized::precondition::shift_must_be_in_minus_31_to_30()'`;
/// at run time a build without `NDEBUG` checks them and stops the program (`__builtin_trap`), and a build with
/// `NDEBUG` assumes them.
#pragma once

#include <bit>
#include <cstdint>
#include <limits>

#include <cta/detail/target.hpp>

namespace cta::quantized {

namespace detail {
/// @brief A failed precondition at run time: in a build without `NDEBUG`, the program stops (`__builtin_trap`: an
/// illegal instruction, SIGILL on a host, a fault on a Cortex-M, where a debugger shows the precondition's function
/// on the stack); with `NDEBUG`, nothing. No <cassert>: the core headers need nothing of a hosted library.
inline void stop() noexcept {
#ifndef NDEBUG
    __builtin_trap();
#endif
}
}  // namespace detail

/// @brief The functions that a failed precondition calls. None is `constexpr`: reached in a constant evaluation,
/// the call is the error, and its name says which parameter is out of range. At run time a build without `NDEBUG`
/// stops there (detail::stop), a build with `NDEBUG` goes on with an unspecified result.
namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void multiplier_must_be_finite_and_not_negative() noexcept { detail::stop(); }
inline void multiplier_must_be_below_2_to_the_30() noexcept { detail::stop(); }
inline void quantized_multiplier_must_be_in_0_to_2_to_the_31() noexcept { detail::stop(); }
inline void shift_must_be_in_minus_31_to_30() noexcept { detail::stop(); }
inline void shift_must_be_in_minus_31_to_7() noexcept { detail::stop(); }
inline void exponent_must_be_in_0_to_31() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief A real multiplier `M` as TensorFlow Lite holds it: `M = multiplier * 2^(shift - 31)`, `multiplier` in
/// [2^30, 2^31) (or 0 for a multiplier too small to represent), `shift` in [-31, 30].
struct quantized_multiplier {
    /// @brief In [2^30, 2^31), or 0.
    std::int32_t multiplier = 0;
    /// @brief In [-31, 30].
    int shift = 0;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const quantized_multiplier&, const quantized_multiplier&) = default;
};

namespace detail {
/// @brief `x = mantissa * 2^exponent` with `mantissa` in [0.5, 1), for finite `x > 0` (std::frexp, in a constant
/// expression). Exact: only the exponent field changes (subnormals are first scaled by 2^64, exactly).
CTA_DETAIL_TARGET_TAG constexpr double frexp_positive(double x, int& exponent) noexcept {
    int extra = 0;
    if (x < 0x1p-1022) {  // subnormal
        x *= 0x1p64;
        extra = -64;
    }
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const int biased = static_cast<int>((bits >> 52) & 0x7ffU);
    exponent = biased - 1022 + extra;
    constexpr std::uint64_t exponent_field = std::uint64_t{0x7ff} << 52;
    return std::bit_cast<double>((bits & ~exponent_field) | (std::uint64_t{1022} << 52));
}
}  // namespace detail

/// @brief The multiplier and shift of a real multiplier `M >= 0`, as TensorFlow Lite's `QuantizeMultiplier`
/// computes them: `M = q * 2^shift` with `q` in [0.5, 1) (frexp), `multiplier = round(q * 2^31)` (ties away from
/// zero); a `q` that rounds to 2^31 gives 2^30 and a shift one higher; a shift below -31 (`M` below about 2^-32)
/// gives multiplier 0 and shift 0. `M = 0` gives {0, 0}.
///
/// Preconditions: `M` finite, not negative and below 2^30 (so that the shift is at most 30).
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier quantize_multiplier(double real_multiplier) noexcept {
#if CTA_DETAIL_NAN_FIRST
    if (real_multiplier != real_multiplier || !(real_multiplier >= 0.0) ||
        real_multiplier > std::numeric_limits<double>::max()) {
#else
    if (!(real_multiplier >= 0.0) || real_multiplier > std::numeric_limits<double>::max()) {
#endif
        precondition::multiplier_must_be_finite_and_not_negative();
        return {};
    }
    if (real_multiplier == 0.0) {
        return {};
    }
    int shift = 0;
    const double q = detail::frexp_positive(real_multiplier, shift);
    const double scaled = q * 0x1p31;  // exact: in [2^30, 2^31)
    auto q_fixed = static_cast<std::int64_t>(scaled);
    if (scaled - static_cast<double>(q_fixed) >= 0.5) {  // the difference is exact
        ++q_fixed;
    }
    if (q_fixed == (std::int64_t{1} << 31)) {
        q_fixed /= 2;
        ++shift;
    }
    if (shift < -31) {
        return {};
    }
    if (shift > 30) {
        precondition::multiplier_must_be_below_2_to_the_30();
        return {};
    }
    return {static_cast<std::int32_t>(q_fixed), shift};
}

/// @brief `2 * a * b / 2^32` rounded to nearest, as gemmlowp's `SaturatingRoundingDoublingHighMul` rounds it: the
/// product plus a nudge of 2^30 (or 1 - 2^30 for a negative product), divided by 2^31 with truncation, so that a
/// tie goes up: 1/2 gives 1, -1/2 gives 0 and -3/2 gives -1. `a = b = INT32_MIN`, the one product that does not fit,
/// gives INT32_MAX.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t saturating_rounding_doubling_high_mul(std::int32_t a,
                                                                                    std::int32_t b) noexcept {
    if (a == b && a == std::numeric_limits<std::int32_t>::min()) {
        return std::numeric_limits<std::int32_t>::max();
    }
    const std::int64_t ab = std::int64_t{a} * std::int64_t{b};
    const std::int64_t nudge = ab >= 0 ? (std::int64_t{1} << 30) : (1 - (std::int64_t{1} << 30));
    return static_cast<std::int32_t>((ab + nudge) / (std::int64_t{1} << 31));  // division truncates toward zero
}

/// @brief `x / 2^exponent` rounded to nearest, ties away from zero (gemmlowp's `RoundingDivideByPOT`).
/// Precondition: `exponent` in [0, 31].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t rounding_divide_by_pot(std::int32_t x, int exponent) noexcept {
    if (exponent < 0 || exponent > 31) {
        precondition::exponent_must_be_in_0_to_31();
        return x;
    }
    const auto mask = static_cast<std::int32_t>((std::int64_t{1} << exponent) - 1);
    const std::int32_t remainder = x & mask;
    const std::int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> exponent) + (remainder > threshold ? 1 : 0);  // >> of a negative int is arithmetic (C++20)
}

///@{
/// @brief `x * M` for `M = multiplier * 2^(shift - 31)`, rounded as TensorFlow Lite's `MultiplyByQuantizedMultiplier`
/// rounds it by default: `x` shifted left by `max(shift, 0)` (in 32 bits, wrapping as the processor's shift
/// does), the saturating rounding doubling high multiply, then the rounding divide by `2^max(-shift, 0)`.
/// Preconditions: `multiplier` in [0, 2^31), `shift` in [-31, 30].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t multiply_by_quantized_multiplier(std::int32_t x, std::int32_t multiplier,
                                                                               int shift) noexcept {
    if (multiplier < 0) {
        precondition::quantized_multiplier_must_be_in_0_to_2_to_the_31();
        return 0;
    }
    if (shift < -31 || shift > 30) {
        precondition::shift_must_be_in_minus_31_to_30();
        return 0;
    }
    const int left = shift > 0 ? shift : 0;
    const int right = shift > 0 ? 0 : -shift;
    // x * 2^left in 32 bits: a left shift of the unsigned bits, read back as a two's complement number.
    const auto shifted = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) << left);
    return rounding_divide_by_pot(saturating_rounding_doubling_high_mul(shifted, multiplier), right);
}

// The same for M given as a quantized_multiplier.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t multiply_by_quantized_multiplier(std::int32_t x,
                                                                               quantized_multiplier m) noexcept {
    return multiply_by_quantized_multiplier(x, m.multiplier, m.shift);
}
///@}

/// @brief `x * M` for a 64-bit `x` and `M = multiplier * 2^(shift - 31)`, as TensorFlow Lite's
/// `MultiplyByQuantizedMultiplier(int64_t, ...)` computes it (the int16 kernels' accumulators with 64-bit biases):
/// the multiplier rounded to 16 bits, `reduced = (multiplier + 2^15) >> 16` (2^15 - 1 from 0x7FFF0000 up), then one
/// rounding shift, `(x * reduced + 2^(14 - shift)) >> (15 - shift)` (ties up), whose low 32 bits are the result.
/// Preconditions: `multiplier` in [0, 2^31), `shift` in [-31, 7], `x` in [-2^47, 2^47) (beyond, the product
/// overflows: a constant evaluation stops with the compiler's error).
CTA_DETAIL_TARGET_TAG constexpr std::int32_t multiply_by_quantized_multiplier_int64(std::int64_t x,
                                                                                     std::int32_t multiplier,
                                                                                     int shift) noexcept {
    if (multiplier < 0) {
        precondition::quantized_multiplier_must_be_in_0_to_2_to_the_31();
        return 0;
    }
    if (shift < -31 || shift > 7) {
        precondition::shift_must_be_in_minus_31_to_7();
        return 0;
    }
    const std::int64_t reduced = multiplier < 0x7FFF0000 ? (std::int64_t{multiplier} + (1 << 15)) >> 16 : 0x7FFF;
    const int total_shift = 15 - shift;
    const std::int64_t rounded = x * reduced + (std::int64_t{1} << (total_shift - 1));
    // The low 32 bits, read as two's complement (TensorFlow Lite assigns the shifted int64 to an int32).
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(rounded >> total_shift)));
}

}  // namespace cta::quantized
