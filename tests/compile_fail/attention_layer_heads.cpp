// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::attention_layer<h>(x_q, x_kv, weights): the number of heads h divides d_model (the columns of
// w_query).
#include <cstddef>

#include <cta/transformer/attention_layer.hpp>

#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr std::size_t h = 3;  // 4 columns do not split into 3 heads
#else
constexpr std::size_t h = 4;
#endif
constexpr blocks::attention weights{};
[[maybe_unused]] constexpr auto steps = cta::attention_layer<h>(blocks::x, blocks::x, weights);
