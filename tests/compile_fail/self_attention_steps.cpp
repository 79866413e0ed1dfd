// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::self_attention_steps: the same rule as cta::self_attention (here w_query's row count).
#include <cta/attention_steps.hpp>

constexpr cta::matrix<int, 2, 3> inputs{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 5> w_query{};  // 4 rows, but inputs has 3 columns
#else
constexpr cta::matrix<double, 3, 5> w_query{};
#endif
constexpr cta::matrix<double, 3, 5> w_key{};
constexpr cta::matrix<int, 3, 6> w_value{};
[[maybe_unused]] constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);
