// SPDX-License-Identifier: BSL-1.0
// cta::quantized::multiply_by_quantized_multiplier(x, multiplier, shift): the quantized multiplier is in [0, 2^31).
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(1000, -1073741824, -3);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(1000, 1073741824, -3);
#endif
