// SPDX-License-Identifier: BSL-1.0
// <cta/weights.hpp> at run time: the files of files.hpp, copied into a std::vector the compiler cannot see through,
// load into the same bits as in constant evaluation, and every reason a file does not load is reported with the
// tensor, its dtype and shape.
#include <cstddef>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include <cta/weights.hpp>

#include "catch.hpp"
#include "files.hpp"
#include "run_time_bytes.hpp"

namespace {

using cta::matrix;
using cta::weights::dtype;
using cta::weights::status;

using test::copy;

template <class M>
bool same_bits(const M& a, const M& b) {
    return std::memcmp(a.data(), b.data(), sizeof a.elems) == 0;
}

}  // namespace

TEST_CASE("npy files load at run time into the bits of constant evaluation", "[weights]") {
    constexpr auto a = cta::weights::load_npy<matrix<float, 2, 3>>(test::npy_2x3_f4);
    for (const auto& f : {copy(test::npy_2x3_f4), copy(test::npy_2x3_f4_fortran), copy(test::npy_2x3_f4_v2),
                          copy(test::npy_2x3_f4_v3)}) {
        const auto r = cta::weights::try_load_npy<matrix<float, 2, 3>>(f);
        REQUIRE(r.ok());
        CHECK(same_bits(r.value, a));
        CHECK(same_bits(cta::weights::load_npy<matrix<float, 2, 3>>(f.data(), f.size()), a));
    }
    constexpr auto h = cta::weights::load_npy<matrix<float, 1, 10>>(test::npy_f2);
    constexpr auto hd = cta::weights::load_npy<matrix<double, 1, 10>>(test::npy_f2);
    CHECK(same_bits(cta::weights::load_npy<matrix<float, 1, 10>>(copy(test::npy_f2)), h));
    CHECK(same_bits(cta::weights::load_npy<matrix<double, 1, 10>>(copy(test::npy_f2)), hd));
    constexpr auto i = cta::weights::load_npy<matrix<int, 3, 2>>(test::npy_i4_fortran);
    CHECK(cta::weights::load_npy<matrix<int, 3, 2>>(copy(test::npy_i4_fortran)) == i);
}

TEST_CASE("safetensors files load at run time into the bits of constant evaluation", "[weights]") {
    const auto f = copy(test::safetensors_many);
    const std::string name = "w_q";
    constexpr auto q = cta::weights::load<matrix<double, 1, 2>>(test::safetensors_many, "w_q");
    CHECK(same_bits(cta::weights::load<matrix<double, 1, 2>>(f, name), q));
    constexpr auto col = cta::weights::load<matrix<double, 2, 1>>(test::safetensors_many, "col");
    CHECK(same_bits(cta::weights::load<matrix<double, 2, 1>>(f, std::string_view("col")), col));
    const auto ints = cta::weights::try_load<matrix<long, 1, 2>>(f, "ints");
    REQUIRE(ints.ok());
    CHECK(ints.tensor.equals("ints", 4));
    CHECK(ints.file.type == dtype::i32);
}

namespace {

struct npy_case {
    const char* what;
    std::vector<unsigned char> bytes;
    status reason;
};

template <class M>
status npy_reason(const std::vector<unsigned char>& f) {
    return cta::weights::try_load_npy<M>(f).reason;
}

}  // namespace

TEST_CASE("each reason an npy file does not load", "[weights]") {
    using M = matrix<float, 1, 1>;
    const npy_case cases[] = {
        {"prefix cut", copy(test::npy_truncated_prefix), status::truncated},
        {"bad magic", copy(test::npy_bad_magic), status::bad_magic},
        {"version 4", copy(test::npy_version_4), status::unsupported_version},
        {"header too long", copy(test::npy_header_too_long), status::header_too_long},
        {"no newline", copy(test::npy_not_terminated), status::header_not_terminated},
        {"unclosed dict", copy(test::npy_malformed), status::malformed_header},
        {"missing key", copy(test::npy_missing_key), status::malformed_header},
        {"extra key", copy(test::npy_extra_key), status::malformed_header},
        {"negative dimension", copy(test::npy_negative_shape), status::bad_shape},
        {"float dimension", copy(test::npy_float_shape), status::bad_shape},
        {"(1) is not a tuple", copy(test::npy_shape_not_tuple), status::bad_shape},
        {"complex", copy(test::npy_unsupported_dtype), status::unsupported_dtype},
        {"big-endian", copy(test::npy_big_endian), status::big_endian},
        {"a byte too many", copy(test::npy_data_too_long), status::data_size_mismatch},
        {"f8 into float", copy(test::npy_scalar_f8), status::dtype_mismatch},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        CHECK(npy_reason<M>(c.bytes) == c.reason);
    }
    CHECK(npy_reason<matrix<float, 1, 2>>(copy(test::npy_truncated_data)) == status::truncated);
    const auto shape = cta::weights::try_load_npy<matrix<float, 3, 2>>(copy(test::npy_2x3_f4));
    CHECK(shape.reason == status::shape_mismatch);
    CHECK((shape.file.type == dtype::f32 && shape.file.rank == 2 && shape.file.shape[0] == 2 &&
           shape.file.shape[1] == 3 && !shape.file.fortran_order));
    CHECK(std::string(cta::weights::describe(shape.reason)) == "the tensor's shape is not the matrix's");
}

TEST_CASE("each reason a safetensors file does not load", "[weights]") {
    using M = matrix<float, 1, 1>;
    const npy_case cases[] = {
        {"prefix cut", copy(test::st_truncated), status::truncated},
        {"header too long", copy(test::st_header_too_long), status::header_too_long},
        {"text after the JSON", copy(test::st_not_terminated), status::header_not_terminated},
        {"trailing comma", copy(test::st_malformed), status::malformed_header},
        {"unknown escape", copy(test::st_bad_escape), status::malformed_header},
        {"lone surrogate", copy(test::st_lone_surrogate), status::malformed_header},
        {"no data_offsets", copy(test::st_missing_offsets), status::malformed_header},
        {"negative dimension", copy(test::st_negative_shape), status::bad_shape},
        {"1.0 as a dimension", copy(test::st_float_shape), status::bad_shape},
        {"a string as a dimension", copy(test::st_string_shape), status::bad_shape},
        {"F8_E4M3", copy(test::st_unsupported_dtype), status::unsupported_dtype},
        {"shape of 8 bytes in 4", copy(test::st_size_mismatch), status::data_size_mismatch},
        {"end past the data", copy(test::st_out_of_range), status::offsets_out_of_range},
        {"begin after end", copy(test::st_reversed), status::offsets_out_of_range},
        {"a byte left over", copy(test::st_uncovered), status::uncovered_data},
        {"w twice", copy(test::st_duplicate), status::duplicate_name},
        {"no tensor v", copy(test::safetensors_w), status::missing_tensor},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        const auto r = cta::weights::try_load<M>(c.bytes, c.reason == status::missing_tensor ? "v" : "w");
        CHECK(r.reason == c.reason);
    }
    const auto overlap = cta::weights::try_load<M>(copy(test::st_overlapping), "a");
    CHECK(overlap.reason == status::overlapping_offsets);
    CHECK(overlap.tensor.equals("b", 1));  // the second of the two
    const auto missing = cta::weights::try_load<M>(copy(test::safetensors_w), std::string("w_key"));
    CHECK(missing.tensor.equals("w_key", 5));
    const auto type = cta::weights::try_load<matrix<int, 1, 2>>(copy(test::safetensors_w), "w");
    CHECK(type.reason == status::dtype_mismatch);
    CHECK((type.tensor.equals("w", 1) && type.file.type == dtype::f32 && type.file.rank == 1 && type.file.shape[0] == 2));
}
