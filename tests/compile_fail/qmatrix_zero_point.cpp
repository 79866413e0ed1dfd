// SPDX-License-Identifier: BSL-1.0
// cta::quantized::qmatrix<T, R, C, Q>: a per-tensor zero point is a value of the element type.
#include <cstdint>

#include <cta/quantized/qmatrix.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr std::int32_t zero_point = 200;  // not an int8
#else
constexpr std::int32_t zero_point = 100;
#endif
[[maybe_unused]] constexpr cta::quantized::qmatrix<std::int8_t, 2, 2, cta::quantized::affine(0.25F, zero_point)> m{};
