// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::cross_attention: w_key (and w_value) need as many rows as x_kv has columns.
#include <cta/attention.hpp>

constexpr cta::matrix<int, 2, 4> x_q{};
constexpr cta::matrix<int, 5, 6> x_kv{};
constexpr cta::matrix<int, 4, 3> w_query{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 4, 3> w_key{};  // 4 rows, the features of x_q, but x_kv has 6 columns
#else
constexpr cta::matrix<int, 6, 3> w_key{};
#endif
constexpr cta::matrix<int, 6, 7> w_value{};
[[maybe_unused]] constexpr auto outputs = cta::cross_attention(x_q, x_kv, w_query, w_key, w_value);
