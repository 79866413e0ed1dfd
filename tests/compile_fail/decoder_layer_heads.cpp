// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): the number of heads h divides d_model (the columns of both
// attentions' w_query).
#include <cstddef>

#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr std::size_t h = 3;  // 4 columns do not split into 3 heads
#else
constexpr std::size_t h = 2;
#endif
constexpr cta::decoder_layer<h, blocks::attention, blocks::cross_attention, blocks::feed_forward, blocks::norm,
                             blocks::norm, blocks::norm>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
