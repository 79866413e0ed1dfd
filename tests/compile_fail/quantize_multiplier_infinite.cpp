// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize_multiplier(M): a real multiplier is finite.
#include <cta/quantized/fixed_point.hpp>

#include <limits>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(std::numeric_limits<double>::infinity());
#else
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(0x1p-40);
#endif
