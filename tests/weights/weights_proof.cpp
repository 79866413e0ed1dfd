// SPDX-License-Identifier: BSL-1.0
// <cta/weights.hpp> in constant evaluation: the files of files.hpp load into the matrices they hold, bit for bit,
// and each file that does not load gives its reason.
#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/weights.hpp>

#include "files.hpp"

namespace {

using cta::matrix;
using cta::weights::dtype;
using cta::weights::status;

template <class T>
constexpr auto bits(T x) {
    return std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(x);
}

// ---- .npy ----------------------------------------------------------------------------------------------------------

constexpr auto expected_2x3 = matrix<float, 2, 3>{{{1.0F, -2.0F, 0.5F}, {3.25F, -0.125F, 0x1p-149F}}};
constexpr auto a = cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4);
static_assert(a == expected_2x3);
static_assert(cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4_fortran) == expected_2x3);
static_assert(cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4_v2) == expected_2x3);
static_assert(cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4_v3) == expected_2x3);
// The builder writes the file spelled in full byte for byte.
constexpr auto built = test::npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
                                 "\x00\x00\x80\x3f\x00\x00\x00\xc0\x00\x00\x00\x3f\x00\x00\x50\x40\x00\x00\x00\xbe"
                                 "\x01\x00\x00\x00");
constexpr bool same_bytes() {
    if (built.size() != sizeof test::npy_2x3_f4) return false;
    for (std::size_t k = 0; k < built.size(); ++k)
        if (built.data()[k] != test::npy_2x3_f4[k]) return false;
    return true;
}
static_assert(same_bytes() && built.size() == 152);
// Into double: F32 widens exactly (2^-149 is a normal double).
constexpr auto a_double = cta::weights::load_npy<matrix<double, 2, 3>>(test::npy_2x3_f4);
static_assert(a_double(1, 2) == 0x1p-149 && a_double(0, 1) == -2.0);
// A pointer and a size, and a file of char or std::byte.
static_assert(cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4, sizeof test::npy_2x3_f4) == expected_2x3);
constexpr auto as_bytes() {
    std::array<std::byte, sizeof test::npy_2x3_f4> b{};
    for (std::size_t k = 0; k < b.size(); ++k) b[k] = static_cast<std::byte>(test::npy_2x3_f4[k]);
    return b;
}
static_assert(cta::weights::load_npy<matrix<float, 2, 3>>(as_bytes()) == expected_2x3);

// F16 to float and double, bit for bit.
constexpr auto h = cta::weights::load_npy<matrix<float, 1, 10>>(test::npy_f2);
static_assert(h(0, 0) == 1.0F && h(0, 1) == -2.0F && h(0, 2) == 0x1p-24F && h(0, 3) == 1023 * 0x1p-24F);
static_assert(h(0, 4) == 65504.0F && bits(h(0, 5)) == 0x80000000U);
static_assert(bits(h(0, 6)) == 0x7f800000U && bits(h(0, 7)) == 0xff800000U);
static_assert(bits(h(0, 8)) == 0x7fc00000U && bits(h(0, 9)) == 0x7fa00000U);  // NaN payloads kept
constexpr auto hd = cta::weights::load_npy<matrix<double, 1, 10>>(test::npy_f2);
static_assert(hd(0, 2) == 0x1p-24 && hd(0, 3) == 1023 * 0x1p-24 && hd(0, 4) == 65504.0);
static_assert(bits(hd(0, 5)) == 0x8000000000000000U && bits(hd(0, 6)) == 0x7ff0000000000000U);
static_assert(bits(hd(0, 8)) == 0x7ff8000000000000U && bits(hd(0, 9)) == 0x7ff4000000000000U);

// Integers keep their values, into types as wide or wider.
static_assert(cta::weights::load_npy<matrix<signed char, 1, 3>>(test::npy_i1) ==
              matrix<signed char, 1, 3>{{{-128, 127, -1}}});
static_assert(cta::weights::load_npy<matrix<int, 1, 3>>(test::npy_i1_little) == matrix<int, 1, 3>{{{-128, 127, -1}}});
static_assert(cta::weights::load_npy<matrix<unsigned char, 1, 3>>(test::npy_u1) ==
              matrix<unsigned char, 1, 3>{{{255, 0, 7}}});
static_assert(cta::weights::load_npy<matrix<short, 1, 3>>(test::npy_u1) == matrix<short, 1, 3>{{{255, 0, 7}}});
static_assert(cta::weights::load_npy<matrix<std::int16_t, 1, 2>>(test::npy_i2) ==
              matrix<std::int16_t, 1, 2>{{{-32768, -2}}});
static_assert(cta::weights::load_npy<matrix<std::int32_t, 3, 2>>(test::npy_i4_fortran) ==
              matrix<std::int32_t, 3, 2>{{{1, -4}, {2, -5}, {3, INT32_MIN}}});
static_assert(cta::weights::load_npy<matrix<std::int64_t, 1, 2>>(test::npy_i8) ==
              matrix<std::int64_t, 1, 2>{{{INT64_MIN, INT64_MAX}}});
static_assert(cta::weights::load_npy<matrix<double, 1, 1>>(test::npy_scalar_f8)(0, 0) == 0.1);

// ---- safetensors ---------------------------------------------------------------------------------------------------

static_assert(cta::weights::load<matrix<float, 1, 2>>(test::safetensors_w, "w") == matrix<float, 1, 2>{{{1.5F, -0.25F}}});
constexpr auto q = cta::weights::load<matrix<float, 1, 2>>(test::safetensors_many, "w_q");
static_assert(q(0, 0) == 1.0F && bits(q(0, 1)) == 0x00010000U);  // BF16 0x0001: a float subnormal, 2^-133
static_assert(cta::weights::load<matrix<double, 1, 2>>(test::safetensors_many, "w_q")(0, 1) == 0x1p-133);
static_assert(cta::weights::load<matrix<double, 1, 2>>(test::safetensors_many, "half") ==
              matrix<double, 1, 2>{{{1.0, -0x1p-24}}});
static_assert(cta::weights::load<matrix<long long, 1, 1>>(test::safetensors_many, "big")(0, 0) == INT64_MIN);
static_assert(cta::weights::load<matrix<double, 2, 1>>(test::safetensors_many, "col") ==
              matrix<double, 2, 1>{{{1.0}, {0x1p-1074}}});
static_assert(cta::weights::load<matrix<signed char, 1, 3>>(test::safetensors_many, "bytes") ==
              matrix<signed char, 1, 3>{{{-128, 0, 127}}});
static_assert(cta::weights::load<matrix<short, 1, 1>>(test::safetensors_many, "short")(0, 0) == -2);
static_assert(cta::weights::load<matrix<long, 1, 2>>(test::safetensors_many, "ints") ==
              matrix<long, 1, 2>{{{INT32_MAX, INT32_MIN}}});
static_assert(cta::weights::load<matrix<unsigned, 1, 2>>(test::safetensors_many, "u") == matrix<unsigned, 1, 2>{{{255, 1}}});

// ---- The conversion rule ------------------------------------------------------------------------------------------

using cta::weights::converts_exactly;
static_assert(converts_exactly<float>(dtype::f16) && converts_exactly<float>(dtype::bf16) &&
              converts_exactly<float>(dtype::f32) && !converts_exactly<float>(dtype::f64));
static_assert(converts_exactly<double>(dtype::f16) && converts_exactly<double>(dtype::bf16) &&
              converts_exactly<double>(dtype::f32) && converts_exactly<double>(dtype::f64));
static_assert(!converts_exactly<float>(dtype::i8) && !converts_exactly<double>(dtype::u8) &&
              !converts_exactly<int>(dtype::f16));
static_assert(converts_exactly<signed char>(dtype::i8) && !converts_exactly<signed char>(dtype::u8) &&
              !converts_exactly<signed char>(dtype::i16));
static_assert(converts_exactly<unsigned char>(dtype::u8) && !converts_exactly<unsigned char>(dtype::i8) &&
              !converts_exactly<unsigned>(dtype::i32));
static_assert(converts_exactly<std::int16_t>(dtype::u8) && converts_exactly<std::int16_t>(dtype::i16) &&
              !converts_exactly<std::int16_t>(dtype::i32));
static_assert(converts_exactly<std::int32_t>(dtype::i32) && !converts_exactly<std::int32_t>(dtype::i64) &&
              converts_exactly<std::int64_t>(dtype::i64));

// ---- Files that do not load ------------------------------------------------------------------------------------------

template <class M = matrix<float, 1, 1>, class F>
constexpr status npy_reason(const F& f) {
    return cta::weights::try_load_npy<M>(f).reason;
}
template <class M = matrix<float, 1, 1>, class F>
constexpr status st_reason(const F& f, const char* name = "w") {
    return cta::weights::try_load<M>(f, name).reason;
}
static_assert(npy_reason(test::npy_truncated_prefix) == status::truncated);
static_assert(npy_reason<matrix<float, 1, 2>>(test::npy_truncated_data) == status::truncated);
static_assert(npy_reason(test::npy_bad_magic) == status::bad_magic);
static_assert(npy_reason(test::npy_version_4) == status::unsupported_version);
static_assert(npy_reason(test::npy_header_too_long) == status::header_too_long);
static_assert(npy_reason(test::npy_not_terminated) == status::header_not_terminated);
static_assert(npy_reason(test::npy_malformed) == status::malformed_header);
static_assert(npy_reason(test::npy_missing_key) == status::malformed_header);
static_assert(npy_reason(test::npy_extra_key) == status::malformed_header);
static_assert(npy_reason(test::npy_negative_shape) == status::bad_shape);
static_assert(npy_reason(test::npy_float_shape) == status::bad_shape);
static_assert(npy_reason(test::npy_shape_not_tuple) == status::bad_shape);
static_assert(npy_reason(test::npy_unsupported_dtype) == status::unsupported_dtype);
static_assert(npy_reason(test::npy_big_endian) == status::big_endian);
static_assert(npy_reason(test::npy_data_too_long) == status::data_size_mismatch);
static_assert(npy_reason<matrix<float, 3, 2>>(test::npy_2x3_f4) == status::shape_mismatch);
static_assert(npy_reason<matrix<float, 2, 3>>(test::npy_i4_fortran) == status::shape_mismatch);
static_assert(npy_reason<matrix<float, 10, 1>>(test::npy_f2) == status::shape_mismatch);  // (n,) is one row
static_assert(npy_reason<matrix<float, 1, 1>>(test::npy_scalar_f8) == status::dtype_mismatch);
static_assert(npy_reason<matrix<int, 2, 3>>(test::npy_2x3_f4) == status::dtype_mismatch);

static_assert(st_reason(test::st_truncated) == status::truncated);
static_assert(st_reason(test::st_header_too_long) == status::header_too_long);
static_assert(st_reason(test::st_not_terminated) == status::header_not_terminated);
static_assert(st_reason(test::st_malformed) == status::malformed_header);
static_assert(st_reason(test::st_bad_escape) == status::malformed_header);
static_assert(st_reason(test::st_lone_surrogate) == status::malformed_header);
static_assert(st_reason(test::st_missing_offsets) == status::malformed_header);
static_assert(st_reason(test::st_negative_shape) == status::bad_shape);
static_assert(st_reason(test::st_float_shape) == status::bad_shape);
static_assert(st_reason(test::st_string_shape) == status::bad_shape);
static_assert(st_reason(test::st_unsupported_dtype) == status::unsupported_dtype);
static_assert(st_reason(test::st_size_mismatch) == status::data_size_mismatch);
static_assert(st_reason(test::st_out_of_range) == status::offsets_out_of_range);
static_assert(st_reason(test::st_reversed) == status::offsets_out_of_range);
static_assert(st_reason(test::st_overlapping, "a") == status::overlapping_offsets);
static_assert(st_reason(test::st_uncovered) == status::uncovered_data);
static_assert(st_reason(test::st_duplicate) == status::duplicate_name);
static_assert(st_reason(test::safetensors_w, "v") == status::missing_tensor);
static_assert(st_reason(test::safetensors_many, "__metadata__") == status::missing_tensor);
static_assert(st_reason<matrix<float, 2, 1>>(test::safetensors_w) == status::shape_mismatch);
static_assert(st_reason<matrix<int, 1, 2>>(test::safetensors_w) == status::dtype_mismatch);
static_assert(st_reason<matrix<float, 1, 1>>(test::safetensors_many, "col") == status::shape_mismatch);

// What a result says: the tensor, its dtype and shape as in the file.
constexpr auto wrong = cta::weights::try_load<matrix<float, 3, 3>>(test::safetensors_many, "\x77_q");
static_assert(wrong.reason == status::shape_mismatch && wrong.tensor.equals("w_q", 3) && wrong.file.type == dtype::bf16 &&
              wrong.file.rank == 1 && wrong.file.shape[0] == 2);
constexpr auto duplicate = cta::weights::try_load<matrix<float, 1, 1>>(test::st_duplicate, "w");
static_assert(duplicate.tensor.equals("w", 1) && duplicate.file.type == dtype::f32);
constexpr auto fortran = cta::weights::try_load_npy<matrix<float, 3, 3>>(test::npy_2x3_f4_fortran);
static_assert(fortran.file.fortran_order && fortran.file.rank == 2 && fortran.file.shape[1] == 3);

}  // namespace
