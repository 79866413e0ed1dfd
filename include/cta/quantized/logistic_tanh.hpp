// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 LOGISTIC and TANH, element by element, bit for bit as TensorFlow Lite Micro's
/// kernels compute them (its `CalculateArithmeticOpDataLogistic` and `CalculateArithmeticOpData` of TANH, and
/// TensorFlow Lite's `reference_integer_ops::Logistic` and `Tanh`):
///
///     constexpr auto p = cta::quantized::prepare_logistic_int8(0.0625F, 0);   // inputs of scale 1/16, zero point 0
///     constexpr std::int8_t in[3] = {-128, 0, 16};                             // -8, 0, 1
///     std::int8_t out[3];
///     cta::quantized::logistic(p, in, 3, out);                                 // out = {-128, 0, 59}
///
/// `Prepare` (in double, exactly: the scale of a float times 2^27 has the float's 24 bits): the input's scale times
/// 2^(31 - 4), split as `multiplier * 2^(shift - 31)` with the multiplier in [2^30, 2^31) (frexp), and the input's
/// radius `floor(15 * 2^27 / 2^shift)`, the largest |input - zero point| whose value in 4 integer bits is below 15.
/// Each element `q` then gives, with `v = q - input_zero_point`:
///
///     v <= -radius:  -128          v >= radius:  127
///     otherwise:     x = multiply_by_quantized_multiplier(v, multiplier, shift)          x with 4 integer bits
///                    LOGISTIC: clamp(rounding_divide_by_pot(logistic(x, 4), 23) - 128, -128, 127)
///                    TANH:     clamp(rounding_divide_by_pot(tanh(x, 4), 24), -128, 127)
///
/// The outputs are those of the scales TensorFlow Lite gives these operators' outputs: LOGISTIC 1/256 with zero point
/// -128, TANH 1/128 with zero point 0 (TensorFlow Lite Micro requires the zero point -128 of LOGISTIC's output; the
/// kernels do not read the outputs' scales). `logistic` and `tanh` are fixed_point_math.hpp's, gemmlowp's.
///
/// Every function is `constexpr` and `noexcept`, uses no heap, exceptions or iostream, and gives the same bits at run
/// time. A scale whose multiplier needs a left shift above 30 (a scale of 8 or more) stops a constant evaluation in
/// `multiply_by_quantized_multiplier`'s precondition; a scale below 2^-28 (radius above what int32 holds) has every
/// input within the radius here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include <cta/detail/target.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/fixed_point_math.hpp>

namespace cta::quantized {

/// @brief What TensorFlow Lite Micro's `Prepare` derives for int8 LOGISTIC and TANH from the input's quantization.
struct logistic_tanh_params {
    std::int32_t input_zero_point = 0;    ///< the input's zero point
    std::int32_t input_range_radius = 0;  ///< beyond it (in |input - zero point|) the output is -128 or 127
    std::int32_t input_multiplier = 0;    ///< the scale times 2^27 as multiplier * 2^(shift - 31)
    int input_left_shift = 0;             ///< its shift
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const logistic_tanh_params&, const logistic_tanh_params&) = default;
};

/// @brief The parameters of int8 LOGISTIC and TANH for inputs of scale `input_scale` and zero point
/// `input_zero_point` (the same for both operators). Precondition: the scale positive and finite.
CTA_DETAIL_TARGET_TAG constexpr logistic_tanh_params prepare_logistic_tanh_int8(float input_scale,
                                                                             std::int32_t input_zero_point) noexcept {
    int shift = 0;
    // frexp of scale * 2^27: exact, the float's mantissa in [1/2, 1), times 2^31 an integer below 2^31.
    const double mantissa = detail::frexp_positive(static_cast<double>(input_scale) * 0x1p27, shift);
    logistic_tanh_params p;
    p.input_zero_point = input_zero_point;
    p.input_multiplier = static_cast<std::int32_t>(mantissa * 0x1p31);
    p.input_left_shift = shift;
    // floor(15 * 2^27 / 2^shift): a right shift of the exact integer 15 * 2^27 (0 for shifts of 31 and more).
    p.input_range_radius = shift < 0    ? std::numeric_limits<std::int32_t>::max()
                           : shift > 30 ? 0
                                        : static_cast<std::int32_t>((std::int64_t{15} << 27) >> shift);
    return p;
}

///@{
/// @brief `prepare_logistic_tanh_int8` under each operator's name.
CTA_DETAIL_TARGET_TAG constexpr logistic_tanh_params prepare_logistic_int8(float input_scale,
                                                                        std::int32_t input_zero_point) noexcept {
    return prepare_logistic_tanh_int8(input_scale, input_zero_point);
}
CTA_DETAIL_TARGET_TAG constexpr logistic_tanh_params prepare_tanh_int8(float input_scale,
                                                                    std::int32_t input_zero_point) noexcept {
    return prepare_logistic_tanh_int8(input_scale, input_zero_point);
}
///@}

namespace detail {
/// One element of LOGISTIC (`Tanh` false) or TANH, as the file's description says.
template <bool Tanh>
CTA_DETAIL_TARGET_TAG constexpr std::int8_t logistic_tanh_element(std::int8_t q,
                                                                 const logistic_tanh_params& p) noexcept {
    const std::int32_t v = std::int32_t{q} - p.input_zero_point;
    if (v <= -p.input_range_radius) {
        return std::numeric_limits<std::int8_t>::min();
    }
    if (v >= p.input_range_radius) {
        return std::numeric_limits<std::int8_t>::max();
    }
    const std::int32_t x = multiply_by_quantized_multiplier(v, p.input_multiplier, p.input_left_shift);
    const std::int32_t y = Tanh ? rounding_divide_by_pot(cta::quantized::tanh(x, 4), 24)
                                : rounding_divide_by_pot(cta::quantized::logistic(x, 4), 23) - 128;
    return static_cast<std::int8_t>(y < -128 ? -128 : y > 127 ? 127 : y);
}
}  // namespace detail

///@{
/// @brief int8 LOGISTIC and TANH of the `count` elements of `input` into `output`, as the file's description says.
CTA_DETAIL_TARGET_TAG constexpr void logistic(const logistic_tanh_params& params, const std::int8_t* input,
                                              std::size_t count, std::int8_t* output) noexcept {
    for (std::size_t i = 0; i < count; ++i) output[i] = detail::logistic_tanh_element<false>(input[i], params);
}
CTA_DETAIL_TARGET_TAG constexpr void tanh(const logistic_tanh_params& params, const std::int8_t* input,
                                          std::size_t count, std::int8_t* output) noexcept {
    for (std::size_t i = 0; i < count; ++i) output[i] = detail::logistic_tanh_element<true>(input[i], params);
}
///@}

}  // namespace cta::quantized
