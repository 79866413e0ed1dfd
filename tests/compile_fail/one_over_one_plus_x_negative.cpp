// SPDX-License-Identifier: BSL-1.0
// cta::quantized::one_over_one_plus_x_for_x_in_0_1(x): x, with 0 integer bits, is in [0, 1): not negative.
#include <cta/quantized/fixed_point_math.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = cta::quantized::one_over_one_plus_x_for_x_in_0_1(-1);
#else
[[maybe_unused]] constexpr auto y = cta::quantized::one_over_one_plus_x_for_x_in_0_1(0);
#endif
