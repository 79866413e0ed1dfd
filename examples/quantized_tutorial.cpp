// SPDX-License-Identifier: BSL-1.0
// The seed's self-attention in int8, as a typed tutorial: from its real-valued weights to the integers that a
// converted TensorFlow Lite model computes on a microcontroller, computed and checked while this file compiles, and
// printed when it runs. docs/quantized.md (English) and docs/quantized.zh.md (Chinese) show the regions of this file
// marked `// [quantized:NAME]` ... `// [/quantized:NAME]`. CTest `docs.snippets` fails when a block of the docs
// differs from its region here, and `docs.numbers` when the text of the docs shows a number that no static_assert
// below contains (cmake/cta_check_snippets.cmake).
// [quantized:includes]
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <type_traits>

#include <cta/cta.hpp>                         // the real-valued attention, to compare with
#include <cta/quantized/attention_steps.hpp>  // calibration, int8 weights, int8 attention and its steps
#include <cta/quantized/elementwise.hpp>      // ADD, SUB, MUL and SQUARED_DIFFERENCE
#include <cta/quantized/io.hpp>               // printing, for main() only

#include "seed.hpp"  // the seed's inputs and weights: seed::inputs, seed::w_query, seed::w_key, seed::w_value

namespace q = cta::quantized;
using cta::matrix;
// [/quantized:includes]

#include <iomanip>

#include <cta/io.hpp>

namespace {

// [quantized:helpers]
// x rounded to `decimals` decimals, as the page prints it.
constexpr double rounded(double x, int decimals) { return cta::round_to(matrix<double, 1, 1>{{{x}}}, decimals)(0, 0); }

// q - zero_point for each element of a quantized matrix (one scale for the whole matrix): how many steps of
// its scale each element stands above the real 0, so that real = scale * levels.
template <class T, std::size_t R, std::size_t C, auto Q>
constexpr matrix<int, R, C> levels(const q::qmatrix<T, R, C, Q>& m) {
    matrix<int, R, C> l;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) l(i, j) = m(i, j) - Q.zero_point;
    }
    return l;
}

// How far each dequantized output is from an exact one, in steps of the outputs' scale.
template <class Outputs, class Exact>
constexpr matrix<double, Outputs::rows, Outputs::cols> error_in_steps(const Outputs& outputs, const Exact& exact) {
    const auto real = q::dequantize(outputs);
    matrix<double, Outputs::rows, Outputs::cols> e;
    for (std::size_t i = 0; i < Outputs::rows; ++i) {
        for (std::size_t j = 0; j < Outputs::cols; ++j) {
            const double d = real(i, j) - static_cast<double>(exact(i, j));
            e(i, j) = (d < 0 ? -d : d) / static_cast<double>(Outputs::quantization.scale());
        }
    }
    return e;
}

// The largest element of a matrix.
template <class M>
constexpr double largest(const M& m) {
    double l = m(0, 0);
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) l = m(i, j) > l ? m(i, j) : l;
    }
    return l;
}
// [/quantized:helpers]

// ---- Section 1: why int8 ------------------------------------------------------------------------------------------
// [quantized:why]
// An int8 is one byte, a float four: int8 weights take a quarter of the memory.
static_assert(sizeof(std::int8_t) == 1 && sizeof(float) == 4 * sizeof(std::int8_t));
// [/quantized:why]

// ---- Section 2: a scale and a zero point ---------------------------------------------------------------------------
// [quantized:scheme]
// The seed's inputs run from 0 to 2. int8 has 256 values, -128 to 127: 0 goes to -128, 2 to 127,
// and one step between two neighbours is worth (2 - 0) / 255.
constexpr q::per_tensor input_quantization = q::asymmetric_int8(0.0F, 2.0F);
static_assert(input_quantization == q::affine(2.0F / 255.0F, -128));

// real = scale * (q - zero_point), and q = round(real / scale) + zero_point:
constexpr float scale = input_quantization.scale();
static_assert(q::quantize<std::int8_t>(0.0F, scale, -128) == -128);
static_assert(q::quantize<std::int8_t>(2.0F, scale, -128) == 127);

// 1 is 127.5 steps above 0 in exact arithmetic, halfway between -1 and 0. The float scale is a
// little more than 2/255, so the quotient is a little less than 127.5, and 1 becomes -1:
static_assert(1.0 / 2 * 255 == 127.5);  // 1 / (2/255) in exact arithmetic
static_assert(scale > 2.0 / 255.0);
static_assert(rounded(1.0F / scale, 5) == 127.49999);
static_assert(q::quantize<std::int8_t>(1.0F, scale, -128) == -1);
static_assert(rounded(q::dequantize(std::int8_t{-1}, scale, -128), 4) == 0.9961);  // 254/255
// [/quantized:scheme]

// [quantized:inputs]
// The seed's inputs as int8. The type says how to read them: qmatrix<element, rows, columns,
// quantization>, here scale 2/255 and zero point -128.
constexpr auto x = q::quantize<std::int8_t, input_quantization>(seed::inputs);
static_assert(std::is_same_v<decltype(x), const q::qmatrix<std::int8_t, 3, 4, input_quantization>>);
static_assert(x.values() == matrix<std::int8_t, 3, 4>{{{-1, -128, -1, -128},     // Input 1: 1, 0, 1, 0
                                                        {-128, 127, -128, 127},   // Input 2: 0, 2, 0, 2
                                                        {-1, -1, -1, -1}}});      // Input 3: 1, 1, 1, 1
// [/quantized:inputs]

// ---- Section 3: calibration ----------------------------------------------------------------------------------------
// [quantized:calibrate]
// Run the real-valued attention on representative inputs (here the seed's own), note each
// tensor's range, and give each tensor the scale and zero point of its range:
constexpr auto P = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
static_assert(P.inputs == input_quantization);              // 0 to 2
static_assert(P.queries == q::affine(3.0F / 255.0F, -128));  // 0 to 3
static_assert(P.keys == q::affine(4.0F / 255.0F, -128));     // 0 to 4
static_assert(P.values == q::affine(8.0F / 255.0F, -128));   // 0 to 8
static_assert(P.scores == q::affine(16.0F / 255.0F, -128));  // 2 to 16, widened to hold 0
static_assert(P.weights == q::affine(1.0F / 256.0F, -128));  // softmax's output: always 0 to 1
// The outputs run from 0.0540 to 7.9640 (output 2):
constexpr auto real_steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
static_assert(rounded(largest(real_steps.outputs), 4) == 7.9640);
static_assert(P.outputs == q::affine(static_cast<float>(largest(real_steps.outputs)) / 255.0F, -128));
static_assert(rounded(P.outputs.scale(), 5) == 0.03123);
// [/quantized:calibrate]

// ---- Section 4: the weights ----------------------------------------------------------------------------------------
// [quantized:weights]
// Weights are quantized per column (per output channel), symmetric: zero point 0, and the
// column's largest magnitude becomes 127. Every column of w_query and w_key reaches 1:
constexpr auto model = q::quantize_self_attention<P>(seed::w_query, seed::w_key, seed::w_value);
static_assert(P.w_query == q::symmetric({1.0F / 127.0F, 1.0F / 127.0F, 1.0F / 127.0F}));
static_assert(P.w_key == P.w_query);
static_assert(model.w_query.values() == matrix<std::int8_t, 4, 3>{{{127, 0, 127},
                                                                    {127, 0, 0},
                                                                    {0, 0, 127},
                                                                    {0, 127, 127}}});
// w_value's columns reach 1, 3 and 3. In the middle column 2 is 2 * 127 / 3 = 84.67 steps,
// rounded to 85, and 1 is 42.33 steps, rounded to 42:
static_assert(P.w_value == q::symmetric({1.0F / 127.0F, 3.0F / 127.0F, 3.0F / 127.0F}));
static_assert(rounded(2.0 / P.w_value.scale(1), 2) == 84.67 && rounded(1.0 / P.w_value.scale(1), 2) == 42.33);
static_assert(model.w_value.values() == matrix<std::int8_t, 4, 3>{{{0, 85, 0},
                                                                    {0, 127, 0},
                                                                    {127, 0, 127},
                                                                    {127, 42, 0}}});
// Read back, 2 is 2.0079 and 1 is 0.9921:
static_assert(cta::round_to(q::dequantize(model.w_value), 4) == matrix<double, 4, 3>{{{0.0, 2.0079, 0.0},
                                                                                       {0.0, 3.0, 0.0},
                                                                                       {1.0, 0.0, 3.0},
                                                                                       {1.0, 0.9921, 0.0}}});
// [/quantized:weights]

// ---- Section 5: every step in integers -----------------------------------------------------------------------------
// [quantized:projections]
// Every step of the int8 attention, each in the type its quantization gives it:
constexpr auto steps = q::self_attention_steps(x, model);

// Q = X W_Q, K = X W_K, V = X W_V: int8 in, int8 out.
static_assert(steps.queries.values() == matrix<std::int8_t, 3, 3>{{{-43, -128, 41},
                                                                    {42, 42, 42},
                                                                    {41, -43, 126}}});
static_assert(steps.keys.values() == matrix<std::int8_t, 3, 3>{{{-128, -64, -64},
                                                                 {127, 127, -128},
                                                                 {-1, 63, -64}}});
static_assert(steps.values.values() == matrix<std::int8_t, 3, 3>{{{-96, -64, -33},
                                                                   {-64, 127, -128},
                                                                   {-64, 63, -33}}});
// Read back: the exact queries are [1, 0, 2], [2, 2, 2], [2, 1, 3].
static_assert(cta::round_to(q::dequantize(steps.queries), 2) == matrix<double, 3, 3>{{{1.0, 0.0, 1.99},
                                                                                       {2.0, 2.0, 2.0},
                                                                                       {1.99, 1.0, 2.99}}});
static_assert(real_steps.queries == matrix<int, 3, 3>{{{1, 0, 2}, {2, 2, 2}, {2, 1, 3}}});
// [/quantized:projections]

// [quantized:scores]
// The scores Q K^T, on a scale of 16/255: the exact ones are [2, 4, 4], [4, 16, 12], [4, 12, 10].
static_assert(steps.scores.values() == matrix<std::int8_t, 3, 3>{{{-96, -64, -64},
                                                                   {-64, 127, 63},
                                                                   {-64, 63, 31}}});
static_assert(cta::round_to(q::dequantize(steps.scores), 2) == matrix<double, 3, 3>{{{2.01, 4.02, 4.02},
                                                                                      {4.02, 16.0, 11.98},
                                                                                      {4.02, 11.98, 9.98}}});
static_assert(real_steps.scores == matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});
// [/quantized:scores]

// [quantized:softmax]
// softmax in int8: scale 1/256, zero point -128, so each weight is a number of 256ths.
static_assert(steps.weights.values() == matrix<std::int8_t, 3, 3>{{{-112, -8, -8},
                                                                    {-128, 123, -123},
                                                                    {-128, 98, -98}}});
static_assert(levels(steps.weights) == matrix<int, 3, 3>{{{16, 120, 120},
                                                          {0, 251, 5},
                                                          {0, 226, 30}}});
// Each row adds up to 256 256ths here (each weight is rounded on its own: not always).
static_assert(levels(steps.weights) * matrix<int, 3, 1>{{{1}, {1}, {1}}} == matrix<int, 3, 1>{{{256}, {256}, {256}}});
// The exact weights, to 4 decimals, and the int8 ones:
static_assert(cta::round_to(real_steps.weights, 4) == matrix<double, 3, 3>{{{0.0634, 0.4683, 0.4683},
                                                                            {0.0, 0.9820, 0.0180},
                                                                            {0.0003, 0.8805, 0.1192}}});
static_assert(cta::round_to(q::dequantize(steps.weights), 4) == matrix<double, 3, 3>{{{0.0625, 0.4688, 0.4688},
                                                                                      {0.0, 0.9805, 0.0195},
                                                                                      {0.0, 0.8828, 0.1172}}});
// [/quantized:softmax]

// [quantized:outputs]
// The outputs: the weights times V, on the outputs' scale.
static_assert(steps.outputs.values() == matrix<std::int8_t, 3, 3>{{{-66, 86, -77},
                                                                    {-64, 127, -126},
                                                                    {-64, 121, -117}}});
static_assert(q::self_attention(x, model) == steps.outputs);  // the outputs alone
// [/quantized:outputs]

// ---- Section 6: one output element in integers ---------------------------------------------------------------------
// [quantized:one_element]
// Output 1, column 1: weight j of query 1 times value j's first element, summed. In levels
// (q - zero_point) the weights are 256ths and the values steps of 8/255:
constexpr matrix<int, 3, 3> w = levels(steps.weights);
constexpr matrix<int, 3, 3> v = levels(steps.values);
static_assert(w(0, 0) == 16 && w(0, 1) == 120 && w(0, 2) == 120);
static_assert(v(0, 0) == 32 && v(1, 0) == 64 && v(2, 0) == 64);
constexpr std::int32_t acc = w(0, 0) * v(0, 0) + w(0, 1) * v(1, 0) + w(0, 2) * v(2, 0);
static_assert(acc == 15872);  // 16 * 32 + 120 * 64 + 120 * 64, in an int32

// One unit of acc is worth (1/256) (8/255) in real terms, and one output step 7.9640/255: the
// real multiplier from acc to output steps is their ratio.
constexpr double real_multiplier =
    static_cast<double>(P.weights.scale() * P.values.scale()) / static_cast<double>(P.outputs.scale());
static_assert(rounded(real_multiplier, 7) == 0.0039239);
static_assert(rounded(acc * real_multiplier, 2) == 62.28);  // what the output should be, in steps

// Without floating point: the multiplier as a 31-bit integer and a shift,
// real_multiplier = multiplier * 2^(shift - 31).
constexpr q::quantized_multiplier fixed = q::quantize_multiplier(real_multiplier);
static_assert(fixed.multiplier == 1078596691 && fixed.shift == -7);
static_assert(rounded(fixed.multiplier / 0x1p38, 7) == 0.0039239);  // 2^(-7 - 31) = 2^-38

// acc * multiplier / 2^31, rounded (the high half of a 64-bit product, doubled), then / 2^7, rounded:
constexpr std::int32_t high = q::saturating_rounding_doubling_high_mul(acc, fixed.multiplier);
static_assert(high == 7972);
constexpr std::int32_t in_steps = q::rounding_divide_by_pot(high, 7);
static_assert(in_steps == 62);
static_assert(q::multiply_by_quantized_multiplier(acc, fixed) == in_steps);  // the two together
// Plus the zero point: the int8 output.
static_assert(in_steps + P.outputs.zero_point == -66);
static_assert(steps.outputs(0, 0) == -66);
// [/quantized:one_element]

// [quantized:rounding]
// The rounding of the high multiply (gemmlowp's): a tie goes up, towards +infinity.
// multiplier 2^30 with shift 0 is 1/2:
static_assert(q::multiply_by_quantized_multiplier(3, std::int32_t{1} << 30, 0) == 2);    //  1.5 ->  2
static_assert(q::multiply_by_quantized_multiplier(-3, std::int32_t{1} << 30, 0) == -1);  // -1.5 -> -1
// The rounding of the shift that follows: a tie goes away from zero.
static_assert(q::rounding_divide_by_pot(3, 1) == 2);    //  1.5 ->  2
static_assert(q::rounding_divide_by_pot(-3, 1) == -2);  // -1.5 -> -2
// Quantizing a real value: away from zero too (-0.75 / 0.5 = -1.5).
static_assert(q::quantize<std::int8_t>(-0.75F, 0.5F, 0) == -2);
// The high multiply saturates: the one product that does not fit gives the largest int32.
constexpr std::int32_t lowest = std::numeric_limits<std::int32_t>::min();
static_assert(q::saturating_rounding_doubling_high_mul(lowest, lowest) == std::numeric_limits<std::int32_t>::max());
// [/quantized:rounding]

// ---- Section 7: how far from the exact outputs ---------------------------------------------------------------------
// [quantized:error]
// The exact outputs, from a 50-digit reference (to 20 digits); cta's double attention agrees.
constexpr matrix<double, 3, 3> exact{{{1.9366210616669623818, 6.6831053083348119091, 1.5950684074995564273},
                                      {1.9999939663351454417, 7.9639915951322153639, 0.053976405312549604155},
                                      {1.9997046127769654354, 7.7598922546577849389, 0.35838929467511520436}}};
static_assert(cta::approx_equal(real_steps.outputs, exact, 1e-13));

// The int8 outputs, read back:
constexpr auto dequantized = q::dequantize(steps.outputs);
static_assert(cta::round_to(dequantized, 4) == matrix<double, 3, 3>{{{1.9363, 6.6835, 1.5928},
                                                                    {1.9988, 7.9640, 0.0625},
                                                                    {1.9988, 7.7766, 0.3435}}});
static_assert(cta::round_to(exact, 4) == matrix<double, 3, 3>{{{1.9366, 6.6831, 1.5951},
                                                              {2.0, 7.9640, 0.0540},
                                                              {1.9997, 7.7599, 0.3584}}});

// The difference, in output steps (7.9640/255 = 0.03123): at most 0.54 steps, 0.0167.
constexpr auto errors = error_in_steps(steps.outputs, exact);
static_assert(cta::round_to(errors, 2) == matrix<double, 3, 3>{{{0.01, 0.01, 0.07},
                                                                {0.04, 0.0, 0.27},
                                                                {0.03, 0.54, 0.48}}});
static_assert(rounded(largest(errors), 2) == 0.54);
static_assert(rounded(dequantized(2, 1) - exact(2, 1), 4) == 0.0167);
// Within the bound that tests/quantized/attention_proof.cpp proves: 1.5 steps.
static_assert(largest(errors) < 1.5);
// [/quantized:error]

// ---- Section 8: the quantization is in the types -------------------------------------------------------------------
// [quantized:types]
// Each type carries its quantization: the inputs', the model's (every scale and zero point
// of P) and each step's.
static_assert(std::is_same_v<decltype(x), const q::qmatrix<std::int8_t, 3, 4, P.inputs>>);
static_assert(std::is_same_v<decltype(model), const q::self_attention_model<P>>);
static_assert(std::is_same_v<decltype(steps.outputs), q::qmatrix<std::int8_t, 3, 3, P.outputs>>);
// A compiler names a scale by its float's bits: 2/255 is 1006665857, and 0.5 is 1056964608.
static_assert(P.inputs.scale_bits == 1006665857 && P.inputs.zero_point == -128);
static_assert(q::affine(0.5F, 0).scale_bits == 1056964608);
// [/quantized:types]

// ---- Section 9: your own float weights -----------------------------------------------------------------------------
// [quantized:your_weights]
// A layer trained in float: 4 numbers per token in, keys and queries of 3, values of 2.
constexpr matrix<float, 4, 3> my_w_query{{{0.42F, -0.17F, 0.05F},
                                          {-0.31F, 0.56F, 0.12F},
                                          {0.08F, 0.23F, -0.44F},
                                          {0.19F, -0.05F, 0.37F}}};
constexpr matrix<float, 4, 3> my_w_key{{{-0.12F, 0.33F, 0.27F},
                                        {0.45F, -0.08F, 0.16F},
                                        {0.21F, 0.39F, -0.25F},
                                        {-0.36F, 0.14F, 0.09F}}};
constexpr matrix<float, 4, 2> my_w_value{{{0.52F, -0.21F},
                                          {-0.14F, 0.47F},
                                          {0.31F, 0.11F},
                                          {0.07F, -0.38F}}};
// Representative inputs: a sequence like the ones the layer will see.
constexpr matrix<float, 6, 4> representative{{{0.9F, -0.2F, 0.4F, -0.7F},
                                              {-0.5F, 0.8F, -0.1F, 0.3F},
                                              {0.2F, 0.6F, -0.9F, 0.5F},
                                              {-0.8F, -0.4F, 0.7F, 0.1F},
                                              {0.3F, -0.9F, 0.2F, 0.8F},
                                              {0.6F, 0.1F, -0.6F, -0.3F}}};
// [/quantized:your_weights]

// [quantized:your_model]
// Calibrate (here with the Transformer's scaling), quantize the weights, quantize the inputs, run.
constexpr auto my_P = q::calibrate_self_attention(representative, my_w_query, my_w_key, my_w_value, cta::scaled);
// The inputs run from -0.9 to 0.9: a scale of 1.8/255, and 0 falls between two integers, rounded
// away from zero to -1.
static_assert(my_P.inputs == q::asymmetric_int8(-0.9F, 0.9F));
static_assert(rounded(my_P.inputs.scale() * 255.0, 4) == 1.8 && my_P.inputs.zero_point == -1);
constexpr auto my_model = q::quantize_self_attention<my_P>(my_w_query, my_w_key, my_w_value);
constexpr auto my_x = q::quantize<std::int8_t, my_P.inputs>(representative);
constexpr auto my_outputs = q::self_attention(my_x, my_model);  // qmatrix<int8_t, 6, 2, my_P.outputs>

// Against the float layer computed in double: 2.93 output steps at most, 0.0023.
constexpr auto my_exact =
    cta::self_attention<double>(representative, my_w_query, my_w_key, my_w_value, cta::scaled);
constexpr double my_error = largest(error_in_steps(my_outputs, my_exact));
static_assert(rounded(my_error, 2) == 2.93);
static_assert(rounded(my_error * my_P.outputs.scale(), 4) == 0.0023);
// More steps than the seed's: the outputs span 0.2009, a step of 0.0008, while the values
// span 1.339, and a weight's resolution, 1/256, times values that large is several steps.
static_assert(rounded(my_P.outputs.scale() * 255.0, 4) == 0.2009);
static_assert(rounded(my_P.values.scale() * 255.0, 3) == 1.339);
static_assert(rounded(my_P.outputs.scale(), 4) == 0.0008);
// [/quantized:your_model]

// [quantized:out_of_range]
// Inputs whose outputs leave the calibrated range: the outputs saturate at 127.
constexpr matrix<float, 2, 4> unusual{{{0.5F, 0.3F, -0.2F, 0.1F},
                                       {-0.6F, 0.2F, 0.8F, -0.4F}}};
constexpr auto saturated = q::self_attention(q::quantize<std::int8_t, my_P.inputs>(unusual), my_model);
constexpr auto unusual_exact = cta::self_attention<double>(unusual, my_w_query, my_w_key, my_w_value, cta::scaled);
// The second column should be 0.2140 and 0.2276; the calibrated range ends at 0.0859.
static_assert(cta::round_to(cta::row(cta::transpose(unusual_exact), 1), 4) == matrix<double, 1, 2>{{{0.2140, 0.2276}}});
static_assert(saturated(0, 1) == 127 && saturated(1, 1) == 127);
static_assert(rounded(q::dequantize(saturated)(0, 1), 4) == 0.0859);
// [/quantized:out_of_range]

// [quantized:several_sequences]
// Several representative sequences of one shape, in braces: each tensor's range is the union of
// its ranges on each. This one holds the unusual tokens and others like them.
constexpr matrix<float, 6, 4> more{{{0.5F, 0.3F, -0.2F, 0.1F},
                                    {-0.6F, 0.2F, 0.8F, -0.4F},
                                    {0.1F, 0.7F, 0.3F, -0.5F},
                                    {-0.3F, 0.4F, 0.9F, -0.2F},
                                    {0.4F, -0.1F, 0.5F, -0.6F},
                                    {-0.7F, 0.5F, 0.6F, -0.8F}}};
constexpr auto both_P =
    q::calibrate_self_attention({representative, more}, my_w_query, my_w_key, my_w_value, cta::scaled);
// The outputs run from -0.1147 to 0.0862 on representative, from 0.0141 to 0.3964 on more:
// together from -0.1147 to 0.3964, a span of 0.5111, and 0 is at -71.
constexpr auto more_exact = cta::self_attention<double>(more, my_w_query, my_w_key, my_w_value, cta::scaled);
static_assert(rounded(-largest(-1.0 * my_exact), 4) == -0.1147 && rounded(largest(my_exact), 4) == 0.0862);
static_assert(rounded(-largest(-1.0 * more_exact), 4) == 0.0141 && rounded(largest(more_exact), 4) == 0.3964);
static_assert(rounded(both_P.outputs.scale() * 255.0, 4) == 0.5111 && both_P.outputs.zero_point == -71);
// The unusual inputs no longer saturate: their second column comes out as 0.2145 and 0.2265,
// each less than an output step from 0.2140 and 0.2276.
constexpr auto both_outputs = q::self_attention(q::quantize<std::int8_t, both_P.inputs>(unusual),
                                                q::quantize_self_attention<both_P>(my_w_query, my_w_key, my_w_value));
static_assert(cta::round_to(cta::row(cta::transpose(q::dequantize(both_outputs)), 1), 4) ==
              matrix<double, 1, 2>{{{0.2145, 0.2265}}});
static_assert(largest(error_in_steps(both_outputs, unusual_exact)) < 1.0);
// [/quantized:several_sequences]

// ---- Section 10: scaled and causal ---------------------------------------------------------------------------------
// [quantized:scaled_causal]
// Options go to the calibration: they change the scores' range and the model's type.
constexpr auto P_scaled = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value,
                                                      cta::scaled);
static_assert(rounded(P_scaled.scores.scale() * 255.0, 4) == 9.2376);  // 16 / sqrt(3)
constexpr auto steps_scaled = q::self_attention_steps(
    q::quantize<std::int8_t, P_scaled.inputs>(seed::inputs),
    q::quantize_self_attention<P_scaled>(seed::w_query, seed::w_key, seed::w_value));
// softmax(Q K^T / sqrt(3)) V from the 50-digit reference:
constexpr matrix<double, 3, 3> exact_scaled{{{1.8638742024430665226, 6.3193710122153326131, 1.7041886963354002161},
                                             {1.9991095526093676664, 7.8141235048674575776, 0.27347205835501963185},
                                             {1.9925551076229260346, 7.4796355917746326835, 0.73587725807560718255}}};
static_assert(rounded(largest(error_in_steps(steps_scaled.outputs, exact_scaled)), 2) == 0.78);

// Causal: query i sees keys 1 to i. Query 1 sees key 1 alone, whose weight, 1, is 255/256 in int8.
constexpr auto P_causal = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value,
                                                      cta::scaled, cta::causal);
constexpr auto steps_causal = q::self_attention_steps(
    q::quantize<std::int8_t, P_causal.inputs>(seed::inputs),
    q::quantize_self_attention<P_causal>(seed::w_query, seed::w_key, seed::w_value));
static_assert(steps_causal.weights.values() == matrix<std::int8_t, 3, 3>{{{127, -128, -128},
                                                                          {-128, 127, -128},
                                                                          {-126, 65, -67}}});
constexpr auto exact_causal =
    cta::self_attention<double>(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
static_assert(rounded(largest(error_in_steps(steps_causal.outputs, exact_causal)), 6) == 1.000008);
// [/quantized:scaled_causal]

// [quantized:elementwise]
// Elementwise operations: the output's quantization first, then (ADD, SUB, MUL) the fused
// activation. A 1 x C row, an R x 1 column or a 1 x 1 scalar broadcasts over the other operand.
constexpr auto q_lhs = q::affine(0.5F, -1);
constexpr auto q_row = q::affine(0.25F, 3);
constexpr auto lhs = q::quantize<std::int8_t, q_lhs>(matrix<double, 2, 3>{{{1.0, -2.0, 3.5}, {0.5, 4.0, -1.0}}});
constexpr auto row = q::quantize<std::int8_t, q_row>(matrix<double, 1, 3>{{{0.5, 1.0, -0.5}}});
static_assert(lhs.values() == matrix<std::int8_t, 2, 3>{{{1, -5, 6}, {0, 7, -3}}});
static_assert(row.values() == matrix<std::int8_t, 1, 3>{{{5, 7, 1}}});

// lhs + row, each row of lhs plus row, then relu: the negative sums become 0.
constexpr auto sum = q::add<q::affine(0.5F, 0), q::fused_activation::relu>(lhs, row);
static_assert(sum.values() == matrix<std::int8_t, 2, 3>{{{3, 0, 6}, {2, 10, 0}}});
static_assert(q::dequantize(sum) == matrix<double, 2, 3>{{{1.5, 0.0, 3.0}, {1.0, 5.0, 0.0}}});
// lhs times row and (lhs - row)^2, element by element.
constexpr auto product = q::multiply<q::affine(0.25F, 0)>(lhs, row);
static_assert(q::dequantize(product) == matrix<double, 2, 3>{{{0.5, -2.0, -1.75}, {0.25, 4.0, 0.5}}});
constexpr auto squares = q::squared_difference<q::affine(0.25F, -128)>(lhs, row);
static_assert(q::dequantize(squares) == matrix<double, 2, 3>{{{0.25, 9.0, 16.0}, {0.0, 9.0, 0.25}}});
// [/quantized:elementwise]

void section(const char* title) { std::cout << "\n== " << title << " ==\n"; }

// A number with a fixed count of decimals, as the page shows it.
struct decimals {
    double value;
    int count;
    friend std::ostream& operator<<(std::ostream& os, decimals d) {
        const std::streamsize precision = os.precision();
        os << std::fixed << std::setprecision(d.count) << d.value << std::defaultfloat;
        os.precision(precision);
        return os;
    }
};

// A tensor's quantization, as the calibration table shows it: its range's top (255 steps above 0 when the zero
// point is -128), its scale and its zero point.
void print_quantization(const char* name, q::per_tensor t) {
    std::cout << name << ": 255 x scale = " << std::setprecision(6) << 255.0 * static_cast<double>(t.scale())
              << ", scale " << t.scale() << ", zero point " << t.zero_point << '\n';
}

// A copy that the optimizer cannot see through (each element read from a volatile), so that the code below
// computes it at run time.
template <class T, std::size_t R, std::size_t C>
matrix<T, R, C> unknown_to_the_compiler(const matrix<T, R, C>& m) {
    matrix<T, R, C> copy{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            const volatile T element = m(i, j);
            copy(i, j) = element;
        }
    }
    return copy;
}

// The same for a quantized matrix.
template <class T, std::size_t R, std::size_t C, auto Q>
q::qmatrix<T, R, C, Q> unknown_to_the_compiler(const q::qmatrix<T, R, C, Q>& m) {
    q::qmatrix<T, R, C, Q> copy{};
    for (std::size_t i = 0; i < R * C; ++i) {
        const volatile T element = m.elems[i];
        copy.elems[i] = element;
    }
    return copy;
}

}  // namespace

int main() {
    std::cout << "Self-attention in int8, typed: every number below was computed and checked by the compiler.\n";

    section("2. A scale and a zero point");
    std::cout << "1 / scale = " << decimals{1.0F / scale, 5} << ": 1 becomes "
              << int{q::quantize<std::int8_t>(1.0F, scale, -128)} << ", which stands for "
              << decimals{q::dequantize(std::int8_t{-1}, scale, -128), 4} << "\nthe inputs:\n"
              << x << '\n';

    section("3. Calibration");
    print_quantization("inputs", P.inputs);
    print_quantization("queries", P.queries);
    print_quantization("keys", P.keys);
    print_quantization("values", P.values);
    print_quantization("scores", P.scores);
    print_quantization("weights", P.weights);
    print_quantization("outputs", P.outputs);

    section("4. The weights, per channel");
    std::cout << "w_query:\n" << model.w_query << "\nw_key:\n" << model.w_key << "\nw_value:\n" << model.w_value
              << "\nw_value read back:\n" << cta::with_decimals(q::dequantize(model.w_value), 4) << '\n';

    section("5. Every step in integers");
    std::cout << steps << "\n\nread back:\nqueries:\n" << cta::with_decimals(q::dequantize(steps.queries), 2)
              << "\nscores:\n" << cta::with_decimals(q::dequantize(steps.scores), 2) << "\nweights in 256ths:\n"
              << levels(steps.weights) << "\nweights:\n" << cta::with_decimals(q::dequantize(steps.weights), 4)
              << '\n';

    section("6. Output 1, column 1, in integers");
    std::cout << "acc = " << acc << ", real multiplier " << decimals{real_multiplier, 7} << " = "
              << fixed.multiplier << " x 2^(" << fixed.shift << " - 31)\nhigh multiply: " << high << ", / 2^"
              << -fixed.shift << ": " << in_steps << ", + zero point " << P.outputs.zero_point << ": "
              << in_steps + P.outputs.zero_point << '\n';

    section("7. How far from the exact outputs");
    std::cout << "int8, read back:\n" << cta::with_decimals(dequantized, 4) << "\nexact:\n"
              << cta::with_decimals(exact, 4) << "\ndifference in output steps:\n" << cta::with_decimals(errors, 2)
              << "\nat most " << decimals{largest(errors), 2} << " steps, "
              << decimals{dequantized(2, 1) - exact(2, 1), 4} << '\n';

    section("9. Your own float weights");
    print_quantization("inputs", my_P.inputs);
    print_quantization("values", my_P.values);
    print_quantization("outputs", my_P.outputs);
    std::cout << "at most " << decimals{my_error, 2} << " output steps from the float layer, "
              << decimals{my_error * my_P.outputs.scale(), 4} << "\nunusual inputs, read back:\n"
              << cta::with_decimals(q::dequantize(saturated), 4) << "\nthe float layer:\n"
              << cta::with_decimals(unusual_exact, 4) << '\n';
    print_quantization("outputs, calibrated on two sequences", both_P.outputs);

    section("10. Scaled and causal");
    std::cout << "scaled: at most " << decimals{largest(error_in_steps(steps_scaled.outputs, exact_scaled)), 2}
              << " output steps\ncausal weights:\n" << steps_causal.weights << "\ncausal: at most "
              << decimals{largest(error_in_steps(steps_causal.outputs, exact_causal)), 6} << " output steps\n";

    section("11. Elementwise operations");
    std::cout << "lhs + row, relu:\n" << cta::with_decimals(q::dequantize(sum), 2) << "\nlhs * row:\n"
              << cta::with_decimals(q::dequantize(product), 2) << "\n(lhs - row)^2:\n"
              << cta::with_decimals(q::dequantize(squares), 2) << '\n';

    // [quantized:run_time]
    // Everything again while the program runs, from copies of the real-valued inputs and
    // weights that the compiler cannot see: the calibration, the int8 weights, every step,
    // the multiplier and the error, compared with the compiler's.
    const auto inputs = unknown_to_the_compiler(seed::inputs);
    const auto w_query = unknown_to_the_compiler(seed::w_query);
    const auto w_key = unknown_to_the_compiler(seed::w_key);
    const auto w_value = unknown_to_the_compiler(seed::w_value);
    const auto run_P = q::calibrate_self_attention(inputs, w_query, w_key, w_value);
    const auto run_model = q::quantize_self_attention<P>(w_query, w_key, w_value);
    const auto run_steps = q::self_attention_steps(q::quantize<std::int8_t, P.inputs>(inputs), run_model);
    const auto run_m = q::quantize_multiplier(static_cast<double>(run_P.weights.scale() * run_P.values.scale()) /
                                              static_cast<double>(run_P.outputs.scale()));
    bool same = run_P == P && run_model.w_query == model.w_query && run_model.w_key == model.w_key &&
                run_model.w_value == model.w_value && run_steps.queries == steps.queries &&
                run_steps.keys == steps.keys && run_steps.values == steps.values &&
                run_steps.scores == steps.scores && run_steps.weights == steps.weights &&
                run_steps.outputs == steps.outputs && run_m == fixed &&
                cta::identical(error_in_steps(run_steps.outputs, exact), errors);
    // [/quantized:run_time]

    // Your own weights, scaled and causal, the same way.
    const auto my_inputs = unknown_to_the_compiler(representative);
    const auto run_my_P = q::calibrate_self_attention(my_inputs, unknown_to_the_compiler(my_w_query),
                                                      unknown_to_the_compiler(my_w_key),
                                                      unknown_to_the_compiler(my_w_value), cta::scaled);
    same = same && run_my_P == my_P &&
           q::self_attention(q::quantize<std::int8_t, my_P.inputs>(my_inputs),
                             q::quantize_self_attention<my_P>(unknown_to_the_compiler(my_w_query),
                                                              unknown_to_the_compiler(my_w_key),
                                                              unknown_to_the_compiler(my_w_value))) == my_outputs;
    const auto run_both_P = q::calibrate_self_attention({my_inputs, unknown_to_the_compiler(more)},
                                                        unknown_to_the_compiler(my_w_query),
                                                        unknown_to_the_compiler(my_w_key),
                                                        unknown_to_the_compiler(my_w_value), cta::scaled);
    same = same && run_both_P == both_P;
    const auto run_steps_scaled = q::self_attention_steps(
        q::quantize<std::int8_t, P_scaled.inputs>(inputs), q::quantize_self_attention<P_scaled>(w_query, w_key, w_value));
    const auto run_steps_causal = q::self_attention_steps(
        q::quantize<std::int8_t, P_causal.inputs>(inputs), q::quantize_self_attention<P_causal>(w_query, w_key, w_value));
    same = same && run_steps_scaled.outputs == steps_scaled.outputs &&
           run_steps_causal.weights == steps_causal.weights && run_steps_causal.outputs == steps_causal.outputs;

    const auto run_lhs = unknown_to_the_compiler(lhs);
    const auto run_row = unknown_to_the_compiler(row);
    same = same && q::add<q::affine(0.5F, 0), q::fused_activation::relu>(run_lhs, run_row) == sum &&
           q::multiply<q::affine(0.25F, 0)>(run_lhs, run_row) == product &&
           q::squared_difference<q::affine(0.25F, -128)>(run_lhs, run_row) == squares;

    std::cout << "\ncomputed again at run time: " << (same ? "the same bits" : "different bits") << '\n';
    return same ? 0 : 1;
}
