// SPDX-License-Identifier: BSL-1.0
// cta::quantized::softmax(input, rows, row_length, params, luts, output) of int16: each row's sum of the entries
// of e^x it looks up is in [2, 2^31), as with TensorFlow Lite's tables; with a table of zeros it is 0.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = softmax_int16_output(0);
#else
[[maybe_unused]] constexpr auto y = softmax_int16_output(32767);
#endif
