// SPDX-License-Identifier: BSL-1.0
// Weight files written out byte by byte for the tests of <cta/weights.hpp>: two files spelled in full (an .npy of
// 2 x 3 floats, a safetensors file of one tensor), and the builders the other cases are written with: npy(header,
// data) adds the magic string, the version, the header's length and its padding as np.save does (spaces up to a
// multiple of 64 bytes, then '\n'); safetensors(json, data) adds the 8-byte length. Each case is a constexpr
// variable that weights_proof.cpp checks in constant evaluation and weights_runtime_test.cpp at run time.
#pragma once

#include <array>
#include <cstddef>

namespace test {

/// The bytes of a file, up to 1024.
struct file {
    std::array<unsigned char, 1024> bytes{};
    std::size_t count = 0;

    [[nodiscard]] constexpr const unsigned char* data() const { return bytes.data(); }
    [[nodiscard]] constexpr std::size_t size() const { return count; }
    constexpr void push(unsigned char b) { bytes[count++] = b; }
    template <std::size_t N>
    constexpr void append(const char (&s)[N]) {  // without the literal's terminating '\0'
        for (std::size_t k = 0; k + 1 < N; ++k) push(static_cast<unsigned char>(s[k]));
    }
    constexpr void append_le(unsigned long long v, std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) push(static_cast<unsigned char>((v >> (8 * k)) & 0xFFU));
    }
};

/// A literal's bytes without its terminating '\0'.
template <std::size_t N>
constexpr file bytes(const char (&s)[N]) {
    file f;
    f.append(s);
    return f;
}

/// An .npy file of format version `major`.0 with the dict literal `header` and the bytes `data`, as np.save writes it.
template <std::size_t H, std::size_t D>
constexpr file npy(const char (&header)[H], const char (&data)[D], unsigned major = 1) {
    file f = bytes("\x93NUMPY");
    f.push(static_cast<unsigned char>(major));
    f.push(0);
    const std::size_t prefix = major == 1 ? 10 : 12;
    std::size_t length = H - 1 + 1;  // the dict and '\n'
    while ((prefix + length) % 64 != 0) ++length;
    f.append_le(length, major == 1 ? 2 : 4);
    f.append(header);
    for (std::size_t k = H - 1 + 1; k < length; ++k) f.push(' ');
    f.push('\n');
    f.append(data);
    return f;
}

/// A safetensors file with the JSON header `json` and the bytes `data`.
template <std::size_t J, std::size_t D>
constexpr file safetensors(const char (&json)[J], const char (&data)[D]) {
    file f;
    f.append_le(J - 1, 8);
    f.append(json);
    f.append(data);
    return f;
}

// ---- Spelled in full ---------------------------------------------------------------------------------------------

// np.save of np.array([[1, -2, 0.5], [3.25, -0.125, 2**-149]], dtype='<f4'): 10 bytes of prefix, 118 of header
// (0x76: the dict, 58 spaces, '\n'), 24 of data.
constexpr unsigned char npy_2x3_f4[] = {
    0x93, 'N', 'U', 'M', 'P', 'Y', 0x01, 0x00, 0x76, 0x00,
    '{', '\'', 'd', 'e', 's', 'c', 'r', '\'', ':', ' ', '\'', '<', 'f', '4', '\'', ',', ' ',
    '\'', 'f', 'o', 'r', 't', 'r', 'a', 'n', '_', 'o', 'r', 'd', 'e', 'r', '\'', ':', ' ',
    'F', 'a', 'l', 's', 'e', ',', ' ', '\'', 's', 'h', 'a', 'p', 'e', '\'', ':', ' ',
    '(', '2', ',', ' ', '3', ')', ',', ' ', '}',
    ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
    ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ',
    ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ', '\n',
    0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0xc0, 0x00, 0x00, 0x00, 0x3f,
    0x00, 0x00, 0x50, 0x40, 0x00, 0x00, 0x00, 0xbe, 0x01, 0x00, 0x00, 0x00};

// A safetensors file of one tensor "w", F32 of shape [2]: 1.5 and -0.25. Header of 54 bytes (0x36).
constexpr unsigned char safetensors_w[] = {
    0x36, 0, 0, 0, 0, 0, 0, 0,
    '{', '"', 'w', '"', ':', '{', '"', 'd', 't', 'y', 'p', 'e', '"', ':', '"', 'F', '3', '2', '"', ',',
    '"', 's', 'h', 'a', 'p', 'e', '"', ':', '[', '2', ']', ',',
    '"', 'd', 'a', 't', 'a', '_', 'o', 'f', 'f', 's', 'e', 't', 's', '"', ':', '[', '0', ',', '8', ']', '}', '}',
    0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x80, 0xbe};

// ---- Written with the builders ------------------------------------------------------------------------------------

// The same 2 x 3 floats in Fortran order (column by column), and in format versions 2.0 and 3.0.
constexpr file npy_2x3_f4_fortran =
    npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
        "\x00\x00\x80\x3f\x00\x00\x50\x40\x00\x00\x00\xc0\x00\x00\x00\xbe\x00\x00\x00\x3f\x01\x00\x00\x00");
constexpr file npy_2x3_f4_v2 =
    npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        "\x00\x00\x80\x3f\x00\x00\x00\xc0\x00\x00\x00\x3f\x00\x00\x50\x40\x00\x00\x00\xbe\x01\x00\x00\x00", 2);
constexpr file npy_2x3_f4_v3 =
    npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        "\x00\x00\x80\x3f\x00\x00\x00\xc0\x00\x00\x00\x3f\x00\x00\x50\x40\x00\x00\x00\xbe\x01\x00\x00\x00", 3);
// F16: 1, -2, 2^-24 (the smallest subnormal), 1023 * 2^-24 (the largest), 65504 (the largest finite), -0, +inf,
// -inf, a quiet NaN (0x7e00), a signalling NaN with payload 0x100 (0x7d00), keys in another order, no padding
// comma.
constexpr file npy_f2 =
    npy("{'shape': (10,), 'fortran_order': False, 'descr': '<f2'}",
        "\x00\x3c\x00\xc0\x01\x00\xff\x03\xff\x7b\x00\x80\x00\x7c\x00\xfc\x00\x7e\x00\x7d");
// Integers: i1 (-128, 127, -1), u1 (255, 0, 7), i2, i4, i8 and a Fortran-order 3 x 2 of i4.
constexpr file npy_i1 = npy("{'descr': '|i1', 'fortran_order': False, 'shape': (3,), }", "\x80\x7f\xff");
constexpr file npy_i1_little = npy("{'descr': '<i1', 'fortran_order': False, 'shape': (3,), }", "\x80\x7f\xff");
constexpr file npy_u1 = npy("{'descr': '|u1', 'fortran_order': False, 'shape': (1, 3), }", "\xff\x00\x07");
constexpr file npy_i2 = npy("{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }", "\x00\x80\xfe\xff");
constexpr file npy_i4_fortran =
    npy("{'descr': '<i4', 'fortran_order': True, 'shape': (3, 2), }",
        "\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00\xfc\xff\xff\xff\xfb\xff\xff\xff\x00\x00\x00\x80");
constexpr file npy_i8 =
    npy("{'descr': '<i8', 'fortran_order': False, 'shape': (2,), }",
        "\x00\x00\x00\x00\x00\x00\x00\x80\xff\xff\xff\xff\xff\xff\xff\x7f");
// A scalar (shape ()) of f8: 0.1, and one of shape (1, 1).
constexpr file npy_scalar_f8 =
    npy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", "\x9a\x99\x99\x99\x99\x99\xb9\x3f");

// Several tensors, metadata, escapes in names ("\u0077_q" is "w_q"), a key the reader ignores, and every safetensors
// dtype: a BF16 [2] (1 and the smallest subnormal 0x0001), an F16 [1, 2], an I64 [1], an F64 [2, 1], an I8 [3], an
// I16 [], an I32 [2], a U8 [2], and an empty F32 [0, 2]. The data: 4 + 4 + 8 + 16 + 3 + 2 + 8 + 2 = 47 bytes.
constexpr file safetensors_many = safetensors(
    "{\"__metadata__\":{\"format\":\"pt\",\"note\":\"\\\"quoted\\\"\"},"
    " \"\\u0077_q\" : {\"dtype\":\"BF16\",\"shape\":[2],\"data_offsets\":[0,4]},\n"
    "\"half\":{\"shape\":[1,2],\"dtype\":\"F16\",\"data_offsets\":[4,8],\"extra\":[1,{\"a\":null}]},"
    "\"big\":{\"dtype\":\"I64\",\"shape\":[1],\"data_offsets\":[8,16]},"
    "\"col\":{\"dtype\":\"F64\",\"shape\":[2,1],\"data_offsets\":[16,32]},"
    "\"bytes\":{\"dtype\":\"I8\",\"shape\":[3],\"data_offsets\":[32,35]},"
    "\"short\":{\"dtype\":\"I16\",\"shape\":[],\"data_offsets\":[35,37]},"
    "\"ints\":{\"dtype\":\"I32\",\"shape\":[2],\"data_offsets\":[37,45]},"
    "\"u\":{\"dtype\":\"U8\",\"shape\":[2],\"data_offsets\":[45,47]},"
    "\"empty\":{\"dtype\":\"F32\",\"shape\":[0,2],\"data_offsets\":[47,47]}}   ",
    "\x80\x3f\x01\x00"                       // BF16 1, 2^-133
    "\x00\x3c\x01\x80"                       // F16 1, -2^-24
    "\x00\x00\x00\x00\x00\x00\x00\x80"       // I64 min
    "\x00\x00\x00\x00\x00\x00\xf0\x3f\x01\x00\x00\x00\x00\x00\x00\x00"  // F64 1, 2^-1074
    "\x80\x00\x7f"                           // I8 -128, 0, 127
    "\xfe\xff"                               // I16 -2
    "\xff\xff\xff\x7f\x00\x00\x00\x80"       // I32 max, min
    "\xff\x01");                             // U8 255, 1

// ---- Files that do not load: one per reason ----------------------------------------------------------------------

constexpr file npy_truncated_prefix = bytes("\x93NUMPY\x01");
constexpr file npy_truncated_data = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", "\x00\x00\x80\x3f");
constexpr file npy_bad_magic = bytes("\x93NUMPX\x01\x00\x00\x00");
constexpr file npy_version_4 = bytes("\x93NUMPY\x04\x00\x02\x00{\n");
constexpr file npy_header_too_long = bytes("\x93NUMPY\x01\x00\x40\x00{'descr': '<f4'}\n");
constexpr file npy_not_terminated = bytes("\x93NUMPY\x01\x00\x3a\x00{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } \x00\x00\x80\x3f");
constexpr file npy_malformed = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,) ", "\x00\x00\x80\x3f");
constexpr file npy_missing_key = npy("{'descr': '<f4', 'shape': (1,), }", "\x00\x00\x80\x3f");
constexpr file npy_extra_key = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", "\x00\x00\x80\x3f");
constexpr file npy_negative_shape = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }", "");
constexpr file npy_float_shape = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1.5,), }", "");
constexpr file npy_shape_not_tuple = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1), }", "\x00\x00\x80\x3f");
constexpr file npy_unsupported_dtype = npy("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", "\x00\x00\x80\x3f\x00\x00\x80\x3f");
constexpr file npy_big_endian = npy("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", "\x3f\x80\x00\x00");
constexpr file npy_data_too_long = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }", "\x00\x00\x80\x3f\x00");

constexpr file st_truncated = bytes("\x02\x00\x00\x00");
constexpr file st_header_too_long = bytes("\x40\x00\x00\x00\x00\x00\x00\x00{}");
constexpr file st_not_terminated = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}} x", "\x00\x00\x80\x3f");
constexpr file st_malformed = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},}", "\x00\x00\x80\x3f");
constexpr file st_bad_escape = safetensors("{\"w\\x\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_lone_surrogate = safetensors("{\"\\ud800\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_missing_offsets = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1]}}", "\x00\x00\x80\x3f");
constexpr file st_negative_shape = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[-1],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_float_shape = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1.0],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_string_shape = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[\"1\"],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_unsupported_dtype = safetensors("{\"w\":{\"dtype\":\"F8_E4M3\",\"shape\":[4],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_size_mismatch = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f");
constexpr file st_out_of_range = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", "\x00\x00\x80\x3f");
constexpr file st_reversed = safetensors("{\"w\":{\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[4,0]}}", "\x00\x00\x80\x3f");
constexpr file st_overlapping = safetensors(
    "{\"a\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
    "\"b\":{\"dtype\":\"U8\",\"shape\":[2],\"data_offsets\":[3,5]}}", "\x00\x00\x80\x3f\x00");
constexpr file st_uncovered = safetensors("{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", "\x00\x00\x80\x3f\x00");
constexpr file st_duplicate = safetensors(
    "{\"w\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},"
    "\"\\u0077\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", "\x00\x00\x80\x3f\x00\x00\x80\x3f");

}  // namespace test
