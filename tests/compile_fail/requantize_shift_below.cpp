// SPDX-License-Identifier: BSL-1.0
// cta::quantized::multiply_by_quantized_multiplier(x, m): the shift of a quantized_multiplier is at least -31.
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(-7, {1073741824, -32});
#else
[[maybe_unused]] constexpr auto y = cta::quantized::multiply_by_quantized_multiplier(-7, {1073741824, -31});
#endif
