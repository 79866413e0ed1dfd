// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 GELU: a table of the 256 outputs, one per int8 input, computed from the
/// quantizations as TensorFlow Lite's `GeluPrepare` populates it (`LUTPopulate<int8_t>` with `GeluTransform` or
/// `GeluTransformApproximate`), then one lookup per element.
///
///     constexpr auto table = cta::quantized::prepare_gelu_int8(0.0625F, 0, 0.0318F, -123);
///     const std::int8_t x[3] = {-16, 0, 16};                // -1, 0, 1
///     std::int8_t y[3];
///     cta::quantized::gelu(table, x, 3, y);                 // y = {-128, -123, -97}: -0.159, 0, 0.827
///
/// For each input q in [-128, 127], in float, as TensorFlow Lite computes it:
///
///     x = input_scale * float(q - input_zero_point)
///     f = 0.5f * x * erfc(x * float(-1 / sqrt(2)))                                     (GeluTransform)
///       = 0.5f * x * (1 + tanh(float(sqrt(2 / pi)) * (x + 0.044715f * x * x * x)))   (approximate)
///     table[q] = clamp(round(f * (1 / output_scale)) + output_zero_point, -128, 127)     (ties away from zero)
///
/// each operation rounded to float in the order written. The float erfc and tanh are cta's (`cta::erfc(float)`, and
/// `cta::tanh` in double rounded to float): the exact values rounded once, where TensorFlow Lite calls the C
/// library's `erfcf` and `tanhf`, whose last bit differs from the exact rounding for some arguments (glibc's, for
/// one). An output differs only where f / output_scale falls within an ulp of a half; the tables of tests/tflite/gelu,
/// written with TensorFlow Lite's sources and glibc 2.36, are cta's bit for bit.
///
/// The table is computed once (a constant where the quantizations are), then `gelu` looks up each element: no
/// floating point at run time. `constexpr` and `noexcept`, no allocation. Precondition of `prepare_gelu_int8`: both
/// scales positive and finite (`scale_must_be_positive_and_finite`).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>
#include <cta/math/erf.hpp>
#include <cta/math/tanh.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/quantize.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::quantized {

/// @brief The outputs of int8 GELU for every int8 input: `values[q + 128]` for the input q.
struct gelu_int8_table {
    std::int8_t values[256] = {};  ///< the output for each input, from -128 to 127
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const gelu_int8_table&, const gelu_int8_table&) = default;
};

namespace detail {

/// @brief TensorFlow Lite's `GeluTransform` in float: 0.5f x erfc(x float(-1/sqrt(2))).
CTA_DETAIL_TARGET_TAG constexpr float gelu_transform(float x) noexcept {
    constexpr auto minus_sqrt1_2 = static_cast<float>(-0.70710678118654752440);
    return 0.5F * x * cta::erfc(x * minus_sqrt1_2);
}

/// @brief TensorFlow Lite's `GeluTransformApproximate` in float: 0.5f x (1 + tanh(float(sqrt(2/pi)) (x + 0.044715f
/// x^3))), tanh rounded once to float.
CTA_DETAIL_TARGET_TAG constexpr float gelu_transform_approximate(float x) noexcept {
    constexpr auto sqrt_2_over_pi = static_cast<float>(1.12837916709551257390 * 0.70710678118654752440);
    const float inner = sqrt_2_over_pi * (x + 0.044715F * x * x * x);
    return 0.5F * x * (1.0F + static_cast<float>(cta::tanh(static_cast<double>(inner))));
}

}  // namespace detail

/// @brief The table of int8 GELU for these quantizations, as TensorFlow Lite's `GeluPrepare` populates it (the
/// file's description); `approximate` as GELU's option of that name (the tanh form).
CTA_DETAIL_TARGET_TAG constexpr gelu_int8_table prepare_gelu_int8(float input_scale, std::int32_t input_zero_point,
                                                                  float output_scale, std::int32_t output_zero_point,
                                                                  bool approximate = false) noexcept {
    gelu_int8_table t;
    if (!detail::scale_positive_and_finite(input_scale) || !detail::scale_positive_and_finite(output_scale)) {
        precondition::scale_must_be_positive_and_finite();
        return t;
    }
    const float inverse_scale = 1 / output_scale;
    for (std::int32_t q = -128; q <= 127; ++q) {
        const float x = input_scale * static_cast<float>(q - input_zero_point);
        const float f = approximate ? detail::gelu_transform_approximate(x) : detail::gelu_transform(x);
        const float level =
            detail::round_half_away_from_zero(f * inverse_scale) + static_cast<float>(output_zero_point);
        t.values[q + 128] = static_cast<std::int8_t>(level < -128.0F ? -128 : level > 127.0F ? 127 : level);
    }
    return t;
}

/// @brief int8 GELU of `count` elements of `input` into `output` (which may be `input`): each the table's value.
CTA_DETAIL_TARGET_TAG constexpr void gelu(const gelu_int8_table& table, const std::int8_t* input, std::size_t count,
                                          std::int8_t* output) noexcept {
    for (std::size_t i = 0; i < count; ++i) output[i] = table.values[input[i] + 128];
}

}  // namespace cta::quantized

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
