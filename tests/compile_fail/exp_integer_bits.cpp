// SPDX-License-Identifier: BSL-1.0
// cta::quantized::exp_on_negative_values(x, integer_bits): x has 0 to 29 integer bits.
#include <cta/quantized/fixed_point_math.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::exp_on_negative_values(-5, 30);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::exp_on_negative_values(-5, 29);
#endif
