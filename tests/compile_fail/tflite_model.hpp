// SPDX-License-Identifier: BSL-1.0
// The model of the tflite_* pairs: TensorFlow Lite Micro's hello_world_int8.tflite (tests/tflite/models), read while
// compiling, and the types of its second layer's weights (TensorFlow Lite's [output, input], int8 per tensor).
#pragma once

#include <cstdint>

#include <cta/tflite.hpp>
#include <tflite_pair_files.hpp>

namespace pair {
inline constexpr auto hello = cta::tflite::open(tflite_pair_files::hello_world_int8_tflite).model;
inline constexpr auto weights_quantization = cta::tflite::per_tensor_of(
    hello.subgraphs()[0].tensors()[cta::tflite::find_tensor(hello.subgraphs()[0], "sequential/dense_1/MatMul")]);
using weights = cta::quantized::qmatrix<std::int8_t, 16, 16, weights_quantization>;
inline constexpr auto other_zero_point = cta::quantized::affine(weights_quantization.scale(), 1);
using input = cta::quantized::qmatrix<std::int8_t, 1, 1, cta::quantized::affine(0x1.91150cp-6f, -128)>;
}  // namespace pair
