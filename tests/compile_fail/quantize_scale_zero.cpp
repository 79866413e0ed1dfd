// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize<Q>(x, scale, zero_point): the scale is positive (not 0).
#include <cta/quantized/quantize.hpp>

#include <cstdint>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int8_t>(1.5F, 0.0F, 0);
#else
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int8_t>(1.5F, 0.25F, 0);
#endif
