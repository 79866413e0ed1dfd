// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 MEAN of a matrix over its rows (axis 0: one mean per column, a 1 x C matrix) or
/// over its columns (axis 1: one mean per row, R x 1), with `keep_dims` (the result keeps both dimensions), bit for
/// bit as TensorFlow Lite Micro's MEAN kernel computes it:
///
///     constexpr auto x = cta::quantized::quantize<std::int8_t, cta::quantized::affine(0.5F, -1)>(
///         cta::matrix<double, 2, 3>{{{1.0, 2.0, 3.0}, {4.0, 5.0, 7.0}}});     // {{1, 3, 5}, {7, 9, 13}}
///     constexpr auto m = cta::quantized::mean<0>(x);                       // 1 x 3, quantized as x
///     static_assert(m(0, 0) == 4 && m(0, 1) == 6 && m(0, 2) == 9);           // 2.5, 3.5 and 5
///
/// The code path reproduced: TensorFlow Lite Micro's `EvalMeanHelper` (tensorflow/lite/micro/kernels/
/// reduce_common.cc) sends every int8 input to `EvalIntegerMean<int8_t>`, which calls `reference_ops::
/// QuantizedMeanOrSum` with `compute_sum = false` (tensorflow/lite/kernels/internal/reference/reduce.h): the
/// requantizing path. It takes that path whether or not the output has the input's scale and zero point: the branch
/// that sent an equal quantization to `reference_ops::Mean` (the int32 sum divided by the count, truncated) was removed
/// in 2023, so that a 2-D int8 input has one path, this one. (The float special case, 4-D with axes 1 and 2, is not
/// taken by int8.) `Prepare` (`PrepareMeanOrSumHelper`) computes one multiplier, and the evaluation folds the count
/// into it; with `n` the number of elements of each mean (R for axis 0, C for axis 1):
///
///     {multiplier, shift} = quantize_multiplier(double(input_scale) / double(output_scale))
///     s = min(floor(log2 n), 32, 31 + shift)                         (at most 32; the new shift at least -31)
///     multiplier_n = (multiplier * 2^s) / n,  shift_n = shift - s     (in 64 bits, the division truncating)
///     sum = the n int8 values, summed in int32
///     output = clamp(multiply_by_quantized_multiplier(sum - input_zero_point * n, multiplier_n, shift_n)
///                    + output_zero_point, -128, 127)
///
/// (TensorFlow Lite sums in int32 letting it wrap and forms `sum - input_zero_point * n` in 64 bits before taking its
/// low 32 bits; here the sum is formed in 64 bits and the same low 32 bits taken: the same bits for every `n`.)
///
/// int16 (TensorFlow Lite's 16x8 quantization): `mean<Axis>` over `std::int16_t` pointers, the same steps with the
/// outputs clamped to [-32768, 32767] (`EvalIntegerMean<int16_t>`).
///
/// Every function is `constexpr` and `noexcept`, uses no heap, exceptions or iostream, and gives the same bits at run
/// time. Preconditions (an output zero point outside [-128, 127], a scale ratio of 2^30 or more) stop a constant
/// evaluation with an error that names them (fixed_point.hpp, int8_kernel.hpp); at run time a build without `NDEBUG`
/// checks them and stops the program there.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/qmatrix.hpp>

namespace cta::quantized {

/// @brief The parameters of an int8 mean: the input's and the output's zero points and the multiplier of the scales'
/// ratio (`prepare_mean`), before the count is folded into it.
struct mean_params {
    /// @brief The input's zero point, an int8 value.
    std::int32_t input_zero_point = 0;
    /// @brief `input_scale / output_scale` as a multiplier and a shift.
    quantized_multiplier multiplier{};
    /// @brief The output's zero point, in [-128, 127].
    std::int32_t output_zero_point = 0;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const mean_params&, const mean_params&) = default;
};

/// @brief The multiplier TensorFlow Lite Micro's MEAN prepares: `quantize_multiplier(double(input_scale) /
/// double(output_scale))`, the float scales converted to double before the division. Precondition: the ratio below
/// 2^30.
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier prepare_mean(float input_scale, float output_scale) noexcept {
    return quantize_multiplier(static_cast<double>(input_scale) / static_cast<double>(output_scale));
}

/// @brief The multiplier of a mean of `count` elements (`count` >= 1): `m` with 1 / `count` folded in, as
/// `QuantizedMeanOrSum` folds it: s = min(floor(log2 count), 32, 31 + m.shift), multiplier `(m.multiplier * 2^s) /
/// count` (truncated), shift `m.shift - s`.
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier mean_multiplier(quantized_multiplier m,
                                                                     std::size_t count) noexcept {
    int s = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(count))) - 1;  // floor(log2 count)
    s = s < 32 ? s : 32;
    s = s < 31 + m.shift ? s : 31 + m.shift;
    s = s > 0 ? s : 0;  // (a shift below -31 is not quantize_multiplier's: multiply_by_quantized_multiplier stops it)
    const auto scaled = (static_cast<std::int64_t>(m.multiplier) << s) / static_cast<std::int64_t>(count);
    return {static_cast<std::int32_t>(scaled), m.shift - s};
}

namespace detail {
/// One mean: the `count` values of type T (`std::int8_t` or `std::int16_t`) at `input`, `stride` apart, with `m`
/// (mean_multiplier's) and the zero points, clamped to T's range.
template <class T>
CTA_DETAIL_TARGET_TAG constexpr T mean_of(const T* input, std::size_t stride, std::size_t count,
                                          std::int32_t input_zero_point, quantized_multiplier m,
                                          std::int32_t output_zero_point) noexcept {
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < count; ++k) sum += input[k * stride];
    // The low 32 bits of sum - zero point * count, as TensorFlow Lite's int32 `shifted_sum`.
    const auto shifted = static_cast<std::uint32_t>(
        static_cast<std::uint64_t>(sum - std::int64_t{input_zero_point} * static_cast<std::int64_t>(count)));
    constexpr std::int64_t lowest = std::is_same_v<T, std::int16_t> ? -32768 : -128;
    constexpr std::int64_t highest = std::is_same_v<T, std::int16_t> ? 32767 : 127;
    const std::int64_t value =
        std::int64_t{multiply_by_quantized_multiplier(static_cast<std::int32_t>(shifted), m.multiplier, m.shift)} +
        std::int64_t{output_zero_point};
    return static_cast<T>(value < lowest ? lowest : value > highest ? highest : value);
}

/// The means of `input` (`rows` x `cols` of T) over axis `Axis` into `output`, as `mean` says.
template <std::size_t Axis, class T>
CTA_DETAIL_TARGET_TAG constexpr void means(const mean_params& params, const T* input, std::size_t rows,
                                           std::size_t cols, T* output) noexcept {
    if (rows == 0 || cols == 0) {
        for (std::size_t o = 0; o < (Axis == 0 ? cols : rows); ++o) output[o] = 0;
        return;
    }
    if constexpr (Axis == 0) {
        const quantized_multiplier m = mean_multiplier(params.multiplier, rows);
        for (std::size_t j = 0; j < cols; ++j)
            output[j] = mean_of(input + j, cols, rows, params.input_zero_point, m, params.output_zero_point);
    } else {
        const quantized_multiplier m = mean_multiplier(params.multiplier, cols);
        for (std::size_t i = 0; i < rows; ++i)
            output[i] = mean_of(input + i * cols, 1, cols, params.input_zero_point, m, params.output_zero_point);
    }
}
}  // namespace detail

/// @brief The int8 mean of `input` (`rows` x `cols`, row after row) over axis `Axis` into `output`: for `Axis = 0`, the
/// `cols` means of the columns (each over `rows` values); for `Axis = 1`, the `rows` means of the rows (each over `cols`
/// values). As the file's description says; an empty input (`rows` or `cols` 0) gives outputs of 0, as TensorFlow
/// Lite's kernel leaves them.
template <std::size_t Axis>
CTA_DETAIL_TARGET_TAG constexpr void mean(const mean_params& params, const std::int8_t* input, std::size_t rows,
                                          std::size_t cols, std::int8_t* output) noexcept {
    static_assert(Axis == 0 || Axis == 1, "cta::quantized::mean<Axis>: Axis is 0 (the mean of each column, over the "
                                          "rows) or 1 (the mean of each row, over the columns)");
    detail::check_int8_output(params.output_zero_point, -128, 127);
    detail::means<Axis>(params, input, rows, cols, output);
}

/// @brief TensorFlow Lite's int16 MEAN (16x8, zero points 0 as the converter writes them): the same computation
/// over `std::int16_t`, the sums in int32 as TensorFlow Lite's, each output clamped to [-32768, 32767].
template <std::size_t Axis>
CTA_DETAIL_TARGET_TAG constexpr void mean(const mean_params& params, const std::int16_t* input, std::size_t rows,
                                          std::size_t cols, std::int16_t* output) noexcept {
    static_assert(Axis == 0 || Axis == 1, "cta::quantized::mean<Axis>: Axis is 0 (the mean of each column, over the "
                                          "rows) or 1 (the mean of each row, over the columns)");
    detail::means<Axis>(params, input, rows, cols, output);
}

/// @brief The int8 mean of `x` over axis `Axis` (0: over the rows, a 1 x C matrix; 1: over the columns, R x 1),
/// quantized with `Out` (a `per_tensor`, made by `affine`): `qmatrix<std::int8_t, 1, C, Out>` or
/// `qmatrix<std::int8_t, R, 1, Out>`. The multiplier is a constant of the types.
template <std::size_t Axis, auto Out, std::size_t R, std::size_t C, auto In>
CTA_DETAIL_TARGET_TAG constexpr auto mean(const qmatrix<std::int8_t, R, C, In>& x) noexcept {
    using X = qmatrix<std::int8_t, R, C, In>;
    if constexpr (Axis != 0 && Axis != 1) {
        static_assert(options_agree<op::quantized_mean, X, std::integral_constant<std::size_t, Axis>>,
                      "cta::quantized::mean<Axis, Out>(x): Axis is 0 (the mean of each column, over the rows: 1 x C) "
                      "or 1 (the mean of each row, over the columns: R x 1)");
        return 0;
    } else if constexpr (!detail::is_per_tensor_v<std::remove_const_t<decltype(In)>> ||
                         !detail::is_per_tensor_v<std::remove_const_t<decltype(Out)>>) {
        static_assert(quantizations_agree<op::quantized_mean, X,
                                          std::integral_constant<std::remove_const_t<decltype(Out)>, Out>>,
                      "cta::quantized::mean<Axis, Out>(x): the input and the output of mean must be quantized per "
                      "tensor (cta::quantized::affine(scale, zero_point))");
        return 0;
    } else {
        constexpr mean_params params{In.zero_point, prepare_mean(In.scale(), Out.scale()), Out.zero_point};
        qmatrix<std::int8_t, Axis == 0 ? 1 : R, Axis == 0 ? C : 1, Out> y;
        mean<Axis>(params, x.data(), R, C, y.data());
        return y;
    }
}

/// @brief The same, the output quantized as `x` (the same scale and zero point).
template <std::size_t Axis, std::size_t R, std::size_t C, auto In>
CTA_DETAIL_TARGET_TAG constexpr auto mean(const qmatrix<std::int8_t, R, C, In>& x) noexcept {
    return mean<Axis, In>(x);
}

}  // namespace cta::quantized
