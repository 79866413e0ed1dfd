// SPDX-License-Identifier: BSL-1.0
// static.tflite_program: while this file compiles, cta::tflite::program computes TensorFlow Lite Micro's example
// models on every input of tflm/inputs into exactly what TensorFlow Lite Micro's interpreter computes (tflm/outputs,
// tflm/README.md): hello_world_int8 on all 256 int8 inputs, hello_world_float on 101 inputs, and an int8
// Transformer encoder block (blocks/, two layouts) on 20 inputs, bit for bit.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <cta/tflite/program.hpp>

#include "tflm_proof.hpp"
#include <tflite_files.hpp>
#include <tflm_expected.hpp>

namespace {

namespace files = cta_test::tflite::files;
namespace tflm = cta_test::tflite::tflm;
using cta_test::tflite::computes_as_tflm;
using cta_test::tflite::each_run_as_tflm;

using hello_int8 = cta::tflite::program<files::hello_world_int8_tflite>;
using hello_float = cta::tflite::program<files::hello_world_float_tflite>;

// The types the file gives the model's input and output: one int8 number each, quantized as the file says.
static_assert(std::is_same_v<hello_int8::input_type<0>,
                             cta::quantized::qmatrix<std::int8_t, 1, 1, cta::quantized::affine(0x1.91150cp-6f, -128)>>);
static_assert(hello_int8::output_type<0>::quantization.zero_point == 5);
static_assert(std::is_same_v<hello_float::input_type<0>, cta::matrix<float, 1, 1>>);
static_assert(hello_int8::inputs == 1 && hello_int8::outputs == 1);

// docs/tflite.md's example: x = (-67 + 128) * 0.02448 = 1.493, and the model's output 123: (123 - 5) * 0.00829.
constexpr hello_int8::input_type<0> x{{-67}};
static_assert(hello_int8::run(x)(0, 0) == 123);

static_assert(computes_as_tflm<hello_int8>(tflm::hello_world_int8_inputs, tflm::hello_world_int8_outputs,
                                           tflm::hello_world_int8_runs));
static_assert(computes_as_tflm<hello_float>(tflm::hello_world_float_inputs, tflm::hello_world_float_outputs,
                                            tflm::hello_world_float_runs));

// An int8 Transformer encoder block (blocks/encoder_block_int8.tflite, written by write_blocks.py): QUANTIZE,
// FULLY_CONNECTED per channel, RESHAPE, TRANSPOSE, BATCH_MATMUL (with and without adj_y), MUL, SOFTMAX, ADD, MEAN,
// SQUARED_DIFFERENCE, RSQRT, SUB and DEQUANTIZE: 31 operators on 20 inputs of 4 x 8 floats.
using encoder_block = cta::tflite::program<files::encoder_block_int8_tflite>;
static_assert(std::is_same_v<encoder_block::input_type<0>, cta::matrix<float, 4, 8>>);
static_assert(computes_as_tflm<encoder_block>(tflm::encoder_block_int8_inputs, tflm::encoder_block_int8_outputs,
                                              tflm::encoder_block_int8_runs));
// The same block with the keys and the attention weights transposed by TRANSPOSE (perm [0, 2, 1]) and multiplied as
// they are: the weights on the left with adj_x, which program computes as TensorFlow Lite Micro does, transposing
// them back into a scratch tensor of the storage first.
using encoder_block_adj_x = cta::tflite::program<files::encoder_block_adj_x_int8_tflite>;
static_assert(computes_as_tflm<encoder_block_adj_x>(tflm::encoder_block_adj_x_int8_inputs,
                                                    tflm::encoder_block_adj_x_int8_outputs,
                                                    tflm::encoder_block_adj_x_int8_runs));
static_assert(encoder_block_adj_x::plan.ops[15].k == cta::tflite::kernel::batch_matmul_int8 &&
              encoder_block_adj_x::plan.ops[15].adj_x);

// int16 ADD and SUB, and QUANTIZE from int32 to int16, of TensorFlow Lite Micro's SEANet tests (models/add0, sub0,
// quantize0): 8 evaluations each, the extremes of the input types among them. SUB broadcasts its second operand, a
// row of 64, over the first's 24 rows.
using add0 = cta::tflite::program<files::add0_tflite>;
using sub0 = cta::tflite::program<files::sub0_tflite>;
using quantize0 = cta::tflite::program<files::quantize0_tflite>;
static_assert(add0::plan.ops[0].k == cta::tflite::kernel::add_int16 &&
              sub0::plan.ops[0].k == cta::tflite::kernel::subtract_int16 &&
              quantize0::plan.ops[0].k == cta::tflite::kernel::requantize);
static_assert(std::is_same_v<add0::input_type<1>::value_type, std::int16_t> &&
              std::is_same_v<quantize0::input_type<0>, cta::matrix<std::int32_t, 320, 2>>);
static_assert(tflm::add0_runs == 8 && tflm::sub0_runs == 8 && tflm::quantize0_runs == 8);
static_assert(each_run_as_tflm<add0, tflm::add0_inputs, tflm::add0_outputs, 8>(std::make_index_sequence<8>{}));
static_assert(each_run_as_tflm<sub0, tflm::sub0_inputs, tflm::sub0_outputs, 8>(std::make_index_sequence<8>{}));
static_assert(
    each_run_as_tflm<quantize0, tflm::quantize0_inputs, tflm::quantize0_outputs, 8>(std::make_index_sequence<8>{}));

// int16 MUL (one operand a row broadcast over the other's rows), int16 SOFTMAX, int16 MEAN over each row and each
// column, and int16 SQUARED_DIFFERENCE (the second broadcast too), TensorFlow Lite's 16x8 quantization
// (blocks/int16_ops.tflite): 8 evaluations, the first of the extremes.
using int16_ops = cta::tflite::program<files::int16_ops_tflite>;
static_assert(int16_ops::plan.ops[1].k == cta::tflite::kernel::multiply_int16 &&
              int16_ops::plan.ops[2].k == cta::tflite::kernel::softmax_int16 &&
              int16_ops::plan.ops[3].k == cta::tflite::kernel::mean_int16 && int16_ops::plan.ops[3].axis == 1 &&
              int16_ops::plan.ops[4].k == cta::tflite::kernel::mean_int16 && int16_ops::plan.ops[4].axis == 0 &&
              int16_ops::plan.ops[5].k == cta::tflite::kernel::squared_difference_int16 &&
              int16_ops::plan.ops[6].k == cta::tflite::kernel::squared_difference_int16 &&
              int16_ops::plan.ops[6].b_rows == 1);
static_assert(tflm::int16_ops_runs == 8);
static_assert(each_run_as_tflm<int16_ops, tflm::int16_ops_inputs, tflm::int16_ops_outputs, 8>(
    std::make_index_sequence<8>{}));

// int16 FULLY_CONNECTED and BATCH_MATMUL (blocks/int16_products.tflite): FULLY_CONNECTED in 64-bit sums with an
// int64 bias and without a bias, in 32-bit sums with an int32 bias and without a bias whose options say INT32,
// weights per channel and per tensor; BATCH_MATMUL as stored, with adj_y, with adj_x (the left-hand side transposed
// into a scratch tensor of int16) and with a constant right-hand side broadcast over the batch: 8 evaluations, the
// first of the extremes.
using int16_products = cta::tflite::program<files::int16_products_tflite>;
static_assert(int16_products::plan.ops[0].k == cta::tflite::kernel::fully_connected_int16_per_channel &&
              int16_products::plan.ops[1].k == cta::tflite::kernel::fully_connected_int16 &&
              int16_products::plan.ops[0].sums_64 && !int16_products::plan.ops[1].sums_64 &&
              int16_products::plan.ops[2].sums_64 && !int16_products::plan.ops[3].sums_64 &&
              int16_products::plan.ops[4].k == cta::tflite::kernel::batch_matmul_int16 &&
              int16_products::plan.ops[6].adj_x);
static_assert(tflm::int16_products_runs == 8);
static_assert(each_run_as_tflm<int16_products, tflm::int16_products_inputs, tflm::int16_products_outputs, 8>(
    std::make_index_sequence<8>{}));

// int8 TANH and LOGISTIC of every int8 value, for three input quantizations (blocks/activations_int8.tflite): the six
// outputs of the one evaluation of tflm/inputs, each of its 256 elements TensorFlow Lite Micro's.
using activations = cta::tflite::program<files::activations_int8_tflite>;
static_assert(activations::inputs == 3 && activations::outputs == 6);

/// Whether output I of the evaluation in `s` is TensorFlow Lite Micro's, element by element.
template <class P, std::size_t... I>
constexpr bool outputs_as_tflm(const typename P::storage& s, const long long* expected, std::index_sequence<I...>) {
    return ([&] {
        const auto y = P::template output<I>(s);
        for (std::size_t j = 0; j < y.cols; ++j)
            if (y(0, j) != expected[I * y.cols + j]) return false;
        return true;
    }() && ...);
}

constexpr bool activations_as_tflm() {
    if (tflm::activations_int8_runs != 1) return false;
    activations::input_type<0> x0{};
    activations::input_type<1> x1{};
    activations::input_type<2> x2{};
    for (std::size_t j = 0; j < 256; ++j) {
        x0(0, j) = static_cast<std::int8_t>(tflm::activations_int8_inputs[j]);
        x1(0, j) = static_cast<std::int8_t>(tflm::activations_int8_inputs[256 + j]);
        x2(0, j) = static_cast<std::int8_t>(tflm::activations_int8_inputs[512 + j]);
    }
    activations::storage s{};
    activations::run_into(s, x0, x1, x2);
    return outputs_as_tflm<activations>(s, tflm::activations_int8_outputs, std::make_index_sequence<6>{});
}
static_assert(activations_as_tflm());

// The example of <cta/quantized/logistic_tanh.hpp>: LOGISTIC of -8, 0 and 1 (scale 1/16) is -128, 0 and 59 (in
// 1/256, minus 128).
constexpr bool logistic_example() {
    constexpr auto p = cta::quantized::prepare_logistic_int8(0.0625F, 0);
    const std::int8_t in[3] = {-128, 0, 16};
    std::int8_t out[3]{};
    cta::quantized::logistic(p, in, 3, out);
    return out[0] == -128 && out[1] == 0 && out[2] == 59;
}
static_assert(logistic_example());

// The plan: three FULLY_CONNECTED layers, int8 per tensor (hello_world_int8) and float32 (hello_world_float); the
// storage is two 16-element activations whose lifetimes meet, the input and output fitting beside them.
static_assert(hello_int8::plan.ops[0].k == cta::tflite::kernel::fully_connected_int8);
static_assert(hello_int8::plan.ops[2].k == cta::tflite::kernel::fully_connected_int8);
static_assert(hello_float::plan.ops[1].k == cta::tflite::kernel::fully_connected_float);
static_assert(sizeof(hello_int8::storage) == 32);
static_assert(sizeof(hello_float::storage) == 32 * sizeof(float));

}  // namespace
