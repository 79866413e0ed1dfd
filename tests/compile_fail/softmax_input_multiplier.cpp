// SPDX-License-Identifier: BSL-1.0
// cta::quantized::softmax(input, rows, row_length, params, output) of int8: params.input_multiplier is not
// negative.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = softmax_int8_output({-1, 26, -31});
#else
[[maybe_unused]] constexpr auto y = softmax_int8_output({0, 26, -31});
#endif
