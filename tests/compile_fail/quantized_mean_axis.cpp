// SPDX-License-Identifier: BSL-1.0
// cta::quantized::mean<Axis, Out>(x): Axis is 0 (the mean of each column) or 1 (the mean of each row).
#include <cta/quantized/mean.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
constexpr q::qmatrix<std::int8_t, 2, 3, unit> x{};
#ifdef CTA_COMPILE_FAIL
constexpr std::size_t axis = 2;
#else
constexpr std::size_t axis = 1;
#endif
[[maybe_unused]] constexpr auto m = q::mean<axis, unit>(x);
