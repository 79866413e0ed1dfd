// SPDX-License-Identifier: BSL-1.0
// cta::quantized::asymmetric_int8(min, max): a range wider than the single value 0.
#include <cta/quantized/calibrate.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr float low = 0.0F, high = 0.0F;  // every value 0: no scale
#else
constexpr float low = -1.0F, high = 0.0F;
#endif
[[maybe_unused]] constexpr auto q = cta::quantized::asymmetric_int8(low, high);
