// SPDX-License-Identifier: BSL-1.0
// cta::quantized::softmax(input, rows, row_length, params, output) of int8: each row's sum of exponentials (in
// Q12.19, 2^19 for each element equal to the row's maximum) is below 2^31, which 4096 equal elements reach.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 26, -31}, 4096);
#else
[[maybe_unused]] constexpr auto y = softmax_int8_output({1 << 30, 26, -31}, 4095);
#endif
