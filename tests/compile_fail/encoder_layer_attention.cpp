// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::encode(x, layer): the self-attention weights are d_model x d_model (here w_key has 6 columns).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using attention = cta::attention_weights<m<4, 4>, m<1, 4>, m<4, 6>, m<1, 4>, m<4, 4>, m<1, 4>, m<4, 4>, m<1, 4>>;
#else
using attention = blocks::attention;
#endif
constexpr cta::encoder_layer<2, attention, blocks::feed_forward, blocks::norm, blocks::norm> layer{};
[[maybe_unused]] constexpr auto y = cta::encode(blocks::x, layer);
