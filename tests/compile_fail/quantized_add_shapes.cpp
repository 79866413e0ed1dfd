// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::quantized::add<Q>(a, b): in each dimension equal extents, or one of them 1.
#include <cta/quantized/elementwise.hpp>

namespace q = cta::quantized;
constexpr auto unit = q::affine(1.0F, 0);
constexpr q::qmatrix<std::int8_t, 2, 3, unit> a{};
#ifdef CTA_COMPILE_FAIL
constexpr q::qmatrix<std::int8_t, 3, 2, unit> b{};  // 2 x 3 plus 3 x 2
#else
constexpr q::qmatrix<std::int8_t, 1, 3, unit> b{};  // a row added to each row
#endif
[[maybe_unused]] constexpr auto c = q::add<unit>(a, b);
