// SPDX-License-Identifier: BSL-1.0
// cta::quantized::mean<Axis, Out>(x): x is quantized per tensor (TensorFlow Lite's MEAN has one scale and one zero
// point for its input), not per channel.
#include <cta/quantized/mean.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
#ifdef CTA_COMPILE_FAIL
constexpr auto in = q::symmetric<3>({1.0F, 0.5F, 0.25F});
#else
constexpr auto in = unit;
#endif
constexpr q::qmatrix<std::int8_t, 2, 3, in> x{};
[[maybe_unused]] constexpr auto m = q::mean<0, unit>(x);
