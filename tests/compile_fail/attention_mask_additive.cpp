// SPDX-License-Identifier: BSL-1.0
// Shape rule of a mask option: an additive mask has the shape of the scores, n_q x n_kv (here 2 x 4).
#include <cta/attention.hpp>

constexpr cta::matrix<double, 2, 3> queries{};
constexpr cta::matrix<double, 4, 3> keys{};
constexpr cta::matrix<double, 4, 5> values{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 4, 2> mask{};  // 4 x 2: keys by queries, the scores' transpose
#else
constexpr cta::matrix<float, 2, 4> mask{};
#endif
[[maybe_unused]] constexpr auto outputs = cta::scaled_dot_product_attention(queries, keys, values, mask);
