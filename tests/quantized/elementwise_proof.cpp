// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 ADD, SUB, MUL and SQUARED_DIFFERENCE, proven while this file compiles
// (static.quantized_elementwise): the parameters that TensorFlow Lite derived for its published cases
// (tflite_int8/add, tflite_int8/mul) and every element of their outputs; broadcasting, saturation, zero points at
// the extremes and the fused activations on cases worked out by hand (elementwise_cases.hpp).
#include <type_traits>

#include "elementwise_cases.hpp"

namespace {

using namespace elementwise_cases;
using q::fused_activation;

// The published parameters, derived again from the scales as TensorFlow Lite's Prepare derives them.
constexpr q::elementwise_params published_add{ADD_INPUT1_OFFSET,
                                              ADD_INPUT2_OFFSET,
                                              ADD_OUTPUT_OFFSET,
                                              ADD_LEFT_SHIFT,
                                              {ADD_INPUT1_MULT, ADD_INPUT1_SHIFT},
                                              {ADD_INPUT2_MULT, ADD_INPUT2_SHIFT},
                                              {ADD_OUTPUT_MULT, ADD_OUTPUT_SHIFT},
                                              ADD_OUT_ACTIVATION_MIN,
                                              ADD_OUT_ACTIVATION_MAX};
static_assert(q::detail::prepare_add(unit_range, unit_range, add_output, fused_activation::none) == published_add);
constexpr q::elementwise_params published_mul{
    MUL_INPUT1_OFFSET, MUL_INPUT2_OFFSET, MUL_OUTPUT_OFFSET, 0, {}, {}, {MUL_OUTPUT_MULT, MUL_OUTPUT_SHIFT},
    MUL_OUT_ACTIVATION_MIN, MUL_OUT_ACTIVATION_MAX};
static_assert(q::detail::prepare_multiply(unit_range, unit_range, mul_output, fused_activation::none) ==
              published_mul);

// Every published output.
constexpr auto add_out = elementwise_cases::add(cta_tflite_int8::add::add_input1, cta_tflite_int8::add::add_input2);
static_assert(mismatches(add_out.data(), cta_tflite_int8::add::add_output_ref, ADD_DST_SIZE) == 0);
constexpr auto mul_out = elementwise_cases::mul(cta_tflite_int8::mul::mul_input1, cta_tflite_int8::mul::mul_input2);
static_assert(mismatches(mul_out.data(), cta_tflite_int8::mul::mul_output_ref, MUL_DST_SIZE) == 0);

// By hand, scales 1 and zero points 0 (elementwise_cases.hpp): small is {{3, -4, 127}, {-128, 0, 100}}, row
// {2, 5, -1}, column {-3, 7}, scalar 10. Every broadcast, both ways round; saturation at both ends.
template <class M, std::size_t R, std::size_t C>
constexpr bool equals(const M& m, const int (&expected)[R][C]) {
    static_assert(M::rows == R && M::cols == C);
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j)
            if (m(i, j) != expected[i][j]) return false;
    }
    return true;
}
static_assert(equals(q::add<unit>(small, row), {{5, 1, 126}, {-126, 5, 99}}));
static_assert(equals(q::add<unit>(row, small), {{5, 1, 126}, {-126, 5, 99}}));
static_assert(equals(q::add<unit>(small, column), {{0, -7, 124}, {-121, 7, 107}}));
static_assert(equals(q::add<unit>(small, scalar), {{13, 6, 127}, {-118, 10, 110}}));
static_assert(equals(q::add<unit>(scalar, small), {{13, 6, 127}, {-118, 10, 110}}));
static_assert(equals(q::add<unit>(row, column), {{-1, 2, -4}, {9, 12, 6}}));
static_assert(equals(q::add<unit>(small, small), {{6, -8, 127}, {-128, 0, 127}}));
static_assert(equals(q::subtract<unit>(small, row), {{1, -9, 127}, {-128, -5, 101}}));
static_assert(equals(q::subtract<unit>(column, small), {{-6, 1, -128}, {127, 7, -93}}));
static_assert(equals(q::subtract<unit>(scalar, row), {{8, 5, 11}}));
static_assert(equals(q::multiply<unit>(small, row), {{6, -20, -127}, {-128, 0, -100}}));
static_assert(equals(q::multiply<unit>(scalar, small), {{30, -40, 127}, {-128, 0, 127}}));
static_assert(equals(q::multiply<unit>(column, row), {{-6, -15, 3}, {14, 35, -7}}));
static_assert(equals(q::squared_difference<unit>(small, row), {{1, 81, 127}, {127, 25, 127}}));
static_assert(equals(q::squared_difference<unit>(column, scalar), {{127}, {9}}));
static_assert(equals(q::squared_difference<unit>(row, column), {{25, 64, 4}, {25, 4, 64}}));

// Zero points at the extremes: x_low is 0, 14, 127.5, 0.5 (zero point -128), y_high 0, -63.5, -31.5, -0.5 (zero
// point 127).
static_assert(equals(q::add<high_out>(x_low, y_high), {{127, 28, 127, 127}}));  // 0, -49.5, 96, 0 (zero point 127)
static_assert(equals(q::subtract<q::affine(0.5F, 0)>(y_high, x_low), {{0, -128, -128, -2}}));  // 0 -77.5 -159 -1
static_assert(equals(q::multiply<q::affine(0.25F, 0)>(x_low, y_high), {{0, -128, -128, -1}}));  // 0 -889 ... -0.25
static_assert(equals(q::squared_difference<q::affine(1.0F, -128)>(x_low, y_high), {{-128, 127, 127, -127}}));

// The fused activations on an output of scale 0.5 and zero point -10: the ranges, then the clamps.
static_assert(q::detail::prepare_add(unit, unit, shifted_out, fused_activation::relu).activation_min == -10);
static_assert(q::detail::prepare_add(unit, unit, shifted_out, fused_activation::relu).activation_max == 127);
static_assert(q::detail::prepare_subtract(unit, unit, shifted_out, fused_activation::relu6).activation_min == -10);
static_assert(q::detail::prepare_subtract(unit, unit, shifted_out, fused_activation::relu6).activation_max == 2);
static_assert(q::detail::prepare_multiply(unit, unit, shifted_out, fused_activation::relu_n1_to_1).activation_min ==
              -12);
static_assert(q::detail::prepare_multiply(unit, unit, shifted_out, fused_activation::relu_n1_to_1).activation_max ==
              -8);
// A zero point at an end of the range: relu from 127, relu_n1_to_1 up to -128 + 2 with a scale of 0.5.
static_assert(q::detail::prepare_add(unit, unit, q::affine(1.0F, 127), fused_activation::relu).activation_min == 127);
static_assert(q::detail::prepare_add(unit, unit, q::affine(0.5F, -128), fused_activation::relu_n1_to_1) ==
              q::elementwise_params{0, 0, -128, 20, {1 << 30, 0}, {1 << 30, 0}, {1 << 30, -17}, -128, -126});
static_assert(equals(q::add<shifted_out>(small, row), {{0, -8, 127}, {-128, 0, 127}}));  // no activation
static_assert(equals(q::add<shifted_out, fused_activation::relu>(small, row), {{0, -8, 127}, {-10, 0, 127}}));
static_assert(equals(q::add<shifted_out, fused_activation::relu6>(small, row), {{0, -8, 2}, {-10, 0, 2}}));
static_assert(equals(q::add<shifted_out, fused_activation::relu_n1_to_1>(small, column),
                     {{-10, -12, -8}, {-12, -8, -8}}));
static_assert(equals(q::subtract<shifted_out, fused_activation::relu>(small, row),
                     {{-8, -10, 127}, {-10, -10, 127}}));
static_assert(equals(q::multiply<shifted_out, fused_activation::relu6>(small, row),
                     {{2, -10, -10}, {-10, -10, -10}}));

// The result's type: the broadcast shape, int8, the output's quantization.
static_assert(std::is_same_v<decltype(q::add<shifted_out>(row, column)), q::qmatrix<std::int8_t, 2, 3, shifted_out>>);

// The functions over pointers, with the parameters of add_params, subtract_params, multiply_params and
// squared_difference_params: the same integers as the functions on quantized matrices, for every broadcast of the
// small cases (either operand a row, a column or a scalar) and for zero points at the extremes; ADD with each fused
// activation; and ADD into its first operand.
template <auto Q, class A, class B>
constexpr std::size_t pointer_mismatches(const A& a, const B& b) {
    using Out = decltype(q::add<Q>(a, b));
    constexpr std::size_t n = Out::rows * Out::cols;
    constexpr auto x = A::quantization, y = B::quantization;
    std::int8_t out[4][n]{};
    q::add(q::add_params(x, y, Q), a.data(), A::rows, A::cols, b.data(), B::rows, B::cols, out[0]);
    q::subtract(q::subtract_params(x, y, Q), a.data(), A::rows, A::cols, b.data(), B::rows, B::cols, out[1]);
    q::multiply(q::multiply_params(x, y, Q), a.data(), A::rows, A::cols, b.data(), B::rows, B::cols, out[2]);
    q::squared_difference(q::squared_difference_params(x, y, Q), a.data(), A::rows, A::cols, b.data(), B::rows,
                          B::cols, out[3]);
    return mismatches(out[0], q::add<Q>(a, b).data(), n) + mismatches(out[1], q::subtract<Q>(a, b).data(), n) +
           mismatches(out[2], q::multiply<Q>(a, b).data(), n) +
           mismatches(out[3], q::squared_difference<Q>(a, b).data(), n);
}
static_assert(pointer_mismatches<unit>(small, row) == 0 && pointer_mismatches<unit>(row, small) == 0);
static_assert(pointer_mismatches<unit>(small, column) == 0 && pointer_mismatches<unit>(column, small) == 0);
static_assert(pointer_mismatches<unit>(small, scalar) == 0 && pointer_mismatches<unit>(row, column) == 0);
static_assert(pointer_mismatches<unit>(small, small) == 0 && pointer_mismatches<high_out>(x_low, y_high) == 0);

template <fused_activation Activation>
constexpr bool pointer_add_agrees() {
    std::int8_t out[6]{};
    q::add(q::add_params(unit, unit, shifted_out, Activation), small.data(), 2, 3, row.data(), 1, 3, out);
    return mismatches(out, q::add<shifted_out, Activation>(small, row).data(), 6) == 0;
}
static_assert(pointer_add_agrees<fused_activation::relu>() && pointer_add_agrees<fused_activation::relu6>() &&
              pointer_add_agrees<fused_activation::relu_n1_to_1>());

constexpr bool in_place_add_agrees() {
    std::int8_t a[6]{};
    for (std::size_t i = 0; i < 6; ++i) a[i] = small.data()[i];
    q::add(q::add_params(unit, unit, unit), a, 2, 3, small.data(), 2, 3, a);
    return mismatches(a, q::add<unit>(small, small).data(), 6) == 0;
}
static_assert(in_place_add_agrees());

// int16 SQUARED_DIFFERENCE (TensorFlow Lite Micro's Prepare for int16: left shift 0, the output multiplier
// (2 max(sx, sy))^2 / so): x of scale 4/32768 and y of 3/32768 give 2 max = 8/32768, x's multiplier 1/2 and y's 3/8;
// the output's scale 32/32768 makes (2 max)^2 / so = 2^-14. 1.0 - 0 squared is 1.0 = 1024 of the output's steps (x
// scaled to 4096, 4096^2 = 2^24 times 2^-14); 8192 and -8192 (1 and -0.75) give 1.75^2 = 3.0625, 3136; -32768 and
// 32767 (-4 and 3) give 49, beyond the output's 32, so the int16 range's end; a difference of 0 gives 0.
constexpr auto s16_x = q::affine(4.0F / 32768.0F, 0), s16_y = q::affine(3.0F / 32768.0F, 0);
constexpr auto s16_out = q::affine(32.0F / 32768.0F, 0);
constexpr q::elementwise_params s16_params = q::squared_difference_params_int16(s16_x, s16_y, s16_out);
static_assert(s16_params.left_shift == 0 && s16_params.activation_min == -32768 && s16_params.activation_max == 32767);
static_assert(s16_params.input1 == q::quantized_multiplier{1 << 30, 0} &&
              s16_params.input2 == q::quantized_multiplier{1610612736, -1} &&
              s16_params.output == q::quantized_multiplier{1 << 30, -13});
constexpr bool int16_squared_differences_are_right() {
    const std::int16_t a[4] = {8192, 8192, -32768, 1000};
    const std::int16_t b[4] = {0, -8192, 32767, 1333};  // 1333 * 3/32768 is 1000 * 4/32768 to within a step
    std::int16_t out[4]{};
    q::squared_difference(s16_params, a, 1, 4, b, 1, 4, out);
    // The last: x scaled to 500, y to 1333 * 3/8 = 499.875, rounded to 500: a difference of 0.
    return out[0] == 1024 && out[1] == 3136 && out[2] == 32767 && out[3] == 0;
}
static_assert(int16_squared_differences_are_right());

}  // namespace
