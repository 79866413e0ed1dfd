// SPDX-License-Identifier: BSL-1.0
// cta::quantized::exp_on_negative_values(x, integer_bits): x is not positive.
#include <cta/quantized/fixed_point_math.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::exp_on_negative_values(1, 5);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::exp_on_negative_values(0, 5);
#endif
