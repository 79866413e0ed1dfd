// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::quantized::squared_difference<Q>(a, b): in each dimension equal extents, or one of them 1.
#include <cta/quantized/elementwise.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
constexpr q::qmatrix<std::int8_t, 3, 3, unit> a{};
#ifdef CTA_COMPILE_FAIL
constexpr q::qmatrix<std::int8_t, 2, 3, unit> b{};  // 3 rows and 2
#else
constexpr q::qmatrix<std::int8_t, 3, 3, unit> b{};
#endif
[[maybe_unused]] constexpr auto c = q::squared_difference<unit>(a, b);
