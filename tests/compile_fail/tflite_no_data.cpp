// SPDX-License-Identifier: BSL-1.0
// A tensor of a TensorFlow Lite model (<cta/tflite/tensor.hpp>) that does not load into the matrix asked for stops the
// build, naming the reason, the matrix and the tensor: the model's input, computed at run time, which has no data.
#include "tflite_model.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::tflite::load_transposed<pair::input>(pair::hello, "serving_default_dense_input:0");
#else
[[maybe_unused]] constexpr auto m = cta::tflite::load_transposed<pair::weights>(pair::hello, "sequential/dense_1/MatMul");
#endif
