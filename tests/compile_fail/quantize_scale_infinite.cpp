// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize<Q>(x, scale, zero_point): the scale is finite.
#include <cta/quantized/quantize.hpp>

#include <cstdint>
#include <limits>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto q =
    cta::quantized::quantize<std::int32_t>(1.0, std::numeric_limits<double>::infinity(), 0);
#else
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int32_t>(1.0, std::numeric_limits<double>::max(), 0);
#endif
