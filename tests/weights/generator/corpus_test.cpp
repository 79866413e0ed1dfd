// SPDX-License-Identifier: BSL-1.0
// The headers cta_add_weights wrote from files of tests/weights/files (every dtype's special values, matrix and
// scalar; every F16 and BF16 bit pattern; .npy files in Fortran order and of versions 2.0 and 3.0) hold, bit for bit,
// what cta::weights::load and load_npy give at run time from the same files read from disk: NaN payloads and signs,
// subnormals, infinities, -0, the integers' extremes (INT64_MIN). Every tensor that files.manifest says loads from
// these files is compared.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <cta/weights.hpp>

#include <corpus_all_16bit.hpp>
#include <corpus_bf16.hpp>
#include <corpus_f16.hpp>
#include <corpus_f32.hpp>
#include <corpus_f64.hpp>
#include <corpus_i16.hpp>
#include <corpus_i32.hpp>
#include <corpus_i64.hpp>
#include <corpus_i8.hpp>
#include <corpus_npy.hpp>
#include <corpus_u8.hpp>

#include "../same_bits.hpp"
#include "catch.hpp"

namespace {

const std::filesystem::path files_dir = CTA_WEIGHTS_FILES_DIR;

std::vector<unsigned char> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The (file, tensor) pairs compared, the tensor "-" for an .npy file.
using compared = std::set<std::pair<std::string, std::string>>;

/// Loads `tensor` of `file` ("-": the .npy file's) at run time into the generated matrix's type and compares the bits.
template <class M>
void compare(compared& done, const std::string& file, const std::string& tensor, const M& generated) {
    const auto bytes = read_file(files_dir / file);
    REQUIRE(!bytes.empty());
    // On the heap: a 256 x 256 matrix of floats is 256 KiB.
    const auto r = std::make_unique<cta::weights::result<M>>(
        tensor == "-" ? cta::weights::try_load_npy<M>(bytes) : cta::weights::try_load<M>(bytes, tensor));
    INFO(file << " " << tensor << ": " << cta::weights::describe(r->reason));
    REQUIRE(r->ok());
    CHECK(test::same_bits(generated, r->value));
    done.emplace(file, tensor);
}

}  // namespace

TEST_CASE("the matrices cta-weights declares from tests/weights/files are what load gives at run time", "[weights]") {
    compared done;
    compare(done, "F16.safetensors", "specials", corpus::f16::specials);
    compare(done, "F16.safetensors", "matrix", corpus::f16::matrix);
    compare(done, "F16.safetensors", "scalar", corpus::f16::scalar);
    compare(done, "BF16.safetensors", "specials", corpus::bf16::specials);
    compare(done, "BF16.safetensors", "matrix", corpus::bf16::matrix);
    compare(done, "BF16.safetensors", "scalar", corpus::bf16::scalar);
    compare(done, "F32.safetensors", "specials", corpus::f32::specials);
    compare(done, "F32.safetensors", "matrix", corpus::f32::matrix);
    compare(done, "F32.safetensors", "scalar", corpus::f32::scalar);
    compare(done, "F64.safetensors", "specials", corpus::f64::specials);
    compare(done, "F64.safetensors", "matrix", corpus::f64::matrix);
    compare(done, "F64.safetensors", "scalar", corpus::f64::scalar);
    compare(done, "I8.safetensors", "specials", corpus::i8::specials);
    compare(done, "I8.safetensors", "matrix", corpus::i8::matrix);
    compare(done, "I8.safetensors", "scalar", corpus::i8::scalar);
    compare(done, "I16.safetensors", "specials", corpus::i16::specials);
    compare(done, "I16.safetensors", "matrix", corpus::i16::matrix);
    compare(done, "I16.safetensors", "scalar", corpus::i16::scalar);
    compare(done, "I32.safetensors", "specials", corpus::i32::specials);
    compare(done, "I32.safetensors", "matrix", corpus::i32::matrix);
    compare(done, "I32.safetensors", "scalar", corpus::i32::scalar);
    compare(done, "I64.safetensors", "specials", corpus::i64::specials);
    compare(done, "I64.safetensors", "matrix", corpus::i64::matrix);
    compare(done, "I64.safetensors", "scalar", corpus::i64::scalar);
    compare(done, "U8.safetensors", "specials", corpus::u8::specials);
    compare(done, "U8.safetensors", "matrix", corpus::u8::matrix);
    compare(done, "U8.safetensors", "scalar", corpus::u8::scalar);
    compare(done, "all_16bit.safetensors", "f16", corpus::all_16bit::f16);
    compare(done, "all_16bit.safetensors", "bf16", corpus::all_16bit::bf16);
    compare(done, "f2_specials.npy", "-", corpus::npy::f2_specials);
    compare(done, "f4_2x3_fortran.npy", "-", corpus::npy::f4_2x3_fortran);
    compare(done, "f4_2x3_v2.npy", "-", corpus::npy::f4_2x3_v2);
    compare(done, "f4_2x3_v3.npy", "-", corpus::npy::f4_2x3_v3);
    compare(done, "f8_3x4_fortran.npy", "-", corpus::npy::f8_3x4_fortran);
    compare(done, "i1_3x2_fortran.npy", "-", corpus::npy::i1_3x2_fortran);
    compare(done, "i2_specials_v2.npy", "-", corpus::npy::i2_specials_v2);
    compare(done, "i8_specials.npy", "-", corpus::npy::i8_specials);
    compare(done, "u1_specials.npy", "-", corpus::npy::u1_specials);

    // Some of the values the comparison covers, as the headers spell them.
    CHECK(corpus::i64::specials(0, 0) == INT64_MIN);
    CHECK(std::bit_cast<std::uint32_t>(corpus::f16::specials(0, 4)) == 0x7fc02000U);  // F16 0x7e01: a quiet NaN
    CHECK(std::bit_cast<std::uint32_t>(corpus::f16::specials(0, 7)) == 0x33800000U);  // F16 2^-24, a subnormal
    CHECK(std::bit_cast<std::uint32_t>(corpus::all_16bit::bf16(0, 1)) == 0x00010000U);  // BF16 0x0001

    // Every tensor files.manifest says loads from these files.
    std::set<std::string> files;
    for (const auto& [file, tensor] : done) files.insert(file);
    std::ifstream manifest(files_dir.parent_path() / "files.manifest");
    std::size_t loads = 0;
    for (std::string line; std::getline(manifest, line);) {
        std::istringstream words(line);
        std::string file, tensor, element, rows, cols, status;
        words >> file >> tensor >> element >> rows >> cols >> status;
        if (status != "ok" || files.count(file) == 0) continue;
        ++loads;
        INFO(file << " " << tensor << ": loads (files.manifest) but is not compared");
        CHECK(done.count({file, tensor}) == 1);
    }
    CHECK(loads >= done.size());
}
