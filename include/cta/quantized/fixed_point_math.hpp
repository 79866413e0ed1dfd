// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Functions of 32-bit fixed-point numbers as gemmlowp computes them for TensorFlow Lite's quantized kernels:
/// the saturating rounding multiplication by a power of two (and the change of format built on it), the rounding
/// half sum, e^x for x <= 0, 1 / (1 + x) and (1 - x) / (1 + x) for x in [0, 1), the logistic function and tanh, each
/// bit for bit.
///
/// A fixed-point number here is a raw `std::int32_t` `r` with `i` integer bits (gemmlowp's `FixedPoint<int32_t, i>`,
/// the format Q`i`.`31 - i`), which stands for `r / 2^(31 - i)`: the range [-2^i, 2^i). The product of a number
/// with `i` integer bits and one with `j` is `saturating_rounding_doubling_high_mul` of the raw values, with `i + j`
/// integer bits; sums and differences of raw values of the same format are plain integer sums. The functions take
/// and return raw values and say their formats; the constants are the reals rounded to the nearest raw value
/// (tests/quantized/softmax_proof.cpp checks each against `cta::exp`).
///
/// Every function is `constexpr`, `noexcept` and integer-only; at run time it gives the same bits. Preconditions
/// stop a constant evaluation with an error that names them (as in fixed_point.hpp); at run time a build without
/// `NDEBUG` checks them and stops the program there (fixed_point.hpp's `detail::stop`).
#pragma once

#include <cstdint>
#include <limits>

#include <cta/detail/target.hpp>
#include <cta/quantized/fixed_point.hpp>

namespace cta::quantized {

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void exponent_must_be_in_minus_31_to_31() noexcept { detail::stop(); }
inline void integer_bits_must_be_in_0_to_29() noexcept { detail::stop(); }
inline void argument_must_not_be_positive() noexcept { detail::stop(); }
inline void argument_must_be_in_0_to_1() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief `x * 2^exponent`, the raw value kept in 32 bits (gemmlowp's `SaturatingRoundingMultiplyByPOT`): for
/// `exponent > 0` a left shift that saturates to INT32_MAX or INT32_MIN when the product does not fit; for
/// `exponent < 0` the rounding divide by `2^-exponent` (to nearest, ties away from zero); `x` for 0.
/// Precondition: `exponent` in [-31, 31].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t saturating_rounding_multiply_by_pot(std::int32_t x, int exponent) noexcept {
    if (exponent < -31 || exponent > 31) {
        precondition::exponent_must_be_in_minus_31_to_31();
        return x;
    }
    if (exponent <= 0) {
        return rounding_divide_by_pot(x, -exponent);
    }
    const std::int64_t product = std::int64_t{x} * (std::int64_t{1} << exponent);
    if (product > std::numeric_limits<std::int32_t>::max()) {
        return std::numeric_limits<std::int32_t>::max();
    }
    if (product < std::numeric_limits<std::int32_t>::min()) {
        return std::numeric_limits<std::int32_t>::min();
    }
    return static_cast<std::int32_t>(product);
}

/// @brief A raw value with `from_integer_bits` integer bits in the format with `to_integer_bits` (gemmlowp's
/// `Rescale`): `saturating_rounding_multiply_by_pot(x, from_integer_bits - to_integer_bits)`, so fewer integer bits
/// saturate and more round to nearest (ties away from zero). Precondition: the difference in [-31, 31].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t rescale(std::int32_t x, int from_integer_bits,
                                                     int to_integer_bits) noexcept {
    return saturating_rounding_multiply_by_pot(x, from_integer_bits - to_integer_bits);
}

/// @brief `(a + b) / 2` rounded to nearest, ties away from zero (gemmlowp's `RoundingHalfSum` of 32-bit values),
/// computed in 64 bits, so that it never overflows.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t rounding_half_sum(std::int32_t a, std::int32_t b) noexcept {
    const std::int64_t sum = std::int64_t{a} + std::int64_t{b};
    return static_cast<std::int32_t>((sum + (sum >= 0 ? 1 : -1)) / 2);  // division truncates toward zero
}

namespace detail {
/// The constants of the fixed-point functions below, raw values of the reals rounded to nearest (checked in
/// tests/quantized/softmax_proof.cpp): with 0 integer bits (times 2^31) unless said.
inline constexpr std::int32_t exp_minus_one_eighth = 1895147668;  // e^(-1/8)
inline constexpr std::int32_t one_third = 715827883;              // 1/3
/// e^(-2^k) for k = -2, ..., 4: the factors of e^x for the bits of -x from 1/4 to 16.
inline constexpr std::int32_t exp_minus_pot[7] = {1672461947, 1302514674, 790015084, 290630308,
                                                  39332535,   720401,     242};
inline constexpr std::int32_t forty_eight_seventeenths_q2 = 1515870810;        // 48/17, 2 integer bits (x 2^29)
inline constexpr std::int32_t minus_thirty_two_seventeenths_q2 = -1010580540;  // -32/17, 2 integer bits
}  // namespace detail

/// @brief e^x for x in [-1/4, 0), raw values with 0 integer bits in and out (gemmlowp's
/// `exp_on_interval_between_negative_one_quarter_and_0_excl`): the Taylor polynomial of degree 4 around -1/8,
/// e^(-1/8) (1 + y + y^2/2 + y^3/6 + y^4/24) with y = x + 1/8, every product a `saturating_rounding_doubling_high_mul`
/// and the divisions by 4 and 2 rounding divides by powers of two, in gemmlowp's order:
/// e^(-1/8) + e^(-1/8) (y + ((y^4/4 + y^3) / 3 + y^2) / 2).
CTA_DETAIL_TARGET_TAG constexpr std::int32_t exp_on_interval_between_negative_one_quarter_and_0_excl(
    std::int32_t x) noexcept {
    const std::int32_t y = x + (std::int32_t{1} << 28);  // x + 1/8
    const std::int32_t y2 = saturating_rounding_doubling_high_mul(y, y);
    const std::int32_t y3 = saturating_rounding_doubling_high_mul(y2, y);
    const std::int32_t y4 = saturating_rounding_doubling_high_mul(y2, y2);
    const std::int32_t y4_over_4 = rounding_divide_by_pot(y4, 2);
    const std::int32_t higher_terms = rounding_divide_by_pot(
        saturating_rounding_doubling_high_mul(y4_over_4 + y3, detail::one_third) + y2, 1);
    return detail::exp_minus_one_eighth +
           saturating_rounding_doubling_high_mul(detail::exp_minus_one_eighth, y + higher_terms);
}

/// @brief e^x for x <= 0, `x` a raw value with `integer_bits` integer bits, the result with 0 (gemmlowp's
/// `exp_on_negative_values`): x = -k/4 + r with r in [-1/4, 0) (r from the low bits of x), e^r from
/// `exp_on_interval_between_negative_one_quarter_and_0_excl`, then multiplied by e^(-1/4), e^(-1/2), e^(-1), ...,
/// e^(-16) for each bit of k (a `saturating_rounding_doubling_high_mul` each, smallest first); with more than 5
/// integer bits, x below -32 gives 0; x = 0 gives INT32_MAX (the largest value below 1).
/// Preconditions: `integer_bits` in [0, 29] (TensorFlow Lite's softmax takes 5), `x` <= 0.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t exp_on_negative_values(std::int32_t x, int integer_bits) noexcept {
    if (integer_bits < 0 || integer_bits > 29) {
        precondition::integer_bits_must_be_in_0_to_29();
        return 0;
    }
    if (x > 0) {
        precondition::argument_must_not_be_positive();
        return 0;
    }
    if (x == 0) {
        return std::numeric_limits<std::int32_t>::max();
    }
    const int fractional_bits = 31 - integer_bits;
    const std::int32_t one_quarter = std::int32_t{1} << (fractional_bits - 2);
    const std::int32_t remainder_minus_one_quarter = (x & (one_quarter - 1)) - one_quarter;  // r, in [-1/4, 0)
    std::int32_t result = exp_on_interval_between_negative_one_quarter_and_0_excl(
        rescale(remainder_minus_one_quarter, integer_bits, 0));
    const std::int32_t quarters = remainder_minus_one_quarter - x;  // k/4: a multiple of 1/4, >= 0
    for (int k = -2; k <= 4; ++k) {
        // The bit of 2^k in k/4, present in the format when integer_bits > k.
        if (integer_bits > k && (quarters & (std::int32_t{1} << (fractional_bits + k))) != 0) {
            result = saturating_rounding_doubling_high_mul(result, detail::exp_minus_pot[k + 2]);
        }
    }
    if (integer_bits > 5 && x < -(std::int32_t{1} << (36 - integer_bits))) {  // x < -32
        return 0;
    }
    return result;
}

/// @brief 1 / (1 + x) for x in [0, 1), raw values with 0 integer bits in and out (gemmlowp's
/// `one_over_one_plus_x_for_x_in_0_1`): d = (1 + x) / 2 by `rounding_half_sum` with INT32_MAX for 1, then Newton's
/// iteration for 1/d with 2 integer bits, started at 48/17 - 32/17 d and taken three times,
/// z <- z + 4 (z (1 - d z)) (the product rescaled from 4 integer bits to 2, saturating); the result is z / 2, its raw
/// value rescaled from 1 integer bit to 0 (doubled, saturating). x = 0 gives INT32_MAX.
/// Precondition: `x` >= 0 (every non-negative raw value is below 1).
CTA_DETAIL_TARGET_TAG constexpr std::int32_t one_over_one_plus_x_for_x_in_0_1(std::int32_t x) noexcept {
    if (x < 0) {
        precondition::argument_must_be_in_0_to_1();
        return 0;
    }
    const std::int32_t half_denominator = rounding_half_sum(x, std::numeric_limits<std::int32_t>::max());
    std::int32_t z = detail::forty_eight_seventeenths_q2 +
                     saturating_rounding_doubling_high_mul(half_denominator,
                                                           detail::minus_thirty_two_seventeenths_q2);
    constexpr std::int32_t one_q2 = std::int32_t{1} << 29;
    for (int i = 0; i < 3; ++i) {
        const std::int32_t one_minus_dz = one_q2 - saturating_rounding_doubling_high_mul(half_denominator, z);
        z = z + rescale(saturating_rounding_doubling_high_mul(z, one_minus_dz), 4, 2);
    }
    return rescale(z, 1, 0);
}

/// @brief (1 - x) / (1 + x) for x in [0, 1), raw values with 0 integer bits in and out (gemmlowp's
/// `one_minus_x_over_one_plus_x_for_x_in_0_1`): Newton's iteration for 1/d as in `one_over_one_plus_x_for_x_in_0_1`,
/// d = (1 + x) / 2, then z - 1 (1 - x over 1 + x is 1/d - 1) rescaled from 2 integer bits to 0 (saturating).
/// Precondition: `x` >= 0.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t one_minus_x_over_one_plus_x_for_x_in_0_1(std::int32_t x) noexcept {
    if (x < 0) {
        precondition::argument_must_be_in_0_to_1();
        return 0;
    }
    const std::int32_t half_denominator = rounding_half_sum(x, std::numeric_limits<std::int32_t>::max());
    std::int32_t z = detail::forty_eight_seventeenths_q2 +
                     saturating_rounding_doubling_high_mul(half_denominator,
                                                           detail::minus_thirty_two_seventeenths_q2);
    constexpr std::int32_t one_q2 = std::int32_t{1} << 29;
    for (int i = 0; i < 3; ++i) {
        const std::int32_t one_minus_dz = one_q2 - saturating_rounding_doubling_high_mul(half_denominator, z);
        z = z + rescale(saturating_rounding_doubling_high_mul(z, one_minus_dz), 4, 2);
    }
    return rescale(z - one_q2, 2, 0);
}

namespace detail {
/// -x as two's complement negates a 32-bit raw value (gemmlowp's unary minus): INT32_MIN stays INT32_MIN.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t negated_raw(std::int32_t x) noexcept {
    return static_cast<std::int32_t>(0U - static_cast<std::uint32_t>(x));
}
}  // namespace detail

/// @brief The logistic function 1 / (1 + e^-x) of a raw value `x` with `integer_bits` integer bits, the result with
/// 0 (gemmlowp's `logistic`): 1/2 for x = 0; for x > 0, `one_over_one_plus_x_for_x_in_0_1` of
/// `exp_on_negative_values(-x)`; for x < 0, INT32_MAX (gemmlowp's 1 with 0 integer bits) minus that of -x.
/// Precondition: `integer_bits` in [0, 29].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t logistic(std::int32_t x, int integer_bits) noexcept {
    if (x == 0) {
        return std::int32_t{1} << 30;
    }
    const std::int32_t minus_abs = x > 0 ? detail::negated_raw(x) : x;
    const std::int32_t positive = one_over_one_plus_x_for_x_in_0_1(exp_on_negative_values(minus_abs, integer_bits));
    return x > 0 ? positive : std::numeric_limits<std::int32_t>::max() - positive;
}

/// @brief tanh x of a raw value `x` with `integer_bits` integer bits, the result with 0 (gemmlowp's `tanh`): 0 for
/// x = 0; else with n = -|x|, t = `one_minus_x_over_one_plus_x_for_x_in_0_1` of `exp_on_negative_values` of 2n (the
/// raw value of n read with one integer bit more), which is tanh |x|, negated for x < 0.
/// Precondition: `integer_bits` in [0, 28].
CTA_DETAIL_TARGET_TAG constexpr std::int32_t tanh(std::int32_t x, int integer_bits) noexcept {
    if (x == 0) {
        return 0;
    }
    const std::int32_t minus_abs = x > 0 ? detail::negated_raw(x) : x;
    const std::int32_t e = exp_on_negative_values(minus_abs, integer_bits + 1);  // e^(2n)
    const std::int32_t t = one_minus_x_over_one_plus_x_for_x_in_0_1(e);
    return x < 0 ? detail::negated_raw(t) : t;
}

}  // namespace cta::quantized
