// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::quantized::subtract<Q>(a, b): in each dimension equal extents, or one of them 1.
#include <cta/quantized/elementwise.hpp>

namespace q = cta::quantized;
constexpr auto half = q::affine(0.5F, -3);
constexpr q::qmatrix<std::int8_t, 4, 2, half> a{};
#ifdef CTA_COMPILE_FAIL
constexpr q::qmatrix<std::int8_t, 3, 1, half> b{};  // 4 rows minus 3
#else
constexpr q::qmatrix<std::int8_t, 4, 1, half> b{};  // a column subtracted from each column
#endif
[[maybe_unused]] constexpr auto c = q::subtract<half>(a, b);
