// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): the feed-forward weights fit d_model and each other (here b_1 has 7
// elements, w_1 8 columns).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using feed_forward = cta::feed_forward_weights<m<4, 8>, m<1, 7>, m<8, 4>, m<1, 4>>;
#else
using feed_forward = blocks::feed_forward;
#endif
constexpr cta::decoder_layer<2, blocks::attention, blocks::cross_attention, feed_forward, blocks::norm, blocks::norm,
                             blocks::norm>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
