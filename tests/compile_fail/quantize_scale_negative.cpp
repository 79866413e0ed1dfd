// SPDX-License-Identifier: BSL-1.0
// cta::quantized::quantize<Q>(m, scale, zero_point) of a matrix: the scale is positive.
#include <cta/quantized/quantize.hpp>

#include <cstdint>

constexpr cta::matrix<double, 2, 2> x{{{0.5, -0.5}, {1.0, 2.0}}};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int16_t>(x, -0.1, 0);
#else
[[maybe_unused]] constexpr auto q = cta::quantized::quantize<std::int16_t>(x, 0.1, 0);
#endif
