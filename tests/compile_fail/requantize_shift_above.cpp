// SPDX-License-Identifier: BSL-1.0
// cta::quantized::multiply_by_quantized_multiplier(x, multiplier, shift): the shift is at most 30.
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(1, 1073741824, 31);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(1, 1073741824, 30);
#endif
