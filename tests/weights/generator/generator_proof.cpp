// SPDX-License-Identifier: BSL-1.0
// The header that cta_add_weights wrote from the files of write_cases.cpp (namespace generated) holds, bit for bit,
// what cta::weights::load and load_npy give from the same bytes, the constants of ../files.hpp and cases.hpp, in
// constant evaluation: each matrix has the element type of its dtype (F16, BF16, F32: float; F64: double; I8 ... I64:
// std::int8_t ... std::int64_t; U8: std::uint8_t) and the shape of its tensor (a 1-D tensor 1 x n, a 0-D one 1 x 1),
// and the identifiers are the tensors' names made identifiers. A wrong bit, type or name breaks the build.
#include <bit>
#include <cstdint>
#include <limits>

#include <cta/weights.hpp>

#include <generated_cases.hpp>

#include "../same_bits.hpp"
#include "cases.hpp"

namespace {

namespace w = cta::weights;

using test::same_bits;

// .npy files, each one tensor named after its file.
static_assert(same_bits(generated::npy_2x3_f4, w::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4)));
static_assert(same_bits(generated::npy_2x3_f4_fortran,
                        w::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4_fortran)));
static_assert(same_bits(generated::npy_2x3_f4_v2, w::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4_v2)));
static_assert(same_bits(generated::npy_f2, w::load_npy<cta::matrix<float, 1, 10>>(test::npy_f2)));
static_assert(same_bits(generated::npy_i1, w::load_npy<cta::matrix<std::int8_t, 1, 3>>(test::npy_i1)));
static_assert(same_bits(generated::npy_u1, w::load_npy<cta::matrix<std::uint8_t, 1, 3>>(test::npy_u1)));
static_assert(same_bits(generated::npy_i2, w::load_npy<cta::matrix<std::int16_t, 1, 2>>(test::npy_i2)));
static_assert(same_bits(generated::npy_i4_fortran,
                        w::load_npy<cta::matrix<std::int32_t, 3, 2>>(test::npy_i4_fortran)));
static_assert(same_bits(generated::npy_i8, w::load_npy<cta::matrix<std::int64_t, 1, 2>>(test::npy_i8)));
static_assert(same_bits(generated::npy_scalar_f8, w::load_npy<cta::matrix<double, 1, 1>>(test::npy_scalar_f8)));

// safetensors files, each tensor under its name made an identifier.
static_assert(same_bits(generated::w, w::load<cta::matrix<float, 1, 2>>(test::safetensors_w, "w")));
static_assert(same_bits(generated::layer_0_w, w::load<cta::matrix<float, 2, 2>>(test::generator::names, "layer.0/w")));
static_assert(same_bits(generated::int_, w::load<cta::matrix<std::int32_t, 1, 3>>(test::generator::names, "int")));
static_assert(same_bits(generated::t0bias, w::load<cta::matrix<double, 1, 3>>(test::generator::names, "0bias")));
static_assert(same_bits(generated::t_W, w::load<cta::matrix<std::uint8_t, 1, 1>>(test::generator::names, "_W")));
static_assert(same_bits(generated::a_b, w::load<cta::matrix<std::int16_t, 1, 1>>(test::generator::names, "a__b")));
static_assert(same_bits(generated::t_t_,
                        w::load<cta::matrix<float, 1, 2>>(test::generator::names, "\xc3\xa9t\xc3\xa9")));

// The values at the ends of the types, as the header spells them: a NaN's sign and payload, subnormals, -0,
// infinities, INT32_MIN, INT64_MIN.
static_assert(std::bit_cast<std::uint32_t>(generated::layer_0_w(0, 0)) == 0xffc12345U);
static_assert(std::bit_cast<std::uint32_t>(generated::layer_0_w(0, 1)) == 1U);
static_assert(std::bit_cast<std::uint32_t>(generated::layer_0_w(1, 0)) == 0x80000000U);
static_assert(generated::layer_0_w(1, 1) == -std::numeric_limits<float>::infinity());
static_assert(std::bit_cast<std::uint64_t>(generated::t0bias(0, 0)) == 0x7ff0000000000001U);
static_assert(std::bit_cast<std::uint64_t>(generated::t0bias(0, 1)) == 1U);
static_assert(generated::t0bias(0, 2) == std::numeric_limits<double>::max());
static_assert(generated::int_(0, 0) == INT32_MIN && generated::int_(0, 1) == INT32_MAX);
static_assert(generated::npy_i8(0, 0) == INT64_MIN && generated::npy_i8(0, 1) == INT64_MAX);
static_assert(std::bit_cast<std::uint32_t>(generated::npy_f2(0, 9)) == 0x7fa00000U);  // F16 0x7d00
static_assert(std::bit_cast<std::uint32_t>(generated::t_t_(0, 1)) == 0xffc10000U);    // BF16 0xffc1
static_assert(generated::t_W(0, 0) == 200 && generated::a_b(0, 0) == -32768);

}  // namespace
