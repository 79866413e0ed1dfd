// SPDX-License-Identifier: BSL-1.0
// cta::quantized::add<Q>(a, b): TensorFlow Lite's Prepare requires the output's real multiplier
// 2 max(a's scale, b's scale) / (2^20 Q's scale) below 1.
#include <cta/quantized/elementwise.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
constexpr q::qmatrix<std::int8_t, 2, 2, unit> a{};
#ifdef CTA_COMPILE_FAIL
constexpr auto out = q::affine(0x1p-20F, 0);  // a multiplier of 2
#else
constexpr auto out = q::affine(0x1p-18F, 0);  // 0.5
#endif
[[maybe_unused]] constexpr auto c = q::add<out>(a, a);
