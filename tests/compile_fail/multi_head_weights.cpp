// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::multi_head_attention<h>: w_value has d_model columns and w_out d_model rows.
#include <cta/multi_head.hpp>

constexpr cta::matrix<double, 3, 4> x_q{};
constexpr cta::matrix<double, 5, 6> x_kv{};
constexpr cta::matrix<double, 4, 8> w_query{};
constexpr cta::matrix<double, 6, 8> w_key{};
constexpr cta::matrix<double, 6, 8> w_value{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 7, 2> w_out{};  // 7 rows, but the heads side by side have d_model = 8 columns
#else
constexpr cta::matrix<float, 8, 2> w_out{};
#endif
[[maybe_unused]] constexpr auto outputs = cta::multi_head_attention<2>(x_q, x_kv, w_query, w_key, w_value, w_out);
