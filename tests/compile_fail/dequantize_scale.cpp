// SPDX-License-Identifier: BSL-1.0
// cta::quantized::dequantize(q, scale, zero_point): the scale is a positive finite number (not NaN).
#include <cta/quantized/quantize.hpp>

#include <cstdint>
#include <limits>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr float x =
    cta::quantized::dequantize(std::int8_t{-3}, std::numeric_limits<float>::quiet_NaN(), 4);
#else
[[maybe_unused]] constexpr float x =
    cta::quantized::dequantize(std::int8_t{-3}, std::numeric_limits<float>::denorm_min(), 4);
#endif
