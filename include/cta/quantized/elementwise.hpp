// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite's int8 elementwise binary operations, bit for bit: ADD, SUB and MUL with their fused
/// activation, and SQUARED_DIFFERENCE, on int8 quantized matrices whose scales and zero points are in their types,
/// with TensorFlow Lite's broadcasting of the two dimensions.
///
///     constexpr auto qa = cta::quantized::affine(0.5F, 0), qb = cta::quantized::affine(0.25F, 0);
///     constexpr auto a = cta::quantized::quantize<std::int8_t, qa>(cta::matrix<double, 2, 2>{{{1, 2}, {-3, 4}}});
///     constexpr auto b = cta::quantized::quantize<std::int8_t, qb>(cta::matrix<double, 1, 2>{{{0.5, -1}}});
///     constexpr auto sum = cta::quantized::add<cta::quantized::affine(0.5F, 0)>(a, b);  // b added to each row
///     static_assert(sum(0, 0) == 3 && sum(0, 1) == 2 && sum(1, 0) == -5 && sum(1, 1) == 6);  // 1.5, 1, -2.5, 3
///
/// Each function takes the output's quantization as its first template argument (a `per_tensor`, as a converted
/// model gives the output tensor its own scale and zero point) and two int8 matrices quantized per tensor, and
/// returns `qmatrix<std::int8_t, R, C, Q>`. From the three scales it derives, in a constant evaluation, the
/// multipliers and shifts that TensorFlow Lite's `Prepare` derives (`quantize_multiplier`, fixed_point.hpp, is
/// TensorFlow Lite's `QuantizeMultiplier`); each output element is then computed from the two inputs' integers with
/// integers only, as TensorFlow Lite's reference kernels compute it (`x`, `y` the inputs, `zx`, `zy`, `zo` the zero
/// points, `rq(v, m)` = `multiply_by_quantized_multiplier(v, m)`, TensorFlow Lite's default double rounding):
///
/// - ADD (`add`), reference_integer_ops::Add: `left_shift = 20`; with `s = 2 max(sx, sy)` the real multipliers
///   `sx / s`, `sy / s` and `s / (2^20 so)`, in double; output `clamp(rq(rq((x - zx) 2^20, mx) + rq((y - zy) 2^20,
///   my), mo) + zo)`.
/// - SUB (`subtract`), TensorFlow Lite Micro's reference_ops::Sub: the same with the difference of the two scaled
///   inputs, and the real multipliers computed as its `Prepare` computes them, in float: `s = 2 max(sx, sy)`,
///   `float(sx / s)`, `float(sy / s)`, `float(s / (2^20 so))`. (TensorFlow Lite's interpreter computes them in double
///   and runs ADD's kernel with `my` negated, whose high multiply rounds ties the other way: the two can differ in
///   the last bit of an output.)
/// - MUL (`multiply`), reference_integer_ops::Mul: one real multiplier `sx sy / so`, in double; output
///   `clamp(rq((x - zx) (y - zy), mo) + zo)`.
/// - SQUARED_DIFFERENCE (`squared_difference`): `left_shift = 7`, `s = 2 max(sx, sy)`, the multipliers `sx / s`,
///   `sy / s` and `s^2 / (2^14 so)` (the last by `quantize_multiplier`, which may give a positive shift); with
///   `d = rq((x - zx) 2^7, mx) - rq((y - zy) 2^7, my)`, output `clamp(rq(d d, mo) + zo)` to [-128, 127]. It has no
///   fused activation. (TensorFlow Lite Micro accepts an output multiplier of 1 or more, as here; TensorFlow Lite's
///   interpreter refuses it, and computes the same bits where it accepts.)
///
/// `clamp` is to the activation range: the whole int8 range for `fused_activation::none`; for `relu`, `relu6` and
/// `relu_n1_to_1` the output's quantization of 0, 6, -1 and 1 (`round(f / so) + zo` in float, ties away from zero,
/// within [-128, 127]), as TensorFlow Lite's `CalculateActivationRangeQuantized` (which refuses an output scale so
/// small that `6 / so` does not fit in 32 bits; here the range then ends at -128 or 127).
///
/// Broadcasting: in each dimension the two extents are equal, or one of them is 1 and that operand's single row
/// (or column) serves every row (or column) of the other; the result has the larger extent. So `a` R x C goes with
/// `b` R x C, 1 x C (a row added to every row), R x 1 (a column to every column) or 1 x 1 (a scalar), either way
/// round, and a 1 x C with an R x 1 gives R x C. Operands that do not broadcast, or that are not int8 quantized per
/// tensor, are a build error whose first lines name the operation and both operand types, e.g.
/// `shapes_agree<cta::op::quantized_add, qmatrix<signed char, 2, 3, ...>, qmatrix<signed char, 3, 2, ...>>`. ADD and
/// SUB also require what TensorFlow Lite's `Prepare` checks, `s / (2^20 so) < 1`: an output scale above
/// `2 max(sx, sy) / 2^20` (a build error naming the operation too).
///
/// For a converted model's tensors, whose scales and zero points are data rather than types, `add_params`,
/// `subtract_params`, `multiply_params` and `squared_difference_params` derive the same parameters from the three
/// quantizations, and `add(params, a, a_rows, a_cols, b, b_rows, b_cols, out)` (and `subtract`, `multiply`,
/// `squared_difference`) compute the same integers over pointers, with the same broadcasting.
///
/// int16 ADD, SUB, MUL and SQUARED_DIFFERENCE (TensorFlow Lite's 16x8 quantization, activations in int16 with zero
/// point 0): `add_params_int16`, `subtract_params_int16`, `multiply_params_int16` and
/// `squared_difference_params_int16` derive the parameters as TensorFlow Lite Micro's `Prepare` does for int16, the
/// same formulas with `left_shift = 15` (2^15 for 2^20) for ADD and SUB, `left_shift = 0` for SQUARED_DIFFERENCE
/// (its output multiplier `s^2 / so`), and the activation range within [-32768, 32767], and `add`, `subtract`,
/// `multiply` and `squared_difference` over `std::int16_t` pointers compute each output as above (TensorFlow Lite
/// Micro's int16 kernels: reference_ops::Add with its general scaling, not the power-of-two path, reference_ops::Sub,
/// reference_integer_ops::Mul and its SQUARED_DIFFERENCE, whose scaled operands are within 2^14 in magnitude, so that
/// `d d` is at most 2^30). ADD and SUB require `2 max(sx, sy) / (2^15 so) < 1`
/// (`precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_15`).
///
/// Every function is `constexpr` and `noexcept`, allocates nothing, and gives the same bits in a constant evaluation
/// and at run time (the parameters are constants of the types; the elements are computed with integers only).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/quantize.hpp>

namespace cta::quantized {

/// @brief The activation TensorFlow Lite fuses into ADD, SUB and MUL (`TfLiteFusedActivation`): the output is
/// clamped to the output quantization of [0, inf), [0, 6] or [-1, 1], or to the int8 range for `none`.
enum class fused_activation {
    none,         ///< `kTfLiteActNone`: [-128, 127]
    relu,         ///< `kTfLiteActRelu`: from the quantization of 0
    relu6,        ///< `kTfLiteActRelu6`: from the quantization of 0 to that of 6
    relu_n1_to_1  ///< `kTfLiteActReluN1To1`: from the quantization of -1 to that of 1
};

/// @brief What TensorFlow Lite's `Prepare` derives for an int8 elementwise operation from the three quantizations
/// (its `ArithmeticParams`): the operands' offsets (negated zero points), the output's zero point, the left shift
/// of the operands, a multiplier for each operand and one for the output, and the activation range.
struct elementwise_params {
    std::int32_t input1_offset = 0;   ///< -zx, in [-127, 128]
    std::int32_t input2_offset = 0;   ///< -zy, in [-127, 128]
    std::int32_t output_offset = 0;   ///< zo, in [-128, 127]
    int left_shift = 0;               ///< 20 for ADD and SUB, 7 for SQUARED_DIFFERENCE, 0 for MUL
    quantized_multiplier input1{};    ///< x's multiplier (not used by MUL)
    quantized_multiplier input2{};    ///< y's multiplier (not used by MUL)
    quantized_multiplier output{};    ///< the output's multiplier
    std::int32_t activation_min = -128;  ///< the lowest output
    std::int32_t activation_max = 127;   ///< the highest output
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const elementwise_params&, const elementwise_params&) = default;
};

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void operand_extents_must_be_equal_or_1() noexcept { detail::stop(); }
inline void output_scale_must_be_above_2_max_input_scale_over_2_to_the_20() noexcept { detail::stop(); }
inline void output_scale_must_be_above_2_max_input_scale_over_2_to_the_15() noexcept { detail::stop(); }
///@}
}  // namespace precondition

namespace detail {

/// @brief f quantized with `out` as an output of type T is (`round(f / so) + zo`, ties away from zero, within T's
/// range), as an int32: an activation range's bound.
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr std::int32_t activation_bound(float f, per_tensor out) noexcept {
    constexpr std::int32_t lowest = std::is_same_v<T, std::int16_t> ? -32768 : -128;
    constexpr std::int32_t highest = std::is_same_v<T, std::int16_t> ? 32767 : 127;
    const auto q = quantize_number<std::int32_t>(f, out.scale(), out.zero_point);
    return q < lowest ? lowest : q > highest ? highest : q;
}

/// @brief The activation range of `activation` for outputs of type T (`std::int8_t` or `std::int16_t`) quantized
/// with `out` (`CalculateActivationRangeQuantized`).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr void set_activation_range(elementwise_params& p, fused_activation activation,
                                                          per_tensor out) noexcept {
    p.activation_min = std::is_same_v<T, std::int16_t> ? -32768 : -128;
    p.activation_max = std::is_same_v<T, std::int16_t> ? 32767 : 127;
    if (activation == fused_activation::relu || activation == fused_activation::relu6) {
        p.activation_min = activation_bound<T>(0.0F, out);
    }
    if (activation == fused_activation::relu6) {
        p.activation_max = activation_bound<T>(6.0F, out);
    }
    if (activation == fused_activation::relu_n1_to_1) {
        p.activation_min = activation_bound<T>(-1.0F, out);
        p.activation_max = activation_bound<T>(1.0F, out);
    }
}

/// @brief The offsets of two operands and an output.
CTA_DETAIL_TARGET_TAG constexpr elementwise_params offsets_of(per_tensor x, per_tensor y, per_tensor out) noexcept {
    elementwise_params p;
    p.input1_offset = -x.zero_point;
    p.input2_offset = -y.zero_point;
    p.output_offset = out.zero_point;
    return p;
}

/// @brief The larger of two scales.
CTA_DETAIL_TARGET_TAG constexpr float max_scale(per_tensor x, per_tensor y) noexcept {
    return x.scale() < y.scale() ? y.scale() : x.scale();
}

/// @brief The left shift of ADD's and SUB's operands for outputs of type T: 15 for `std::int16_t`, 20 for int8.
template <class T>
inline constexpr int add_left_shift = std::is_same_v<T, std::int16_t> ? 15 : 20;

/// @brief ADD's parameters (TensorFlow Lite's `Prepare` of ADD for int8, or int16 with T; the real multipliers in
/// double).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr elementwise_params prepare_add(per_tensor x, per_tensor y, per_tensor out,
                                                               fused_activation activation) noexcept {
    elementwise_params p = offsets_of(x, y, out);
    p.left_shift = add_left_shift<T>;
    const double twice_max = 2 * static_cast<double>(max_scale(x, y));
    p.input1 = quantize_multiplier(static_cast<double>(x.scale()) / twice_max);
    p.input2 = quantize_multiplier(static_cast<double>(y.scale()) / twice_max);
    p.output = quantize_multiplier(twice_max / ((1 << add_left_shift<T>) * static_cast<double>(out.scale())));
    set_activation_range<T>(p, activation, out);
    return p;
}

/// @brief SUB's parameters (TensorFlow Lite Micro's `Prepare` of SUB for int8, or int16 with T; the real
/// multipliers in float).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr elementwise_params prepare_subtract(per_tensor x, per_tensor y, per_tensor out,
                                                                    fused_activation activation) noexcept {
    elementwise_params p = offsets_of(x, y, out);
    p.left_shift = add_left_shift<T>;
    const float twice_max = 2 * max_scale(x, y);
    p.input1 = quantize_multiplier(static_cast<double>(x.scale() / twice_max));
    p.input2 = quantize_multiplier(static_cast<double>(y.scale() / twice_max));
    p.output = quantize_multiplier(
        static_cast<double>(twice_max / (static_cast<float>(1 << add_left_shift<T>) * out.scale())));
    set_activation_range<T>(p, activation, out);
    return p;
}

/// @brief MUL's parameters (TensorFlow Lite's `Prepare` of MUL for int8, or int16 with T: `sx sy / so` in double).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr elementwise_params prepare_multiply(per_tensor x, per_tensor y, per_tensor out,
                                                                    fused_activation activation) noexcept {
    elementwise_params p = offsets_of(x, y, out);
    p.output = quantize_multiplier(static_cast<double>(x.scale()) * static_cast<double>(y.scale()) /
                                   static_cast<double>(out.scale()));
    set_activation_range<T>(p, activation, out);
    return p;
}

/// @brief SQUARED_DIFFERENCE's parameters (TensorFlow Lite's `Prepare` for int8: left shift 7, the output's real
/// multiplier `(2 max)^2 / (2^14 so)` with `2^14 so` in float; for int16 with T: left shift 0, `(2 max)^2 / so`, the
/// int16 range).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr elementwise_params prepare_squared_difference(per_tensor x, per_tensor y,
                                                                              per_tensor out) noexcept {
    elementwise_params p = offsets_of(x, y, out);
    p.left_shift = std::is_same_v<T, std::int16_t> ? 0 : 7;
    const double twice_max = 2.0 * static_cast<double>(max_scale(x, y));
    p.input1 = quantize_multiplier(static_cast<double>(x.scale()) / twice_max);
    p.input2 = quantize_multiplier(static_cast<double>(y.scale()) / twice_max);
    // 2^(2 left_shift) so in float, as TensorFlow Lite computes it.
    const float output_scale_shifted = static_cast<float>(1 << (2 * p.left_shift)) * out.scale();
    p.output = quantize_multiplier(twice_max * twice_max / static_cast<double>(output_scale_shifted));
    set_activation_range<T>(p, fused_activation::none, out);
    return p;
}

/// @brief Whether the output's real multiplier of ADD or SUB (of int8, or of int16 with `left_shift` 15) is below 1
/// with a shift of at most 0, as TensorFlow Lite's `QuantizeMultiplierSmallerThanOneExp` requires.
CTA_DETAIL_TARGET_TAG constexpr bool output_multiplier_below_1(per_tensor x, per_tensor y, per_tensor out,
                                                               bool in_float, int left_shift = 20) noexcept {
    const double real = in_float ? static_cast<double>(2 * max_scale(x, y) /
                                                       (static_cast<float>(1 << left_shift) * out.scale()))
                                 : 2 * static_cast<double>(max_scale(x, y)) /
                                       ((1 << left_shift) * static_cast<double>(out.scale()));
    return real < 1.0 && quantize_multiplier(real).shift <= 0;
}

/// @brief v clamped to the activation range, as a T (`std::int8_t` or `std::int16_t`).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr T clamp_output(std::int32_t v, const elementwise_params& p) noexcept {
    return static_cast<T>(v < p.activation_min   ? p.activation_min
                          : v > p.activation_max ? p.activation_max
                                                 : v);
}

/// @brief An operand's integer plus its offset, times 2^left_shift, times its multiplier.
CTA_DETAIL_TARGET_TAG constexpr std::int32_t scaled_operand(std::int32_t q, std::int32_t offset, int left_shift,
                                                            quantized_multiplier m) noexcept {
    return multiply_by_quantized_multiplier((q + offset) * (std::int32_t{1} << left_shift), m);
}

/// @brief One output of ADD (T `std::int8_t`, or `std::int16_t` with int16's parameters).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr T add_element(T x, T y, const elementwise_params& p) noexcept {
    const std::int32_t sum = scaled_operand(x, p.input1_offset, p.left_shift, p.input1) +
                             scaled_operand(y, p.input2_offset, p.left_shift, p.input2);
    return clamp_output<T>(multiply_by_quantized_multiplier(sum, p.output) + p.output_offset, p);
}

/// @brief One output of SUB (T `std::int8_t`, or `std::int16_t` with int16's parameters).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr T subtract_element(T x, T y, const elementwise_params& p) noexcept {
    const std::int32_t difference = scaled_operand(x, p.input1_offset, p.left_shift, p.input1) -
                                    scaled_operand(y, p.input2_offset, p.left_shift, p.input2);
    return clamp_output<T>(multiply_by_quantized_multiplier(difference, p.output) + p.output_offset, p);
}

/// @brief One output of MUL (T `std::int8_t`, or `std::int16_t` with int16's parameters).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr T multiply_element(T x, T y, const elementwise_params& p) noexcept {
    const std::int32_t product = (x + p.input1_offset) * (y + p.input2_offset);
    return clamp_output<T>(multiply_by_quantized_multiplier(product, p.output) + p.output_offset, p);
}

/// @brief One output of SQUARED_DIFFERENCE (T `std::int8_t`, or `std::int16_t` with int16's parameters).
template <class T = std::int8_t>
CTA_DETAIL_TARGET_TAG constexpr T squared_difference_element(T x, T y, const elementwise_params& p) noexcept {
    const std::int32_t d = scaled_operand(x, p.input1_offset, p.left_shift, p.input1) -
                           scaled_operand(y, p.input2_offset, p.left_shift, p.input2);
    return clamp_output<T>(multiply_by_quantized_multiplier(d * d, p.output) + p.output_offset, p);
}

/// Whether M is an int8 matrix quantized per tensor.
template <class M>
inline constexpr bool is_int8_per_tensor_v = false;
template <std::size_t R, std::size_t C, auto Q>
inline constexpr bool is_int8_per_tensor_v<qmatrix<std::int8_t, R, C, Q>> =
    is_per_tensor_v<std::remove_const_t<decltype(Q)>>;

/// Whether two extents broadcast: equal, or one of them 1.
CTA_DETAIL_TARGET_TAG constexpr bool extents_broadcast(std::size_t a, std::size_t b) noexcept {
    return a == b || a == 1 || b == 1;
}

/// Whether A and B are int8 matrices quantized per tensor whose shapes broadcast.
template <class A, class B>
CTA_DETAIL_TARGET_TAG constexpr bool elementwise_operands_fit() noexcept {
    if constexpr (!is_int8_per_tensor_v<A> || !is_int8_per_tensor_v<B>) {
        return false;
    } else {
        return extents_broadcast(A::rows, B::rows) && extents_broadcast(A::cols, B::cols);
    }
}

/// The output of an elementwise operation on A and B: their broadcast shape, int8, quantized with Q.
template <class A, class B, auto Q>
using elementwise_result = qmatrix<std::int8_t, (A::rows == 1 ? B::rows : A::rows),
                                   (A::cols == 1 ? B::cols : A::cols), Q>;

/// @brief Every output of an elementwise operation over pointers: out (rows x cols) from a (a_rows x a_cols) and b
/// (b_rows x b_cols), row 0 or column 0 of an operand with one row or one column.
template <auto Element, class T>
CTA_DETAIL_TARGET_TAG constexpr void elementwise(const elementwise_params& p, const T* a, std::size_t a_rows,
                                                 std::size_t a_cols, const T* b, std::size_t b_rows,
                                                 std::size_t b_cols, T* out) noexcept {
    if (!extents_broadcast(a_rows, b_rows) || !extents_broadcast(a_cols, b_cols)) {
        precondition::operand_extents_must_be_equal_or_1();
        return;
    }
    const std::size_t rows = a_rows == 1 ? b_rows : a_rows;
    const std::size_t cols = a_cols == 1 ? b_cols : a_cols;
    for (std::size_t i = 0; i < rows; ++i) {
        const T* a_row = a + (a_rows == 1 ? 0 : i * a_cols);
        const T* b_row = b + (b_rows == 1 ? 0 : i * b_cols);
        for (std::size_t j = 0; j < cols; ++j)
            out[i * cols + j] = Element(a_row[a_cols == 1 ? 0 : j], b_row[b_cols == 1 ? 0 : j], p);
    }
}

/// Every output of an elementwise operation on typed matrices: the function over pointers above with their extents.
template <auto Element, auto Q, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr elementwise_result<A, B, Q> elementwise(const A& a, const B& b,
                                                                        const elementwise_params& p) noexcept {
    elementwise_result<A, B, Q> out;
    elementwise<Element>(p, a.data(), A::rows, A::cols, b.data(), B::rows, B::cols, out.elems);
    return out;
}

/// @brief Stops at `precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_20` (`_15` for int16)
/// where ADD's or SUB's output multiplier is not below 1.
CTA_DETAIL_TARGET_TAG constexpr void check_output_multiplier(per_tensor x, per_tensor y, per_tensor out,
                                                             bool in_float, int left_shift = 20) noexcept {
    if (!output_multiplier_below_1(x, y, out, in_float, left_shift)) {
        if (left_shift == 15) {
            precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_15();
        } else {
            precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_20();
        }
    }
}

}  // namespace detail

/// @brief The parameters of an int8 elementwise operation from its inputs' quantizations `x`, `y` and its output's
/// `out`, as TensorFlow Lite's `Prepare` derives them (the file's description): for the functions over pointers
/// below, with a converted model's scales and zero points. ADD's and SUB's require `2 max(sx, sy) / (2^20 so) < 1`
/// (`precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_20`).
///@{
CTA_DETAIL_TARGET_TAG constexpr elementwise_params add_params(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    detail::check_output_multiplier(x, y, out, false);
    return detail::prepare_add(x, y, out, activation);
}
CTA_DETAIL_TARGET_TAG constexpr elementwise_params subtract_params(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    detail::check_output_multiplier(x, y, out, true);
    return detail::prepare_subtract(x, y, out, activation);
}
CTA_DETAIL_TARGET_TAG constexpr elementwise_params multiply_params(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    return detail::prepare_multiply(x, y, out, activation);
}
CTA_DETAIL_TARGET_TAG constexpr elementwise_params squared_difference_params(per_tensor x, per_tensor y,
                                                                             per_tensor out) noexcept {
    return detail::prepare_squared_difference(x, y, out);
}
///@}

/// @brief The parameters of int16 ADD and SUB (activations in int16), as TensorFlow Lite Micro's `Prepare` derives
/// them for int16 (the file's description): for `add` and `subtract` over `std::int16_t` pointers. They require
/// `2 max(sx, sy) / (2^15 so) < 1` (`precondition::output_scale_must_be_above_2_max_input_scale_over_2_to_the_15`).
///@{
CTA_DETAIL_TARGET_TAG constexpr elementwise_params add_params_int16(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    detail::check_output_multiplier(x, y, out, false, 15);
    return detail::prepare_add<std::int16_t>(x, y, out, activation);
}
CTA_DETAIL_TARGET_TAG constexpr elementwise_params subtract_params_int16(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    detail::check_output_multiplier(x, y, out, true, 15);
    return detail::prepare_subtract<std::int16_t>(x, y, out, activation);
}
///@}

/// @brief The parameters of int16 MUL (`sx sy / so` in double, the activation range within the int16 range), as
/// TensorFlow Lite Micro's `Prepare` derives them for int16: for `multiply` over `std::int16_t` pointers.
CTA_DETAIL_TARGET_TAG constexpr elementwise_params multiply_params_int16(
    per_tensor x, per_tensor y, per_tensor out, fused_activation activation = fused_activation::none) noexcept {
    return detail::prepare_multiply<std::int16_t>(x, y, out, activation);
}

/// @brief The parameters of int16 SQUARED_DIFFERENCE (left shift 0, the output's real multiplier `(2 max(sx, sy))^2 /
/// so`, the int16 range), as TensorFlow Lite Micro's `Prepare` derives them for int16: for `squared_difference` over
/// `std::int16_t` pointers.
CTA_DETAIL_TARGET_TAG constexpr elementwise_params squared_difference_params_int16(per_tensor x, per_tensor y,
                                                                                   per_tensor out) noexcept {
    return detail::prepare_squared_difference<std::int16_t>(x, y, out);
}

/// @brief TensorFlow Lite's int8 ADD, SUB, MUL and SQUARED_DIFFERENCE over pointers, with the parameters of the
/// functions above: `out` (rows x cols) from `a` (a_rows x a_cols) and `b` (b_rows x b_cols), row-major, broadcast
/// as the file's description says (in each dimension the extents are equal or one of them is 1:
/// `precondition::operand_extents_must_be_equal_or_1`); `out` may be `a` or `b` where it has their shape. The same
/// integers as the functions on quantized matrices.
///@{
CTA_DETAIL_TARGET_TAG constexpr void add(const elementwise_params& p, const std::int8_t* a, std::size_t a_rows,
                                         std::size_t a_cols, const std::int8_t* b, std::size_t b_rows,
                                         std::size_t b_cols, std::int8_t* out) noexcept {
    detail::elementwise<detail::add_element<std::int8_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void subtract(const elementwise_params& p, const std::int8_t* a, std::size_t a_rows,
                                              std::size_t a_cols, const std::int8_t* b, std::size_t b_rows,
                                              std::size_t b_cols, std::int8_t* out) noexcept {
    detail::elementwise<detail::subtract_element<std::int8_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void multiply(const elementwise_params& p, const std::int8_t* a, std::size_t a_rows,
                                              std::size_t a_cols, const std::int8_t* b, std::size_t b_rows,
                                              std::size_t b_cols, std::int8_t* out) noexcept {
    detail::elementwise<detail::multiply_element<std::int8_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void squared_difference(const elementwise_params& p, const std::int8_t* a,
                                                        std::size_t a_rows, std::size_t a_cols, const std::int8_t* b,
                                                        std::size_t b_rows, std::size_t b_cols,
                                                        std::int8_t* out) noexcept {
    detail::elementwise<detail::squared_difference_element<std::int8_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols,
                                                                         out);
}
///@}

/// @brief TensorFlow Lite Micro's int16 ADD, SUB, MUL and SQUARED_DIFFERENCE over pointers, with the parameters of
/// `add_params_int16`, `subtract_params_int16`, `multiply_params_int16` and `squared_difference_params_int16`,
/// shaped and broadcast as the int8 functions above.
///@{
CTA_DETAIL_TARGET_TAG constexpr void add(const elementwise_params& p, const std::int16_t* a, std::size_t a_rows,
                                         std::size_t a_cols, const std::int16_t* b, std::size_t b_rows,
                                         std::size_t b_cols, std::int16_t* out) noexcept {
    detail::elementwise<detail::add_element<std::int16_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void subtract(const elementwise_params& p, const std::int16_t* a, std::size_t a_rows,
                                              std::size_t a_cols, const std::int16_t* b, std::size_t b_rows,
                                              std::size_t b_cols, std::int16_t* out) noexcept {
    detail::elementwise<detail::subtract_element<std::int16_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void multiply(const elementwise_params& p, const std::int16_t* a, std::size_t a_rows,
                                              std::size_t a_cols, const std::int16_t* b, std::size_t b_rows,
                                              std::size_t b_cols, std::int16_t* out) noexcept {
    detail::elementwise<detail::multiply_element<std::int16_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols, out);
}
CTA_DETAIL_TARGET_TAG constexpr void squared_difference(const elementwise_params& p, const std::int16_t* a,
                                                        std::size_t a_rows, std::size_t a_cols,
                                                        const std::int16_t* b, std::size_t b_rows,
                                                        std::size_t b_cols, std::int16_t* out) noexcept {
    detail::elementwise<detail::squared_difference_element<std::int16_t>>(p, a, a_rows, a_cols, b, b_rows, b_cols,
                                                                          out);
}
///@}

/// @brief TensorFlow Lite's int8 ADD of `a` and `b` (broadcast as the file's description says), quantized with `Q`
/// (a `per_tensor`) and clamped by `Activation`: `qmatrix<std::int8_t, R, C, Q>`.
template <auto Q, fused_activation Activation = fused_activation::none, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr auto add(const A& a, const B& b) noexcept {
    if constexpr (!detail::elementwise_operands_fit<A, B>()) {
        static_assert(shapes_agree<op::quantized_add, A, B>,
                      "cta::quantized::add<Q>(a, b): the operands of add must be int8 matrices quantized per tensor "
                      "whose shapes broadcast (in each dimension equal extents, or one of them 1)");
        return 0;
    } else if constexpr (!detail::output_multiplier_below_1(A::quantization, B::quantization, per_tensor{Q}, false)) {
        static_assert(quantizations_agree<op::quantized_add, A, B, detail::elementwise_result<A, B, Q>>,
                      "cta::quantized::add<Q>(a, b): the output scale of add must be above 2 max(a's scale, b's "
                      "scale) / 2^20");
        return 0;
    } else {
        constexpr elementwise_params p = detail::prepare_add(A::quantization, B::quantization, Q, Activation);
        return detail::elementwise<detail::add_element<std::int8_t>, Q>(a, b, p);
    }
}

/// @brief TensorFlow Lite's int8 SUB, `a - b` (as TensorFlow Lite Micro computes it; broadcast as the file's
/// description says), quantized with `Q` and clamped by `Activation`: `qmatrix<std::int8_t, R, C, Q>`.
template <auto Q, fused_activation Activation = fused_activation::none, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr auto subtract(const A& a, const B& b) noexcept {
    if constexpr (!detail::elementwise_operands_fit<A, B>()) {
        static_assert(shapes_agree<op::quantized_subtract, A, B>,
                      "cta::quantized::subtract<Q>(a, b): the operands of subtract must be int8 matrices quantized "
                      "per tensor whose shapes broadcast (in each dimension equal extents, or one of them 1)");
        return 0;
    } else if constexpr (!detail::output_multiplier_below_1(A::quantization, B::quantization, per_tensor{Q}, true)) {
        static_assert(quantizations_agree<op::quantized_subtract, A, B, detail::elementwise_result<A, B, Q>>,
                      "cta::quantized::subtract<Q>(a, b): the output scale of subtract must be above 2 max(a's "
                      "scale, b's scale) / 2^20");
        return 0;
    } else {
        constexpr elementwise_params p = detail::prepare_subtract(A::quantization, B::quantization, Q, Activation);
        return detail::elementwise<detail::subtract_element<std::int8_t>, Q>(a, b, p);
    }
}

/// @brief TensorFlow Lite's int8 MUL, `a * b` elementwise (broadcast as the file's description says), quantized with
/// `Q` and clamped by `Activation`: `qmatrix<std::int8_t, R, C, Q>`.
template <auto Q, fused_activation Activation = fused_activation::none, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr auto multiply(const A& a, const B& b) noexcept {
    if constexpr (!detail::elementwise_operands_fit<A, B>()) {
        static_assert(shapes_agree<op::quantized_multiply, A, B>,
                      "cta::quantized::multiply<Q>(a, b): the operands of multiply must be int8 matrices quantized "
                      "per tensor whose shapes broadcast (in each dimension equal extents, or one of them 1)");
        return 0;
    } else {
        constexpr elementwise_params p = detail::prepare_multiply(A::quantization, B::quantization, Q, Activation);
        return detail::elementwise<detail::multiply_element<std::int8_t>, Q>(a, b, p);
    }
}

/// @brief TensorFlow Lite's int8 SQUARED_DIFFERENCE, `(a - b)^2` elementwise (broadcast as the file's description
/// says), quantized with `Q`: `qmatrix<std::int8_t, R, C, Q>`.
template <auto Q, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr auto squared_difference(const A& a, const B& b) noexcept {
    if constexpr (!detail::elementwise_operands_fit<A, B>()) {
        static_assert(shapes_agree<op::quantized_squared_difference, A, B>,
                      "cta::quantized::squared_difference<Q>(a, b): the operands of squared_difference must be int8 "
                      "matrices quantized per tensor whose shapes broadcast (in each dimension equal extents, or one "
                      "of them 1)");
        return 0;
    } else {
        constexpr elementwise_params p = detail::prepare_squared_difference(A::quantization, B::quantization, Q);
        return detail::elementwise<detail::squared_difference_element<std::int8_t>, Q>(a, b, p);
    }
}

}  // namespace cta::quantized
