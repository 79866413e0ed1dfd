// SPDX-License-Identifier: BSL-1.0
// cta::quantized::qmatrix<T, R, C, Q>: a per-channel quantization has one scale per column.
#include <cstdint>

#include <cta/quantized/qmatrix.hpp>

constexpr float scales[3] = {0.5F, 0.25F, 0.125F};
#ifdef CTA_COMPILE_FAIL
constexpr std::size_t columns = 4;  // four columns, three scales
#else
constexpr std::size_t columns = 3;
#endif
[[maybe_unused]] constexpr cta::quantized::qmatrix<std::int8_t, 2, columns, cta::quantized::symmetric(scales)> w{};
