// SPDX-License-Identifier: BSL-1.0
// A tensor of a TensorFlow Lite model (<cta/tflite/tensor.hpp>) that does not load into the matrix asked for stops the
// build, naming the reason, the matrix and the tensor: a matrix of 16 x 8 for weights of 16 x 16.
#include "tflite_model.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::tflite::load_transposed<cta::quantized::qmatrix<std::int8_t, 16, 8, pair::weights_quantization>>(pair::hello, "sequential/dense_1/MatMul");
#else
[[maybe_unused]] constexpr auto m = cta::tflite::load_transposed<pair::weights>(pair::hello, "sequential/dense_1/MatMul");
#endif
