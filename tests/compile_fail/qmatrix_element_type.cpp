// SPDX-License-Identifier: BSL-1.0
// cta::quantized::qmatrix<T, R, C, Q>: the elements are std::int8_t, std::int16_t or std::int32_t.
#include <cstdint>

#include <cta/quantized/qmatrix.hpp>

#ifdef CTA_COMPILE_FAIL
using element = float;
#else
using element = std::int16_t;
#endif
[[maybe_unused]] constexpr cta::quantized::qmatrix<element, 2, 2, cta::quantized::affine(0.25F, 0)> m{};
