// SPDX-License-Identifier: BSL-1.0
// The files of the generator's tests (tests/weights/generator/): the good ones of ../files.hpp and three more made
// for the generator, named as write_cases.cpp writes them. `names` has tensors whose names become other identifiers
// ("layer.0/w" is layer_0_w, "int" int_, "0bias" t0bias, "_W" t_W, "a__b" a_b, "\u00e9t\u00e9" t_t_) and values at the
// ends of their types: an F32 2 x 2 of a NaN with the sign and payload 0x12345, the smallest subnormal 2^-149, -0
// and -inf; an I32 [3] of INT32_MIN, INT32_MAX and -1; an F64 [3] of a signalling NaN (0x7ff0000000000001), 2^-1074
// and the largest finite double; a U8 [] of 200; an I16 [1, 1] of -32768; a BF16 [2] of -1.5 and a NaN (0xffc1).
// `rank_3` has a tensor of 3 dimensions, `collision` two names that become one identifier: neither can be declared.
#pragma once

#include "../files.hpp"

namespace test::generator {

// Data: 16 + 12 + 24 + 1 + 2 + 4 = 59 bytes.
constexpr file names = safetensors(
    "{\"layer.0/w\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]},"
    "\"int\":{\"dtype\":\"I32\",\"shape\":[3],\"data_offsets\":[16,28]},"
    "\"0bias\":{\"dtype\":\"F64\",\"shape\":[3],\"data_offsets\":[28,52]},"
    "\"_W\":{\"dtype\":\"U8\",\"shape\":[],\"data_offsets\":[52,53]},"
    "\"a__b\":{\"dtype\":\"I16\",\"shape\":[1,1],\"data_offsets\":[53,55]},"
    "\"\\u00e9t\\u00e9\":{\"dtype\":\"BF16\",\"shape\":[2],\"data_offsets\":[55,59]}}",
    "\x45\x23\xc1\xff\x01\x00\x00\x00\x00\x00\x00\x80\x00\x00\x80\xff"
    "\x00\x00\x00\x80\xff\xff\xff\x7f\xff\xff\xff\xff"
    "\x01\x00\x00\x00\x00\x00\xf0\x7f\x01\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xef\x7f"
    "\xc8"
    "\x00\x80"
    "\xc0\xbf\xc1\xff");
constexpr file rank_3 = safetensors("{\"t\":{\"dtype\":\"F32\",\"shape\":[1,1,1],\"data_offsets\":[0,4]}}",
                                    "\x00\x00\x80\x3f");
constexpr file collision = safetensors(
    "{\"w.q\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
    "\"w_q\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}",
    "\x00\x00\x80\x3f\x00\x00\x00\x40");

}  // namespace test::generator
