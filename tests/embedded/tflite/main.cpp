// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite models as functions (cta::tflite::program, docs/tflite.md) on a Cortex-M4 (QEMU's mps2-an386 board):
// TensorFlow Lite Micro's hello_world models and its int16 SEANet tests add0, sub0 and quantize0, and the int8
// Transformer blocks, attention layers and int16 operators of tests/tflite/blocks.
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
#include <utility>

#include <cta/tflite/program.hpp>
#include <cta/version.hpp>

#include "line.hpp"
#include <gelu_tables.hpp>
#include <tflite_files.hpp>
#include <tflm_expected.hpp>

namespace {

namespace tflm = cta_test::tflite::tflm;

using hello_int8 = cta::tflite::program<firmware::files::hello_world_int8_tflite>;
using hello_float = cta::tflite::program<firmware::files::hello_world_float_tflite>;
using encoder_block = cta::tflite::program<firmware::files::encoder_block_int8_tflite>;
using encoder_block_adj_x = cta::tflite::program<firmware::files::encoder_block_adj_x_int8_tflite>;
using encoder_block_d64 = cta::tflite::program<firmware::files::encoder_block_d64_int8_tflite>;
using self_attention = cta::tflite::program<firmware::files::self_attention_int8_tflite>;
using multi_head_attention = cta::tflite::program<firmware::files::multi_head_attention_int8_tflite>;
using add0 = cta::tflite::program<firmware::files::add0_tflite>;
using sub0 = cta::tflite::program<firmware::files::sub0_tflite>;
using quantize0 = cta::tflite::program<firmware::files::quantize0_tflite>;
using gelu = cta::tflite::program<firmware::files::gelu_int8_tflite>;
using int16_ops = cta::tflite::program<firmware::files::int16_ops_tflite>;
using int16_products = cta::tflite::program<firmware::files::int16_products_tflite>;

hello_int8::storage hello_int8_storage;
hello_float::storage hello_float_storage;
encoder_block::storage encoder_block_storage;
encoder_block_adj_x::storage encoder_block_adj_x_storage;
encoder_block_d64::storage encoder_block_d64_storage;
self_attention::storage self_attention_storage;
multi_head_attention::storage multi_head_attention_storage;
add0::storage add0_storage;
sub0::storage sub0_storage;
quantize0::storage quantize0_storage;
gelu::storage gelu_storage;
int16_ops::storage int16_ops_storage;
int16_products::storage int16_products_storage;

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

/// Input K of P from the numbers of a line of inputs at `numbers` (the inputs one after another, each in row-major
/// order).
template <class P, std::size_t K>
typename P::template input_type<K> input_from(const long long* numbers) {
    using X = typename P::template input_type<K>;
    std::size_t start = 0;
    for (std::size_t k = 0; k < K; ++k) start += P::plan.tensors[P::input_tensor(k)].count;
    X x{};
    for (std::size_t e = 0; e < X::rows * X::cols; ++e)
        x.data()[e] = element<typename X::value_type>(numbers, start + e);
    return x;
}

/// The elements of output O of the evaluation in `s` equal to TensorFlow Lite Micro's numbers from `expected` on.
template <class P, std::size_t O>
std::size_t output_matches(const typename P::storage& s, const long long* expected) {
    const auto y = P::template output<O>(s);
    std::size_t same = 0;
    for (std::size_t e = 0; e < y.rows * y.cols; ++e) same += number(y.data()[e]) == expected[e] ? 1 : 0;
    return same;
}

/// Evaluates P (its inputs one after another on each line, its outputs one after another) on every line of `inputs`
/// into `s` and counts the output elements equal to `outputs`'; prints the model's line: `<name>: <same> of <count>
/// output elements as TensorFlow Lite Micro's, storage <bytes> bytes`.
template <class P, std::size_t NI, std::size_t NO, std::size_t... I, std::size_t... O>
bool check(const char* name, typename P::storage& s, const long long (&inputs)[NI], const long long (&outputs)[NO],
           std::size_t runs, std::index_sequence<I...>, std::index_sequence<O...>) {
    constexpr std::size_t per_line = (std::size_t{0} + ... + P::plan.tensors[P::input_tensor(I)].count);
    constexpr std::size_t out_counts[] = {P::plan.tensors[P::output_tensor(O)].count...};
    constexpr std::size_t out_line = (std::size_t{0} + ... + out_counts[O]);
    std::size_t same = 0;
    for (std::size_t r = 0; r < runs; ++r) {
        P::run_into(s, input_from<P, I>(inputs + r * per_line)...);
        std::size_t start = r * out_line;
        ((same += output_matches<P, O>(s, outputs + start), start += out_counts[O]), ...);
    }
    line out;
    out << name << ": ";
    out.decimal(same) << " of ";
    out.decimal(NO) << " output elements as TensorFlow Lite Micro's, storage ";
    out.decimal(sizeof(typename P::storage)) << " bytes";
    out.print();
    return same == NO && NO == runs * out_line && NI == runs * per_line;
}
template <class P, std::size_t NI, std::size_t NO>
bool check(const char* name, typename P::storage& s, const long long (&inputs)[NI], const long long (&outputs)[NO],
           std::size_t runs) {
    return check<P>(name, s, inputs, outputs, runs, std::make_index_sequence<P::inputs>{},
                    std::make_index_sequence<P::outputs>{});
}

/// GELU's file (8 operators, each input every int8 value, read through volatile) against TensorFlow Lite's tables
/// (tests/tflite/gelu/tables.txt, through the host build's gelu_tables.hpp).
bool check_gelu() {
    using cta_test::tflite::gelu::tables;
    constexpr std::size_t row = 5 + 256;
    long long values[4 * 256];
    for (std::size_t k = 0; k < 4 * 256; ++k) values[k] = static_cast<long long>(k % 256) - 128;
    gelu::run_into(gelu_storage, input_from<gelu, 0>(values), input_from<gelu, 1>(values),
                   input_from<gelu, 2>(values), input_from<gelu, 3>(values));
    std::size_t same = 0;
    [&]<std::size_t... O>(std::index_sequence<O...>) {
        ((same += [&] {
              std::size_t n = 0;
              const auto y = gelu::output<O>(gelu_storage);
              for (std::size_t i = 0; i < 256; ++i) n += y(0, i) == tables[O * row + 5 + i] ? 1 : 0;
              return n;
          }()),
         ...);
    }(std::make_index_sequence<8>{});
    line out;
    out << "gelu_int8: ";
    out.decimal(same) << " of ";
    out.decimal(8 * 256) << " output elements as TensorFlow Lite's tables, storage ";
    out.decimal(sizeof(gelu::storage)) << " bytes";
    out.print();
    return same == 8 * 256;
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
    ok = check<encoder_block_d64>("encoder_block_d64_int8", encoder_block_d64_storage,
                                  tflm::encoder_block_d64_int8_inputs, tflm::encoder_block_d64_int8_outputs,
                                  tflm::encoder_block_d64_int8_runs) && ok;
    ok = check<self_attention>("self_attention_int8", self_attention_storage, tflm::self_attention_int8_inputs,
                               tflm::self_attention_int8_outputs, tflm::self_attention_int8_runs) && ok;
    ok = check<multi_head_attention>("multi_head_attention_int8", multi_head_attention_storage,
                                     tflm::multi_head_attention_int8_inputs, tflm::multi_head_attention_int8_outputs,
                                     tflm::multi_head_attention_int8_runs) && ok;
    ok = check<add0>("add0", add0_storage, tflm::add0_inputs, tflm::add0_outputs, tflm::add0_runs) && ok;
    ok = check<sub0>("sub0", sub0_storage, tflm::sub0_inputs, tflm::sub0_outputs, tflm::sub0_runs) && ok;
    ok = check<quantize0>("quantize0", quantize0_storage, tflm::quantize0_inputs, tflm::quantize0_outputs,
                          tflm::quantize0_runs) && ok;
    ok = check<int16_ops>("int16_ops", int16_ops_storage, tflm::int16_ops_inputs, tflm::int16_ops_outputs,
                          tflm::int16_ops_runs) && ok;
    ok = check<int16_products>("int16_products", int16_products_storage, tflm::int16_products_inputs,
                               tflm::int16_products_outputs, tflm::int16_products_runs) && ok;
    ok = check_gelu() && ok;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
