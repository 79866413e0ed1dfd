// SPDX-License-Identifier: BSL-1.0
// cta::quantized::rounding_divide_by_pot(x, exponent): the exponent is at least 0.
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::rounding_divide_by_pot(5, -1);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::rounding_divide_by_pot(5, 0);
#endif
