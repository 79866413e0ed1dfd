// SPDX-License-Identifier: BSL-1.0
// Shape rule of a mask option: a boolean mask has the shape of the scores, n_q x n_kv (here 3 x 3).
#include <cta/attention.hpp>

constexpr cta::matrix<int, 3, 4> inputs{};
constexpr cta::matrix<int, 4, 2> w_query{};
constexpr cta::matrix<int, 4, 2> w_key{};
constexpr cta::matrix<int, 4, 5> w_value{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<bool, 3, 4> mask{};  // 3 x 4, but the scores of 3 tokens are 3 x 3
#else
constexpr cta::matrix<bool, 3, 3> mask{};
#endif
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value, mask);
