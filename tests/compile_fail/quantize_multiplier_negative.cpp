// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize_multiplier(M): a real multiplier is not negative.
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(-0.5);
#else
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(0.5);
#endif
