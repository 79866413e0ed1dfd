// SPDX-License-Identifier: BSL-1.0
// The cases of TensorFlow Lite's int8 elementwise operations (<cta/quantized/elementwise.hpp>) that
// elementwise_proof.cpp proves at compile time and elementwise_test.cpp computes again at run time: the reference
// vectors tflite_int8/add and tflite_int8/mul, and cases worked out by hand.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/quantized/elementwise.hpp>

#include <tflite_int8/add.hpp>
#include <tflite_int8/mul.hpp>

namespace elementwise_cases {

namespace q = cta::quantized;

/// A matrix quantized with Q holding the R * C integers at `data`, row after row.
template <auto Q, std::size_t R, std::size_t C>
constexpr q::qmatrix<std::int8_t, R, C, Q> from_array(const std::int8_t* data) {
    q::qmatrix<std::int8_t, R, C, Q> m;
    for (std::size_t i = 0; i < R * C; ++i) m.elems[i] = data[i];
    return m;
}

/// The number of the first n elements of `got` that differ from `expected`.
constexpr std::size_t mismatches(const std::int8_t* got, const std::int8_t* expected, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n; ++i) count += got[i] != expected[i] ? 1 : 0;
    return count;
}

// The published cases state the offsets and the multipliers TensorFlow Lite derived, not the scales. Both come from
// a tensor of 1 x 4 x 4 x 8 (add) or 1 x 5 x 4 x 8 (mul) elements, here 16 x 8 and 20 x 8; their inputs and outputs
// quantized with the scale 1/255 (a float) and zero point -128 (offset 128), the sum with 2/255, give exactly the
// published multipliers and shifts (elementwise_proof.cpp proves it).
inline constexpr auto unit_range = q::affine(1.0F / 255.0F, -128);
inline constexpr auto add_output = q::affine(2.0F / 255.0F, ADD_OUTPUT_OFFSET);
inline constexpr auto mul_output = q::affine(1.0F / 255.0F, MUL_OUTPUT_OFFSET);
inline constexpr std::size_t add_rows = 16, mul_rows = 20, cols = 8;
static_assert(ADD_DST_SIZE == add_rows * cols && MUL_DST_SIZE == mul_rows * cols);

/// The published ADD and MUL on the matrices at `x` and `y`.
constexpr auto add(const std::int8_t* x, const std::int8_t* y) {
    return q::add<add_output>(from_array<unit_range, add_rows, cols>(x), from_array<unit_range, add_rows, cols>(y));
}
constexpr auto mul(const std::int8_t* x, const std::int8_t* y) {
    return q::multiply<mul_output>(from_array<unit_range, mul_rows, cols>(x),
                                   from_array<unit_range, mul_rows, cols>(y));
}

// By hand. Scales 1, zero points 0: every real value is its integer, and the results are exact.
inline constexpr auto unit = q::affine(1.0F, 0);
inline constexpr q::qmatrix<std::int8_t, 2, 3, unit> small{{3, -4, 127, -128, 0, 100}};
inline constexpr q::qmatrix<std::int8_t, 1, 3, unit> row{{2, 5, -1}};
inline constexpr q::qmatrix<std::int8_t, 2, 1, unit> column{{-3, 7}};
inline constexpr q::qmatrix<std::int8_t, 1, 1, unit> scalar{{10}};

// Zero points at the extremes: x quantized with scale 0.5 and zero point -128 (q = -128 is 0), y with scale 0.25
// and zero point 127 (q = 127 is 0), the output with scale 0.5 and zero point 127 (clamping at -128 means -127.5).
inline constexpr auto low_zero = q::affine(0.5F, -128);
inline constexpr auto high_zero = q::affine(0.25F, 127);
inline constexpr auto high_out = q::affine(0.5F, 127);
inline constexpr q::qmatrix<std::int8_t, 1, 4, low_zero> x_low{{-128, -100, 127, -127}};  // 0, 14, 127.5, 0.5
inline constexpr q::qmatrix<std::int8_t, 1, 4, high_zero> y_high{{127, -127, 1, 125}};     // 0, -63.5, -31.5, -0.5

// An output with scale 0.5 and zero point -10, for the fused activations: relu from -10 (0), relu6 up to 2 (6),
// relu_n1_to_1 from -12 (-1) to -8 (1).
inline constexpr auto shifted_out = q::affine(0.5F, -10);

}  // namespace elementwise_cases
