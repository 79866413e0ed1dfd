// SPDX-License-Identifier: BSL-1.0
// Written by make_softmax_extremes.py (do not edit): rows of TensorFlow Lite's quantized softmax at the
// extremes of the input type, with the outputs its reference kernels give them (restated in Python's
// integers, independently of the library), and the parameters of each input scale (beta 1) as a converted
// model derives them. softmax_proof.cpp proves every element at compile time, softmax_test.cpp at run
// time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "softmax_cases.hpp"

namespace softmax_extremes {

namespace q = cta::quantized;
using softmax_cases::int8_case;
using softmax_cases::int16_case;

// a row all at the minimum: input scale 1/256, parameters {1073741824, 19, -3968}.
inline constexpr std::int8_t int8_input_0[5] = {
    -128, -128, -128, -128, -128,
};
inline constexpr std::int8_t int8_to_int8_0[5] = {
    -77, -77, -77, -77, -77,
};
inline constexpr std::int16_t int8_to_int16_0[5] = {
    -19661, -19661, -19661, -19661, -19661,
};

// rows all at the minimum, scale 1: input scale 1, parameters {1073741824, 27, -15}.
inline constexpr std::int8_t int8_input_1[14] = {
    -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128, -128,
};
inline constexpr std::int8_t int8_to_int8_1[14] = {
    -91, -91, -91, -91, -91, -91, -91, -91, -91, -91, -91, -91, -91, -91,
};
inline constexpr std::int16_t int8_to_int16_1[14] = {
    -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406, -23406,
};

// the maximum once, the minimum elsewhere: input scale 1/16, parameters {1073741824, 23, -248}.
inline constexpr std::int8_t int8_input_2[8] = {
    127, -128, -128, -128, -128, -128, -128, 127,
};
inline constexpr std::int8_t int8_to_int8_2[8] = {
    127, -128, -128, -128, -128, -128, -128, 127,
};
inline constexpr std::int16_t int8_to_int16_2[8] = {
    32767, -32768, -32768, -32768, -32768, -32768, -32768, 32767,
};

// the maximum once, the minimum elsewhere, scale 1/255: input scale float 1/255, parameters {1077952640, 19, -3968}.
inline constexpr std::int8_t int8_input_3[5] = {
    -128, 127, -128, -128, -128,
};
inline constexpr std::int8_t int8_to_int8_3[5] = {
    -90, -24, -90, -90, -90,
};
inline constexpr std::int16_t int8_to_int16_3[5] = {
    -23013, -6252, -23013, -23013, -23013,
};

// the maximum and the minimum, 255 apart, scale 1/256: input scale 1/256, parameters {1073741824, 19, -3968}.
inline constexpr std::int8_t int8_input_4[6] = {
    127, -128, -128, -128, 127, 127,
};
inline constexpr std::int8_t int8_to_int8_4[6] = {
    19, -74, -74, -88, -20, -20,
};
inline constexpr std::int16_t int8_to_int16_4[6] = {
    4926, -18847, -18847, -22553, -5108, -5108,
};

// constant rows at the extremes and in between: input scale float 1/255, parameters {1077952640, 19, -3968}.
inline constexpr std::int8_t int8_input_5[18] = {
    127, 127, 127, 127, 127, 127, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0,
};
inline constexpr std::int8_t int8_to_int8_5[18] = {
    -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85, -85,
};
inline constexpr std::int16_t int8_to_int16_5[18] = {
    -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845, -21845,
    -21845, -21845, -21845, -21845,
};

// a row of one element at the minimum: input scale 1/16, parameters {1073741824, 23, -248}.
inline constexpr std::int8_t int8_input_6[1] = {
    -128,
};
inline constexpr std::int8_t int8_to_int8_6[1] = {
    127,
};
inline constexpr std::int16_t int8_to_int16_6[1] = {
    32767,
};

// a maximum of -127 above rows at the minimum: input scale 1/16, parameters {1073741824, 23, -248}.
inline constexpr std::int8_t int8_input_7[4] = {
    -128, -127, -128, -128,
};
inline constexpr std::int8_t int8_to_int8_7[4] = {
    -65, -61, -65, -65,
};
inline constexpr std::int16_t int8_to_int16_7[4] = {
    -16644, -15604, -16644, -16644,
};

// a row below -128, scale 2^-11: input scale 2^-11, parameters {1717960704, 2}.
inline constexpr std::int16_t int16_input_0[4] = {
    -30000, -30000, -20000, -25000,
};
inline constexpr std::int16_t int16_to_int16_0[4] = {
    225, 225, 29730, 2588,
};

// a row all at the minimum: input scale 2^-11, parameters {1717960704, 2}.
inline constexpr std::int16_t int16_input_1[4] = {
    -32768, -32768, -32768, -32768,
};
inline constexpr std::int16_t int16_to_int16_1[4] = {
    8192, 8192, 8192, 8192,
};

// rows all at the minimum, scale 1/32767: input scale float 1/32767, parameters {1718013132, -2}.
inline constexpr std::int16_t int16_input_2[10] = {
    -32768, -32768, -32768, -32768, -32768, -32768, -32768, -32768, -32768, -32768,
};
inline constexpr std::int16_t int16_to_int16_2[10] = {
    6554, 6554, 6554, 6554, 6554, 6554, 6554, 6554, 6554, 6554,
};

// rows all below -128: input scale 2^-8, parameters {1717960704, 5}.
inline constexpr std::int16_t int16_input_3[8] = {
    -129, -200, -300, -1000, -20000, -20100, -20010, -32768,
};
inline constexpr std::int16_t int16_to_int16_3[8] = {
    14223, 10778, 7293, 474, 12420, 8404, 11944, 1,
};

// rows all below -128, scale 2^-4: input scale 2^-4, parameters {1717960704, 9}.
inline constexpr std::int16_t int16_input_4[8] = {
    -129, -130, -131, -160, -32000, -32001, -31990, -32768,
};
inline constexpr std::int16_t int16_to_int16_4[8] = {
    11047, 10378, 9750, 1592, 8606, 8084, 16078, 1,
};

// the maximum once, the minimum elsewhere: input scale 2^-11, parameters {1717960704, 2}.
inline constexpr std::int16_t int16_input_5[8] = {
    32767, -32768, -32768, -32768, -32768, -32768, -32768, 32767,
};
inline constexpr std::int16_t int16_to_int16_5[8] = {
    32761, 2, 2, 2, 2, 2, 2, 32761,
};

// the maximum once, the minimum elsewhere, scale 2^-8: input scale 2^-8, parameters {1717960704, 5}.
inline constexpr std::int16_t int16_input_6[3] = {
    -32768, -32768, 32767,
};
inline constexpr std::int16_t int16_to_int16_6[3] = {
    2, 2, 32764,
};

// constant rows at the extremes and in between: input scale 2^-11, parameters {1717960704, 2}.
inline constexpr std::int16_t int16_input_7[12] = {
    32767, 32767, 32767, -129, -129, -129, -32767, -32767, -32767, 0, 0, 0,
};
inline constexpr std::int16_t int16_to_int16_7[12] = {
    10922, 10922, 10922, 10922, 10922, 10922, 10922, 10922, 10922, 10922, 10922, 10922,
};

// a row of one element at the minimum: input scale 2^-8, parameters {1717960704, 5}.
inline constexpr std::int16_t int16_input_8[1] = {
    -32768,
};
inline constexpr std::int16_t int16_to_int16_8[1] = {
    32767,
};

// a maximum of -129 above rows at the minimum: input scale float 1/32767, parameters {1718013132, -2}.
inline constexpr std::int16_t int16_input_9[4] = {
    -32768, -129, -32768, -32768,
};
inline constexpr std::int16_t int16_to_int16_9[4] = {
    5741, 15545, 5741, 5741,
};

inline constexpr int8_case int8_cases[] = {
    {"a row all at the minimum", int8_input_0, 1, 5,
     q::softmax_int8_params{1073741824, 19, -3968}, int8_to_int8_0, int8_to_int16_0},
    {"rows all at the minimum, scale 1", int8_input_1, 2, 7,
     q::softmax_int8_params{1073741824, 27, -15}, int8_to_int8_1, int8_to_int16_1},
    {"the maximum once, the minimum elsewhere", int8_input_2, 2, 4,
     q::softmax_int8_params{1073741824, 23, -248}, int8_to_int8_2, int8_to_int16_2},
    {"the maximum once, the minimum elsewhere, scale 1/255", int8_input_3, 1, 5,
     q::softmax_int8_params{1077952640, 19, -3968}, int8_to_int8_3, int8_to_int16_3},
    {"the maximum and the minimum, 255 apart, scale 1/256", int8_input_4, 2, 3,
     q::softmax_int8_params{1073741824, 19, -3968}, int8_to_int8_4, int8_to_int16_4},
    {"constant rows at the extremes and in between", int8_input_5, 3, 6,
     q::softmax_int8_params{1077952640, 19, -3968}, int8_to_int8_5, int8_to_int16_5},
    {"a row of one element at the minimum", int8_input_6, 1, 1,
     q::softmax_int8_params{1073741824, 23, -248}, int8_to_int8_6, int8_to_int16_6},
    {"a maximum of -127 above rows at the minimum", int8_input_7, 1, 4,
     q::softmax_int8_params{1073741824, 23, -248}, int8_to_int8_7, int8_to_int16_7},
};
inline constexpr int16_case int16_cases[] = {
    {"a row below -128, scale 2^-11", int16_input_0, 1, 4,
     q::softmax_int16_params{1717960704, 2}, &softmax_cases::published_luts, int16_to_int16_0},
    {"a row all at the minimum", int16_input_1, 1, 4,
     q::softmax_int16_params{1717960704, 2}, &softmax_cases::published_luts, int16_to_int16_1},
    {"rows all at the minimum, scale 1/32767", int16_input_2, 2, 5,
     q::softmax_int16_params{1718013132, -2}, &softmax_cases::published_luts, int16_to_int16_2},
    {"rows all below -128", int16_input_3, 2, 4,
     q::softmax_int16_params{1717960704, 5}, &softmax_cases::published_luts, int16_to_int16_3},
    {"rows all below -128, scale 2^-4", int16_input_4, 2, 4,
     q::softmax_int16_params{1717960704, 9}, &softmax_cases::published_luts, int16_to_int16_4},
    {"the maximum once, the minimum elsewhere", int16_input_5, 2, 4,
     q::softmax_int16_params{1717960704, 2}, &softmax_cases::published_luts, int16_to_int16_5},
    {"the maximum once, the minimum elsewhere, scale 2^-8", int16_input_6, 1, 3,
     q::softmax_int16_params{1717960704, 5}, &softmax_cases::published_luts, int16_to_int16_6},
    {"constant rows at the extremes and in between", int16_input_7, 4, 3,
     q::softmax_int16_params{1717960704, 2}, &softmax_cases::published_luts, int16_to_int16_7},
    {"a row of one element at the minimum", int16_input_8, 1, 1,
     q::softmax_int16_params{1717960704, 5}, &softmax_cases::published_luts, int16_to_int16_8},
    {"a maximum of -129 above rows at the minimum", int16_input_9, 1, 4,
     q::softmax_int16_params{1718013132, -2}, &softmax_cases::published_luts, int16_to_int16_9},
};

}  // namespace softmax_extremes
