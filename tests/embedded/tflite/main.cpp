// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite models as functions (cta::tflite::program, docs/tflite.md) on a Cortex-M4 (QEMU's mps2-an386 board).
//
// The models are read while compiling from the bytes of their files (tests/tflite/models and blocks): their
// parameters, constants and storage are constants of the program, the files themselves are not in it. The Cortex-M4
// computes each model on each line of inputs of tests/tflite/tflm/inputs, read through volatile so that nothing can
// be computed in advance, and compares every output element, bit for bit, with what TensorFlow Lite Micro computed
// (tests/tflite/tflm/outputs); the host build's static.tflite_program proves the same outputs while compiling. Each
// model's tensors computed at run time live in one static `storage`, whose size the program prints. Exit code 0 if
// every output is TensorFlow Lite Micro's, 1 otherwise. No heap, no exceptions, no printf.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/tflite/program.hpp>
#include <cta/version.hpp>

#include "line.hpp"
#include <tflite_files.hpp>
#include <tflm_expected.hpp>

namespace {

namespace tflm = cta_test::tflite::tflm;

using hello_int8 = cta::tflite::program<firmware::files::hello_world_int8_tflite>;
using hello_float = cta::tflite::program<firmware::files::hello_world_float_tflite>;
using encoder_block = cta::tflite::program<firmware::files::encoder_block_int8_tflite>;
using encoder_block_adj_x = cta::tflite::program<firmware::files::encoder_block_adj_x_int8_tflite>;

hello_int8::storage hello_int8_storage;
hello_float::storage hello_float_storage;
encoder_block::storage encoder_block_storage;
encoder_block_adj_x::storage encoder_block_adj_x_storage;

/// A number of tflm/ as a matrix element (a float by its bits), read through volatile.
template <class T>
T element(const long long* numbers, std::size_t i) {
    const long long v = static_cast<const volatile long long*>(numbers)[i];
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<float>(static_cast<std::uint32_t>(v));
    } else {
        return static_cast<T>(v);
    }
}

template <class T>
long long number(T v) {
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<std::uint32_t>(v);
    } else {
        return v;
    }
}

/// Evaluates P on every line of `inputs` into `s` and counts the output elements equal to `outputs`'; prints the
/// model's line: `<name>: <same> of <count> output elements as TensorFlow Lite Micro's, storage <bytes> bytes`.
template <class P, std::size_t NI, std::size_t NO>
bool check(const char* name, typename P::storage& s, const long long (&inputs)[NI], const long long (&outputs)[NO],
           std::size_t runs) {
    using X = typename P::template input_type<0>;
    using Y = typename P::template output_type<0>;
    std::size_t same = 0;
    for (std::size_t r = 0; r < runs; ++r) {
        X x{};
        for (std::size_t i = 0; i < X::rows; ++i)
            for (std::size_t j = 0; j < X::cols; ++j)
                x(i, j) = element<typename X::value_type>(inputs, (r * X::rows + i) * X::cols + j);
        P::run_into(s, x);
        const Y y = P::template output<0>(s);
        for (std::size_t i = 0; i < Y::rows; ++i)
            for (std::size_t j = 0; j < Y::cols; ++j)
                same += number(y(i, j)) == outputs[(r * Y::rows + i) * Y::cols + j];
    }
    line out;
    out << name << ": ";
    out.decimal(same) << " of ";
    out.decimal(NO) << " output elements as TensorFlow Lite Micro's, storage ";
    out.decimal(sizeof(typename P::storage)) << " bytes";
    out.print();
    return same == NO && NO == runs * Y::rows * Y::cols;
}

}  // namespace

int main() {
    print_title("Cortex-M4: TensorFlow Lite models as functions, TensorFlow Lite Micro's outputs");
    bool ok = check<hello_int8>("hello_world_int8", hello_int8_storage, tflm::hello_world_int8_inputs,
                                tflm::hello_world_int8_outputs, tflm::hello_world_int8_runs);
    ok = check<hello_float>("hello_world_float", hello_float_storage, tflm::hello_world_float_inputs,
                            tflm::hello_world_float_outputs, tflm::hello_world_float_runs) && ok;
    ok = check<encoder_block>("encoder_block_int8", encoder_block_storage, tflm::encoder_block_int8_inputs,
                              tflm::encoder_block_int8_outputs, tflm::encoder_block_int8_runs) && ok;
    ok = check<encoder_block_adj_x>("encoder_block_adj_x_int8", encoder_block_adj_x_storage,
                                    tflm::encoder_block_adj_x_int8_inputs, tflm::encoder_block_adj_x_int8_outputs,
                                    tflm::encoder_block_adj_x_int8_runs) && ok;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
