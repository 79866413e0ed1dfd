// SPDX-License-Identifier: BSL-1.0
// static.tflite_block_d64: an int8 Transformer encoder layer of a small real model's width (blocks/
// encoder_block_d64_int8.tflite, written by write_blocks.py: 16 tokens of 64, 4 heads, feed-forward 256, post-norm,
// float input and output, 31 operators) computed by cta::tflite::program while compiling, on the 4 inputs of
// tflm/inputs, into exactly TensorFlow Lite Micro's outputs; each evaluation a constant evaluation of its own, within
// the compilers' default budgets (no -fconstexpr-steps or -fconstexpr-ops-limit).
#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/tflite/program.hpp>

#include "tflm_proof.hpp"
#include <tflite_files.hpp>
#include <tflm_expected.hpp>

namespace {

namespace tflm = cta_test::tflite::tflm;
using block = cta::tflite::program<cta_test::tflite::files::encoder_block_d64_int8_tflite>;

static_assert(std::is_same_v<block::input_type<0>, cta::matrix<float, 16, 64>>);
static_assert(block::model.subgraphs()[0].operators().size() == 31);
static_assert(tflm::encoder_block_d64_int8_runs == 4);
static_assert(cta_test::tflite::each_run_as_tflm<block, tflm::encoder_block_d64_int8_inputs,
                                                 tflm::encoder_block_d64_int8_outputs, 4>(
    std::make_index_sequence<4>{}));

}  // namespace
