// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::encode(x, layer): the feed-forward weights fit d_model and each other (here w_2 has 6 rows, w_1
// 8 columns).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using feed_forward = cta::feed_forward_weights<m<4, 8>, m<1, 8>, m<6, 4>, m<1, 4>>;
#else
using feed_forward = blocks::feed_forward;
#endif
constexpr cta::encoder_layer<2, blocks::attention, feed_forward, blocks::norm, blocks::norm> layer{};
[[maybe_unused]] constexpr auto y = cta::encode(blocks::x, layer);
