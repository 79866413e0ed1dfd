// SPDX-License-Identifier: BSL-1.0
// cta::quantized::add_params_int16(x, y, out) (and subtract_params_int16): TensorFlow Lite Micro's Prepare of int16
// ADD and SUB requires the output's real multiplier 2 max(sx, sy) / (2^15 so) below 1; an output scale of 2^-15
// with inputs of scale 1 gives 2.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto shift = add_params_int16_output_shift(15);
#else
[[maybe_unused]] constexpr auto shift = add_params_int16_output_shift(0);
#endif
