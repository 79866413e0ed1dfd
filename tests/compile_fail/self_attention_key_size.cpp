// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::self_attention: w_query and w_key need the same number of columns (d_k).
#include <cta/attention.hpp>

constexpr cta::matrix<double, 2, 3> inputs{};
constexpr cta::matrix<double, 3, 4> w_query{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 3, 5> w_key{};  // d_k 5, but w_query has 4 columns
#else
constexpr cta::matrix<double, 3, 4> w_key{};
#endif
constexpr cta::matrix<double, 3, 6> w_value{};
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);
