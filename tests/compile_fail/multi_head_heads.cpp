// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::multi_head_attention<h>: the number of heads h divides d_model (the columns of w_query).
#include <cstddef>

#include <cta/multi_head.hpp>

constexpr cta::matrix<double, 2, 4> inputs{};
constexpr cta::matrix<double, 4, 8> w_query{};
constexpr cta::matrix<double, 4, 8> w_key{};
constexpr cta::matrix<double, 4, 8> w_value{};
constexpr cta::matrix<double, 8, 4> w_out{};
#ifdef CTA_COMPILE_FAIL
constexpr std::size_t h = 3;  // 8 columns do not split into 3 heads
#else
constexpr std::size_t h = 4;
#endif
[[maybe_unused]] constexpr auto outputs =
    cta::multi_head_attention<h>(inputs, inputs, w_query, w_key, w_value, w_out);
