// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize<Q>(x, scale, zero_point): the zero point is a value of Q (int8_t: -128 to 127).
#include <cta/quantized/quantize.hpp>

#include <cstdint>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int8_t>(-1.0F, 0.5F, 128);
#else
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int8_t>(-1.0F, 0.5F, 127);
#endif
