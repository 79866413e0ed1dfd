// SPDX-License-Identifier: BSL-1.0
// cta::quantized::qmatrix<T, R, C, Q>: Q is a per_tensor or a per_channel<C> value.
#include <cstdint>

#include <cta/quantized/qmatrix.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr int quantization = 3;  // a number, not a quantization
#else
constexpr auto quantization = cta::quantized::affine(0.25F, 3);
#endif
[[maybe_unused]] constexpr cta::quantized::qmatrix<std::int8_t, 2, 2, quantization> m{};
