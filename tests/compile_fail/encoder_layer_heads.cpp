// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::encode(x, layer): the number of heads h divides d_model (the columns of w_query).
#include <cstddef>

#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr std::size_t h = 3;  // 4 columns do not split into 3 heads
#else
constexpr std::size_t h = 2;
#endif
constexpr cta::encoder_layer<h, blocks::attention, blocks::feed_forward, blocks::norm, blocks::norm> layer{};
[[maybe_unused]] constexpr auto y = cta::encode(blocks::x, layer);
