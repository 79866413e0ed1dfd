// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's quantized softmax, bit for bit: int8 in and int8 out, int8 in and int16 out, int16 in
/// and int16 out (with its two lookup tables, generated here as TensorFlow Lite generates them); and the parameters
/// that a converted model derives from its input scale and beta.
///
/// Softmax works row by row: `rows` rows of `row_length` elements each, one after the other in memory, the
/// softmax of each row written to the same place of `output`. The quantized kernels compute what TensorFlow Lite's
/// reference kernels (and CMSIS-NN's `arm_softmax_s8`, `arm_softmax_s8_s16`, `arm_softmax_s16`, which TensorFlow Lite
/// Micro runs on Cortex-M) compute:
///
///     constexpr auto p = cta::quantized::prepare_softmax_int8(1.0 / 16, 1.0);  // input scale 1/16, beta 1
///     constexpr std::int8_t in[3] = {16, 0, -16};  // 1, 0 and -1
///     std::int8_t out[3];
///     cta::quantized::softmax(in, 1, 3, p, out);  // {42, -65, -105}: 170/256, 63/256, 23/256
///
/// The int8 kernels are integer-only (gemmlowp's fixed-point e^x and 1 / (1 + x), fixed_point_math.hpp); the int16
/// kernel looks e^x and 1 / (1 + x) up in two tables of 513 entries with linear interpolation. Every function is
/// `constexpr` and `noexcept`, uses no heap, exceptions or iostream, and gives the same bits at run time. Shapes are
/// run-time arguments: one compiled copy serves every shape. tests/quantized reproduces every output of TensorFlow
/// Lite's reference vectors (tests/quantized/tflite_int8) at compile time and at run time.
///
/// Preconditions on the parameters and on the rows' sums stop a constant evaluation with an error that names them
/// (as in fixed_point.hpp); at run time a build without `NDEBUG` checks them and stops the program there
/// (fixed_point.hpp's `detail::stop`). The arrays' lengths are not checked: a constant evaluation that reads past an
/// array fails with the compiler's own error.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>
#include <cta/math.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/fixed_point_math.hpp>

namespace cta::quantized {

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void input_scale_times_beta_must_be_above_2_to_the_minus_26() noexcept { detail::stop(); }
inline void input_multiplier_must_not_be_negative() noexcept { detail::stop(); }
inline void input_left_shift_must_be_in_0_to_31() noexcept { detail::stop(); }
inline void diff_min_times_2_to_the_left_shift_must_be_in_minus_2_to_the_31_to_0() noexcept { detail::stop(); }
inline void input_shift_must_be_in_minus_31_to_15() noexcept { detail::stop(); }
inline void row_sum_must_fit_in_32_bits() noexcept { detail::stop(); }
inline void row_sum_must_be_in_2_to_2_to_the_31() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief The parameters of softmax with int8 input (TensorFlow Lite's `input_multiplier`, `input_left_shift` and
/// `diff_min`): a difference `d = q - max(row)` of quantized inputs becomes the real `beta * input_scale * d` as a
/// fixed-point number with 5 integer bits, `saturating_rounding_doubling_high_mul(d * 2^input_left_shift,
/// input_multiplier)`; an element with `d < diff_min` gets the lowest output.
struct softmax_int8_params {
    /// @brief The multiplier of the differences.
    std::int32_t input_multiplier = 0;
    /// @brief Their left shift, in [0, 31].
    int input_left_shift = 0;
    /// @brief The lowest difference that counts; below it an element gets the lowest output.
    std::int32_t diff_min = 0;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const softmax_int8_params&, const softmax_int8_params&) = default;
};

/// @brief The parameters of softmax with int16 input: a difference `d = q - max(row)` becomes an index into the
/// table of e^x, `multiply_by_quantized_multiplier(d, input_multiplier, input_shift)`, where -65535 stands for
/// -10 (the multiplier is `beta * input_scale / (10 / 65535)`).
struct softmax_int16_params {
    /// @brief The multiplier of the differences.
    std::int32_t input_multiplier = 0;
    /// @brief The shift of the differences, in [-31, 15].
    int input_shift = 0;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const softmax_int16_params&, const softmax_int16_params&) = default;
};

/// @brief The parameters a converted model uses for softmax with int8 input (TensorFlow Lite's
/// `PreprocessSoftmaxScaling` and `CalculateInputRadius` with 5 integer bits): the real multiplier
/// `beta * input_scale * 2^26` (in double, in that order), capped at 2^31 - 1, as `input_multiplier * 2^(
/// input_left_shift - 31)` (frexp, the mantissa times 2^31 rounded half away from zero, as `quantize_multiplier`),
/// and `diff_min = -floor(31 * 2^26 / 2^input_left_shift)`, the most negative difference whose scaled value fits.
/// The scale and beta of a TensorFlow Lite model are floats: pass them converted to double.
/// Precondition: `beta * input_scale * 2^26 > 1`, finite.
CTA_DETAIL_TARGET_TAG constexpr softmax_int8_params prepare_softmax_int8(double input_scale,
                                                                         double beta = 1.0) noexcept {
    const double real_multiplier = beta * input_scale * 0x1p26;
    if (!(real_multiplier > 1.0) || !(real_multiplier <= std::numeric_limits<double>::max())) {
        precondition::input_scale_times_beta_must_be_above_2_to_the_minus_26();
        return {};
    }
    const double capped = real_multiplier < 2147483647.0 ? real_multiplier : 2147483647.0;
    // A capped multiplier of 2^30 or more has a shift of 31, above quantize_multiplier's 30: its half has the same
    // mantissa (halving changes the exponent only) and a shift one lower.
    quantized_multiplier m = quantize_multiplier(capped / 2.0);
    ++m.shift;
    const auto radius = static_cast<std::int32_t>((std::int64_t{31} << 26) >> m.shift);
    return {m.multiplier, m.shift, -radius};
}

/// @brief The parameters a converted model uses for softmax with int16 input (TensorFlow Lite Micro's softmax
/// preparation): `quantize_multiplier(input_scale * beta / (10.0 / 65535.0))`, in double, in that order.
/// (TensorFlow Lite's interpreter multiplies the float scale and beta in float first: pass that product as
/// `input_scale` and `beta = 1` for its parameters.)
/// Preconditions: the multiplier finite and not negative, with a shift of at most 15 (`beta * input_scale` below
/// about 5, so that every difference times 2^shift fits in 32 bits).
CTA_DETAIL_TARGET_TAG constexpr softmax_int16_params prepare_softmax_int16(double input_scale,
                                                                           double beta = 1.0) noexcept {
    const quantized_multiplier m = quantize_multiplier(input_scale * beta / (10.0 / 65535.0));
    if (m.shift > 15) {
        precondition::input_shift_must_be_in_minus_31_to_15();
        return {};
    }
    return {m.multiplier, m.shift};
}

/// @brief The number of entries of each table of softmax with int16 input: 512 intervals and their last end.
inline constexpr std::size_t softmax_int16_lut_size = 513;

/// @brief The two tables of softmax with int16 input, in Q0.15 (32768 stands for 1, saturated to 32767): e^x on
/// [-10, 0] and 1 / (1 + x) on [0, 1], each at 513 evenly spaced points and adjusted for linear interpolation
/// (`generate_int16_lut`).
struct softmax_int16_luts {
    /// @brief e^x on [-10, 0].
    std::int16_t exp[softmax_int16_lut_size];
    /// @brief 1 / (1 + x) on [0, 1].
    std::int16_t one_over_one_plus_x[softmax_int16_lut_size];
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const softmax_int16_luts&, const softmax_int16_luts&) = default;
};

}  // namespace cta::quantized

// The tables: floating-point arithmetic, kept IEEE whatever the user's flags (include/cta/detail/fp_strict.hpp).
CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::quantized {

namespace detail {
/// An entry of a table clamped to int16.
template <class F>
CTA_DETAIL_TARGET_TAG constexpr std::int16_t int16_lut_clamp(F v) noexcept {
    return static_cast<std::int16_t>(v < F(-32768) ? F(-32768) : (v > F(32767) ? F(32767) : v));
}

/// Entry i of `generate_int16_lut` from f(x_i), f(x_i + step / 2) and f(x_i+1).
template <class F>
CTA_DETAIL_TARGET_TAG constexpr std::int16_t int16_lut_entry(F value, F midpoint_value, F next_value) noexcept {
    constexpr F scale = F(32768);  // the output range [-1, 1] over the 65536 values of int16
    const F sample = cta::round(value * scale);
    const F interpolated_midpoint = cta::round((next_value * scale + cta::round(value * scale)) / F(2));
    const F midpoint = cta::round(midpoint_value * scale);
    const F bias = cta::round((interpolated_midpoint - midpoint) / F(2));
    return int16_lut_clamp(sample - bias);
}
}  // namespace detail

/// @brief `f` on [input_min, input_max] as a table of 513 int16 entries for `int16_lut_lookup`, computed in `F`
/// exactly as TensorFlow Lite's `gen_lut` computes it: with step = (input_max - input_min) / 512, x_i = input_min +
/// i step and every product by 32768 rounded half away from zero (`cta::round`), entry i is round(32768 f(x_i))
/// less a bias, round((m_interp - m) / 2), where m_interp = round((32768 f(x_i+1) + round(32768 f(x_i))) / 2) is the
/// midpoint of the interpolated segment and m = round(32768 f(x_i + step / 2)) the function's midpoint, so that the
/// interpolation's error is split between the ends and the middle; entry 512 is round(32768 f(input_max)); every
/// entry is clamped to [-32768, 32767]. Every operation is one of `F`, rounded as `F` rounds it (the sum in m_interp
/// too).
///
/// TensorFlow Lite Micro (and so CMSIS-NN's published tables) computes in float, TensorFlow Lite's interpreter in
/// double; the two differ (`softmax_int16_luts_for`).
template <class F, class Function>
    requires std::is_floating_point_v<F> && std::is_invocable_r_v<F, const Function&, F>
CTA_DETAIL_TARGET_TAG constexpr void generate_int16_lut(const Function& f, F input_min, F input_max,
                                                        std::int16_t* table) noexcept {
    constexpr int steps = 512;
    const F step = (input_max - input_min) / F(steps);
    const F half_step = step / F(2);
    for (int i = 0; i < steps; ++i)
        table[i] = detail::int16_lut_entry(f(input_min + F(i) * step), f(input_min + F(i) * step + half_step),
                                           f(input_min + F(i + 1) * step));
    table[steps] = detail::int16_lut_clamp(cta::round(f(input_max) * F(32768)));
}

/// @brief The tables of softmax with int16 input as TensorFlow Lite generates them in `F` with
/// `generate_int16_lut`: e^x by `cta::exp` on [-10, 0], 1 / (1 + x) on [0, 1]. `F = float` gives TensorFlow Lite
/// Micro's tables, the ones CMSIS-NN publishes (tests/quantized/tflite_int8/softmax_s16_luts, entry for entry);
/// `F = double` gives the tables of TensorFlow Lite's interpreter, which differ from them in two entries of
/// 1 / (1 + x), 160 and 294 (rounded to float, the sum in m_interp at 160 and 1 / (1 + x) at the midpoint of 294
/// cross a rounding boundary).
/// `cta::exp` needs not be correctly rounded here: every entry of either table of e^x stays the same when any of the
/// three values of e^x it is computed from moves by one ulp (tests/quantized/softmax_proof.cpp).
template <class F = float>
    requires std::is_same_v<F, float> || std::is_same_v<F, double>
CTA_DETAIL_TARGET_TAG constexpr softmax_int16_luts softmax_int16_luts_for() noexcept {
    softmax_int16_luts luts{};
    generate_int16_lut([](F x) { return cta::exp(x); }, F(-10), F(0), luts.exp);
    generate_int16_lut([](F x) { return F(1) / (F(1) + x); }, F(0), F(1), luts.one_over_one_plus_x);
    return luts;
}

}  // namespace cta::quantized

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END

namespace cta::quantized {

/// @brief The table entry for `value`, interpolated (TensorFlow Lite's int16 `LUTLookup`): `value` in [-32768,
/// 32767] falls in interval `256 + (value >> 7)` of the table's 512 at offset `value & 127`, and the entry is
/// `base + ((slope * offset + 64) >> 7)` with base the interval's first entry and slope the difference to the next
/// (the shift rounds to nearest, ties up). `table` holds 513 entries.
CTA_DETAIL_TARGET_TAG constexpr std::int16_t int16_lut_lookup(std::int16_t value, const std::int16_t* table) noexcept {
    const int index = 256 + (value >> 7);
    const int offset = value & 0x7f;
    const int base = table[index];
    const int slope = table[index + 1] - base;
    return static_cast<std::int16_t>(base + ((slope * offset + 64) >> 7));  // >> of a negative int: floor (C++20)
}

namespace detail {

/// The integer bits of softmax's fixed-point numbers with int8 input: the differences with beta and the scale
/// applied, Q5.26, and the sum of the exponentials, Q12.19.
inline constexpr int softmax_int8_difference_bits = 5;
inline constexpr int softmax_int8_sum_bits = 12;

/// Whether `p` meets the preconditions of softmax with int8 input; where it does not, the precondition's function is
/// called (a constant evaluation stops there) and the result is false.
CTA_DETAIL_TARGET_TAG constexpr bool softmax_int8_params_hold(const softmax_int8_params& p) noexcept {
    if (p.input_multiplier < 0) {
        precondition::input_multiplier_must_not_be_negative();
        return false;
    }
    if (p.input_left_shift < 0 || p.input_left_shift > 31) {
        precondition::input_left_shift_must_be_in_0_to_31();
        return false;
    }
    if (p.diff_min > 0 || std::int64_t{p.diff_min} * (std::int64_t{1} << p.input_left_shift) <
                              std::int64_t{std::numeric_limits<std::int32_t>::min()}) {
        precondition::diff_min_times_2_to_the_left_shift_must_be_in_minus_2_to_the_31_to_0();
        return false;
    }
    return true;
}

/// e^(beta * input_scale * d) with 0 integer bits, for a difference d >= diff_min of int8 inputs.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t softmax_int8_exp(std::int32_t d, const softmax_int8_params& p) noexcept {
    const auto shifted = static_cast<std::int32_t>(std::int64_t{d} * (std::int64_t{1} << p.input_left_shift));
    return exp_on_negative_values(saturating_rounding_doubling_high_mul(shifted, p.input_multiplier),
                                  softmax_int8_difference_bits);
}

/// The reciprocal of a row's sum of exponentials (Q12.19, positive and within 32 bits): with sum = 2^(12 - headroom)
/// (1 + x), x in [0, 1), `reciprocal` is 1 / (1 + x) in Q0.31, so that 1 / sum is reciprocal 2^(headroom - 12).
struct softmax_reciprocal {
    std::int32_t reciprocal;
    int headroom;
};

CTA_DETAIL_TARGET_TAG constexpr softmax_reciprocal softmax_sum_reciprocal(std::int64_t sum) noexcept {
    const int headroom = std::countl_zero(static_cast<std::uint32_t>(sum));
    const auto x = static_cast<std::int32_t>((static_cast<std::uint32_t>(sum) << headroom) - (1U << 31));
    return {one_over_one_plus_x_for_x_in_0_1(x), headroom};
}

/// The softmax of int8 rows to `Output` (int8 or int16) with TensorFlow Lite's reference arithmetic.
template <class Output>
CTA_DETAIL_TARGET_TAG constexpr void softmax_from_int8(const std::int8_t* input, std::size_t rows,
                                                       std::size_t row_length, const softmax_int8_params& p,
                                                       Output* output) noexcept {
    constexpr int accumulation_integer_bits = softmax_int8_sum_bits;  // the sum of the exponentials: Q12.19
    static_assert(std::is_same_v<Output, std::int8_t> || std::is_same_v<Output, std::int16_t>);
    constexpr std::int32_t highest = sizeof(Output) == 1 ? 127 : 32767;  // Output's range
    constexpr std::int32_t lowest = -highest - 1;
    if (!softmax_int8_params_hold(p)) {
        return;
    }
    for (std::size_t r = 0; r < rows; ++r) {
        const std::int8_t* in = input + r * row_length;
        Output* out = output + r * row_length;
        if (row_length == 0) continue;
        std::int32_t max = -128;  // the lowest int8, the type of the input
        for (std::size_t c = 0; c < row_length; ++c) max = in[c] > max ? in[c] : max;
        std::int64_t sum = 0;  // Q12.19; the one of the maximum is 2^19, so the sum is never 0
        for (std::size_t c = 0; c < row_length; ++c) {
            const std::int32_t d = in[c] - max;
            if (d >= p.diff_min) sum += rescale(softmax_int8_exp(d, p), 0, accumulation_integer_bits);
        }
        if (sum > std::numeric_limits<std::int32_t>::max()) {
            precondition::row_sum_must_fit_in_32_bits();
            return;
        }
        const auto [reciprocal, headroom] = softmax_sum_reciprocal(sum);
        // The output's scale is 2^-bits: e^d / sum = (reciprocal e^d / 2^31) / 2^(12 - headroom), times 2^bits.
        const int exponent = accumulation_integer_bits - headroom + 31 - (std::numeric_limits<Output>::digits + 1);
        for (std::size_t c = 0; c < row_length; ++c) {
            const std::int32_t d = in[c] - max;
            if (d < p.diff_min) {
                out[c] = static_cast<Output>(lowest);
                continue;
            }
            const std::int32_t product = saturating_rounding_doubling_high_mul(reciprocal, softmax_int8_exp(d, p));
            // product in [0, 2^31): a shift beyond 31 rounds it to 0.
            const std::int32_t unsaturated = exponent > 31 ? 0 : rounding_divide_by_pot(product, exponent);
            const std::int32_t shifted = unsaturated + lowest;
            out[c] = static_cast<Output>(shifted > highest ? highest : shifted);
        }
    }
}

/// The terms of softmax with int8 input and the parameters `p` for every difference of two int8 values, d = -index
/// in [-255, 0]: `exp[index]` = e^(beta * input_scale * d) with 0 integer bits and `sum_term[index]` the same with
/// 12, both 0 where d < diff_min (an element that adds nothing to the sum and whose output is the lowest).
struct softmax_int8_table {
    std::int32_t exp[256];
    std::int32_t sum_term[256];
    softmax_int8_params params;  ///< the parameters the table is of
};

/// The table of `p` (precondition: as softmax's).
CTA_DETAIL_TARGET_TAG constexpr softmax_int8_table softmax_int8_table_of(const softmax_int8_params& p) noexcept {
    softmax_int8_table t{};
    t.params = p;
    if (!softmax_int8_params_hold(p)) {
        return t;
    }
    for (std::int32_t index = 0; index < 256 && -index >= p.diff_min; ++index) {
        t.exp[index] = softmax_int8_exp(-index, p);
        t.sum_term[index] = rescale(t.exp[index], 0, softmax_int8_sum_bits);
    }
    return t;
}

/// The table of `P`, a constant of its own: computed once, and outside the constant evaluation that reads it.
template <softmax_int8_params P>
inline constexpr softmax_int8_table softmax_int8_table_for = softmax_int8_table_of(P);

/// One row of softmax with int8 input and output (`softmax_from_int8<std::int8_t>` on one row of `length`
/// elements, the same integers), each element's exponential looked up in `table` (of the row's parameters) instead
/// of computed twice, and each loop step one statement.
CTA_DETAIL_TARGET_TAG constexpr void softmax_int8_row_with(const softmax_int8_table& table, const std::int8_t* in,
                                                           std::size_t length, std::int8_t* out) noexcept {
    if (length == 0) {
        return;
    }
    std::int32_t max = -128;  // the lowest int8, the type of the input
    for (std::size_t c = 0; c < length; ++c) max = in[c] > max ? in[c] : max;
    std::int64_t sum = 0;  // Q12.19
    for (std::size_t c = 0; c < length; ++c) sum += table.sum_term[max - in[c]];
    if (sum > std::numeric_limits<std::int32_t>::max()) {
        precondition::row_sum_must_fit_in_32_bits();
        return;
    }
    // The reciprocal of the sum and the output's shift, as softmax_from_int8 computes them (an int8 output: 8 bits).
    const auto [reciprocal, headroom] = softmax_sum_reciprocal(sum);
    const int exponent = softmax_int8_sum_bits - headroom + 31 - 8;
    if (exponent > 31) {  // every quotient rounds to 0
        for (std::size_t c = 0; c < length; ++c) out[c] = -128;
        return;
    }
    // An element's output in one expression: the high product of the reciprocal and e (e is not negative, so that
    // it never saturates), rounded by 2^exponent, less 128, at most 127 (int8_kernel.hpp's requantize_high).
    const std::int64_t half = exponent > 0 ? std::int64_t{1} << (exponent - 1) : 0;
    const std::int64_t half_below = exponent > 0 ? half - 1 : 0;
    for (std::size_t c = 0; c < length; ++c)
        out[c] = requantize_high(
            (std::int64_t{reciprocal} * table.exp[max - in[c]] + (std::int64_t{1} << 30)) >> 31, half, half_below,
            exponent, -128);
}

/// The same with the table of `P`, a constant of its own.
template <softmax_int8_params P>
CTA_DETAIL_TARGET_TAG constexpr void softmax_int8_row_tabulated(const std::int8_t* in, std::size_t length,
                                                                std::int8_t* out) noexcept {
    softmax_int8_row_with(softmax_int8_table_for<P>, in, length, out);
}

}  // namespace detail

/// @brief Softmax of int8 rows to int8 (TensorFlow Lite's `SOFTMAX` with int8 output, whose scale is 1/256 and
/// zero point -128; CMSIS-NN's `arm_softmax_s8`).
///
/// For each row, with d = q - max(row) for every element: the elements with `d >= diff_min` contribute
/// e_d = `exp_on_negative_values(saturating_rounding_doubling_high_mul(d * 2^input_left_shift, input_multiplier),
/// 5)` (Q0.31) to the row's sum, each rescaled to 12 integer bits (rounded); the sum, `2^(12 - h) (1 + x)` with `h`
/// its count of leading zeros, gives the reciprocal `r = one_over_one_plus_x_for_x_in_0_1(x)`; an element's output
/// is `rounding_divide_by_pot(saturating_rounding_doubling_high_mul(r, e_d), 35 - h) - 128`, at most 127 (the row's
/// maximum alone gives 128, which saturates); an element with `d < diff_min` gets -128. Where the shift 35 - h
/// exceeds 31 (a sum of 512 or more, which TensorFlow Lite refuses with a check), the quotient, below 1/2, rounds
/// to 0 and the output is -128.
///
/// Preconditions: `input` and `output` hold `rows * row_length` elements; `input_multiplier >= 0`,
/// `input_left_shift` in [0, 31], `diff_min <= 0` with `diff_min * 2^input_left_shift >= -2^31`
/// (`prepare_softmax_int8` gives such parameters); each row's sum below 2^31, which rows of at most 4095 elements
/// always have.
CTA_DETAIL_TARGET_TAG constexpr void softmax(const std::int8_t* input, std::size_t rows, std::size_t row_length,
                                             const softmax_int8_params& params, std::int8_t* output) noexcept {
    detail::softmax_from_int8(input, rows, row_length, params, output);
}

/// @brief The exponentials of int8 softmax with the parameters `params`, one for each difference of two int8 values
/// (with the terms of the rows' sums, and the parameters): with it, `softmax(input, rows, row_length, table, output)`
/// looks each element's exponential up instead of computing it twice, the same integers. 512 int32, made once for a
/// model's softmax (a constant of its own, or a member of the model). Preconditions: as softmax's.
using softmax_int8_table = detail::softmax_int8_table;

/// @brief The table of `params` (`softmax_int8_table`).
CTA_DETAIL_TARGET_TAG constexpr softmax_int8_table tabulate_softmax(const softmax_int8_params& params) noexcept {
    return detail::softmax_int8_table_of(params);
}

/// @brief Softmax of int8 rows to int8 with the parameters of `table` (`tabulate_softmax`), each element's exponential
/// looked up there: the integers of `softmax(input, rows, row_length, table.params, output)`.
CTA_DETAIL_TARGET_TAG constexpr void softmax(const std::int8_t* input, std::size_t rows, std::size_t row_length,
                                             const softmax_int8_table& table, std::int8_t* output) noexcept {
    if (!detail::softmax_int8_params_hold(table.params)) {
        return;
    }
    for (std::size_t r = 0; r < rows; ++r)
        detail::softmax_int8_row_with(table, input + r * row_length, row_length, output + r * row_length);
}

/// @brief Softmax of int8 rows to int16 (TensorFlow Lite's `SOFTMAX` with int8 input and int16 output, whose scale
/// is 1/65536 and zero point -32768; CMSIS-NN's `arm_softmax_s8_s16`): as the int8 output, with the shift 27 - h
/// and -32768 added, at most 32767.
///
/// Preconditions as for the int8 output.
CTA_DETAIL_TARGET_TAG constexpr void softmax(const std::int8_t* input, std::size_t rows, std::size_t row_length,
                                             const softmax_int8_params& params, std::int16_t* output) noexcept {
    detail::softmax_from_int8(input, rows, row_length, params, output);
}

/// @brief Softmax of int16 rows to int16 (TensorFlow Lite's `SOFTMAX` with int16 input and output, zero points 0,
/// output scale 1/32768; CMSIS-NN's `arm_softmax_s16`).
///
/// For each row, with d = q - max(row) for every element: e_d = `int16_lut_lookup(clamp(multiply_by_quantized_
/// multiplier(d, input_multiplier, input_shift) + 32767, -32768, 32767), luts.exp)` (Q0.15; every element
/// contributes); the row's sum `s` of the e_d, with `h` its count of leading zeros, is normalised to 17 bits,
/// `n = (s * 2^(h - 1) + 2^13) >> 14`, and its reciprocal is `r = int16_lut_lookup(clamp(n - 98304, -32768, 32767),
/// luts.one_over_one_plus_x)`; an element's output is `(e_d * r + 2^(30 - h)) >> (31 - h)` (rounded, ties up),
/// clamped to [0, 32767]. The e_d are kept in `output` between the two passes. At two edges CMSIS-NN's
/// `arm_softmax_s16` wraps where TensorFlow Lite saturates, and this computes TensorFlow Lite's: the reciprocal's
/// index n - 98304 = 32768 (a sum just below a power of two, 2^18 - 1 for one) is 32767, and an output of 32768 (a
/// row of one element) is 32767.
///
/// Preconditions: `input` and `output` hold `rows * row_length` elements; `input_multiplier >= 0`, `input_shift` in
/// [-31, 15] (`prepare_softmax_int16` gives such parameters); each row's sum in [2, 2^31), which rows of at most
/// 65538 elements always have with TensorFlow Lite's tables (`softmax_int16_luts_for`).
CTA_DETAIL_TARGET_TAG constexpr void softmax(const std::int16_t* input, std::size_t rows, std::size_t row_length,
                                             const softmax_int16_params& params, const softmax_int16_luts& luts,
                                             std::int16_t* output) noexcept {
    if (params.input_multiplier < 0) {
        precondition::input_multiplier_must_not_be_negative();
        return;
    }
    if (params.input_shift < -31 || params.input_shift > 15) {
        precondition::input_shift_must_be_in_minus_31_to_15();
        return;
    }
    for (std::size_t r = 0; r < rows; ++r) {
        const std::int16_t* in = input + r * row_length;
        std::int16_t* out = output + r * row_length;
        if (row_length == 0) continue;
        std::int32_t max = std::numeric_limits<std::int16_t>::min();  // the row's maximum, as TensorFlow Lite's
        for (std::size_t c = 0; c < row_length; ++c) max = in[c] > max ? in[c] : max;
        std::int64_t sum = 0;  // Q16.15
        for (std::size_t c = 0; c < row_length; ++c) {
            const std::int32_t scaled =
                multiply_by_quantized_multiplier(in[c] - max, params.input_multiplier, params.input_shift) + 32767;
            const std::int32_t index = scaled < -32768 ? -32768 : (scaled > 32767 ? 32767 : scaled);
            out[c] = int16_lut_lookup(static_cast<std::int16_t>(index), luts.exp);
            sum += out[c];
        }
        if (sum < 2 || sum > std::numeric_limits<std::int32_t>::max()) {
            precondition::row_sum_must_be_in_2_to_2_to_the_31();
            return;
        }
        const int headroom_plus_one = std::countl_zero(static_cast<std::uint32_t>(sum));  // in [1, 30]
        const auto normalised = static_cast<std::int32_t>(((sum << (headroom_plus_one - 1)) + (1 << 13)) >> 14);
        // normalised in [2^16, 2^17] stands for the sum's mantissa in [1, 2]: x = mantissa - 1 as a table index.
        const std::int32_t index = normalised - 98304 > 32767 ? 32767 : normalised - 98304;
        const std::int32_t reciprocal = int16_lut_lookup(static_cast<std::int16_t>(index), luts.one_over_one_plus_x);
        const int right_shift = 31 - headroom_plus_one;
        for (std::size_t c = 0; c < row_length; ++c) {
            const auto result = static_cast<std::int32_t>(
                (std::int64_t{out[c]} * reciprocal + (std::int64_t{1} << (right_shift - 1))) >> right_shift);
            out[c] = static_cast<std::int16_t>(result < 0 ? 0 : (result > 32767 ? 32767 : result));
        }
    }
}

}  // namespace cta::quantized

