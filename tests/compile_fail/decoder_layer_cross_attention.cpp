// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): the cross-attention's w_query, w_out and biases fit d_model (here
// b_query has 3 elements).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using cross_attention =
    cta::attention_weights<m<4, 4>, m<1, 3>, m<6, 4>, m<1, 4>, m<6, 4>, m<1, 4>, m<4, 4>, m<1, 4>>;
#else
using cross_attention = blocks::cross_attention;
#endif
constexpr cta::decoder_layer<2, blocks::attention, cross_attention, blocks::feed_forward, blocks::norm, blocks::norm,
                             blocks::norm>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
