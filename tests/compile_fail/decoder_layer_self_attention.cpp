// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): the self-attention weights are d_model x d_model (here w_value has 5
// rows).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using attention = cta::attention_weights<m<4, 4>, m<1, 4>, m<4, 4>, m<1, 4>, m<5, 4>, m<1, 4>, m<4, 4>, m<1, 4>>;
#else
using attention = blocks::attention;
#endif
constexpr cta::decoder_layer<2, attention, blocks::cross_attention, blocks::feed_forward, blocks::norm, blocks::norm,
                             blocks::norm>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
