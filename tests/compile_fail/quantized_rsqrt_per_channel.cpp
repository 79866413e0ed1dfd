// SPDX-License-Identifier: BSL-1.0
// cta::quantized::rsqrt<Out>(x): x is quantized per tensor (TensorFlow Lite's RSQRT has one scale and one zero
// point for its input), not per channel.
#include <cta/quantized/rsqrt.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
#ifdef CTA_COMPILE_FAIL
constexpr auto in = q::symmetric<2>({1.0F, 0.5F});
#else
constexpr auto in = unit;
#endif
constexpr q::qmatrix<std::int8_t, 1, 2, in> x{};
[[maybe_unused]] constexpr auto y = q::rsqrt<unit>(x);
