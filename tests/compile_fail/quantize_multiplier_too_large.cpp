// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize_multiplier(M): M = multiplier * 2^(shift - 31) with a shift of at most 30, so M is below
// 2^30 (2^29 has shift 30; 2^30 would need 31).
#include <cta/quantized/fixed_point.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(0x1p30);
#else
[[maybe_unused]] constexpr auto m = cta::quantized::quantize_multiplier(0x1p29);
#endif
