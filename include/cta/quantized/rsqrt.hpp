// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 RSQRT, 1 / sqrt(x) element by element, bit for bit as TensorFlow Lite Micro's
/// kernel computes it (tensorflow/lite/micro/kernels/elementwise.cc, `RsqrtEvalQuantized<int8_t>` after
/// `PrepareAbsRsqrt`), and the fixed-point inverse square root it is built on (TensorFlow Lite's
/// `GetInvSqrtQuantizedMultiplierExp`, tensorflow/lite/kernels/internal/common.h):
///
///     constexpr auto x = cta::quantized::quantize<std::int8_t, cta::quantized::affine(0.25F, 0)>(
///         cta::matrix<double, 1, 3>{{{0.0, 1.0, 4.0}}});                          // {0, 4, 16}
///     constexpr auto y = cta::quantized::rsqrt<cta::quantized::affine(1.0F / 64, 0)>(x);
///     static_assert(y(0, 0) == 127 && y(0, 1) == 64 && y(0, 2) == 32);            // 0 is the largest; 1 and 1/2
///
/// `Prepare` computes one multiplier from the scales, in float as TensorFlow Lite Micro does, then in double:
/// `quantize_multiplier(1.0 / double(sqrtf(input_scale) * output_scale))`. Each element `q` then gives, with
/// `v = q - input_zero_point`:
///
///     v = 0:  127, the largest int8 (whatever the output's zero point: 0 stands for any value close to 0)
///     v > 0:  {m, e} = inv_sqrt_quantized_multiplier(v)                           1/sqrt(v) = m 2^(e - 31)
///             d = multiply_by_quantized_multiplier(1, m, e + 20)                    1/sqrt(v) in units of 2^-20
///             output = clamp(multiply_by_quantized_multiplier(d, multiplier, shift - 20) + output_zero_point,
///                            -128, 127)
///     v < 0:  TensorFlow Lite Micro fails the evaluation ("Rsqrt is only defined for positive values"): here a
///             precondition.
///
/// Every function is `constexpr` and `noexcept`, uses no heap, exceptions or iostream, and gives the same bits at run
/// time. Preconditions (an element below the input's zero point; an output zero point outside [-128, 127]; a
/// multiplier of 2^30 or more or below 2^-12, whose shift minus 20 leaves [-31, 30]) stop a constant evaluation with
/// an error that names them; at run time a build without `NDEBUG` checks them and stops the program there
/// (fixed_point.hpp's `detail::stop`).
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
#include <cta/quantized/qmatrix.hpp>

namespace cta::quantized {

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void rsqrt_input_must_not_be_below_its_zero_point() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief 1 / sqrt(x) for an int32 `x` as a multiplier and a shift, `1/sqrt(x) = multiplier * 2^(shift - 31)`, as
/// TensorFlow Lite's `GetInvSqrtQuantizedMultiplierExp(x, kReverseShift)` computes it (the shift given as a left
/// shift, at most 0): x <= 1 gives {INT32_MAX, 0}; otherwise x is divided by 4 until below 2^29 and shifted left by
/// whole pairs of bits into [2^27, 2^29) (each pair of bits one step of the shift, which starts at -11), y = x / 2^29
/// is taken with 3 integer bits, and Newton's iteration z <- 3/2 z - y/2 z^3 from z = 1, five times (each product a
/// `saturating_rounding_doubling_high_mul`, each result rescaled to 3 integer bits, saturating), gives 1/sqrt(2y); the
/// multiplier is z times sqrt(2)/2, shifted left when the shift would be positive.
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier inv_sqrt_quantized_multiplier(std::int32_t x) noexcept {
    if (x <= 1) {
        return {std::numeric_limits<std::int32_t>::max(), 0};
    }
    int right_shift = 11;
    while (x >= (std::int32_t{1} << 29)) {
        x /= 4;
        ++right_shift;
    }
    const int pairs = (std::countl_zero(static_cast<std::uint32_t>(x)) - 1) / 2 - 1;
    right_shift -= pairs;
    x = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) << (2 * pairs));  // in [2^27, 2^29)
    // Fixed point with 3 integer bits (raw / 2^28): y = x / 2^29, and y / 2 rounded.
    const std::int32_t y = x >> 1;
    const std::int32_t half_y = rounding_divide_by_pot(y, 1);
    constexpr std::int32_t one = std::int32_t{1} << 28;
    constexpr std::int32_t three_halves = one + (one >> 1);
    std::int32_t z = one;
    for (int i = 0; i < 5; ++i) {
        // z^3 has 9 integer bits, 3/2 z and y/2 z^3 have 6: each brought back to 3.
        const std::int32_t z3 =
            rescale(saturating_rounding_doubling_high_mul(saturating_rounding_doubling_high_mul(z, z), z), 9, 3);
        z = rescale(saturating_rounding_doubling_high_mul(three_halves, z) -
                        saturating_rounding_doubling_high_mul(half_y, z3),
                    6, 3);
    }
    constexpr std::int32_t half_sqrt_2 = 1518500250;  // sqrt(2) / 2 with 0 integer bits (x 2^31)
    std::int32_t multiplier = saturating_rounding_doubling_high_mul(z, half_sqrt_2);
    if (right_shift < 0) {
        multiplier = static_cast<std::int32_t>(static_cast<std::uint32_t>(multiplier) << -right_shift);
        right_shift = 0;
    }
    return {multiplier, -right_shift};
}

/// @brief The parameters of an int8 RSQRT: the input's and the output's zero points and the multiplier
/// `1 / (sqrt(input_scale) * output_scale)` (`prepare_rsqrt`).
struct rsqrt_params {
    /// @brief The input's zero point: no element may be below it.
    std::int32_t input_zero_point = 0;
    /// @brief `1 / (sqrt(input_scale) * output_scale)` as a multiplier and a shift.
    quantized_multiplier multiplier{};
    /// @brief The output's zero point, in [-128, 127].
    std::int32_t output_zero_point = 0;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const rsqrt_params&, const rsqrt_params&) = default;
};

}  // namespace cta::quantized

// The multiplier: floating-point arithmetic, kept IEEE whatever the user's flags (include/cta/detail/fp_strict.hpp).
CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::quantized {

/// @brief The multiplier TensorFlow Lite Micro's RSQRT prepares (`SetRsqrtOutputMultiplier`): the float square root
/// of `input_scale` (correctly rounded, `cta::sqrt`) times `output_scale` in float, then `quantize_multiplier(1.0 /
/// double(that))`. Preconditions: the scales positive, the multiplier below 2^30.
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier prepare_rsqrt(float input_scale, float output_scale) noexcept {
    const float product = cta::sqrt(input_scale) * output_scale;
    return quantize_multiplier(1.0 / static_cast<double>(product));
}

}  // namespace cta::quantized

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END

namespace cta::quantized {

namespace detail {
/// 1 / sqrt of one int8 element, as the file's description says.
CTA_DETAIL_TARGET_TAG constexpr std::int8_t rsqrt_int8(std::int8_t q, const rsqrt_params& params) noexcept {
    const std::int32_t v = std::int32_t{q} - params.input_zero_point;
    if (v < 0) {
        precondition::rsqrt_input_must_not_be_below_its_zero_point();
        return std::numeric_limits<std::int8_t>::max();
    }
    if (v == 0) {
        return std::numeric_limits<std::int8_t>::max();
    }
    constexpr int extra_shift = 20;  // 1/sqrt(v) in units of 2^-20 between the two multiplications
    const quantized_multiplier inv_sqrt = inv_sqrt_quantized_multiplier(v);
    const std::int32_t d = multiply_by_quantized_multiplier(1, inv_sqrt.multiplier, inv_sqrt.shift + extra_shift);
    return requantize_to_int8(d, params.multiplier.multiplier, params.multiplier.shift - extra_shift,
                              params.output_zero_point, -128, 127);
}
}  // namespace detail

/// @brief 1 / sqrt of each of the `count` int8 elements of `input`, into `output` (TensorFlow Lite's int8 RSQRT), as
/// the file's description says.
CTA_DETAIL_TARGET_TAG constexpr void rsqrt(const rsqrt_params& params, const std::int8_t* input, std::size_t count,
                                           std::int8_t* output) noexcept {
    detail::check_int8_output(params.output_zero_point, -128, 127);
    for (std::size_t i = 0; i < count; ++i) output[i] = detail::rsqrt_int8(input[i], params);
}

/// @brief 1 / sqrt of each element of `x`, quantized with `Out` (a `per_tensor`, made by `affine`):
/// `qmatrix<std::int8_t, R, C, Out>`. The multiplier is a constant of the types.
template <auto Out, std::size_t R, std::size_t C, auto In>
CTA_DETAIL_TARGET_TAG constexpr auto rsqrt(const qmatrix<std::int8_t, R, C, In>& x) noexcept {
    if constexpr (!detail::is_per_tensor_v<std::remove_const_t<decltype(In)>> ||
                  !detail::is_per_tensor_v<std::remove_const_t<decltype(Out)>>) {
        static_assert(quantizations_agree<op::quantized_rsqrt, qmatrix<std::int8_t, R, C, In>,
                                          std::integral_constant<std::remove_const_t<decltype(Out)>, Out>>,
                      "cta::quantized::rsqrt<Out>(x): the input and the output of rsqrt must be quantized per tensor "
                      "(cta::quantized::affine(scale, zero_point))");
        return 0;
    } else {
        constexpr rsqrt_params params{In.zero_point, prepare_rsqrt(In.scale(), Out.scale()), Out.zero_point};
        qmatrix<std::int8_t, R, C, Out> y;
        rsqrt(params, x.data(), R * C, y.data());
        return y;
    }
}

}  // namespace cta::quantized
