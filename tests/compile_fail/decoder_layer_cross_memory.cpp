// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): the cross-attention's w_key and w_value have as many rows as the
// memory (the encoder's outputs) has columns (here weights for d_memory = 4, a memory of 6 columns).
#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
using cross_attention = blocks::attention;
#else
using cross_attention = blocks::cross_attention;
#endif
constexpr cta::decoder_layer<2, blocks::attention, cross_attention, blocks::feed_forward, blocks::norm, blocks::norm,
                             blocks::norm>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
