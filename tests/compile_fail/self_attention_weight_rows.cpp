// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::self_attention: every weight needs as many rows as inputs has columns.
#include <cta/attention.hpp>

constexpr cta::matrix<int, 3, 4> inputs{};
constexpr cta::matrix<int, 4, 2> w_query{};
constexpr cta::matrix<float, 4, 2> w_key{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 5, 6> w_value{};  // 5 rows, but inputs has 4 columns
#else
constexpr cta::matrix<int, 4, 6> w_value{};
#endif
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);
