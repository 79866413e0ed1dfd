// SPDX-License-Identifier: BSL-1.0
// An input of cta::tflite::program (<cta/tflite/program.hpp>) must be of the type the model gives it: here
// hello_world_int8's input, one int8 number quantized with zero point -128, given with zero point -127.
#include <cta/tflite/program.hpp>
#include <tflite_program_files.hpp>

using hello = cta::tflite::program<tflite_program_files::hello_world_int8_tflite>;
#ifdef CTA_COMPILE_FAIL
using input = cta::quantized::qmatrix<std::int8_t, 1, 1, cta::quantized::affine(0x1.91150cp-6f, -127)>;
#else
using input = hello::input_type<0>;
#endif
[[maybe_unused]] constexpr auto y = hello::run(input{});
