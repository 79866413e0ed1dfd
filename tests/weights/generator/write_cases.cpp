// SPDX-License-Identifier: BSL-1.0
// Writes the files of the generator's tests into the directory its argument names, each the bytes of a constant of
// ../files.hpp or cases.hpp: the good files that cta_add_weights turns into a header (generator_proof.cpp compares it
// with cta::weights::load of the same constants) and the bad ones that cta-weights must refuse
// (expect_generator_error.cmake).
#include <cstddef>
#include <cstdio>
#include <iterator>
#include <string>

#include "cases.hpp"

namespace {

/// A file to write: its name and bytes.
struct case_file {
    const char* name;
    const unsigned char* data;
    std::size_t size;
};

template <class Bytes>
constexpr case_file file_of(const char* name, const Bytes& bytes) {
    return {name, std::data(bytes), std::size(bytes)};
}

constexpr case_file files[] = {
    // Good files.
    file_of("npy_2x3_f4.npy", test::npy_2x3_f4),
    file_of("npy_2x3_f4_fortran.npy", test::npy_2x3_f4_fortran),
    file_of("npy_2x3_f4_v2.npy", test::npy_2x3_f4_v2),
    file_of("npy_f2.npy", test::npy_f2),
    file_of("npy_i1.npy", test::npy_i1),
    file_of("npy_u1.npy", test::npy_u1),
    file_of("npy_i2.npy", test::npy_i2),
    file_of("npy_i4_fortran.npy", test::npy_i4_fortran),
    file_of("npy_i8.npy", test::npy_i8),
    file_of("npy_scalar_f8.npy", test::npy_scalar_f8),
    file_of("safetensors_w.safetensors", test::safetensors_w),
    file_of("names.safetensors", test::generator::names),
    // Bad files.
    file_of("npy_bad_magic.npy", test::npy_bad_magic),
    file_of("npy_truncated_data.npy", test::npy_truncated_data),
    file_of("st_duplicate.safetensors", test::st_duplicate),
    file_of("st_unsupported_dtype.safetensors", test::st_unsupported_dtype),
    file_of("safetensors_many.safetensors", test::safetensors_many),
    file_of("rank_3.safetensors", test::generator::rank_3),
    file_of("collision.safetensors", test::generator::collision),
    file_of("npy_2x3_f4.bin", test::npy_2x3_f4),
};

bool write(const std::string& path, const case_file& file) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) return false;
    const bool written = std::fwrite(file.data, 1, file.size, f) == file.size;
    return std::fclose(f) == 0 && written;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fputs("usage: write_cases <directory>\n", stderr);
        return 2;
    }
    bool ok = true;
    for (const case_file& file : files) ok = write(std::string(argv[1]) + "/" + file.name, file) && ok;
    if (!ok) std::fprintf(stderr, "write_cases: cannot write the files into %s\n", argv[1]);
    return ok ? 0 : 1;
}
