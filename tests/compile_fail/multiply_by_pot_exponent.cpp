// SPDX-License-Identifier: BSL-1.0
// cta::quantized::saturating_rounding_multiply_by_pot(x, exponent): the exponent is in [-31, 31].
#include <cta/quantized/fixed_point_math.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::saturating_rounding_multiply_by_pot(3, 32);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::saturating_rounding_multiply_by_pot(3, 31);
#endif
