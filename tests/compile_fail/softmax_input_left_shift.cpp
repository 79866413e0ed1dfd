// SPDX-License-Identifier: BSL-1.0
// cta::quantized::softmax(input, rows, row_length, params, output) of int8: params.input_left_shift is in
// [0, 31].
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 32, -31});
#else
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 31, -1});
#endif
