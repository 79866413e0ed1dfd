// SPDX-License-Identifier: BSL-1.0
// cta::quantized::multiply_by_quantized_multiplier_int64(x, multiplier, shift) (the int16 kernels' 64-bit sums): the
// shift is at most 7, as TensorFlow Lite requires.
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier_int64(1, 1073741824, 8);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier_int64(1, 1073741824, 7);
#endif
