// SPDX-License-Identifier: BSL-1.0
// cta::quantized::add_params(x, y, out) (and subtract_params): TensorFlow Lite's Prepare requires the output's real
// multiplier 2 max(sx, sy) / (2^20 so) below 1; an output scale of 2^-20 with inputs of scale 1 gives 2.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto shift = add_params_output_shift(20);
#else
[[maybe_unused]] constexpr auto shift = add_params_output_shift(0);
#endif
