// SPDX-License-Identifier: BSL-1.0
// cta::quantized::dequantize(m, scale, zero_point) of a matrix: the zero point is a value of the matrix's element
// type (int16_t: -32768 to 32767).
#include <cta/quantized/quantize.hpp>

#include <cstdint>

constexpr cta::matrix<std::int16_t, 1, 2> q{{{-32768, 32767}}};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto x = cta::quantized::dequantize(q, 0.5, -32769);
#else
[[maybe_unused]] constexpr auto x = cta::quantized::dequantize(q, 0.5, -32768);
#endif
