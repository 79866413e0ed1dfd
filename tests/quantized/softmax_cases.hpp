// SPDX-License-Identifier: BSL-1.0
// The cases of <cta/quantized/softmax.hpp> that softmax_proof.cpp checks at compile time and softmax_test.cpp at run
// time: TensorFlow Lite's reference vectors (tflite_int8/softmax, softmax_s8_s16, softmax_s16, with their stated
// parameters) and edge cases whose outputs follow from the arithmetic by hand (the reasoning is beside each).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include <cta/quantized/softmax.hpp>

#include <tflite_int8/softmax.hpp>
#include <tflite_int8/softmax_s16.hpp>
#include <tflite_int8/softmax_s16_luts.hpp>
#include <tflite_int8/softmax_s8_s16.hpp>

namespace softmax_cases {

namespace q = cta::quantized;
namespace ref_s8 = cta_tflite_int8::softmax;
namespace ref_s8_s16 = cta_tflite_int8::softmax_s8_s16;
namespace ref_s16 = cta_tflite_int8::softmax_s16;
namespace ref_luts = cta_tflite_int8::softmax_s16_luts;

// A case of softmax with int8 input: the expected int8 output or int16 output (or both; null where not given).
struct int8_case {
    const char* what;
    const std::int8_t* input;
    std::size_t rows;
    std::size_t row_length;
    q::softmax_int8_params params;
    const std::int8_t* int8_output;
    const std::int16_t* int16_output;
};

// A case of softmax with int16 input, computed with the tables `luts`.
struct int16_case {
    const char* what;
    const std::int16_t* input;
    std::size_t rows;
    std::size_t row_length;
    q::softmax_int16_params params;
    const q::softmax_int16_luts* luts;
    const std::int16_t* output;
};

// The parameters the reference cases state.
inline constexpr q::softmax_int8_params s8_config{SOFTMAX_INPUT_MULT, SOFTMAX_INPUT_LEFT_SHIFT, SOFTMAX_DIFF_MIN};
inline constexpr q::softmax_int8_params s8_s16_config{SOFTMAX_S8_S16_INPUT_MULT, SOFTMAX_S8_S16_INPUT_LEFT_SHIFT,
                                                      SOFTMAX_S8_S16_DIFF_MIN};
inline constexpr q::softmax_int16_params s16_config{SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT};
inline constexpr std::size_t s8_size = SOFTMAX_DST_SIZE;
inline constexpr std::size_t s8_s16_size = SOFTMAX_S8_S16_DST_SIZE;
inline constexpr std::size_t s16_size = SOFTMAX_S16_DST_SIZE;
static_assert(s8_size == SOFTMAX_NUM_ROWS * SOFTMAX_ROW_SIZE && s8_size == std::size(ref_s8::softmax_output_ref));
static_assert(s8_s16_size == SOFTMAX_S8_S16_NUM_ROWS * SOFTMAX_S8_S16_ROW_SIZE &&
              s8_s16_size == std::size(ref_s8_s16::softmax_s8_s16_output_ref));
static_assert(s16_size == SOFTMAX_S16_NUM_ROWS * SOFTMAX_S16_ROW_SIZE &&
              s16_size == std::size(ref_s16::softmax_s16_output_ref));

// The input scales behind them (beta 1): the int8 case's is the float nearest 1/255 (TensorFlow Lite's model
// holds floats); the int8-to-int16 case's parameters come from the double 0.003922, which its generator uses,
// while TensorFlow Lite's interpreter took the float nearest it, whose multiplier is 17 higher; the int16 case's
// is the float nearest 1/32767.
inline constexpr double s8_scale = static_cast<double>(1.0F / 255.0F);
inline constexpr double s8_s16_scale = 0.003922;
inline constexpr double s8_s16_scale_float = static_cast<double>(0.003922F);
inline constexpr double s16_scale = static_cast<double>(1.0F / 32767.0F);

// The published tables, as one softmax_int16_luts.
inline constexpr q::softmax_int16_luts published_luts = [] {
    static_assert(std::size(ref_luts::softmax_s16_exp_lut) == q::softmax_int16_lut_size &&
                  std::size(ref_luts::softmax_s16_one_by_one_lut) == q::softmax_int16_lut_size);
    q::softmax_int16_luts luts{};
    for (std::size_t i = 0; i < q::softmax_int16_lut_size; ++i) {
        luts.exp[i] = ref_luts::softmax_s16_exp_lut[i];
        luts.one_over_one_plus_x[i] = ref_luts::softmax_s16_one_by_one_lut[i];
    }
    return luts;
}();

// Parameters for the edge cases. scale_1: a multiplier of 2^26 (shift 27), so diff_min = -floor(31 * 2^26 / 2^27)
// = -15. The cap: beta * scale * 2^26 above 2^31 - 1 is capped there, a shift of 31 and diff_min 0.
inline constexpr auto params_1_over_255 = q::prepare_softmax_int8(s8_scale);
inline constexpr auto params_scale_1 = q::prepare_softmax_int8(1.0);
inline constexpr auto params_capped = q::prepare_softmax_int8(1e6);
inline constexpr auto params_tiny = q::prepare_softmax_int8(0x1p-25);  // beta * scale * 2^26 = 2

// Rows of equal values: each gets 1/n. Four: 1/4 is 64/256 (-128 + 64) and 16384/65536; three: 256/3 = 85.3 and
// 65536/3 = 21845.3, rounded; two: 1/2, 128 and 32768 above the zero point.
inline constexpr std::int8_t equal_rows_of_4[12] = {5, 5, 5, 5, -128, -128, -128, -128, 127, 127, 127, 127};
inline constexpr std::int8_t quarter_int8[12] = {-64, -64, -64, -64, -64, -64, -64, -64, -64, -64, -64, -64};
inline constexpr std::int16_t quarter_int16[12] = {-16384, -16384, -16384, -16384, -16384, -16384,
                                                   -16384, -16384, -16384, -16384, -16384, -16384};
inline constexpr std::int8_t equal_row_of_3[3] = {7, 7, 7};
inline constexpr std::int8_t third_int8[3] = {-43, -43, -43};
inline constexpr std::int16_t third_int16[3] = {-10923, -10923, -10923};
inline constexpr std::int8_t equal_row_of_2[2] = {-9, -9};
inline constexpr std::int8_t half_int8[2] = {0, 0};
inline constexpr std::int16_t half_int16[2] = {0, 0};

// Every element but the maximum below diff_min (-15 with scale 1: 84 - 100 = -16): the maximum alone would get
// 256/256 and 65536/65536, saturated to 127 and 32767; the others the lowest value.
inline constexpr std::int8_t all_but_max_below[4] = {100, 0, -50, 84};
inline constexpr std::int8_t max_only_int8[4] = {127, -128, -128, -128};
inline constexpr std::int16_t max_only_int16[4] = {32767, -32768, -32768, -32768};

// diff_min -1 with the scale 1/255: 8 is left out; 10 and 9 share the row, 1 / (1 + e^(-1/255)) = 0.500980 and
// 0.499020: 128.25 and 127.75 of 256 (both 128), 32832.3 and 32703.7 of 65536.
inline constexpr std::int8_t one_left_out[3] = {10, 9, 8};
inline constexpr std::int8_t one_left_out_int8[3] = {0, 0, -128};
inline constexpr std::int16_t one_left_out_int16[3] = {64, -64, -32768};

// Rows of one element: 1, saturated to 127 and 32767.
inline constexpr std::int8_t single_elements[3] = {-128, 0, 127};
inline constexpr std::int8_t one_int8[3] = {127, 127, 127};
inline constexpr std::int16_t one_int16[3] = {32767, 32767, 32767};

// The int8 extremes, 127 and -128. Scale 1/255: a difference of -1, 1 / (1 + e^-1) = 0.731059 and 0.268941: 187.15
// and 68.85 of 256, 47910.7 and 17625.3 of 65536. Capped: only the maximum counts (diff_min 0). Scale 2^-25: a
// difference of -255 * 2^-25, both 1/2 to 6 digits.
inline constexpr std::int8_t extremes[2] = {127, -128};
inline constexpr std::int8_t extremes_int8[2] = {59, -59};
inline constexpr std::int16_t extremes_int16[2] = {15143, -15143};
inline constexpr std::int8_t extremes_capped_int8[2] = {127, -128};
inline constexpr std::int16_t extremes_capped_int16[2] = {32767, -32768};
inline constexpr std::int8_t extremes_tiny_int8[2] = {0, 0};
inline constexpr std::int16_t extremes_tiny_int16[2] = {0, 0};

// Long rows of equal values. 511: 256/511 = 0.501, 1 above -128; 512: the sum is 2^28, the shift 35 - 3 = 32,
// beyond TensorFlow Lite's check, and 256/512 = 1/2 is computed below 1/2 (the product is below 2^31): -128, as
// for 600. 4095, the longest row whose sum always fits: 65536/4095 = 16.004 above -32768.
template <std::size_t N, class T>
constexpr auto filled(T value) {
    struct array {
        T elements[N];
    } a{};
    for (auto& e : a.elements) e = value;
    return a;
}
inline constexpr auto equal_row_of_511 = filled<511, std::int8_t>(-3);
inline constexpr auto minus_127_511 = filled<511, std::int8_t>(-127);
inline constexpr auto equal_row_of_512 = filled<512, std::int8_t>(42);
inline constexpr auto minus_128_512 = filled<512, std::int8_t>(-128);
inline constexpr auto equal_row_of_600 = filled<600, std::int8_t>(0);
inline constexpr auto minus_128_600 = filled<600, std::int8_t>(-128);
inline constexpr auto equal_row_of_4095 = filled<4095, std::int8_t>(1);
inline constexpr auto sixteenth_of_4096_4095 = filled<4095, std::int16_t>(-32752);

inline constexpr int8_case int8_cases[] = {
    {"TensorFlow Lite's softmax (int8 to int8)", ref_s8::softmax_input, SOFTMAX_NUM_ROWS, SOFTMAX_ROW_SIZE, s8_config,
     ref_s8::softmax_output_ref, nullptr},
    {"TensorFlow Lite's softmax_s8_s16 (int8 to int16)", ref_s8_s16::softmax_s8_s16_input, SOFTMAX_S8_S16_NUM_ROWS,
     SOFTMAX_S8_S16_ROW_SIZE, s8_s16_config, nullptr, ref_s8_s16::softmax_s8_s16_output_ref},
    {"softmax_s8_s16 with TensorFlow Lite's own multiplier (float scale)", ref_s8_s16::softmax_s8_s16_input,
     SOFTMAX_S8_S16_NUM_ROWS, SOFTMAX_S8_S16_ROW_SIZE, q::prepare_softmax_int8(s8_s16_scale_float), nullptr,
     ref_s8_s16::softmax_s8_s16_output_ref},
    {"rows of 4 equal values", equal_rows_of_4, 3, 4, params_1_over_255, quarter_int8, quarter_int16},
    {"a row of 3 equal values", equal_row_of_3, 1, 3, params_1_over_255, third_int8, third_int16},
    {"a row of 2 equal values", equal_row_of_2, 1, 2, params_1_over_255, half_int8, half_int16},
    {"every element but the maximum below diff_min", all_but_max_below, 1, 4, params_scale_1, max_only_int8,
     max_only_int16},
    {"diff_min -1 leaves one element out", one_left_out, 1, 3,
     q::softmax_int8_params{params_1_over_255.input_multiplier, params_1_over_255.input_left_shift, -1},
     one_left_out_int8, one_left_out_int16},
    {"rows of length 1", single_elements, 3, 1, params_1_over_255, one_int8, one_int16},
    {"127 and -128", extremes, 1, 2, params_1_over_255, extremes_int8, extremes_int16},
    {"127 and -128, multiplier capped", extremes, 1, 2, params_capped, extremes_capped_int8, extremes_capped_int16},
    {"127 and -128, tiny scale", extremes, 1, 2, params_tiny, extremes_tiny_int8, extremes_tiny_int16},
    {"a row of 511 equal values", equal_row_of_511.elements, 1, 511, params_1_over_255, minus_127_511.elements,
     nullptr},
    {"a row of 512 equal values", equal_row_of_512.elements, 1, 512, params_1_over_255, minus_128_512.elements,
     nullptr},
    {"a row of 600 equal values", equal_row_of_600.elements, 1, 600, params_1_over_255, minus_128_600.elements,
     nullptr},
    {"a row of 4095 equal values", equal_row_of_4095.elements, 1, 4095, params_1_over_255, nullptr,
     sixteenth_of_4096_4095.elements},
};

// int16: the tables as published, as generated in float (the same) and in double (two entries differ).
inline constexpr q::softmax_int16_luts float_luts = q::softmax_int16_luts_for<float>();
inline constexpr q::softmax_int16_luts double_luts = q::softmax_int16_luts_for<double>();

// Edge cases with the int16 case's parameters (a difference of -65535 is -2.00003). Four equal values: 1/4 is
// 8192/32768. One element: e^0 is the entry 32762 (interpolated between 32133 and 32767), and its reciprocal gives
// 32768.5, clamped to 32767. The extremes: 1 / (1 + e^-2.00003) = 0.88080 and 0.11920, 28862.1 and 3905.9 of 32768
// (the tables' rounding gives one more each).
inline constexpr std::int16_t equal_int16_rows[8] = {3, 3, 3, 3, -32768, -32768, -32768, -32768};
inline constexpr std::int16_t quarter_q15[8] = {8192, 8192, 8192, 8192, 8192, 8192, 8192, 8192};
inline constexpr std::int16_t single_int16[3] = {-32768, 0, 32767};
inline constexpr std::int16_t one_q15[3] = {32767, 32767, 32767};
inline constexpr std::int16_t int16_extremes[2] = {32767, -32768};
inline constexpr std::int16_t int16_extremes_q15[2] = {28863, 3906};
// A row whose sum of exponentials is 2^18 - 1 = 7 * 32762 + 28373 + 4436 (the entries of differences 0, -4712 and
// -65516): normalised, (2^18 - 1) * 2^13 + 2^13 = 2^31, so the reciprocal's index is 2^17 - 98304 = 32768,
// saturated to 32767 (CMSIS-NN's arm_softmax_s16 wraps it to -32768 instead), whose entry is 16384 (1/2 at the
// scale of the sum's 2^17): every output is e/8 rounded, ties up: 4095.25, 3546.6 and 554.5.
inline constexpr std::int16_t sum_2_to_18_minus_1[9] = {32767, 32767, 32767, 32767, 32767,
                                                        32767, 32767, 32767 - 4712, 32767 - 65516};
inline constexpr std::int16_t sum_2_to_18_minus_1_q15[9] = {4095, 4095, 4095, 4095, 4095, 4095, 4095, 3547, 555};

inline constexpr int16_case int16_cases[] = {
    {"TensorFlow Lite's softmax_s16, published tables", ref_s16::softmax_s16_input, SOFTMAX_S16_NUM_ROWS,
     SOFTMAX_S16_ROW_SIZE, s16_config, &published_luts, ref_s16::softmax_s16_output_ref},
    {"TensorFlow Lite's softmax_s16, tables generated in float", ref_s16::softmax_s16_input, SOFTMAX_S16_NUM_ROWS,
     SOFTMAX_S16_ROW_SIZE, s16_config, &float_luts, ref_s16::softmax_s16_output_ref},
    {"TensorFlow Lite's softmax_s16, tables generated in double", ref_s16::softmax_s16_input, SOFTMAX_S16_NUM_ROWS,
     SOFTMAX_S16_ROW_SIZE, s16_config, &double_luts, ref_s16::softmax_s16_output_ref},
    {"int16 rows of 4 equal values", equal_int16_rows, 2, 4, s16_config, &float_luts, quarter_q15},
    {"int16 rows of length 1", single_int16, 3, 1, s16_config, &float_luts, one_q15},
    {"32767 and -32768", int16_extremes, 1, 2, s16_config, &float_luts, int16_extremes_q15},
    {"a sum of 2^18 - 1: the reciprocal's index saturates", sum_2_to_18_minus_1, 1, 9, s16_config, &float_luts,
     sum_2_to_18_minus_1_q15},
};

}  // namespace softmax_cases
