// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize<Q>(m, scale, zero_point) of a matrix: no element is NaN (it has no quantized value).
#include <cta/quantized/quantize.hpp>

#include <cstdint>
#include <limits>

#ifdef CTA_COMPILE_FAIL
constexpr float element = std::numeric_limits<float>::quiet_NaN();
#else
constexpr float element = std::numeric_limits<float>::infinity();
#endif
constexpr cta::matrix<float, 1, 3> x{{{0.5F, element, -0.5F}}};
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int8_t>(x, 0.5F, 0);
