// SPDX-License-Identifier: BSL-1.0
// cta::quantized::softmax(input, rows, row_length, params, output) of int8: params.diff_min is at most 0, and
// diff_min * 2^input_left_shift at least -2^31 (with a left shift of 26, diff_min is at least -32).
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 26, -33});
#else
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 26, -32});
#endif
