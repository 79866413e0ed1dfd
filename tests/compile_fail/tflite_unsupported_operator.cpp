// SPDX-License-Identifier: BSL-1.0
// A TensorFlow Lite model with an operator cta does not evaluate (<cta/tflite/program.hpp>) does not compile as a
// cta::tflite::program: the error names the operator's code, its index in the subgraph, its version and why.
// TensorFlow Lite Micro's micro_speech_quantized.tflite: RESHAPE, then DEPTHWISE_CONV_2D version 3 (operator 1).
#include <cta/tflite/program.hpp>
#include <tflite_program_files.hpp>

#ifdef CTA_COMPILE_FAIL
using model = cta::tflite::program<tflite_program_files::micro_speech_quantized_tflite>;
#else
using model = cta::tflite::program<tflite_program_files::hello_world_int8_tflite>;
#endif
[[maybe_unused]] constexpr model::input_type<0> x{};
