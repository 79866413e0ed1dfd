// SPDX-License-Identifier: BSL-1.0
// At run time cta::weights::load and load_npy stop the program (__builtin_trap) on a file that does not load into
// the matrix asked for; try_load and try_load_npy return the reason instead (weights_runtime_test.cpp). The program
// prints "breaking <case>", loads a file of files.hpp, copied into bytes the compiler cannot see, that does not load
// in the way its argument names, and prints "not stopped" if the call returns; with "none" every load succeeds.
// tests/quantized/expect_precondition_stop.cmake runs it (tests weights.load_stops.<case>).
#include <cstdio>
#include <cstring>
#include <vector>

#include <cta/weights.hpp>

#include "files.hpp"
#include "run_time_bytes.hpp"

namespace {

using test::copy;

/// Loads a file the way `name` says; the sum of the matrix's elements, or -1 for an unknown name.
double load_case(const char* name) {
    namespace w = cta::weights;
    const bool known = std::strcmp(name, "none") == 0 || std::strcmp(name, "npy_bad_magic") == 0 ||
                       std::strcmp(name, "npy_shape") == 0 || std::strcmp(name, "safetensors_missing_tensor") == 0 ||
                       std::strcmp(name, "safetensors_dtype") == 0 || std::strcmp(name, "safetensors_duplicate") == 0;
    if (!known) return -1;
    std::printf("breaking %s\n", name);
    std::fflush(stdout);
    const auto npy = copy(test::npy_2x3_f4);
    const auto st = copy(test::safetensors_w);
    double sum = 0;
    if (std::strcmp(name, "none") == 0) {
        for (const float v : w::load_npy<cta::matrix<float, 2, 3>>(npy)) sum += static_cast<double>(v);
        for (const float v : w::load<cta::matrix<float, 1, 2>>(st, "w")) sum += static_cast<double>(v);
    } else if (std::strcmp(name, "npy_bad_magic") == 0) {
        sum = w::load_npy<cta::matrix<float, 1, 1>>(copy(test::npy_bad_magic))(0, 0);
    } else if (std::strcmp(name, "npy_shape") == 0) {
        sum = w::load_npy<cta::matrix<float, 3, 2>>(npy)(0, 0);
    } else if (std::strcmp(name, "safetensors_missing_tensor") == 0) {
        sum = w::load<cta::matrix<float, 1, 2>>(st, "w_query")(0, 0);
    } else if (std::strcmp(name, "safetensors_dtype") == 0) {
        sum = w::load<cta::matrix<int, 1, 2>>(st, "w")(0, 0);  // F32 values into int
    } else {
        sum = w::load<cta::matrix<float, 1, 1>>(copy(test::st_duplicate), "w")(0, 0);
    }
    return sum;
}

}  // namespace

int main(int argc, char** argv) {
    const double sum = argc == 2 ? load_case(argv[1]) : -1;
    if (sum == -1) {
        std::fprintf(stderr, "usage: %s none|npy_bad_magic|npy_shape|safetensors_missing_tensor|safetensors_dtype|"
                             "safetensors_duplicate\n", argc > 0 ? argv[0] : "load_stops");
        return 2;
    }
    std::printf("not stopped (%g)\n", sum);
    return 0;
}
