// SPDX-License-Identifier: BSL-1.0
// cta::quantized::qmatrix<T, R, C, Q>: per-channel quantization is for int8 weights.
#include <cstdint>

#include <cta/quantized/qmatrix.hpp>

constexpr float scales[2] = {0.5F, 0.25F};
#ifdef CTA_COMPILE_FAIL
using element = std::int16_t;
#else
using element = std::int8_t;
#endif
[[maybe_unused]] constexpr cta::quantized::qmatrix<element, 3, 2, cta::quantized::symmetric(scales)> w{};
