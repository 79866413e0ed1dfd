// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::encode(x, layer): each layer normalisation's gain and bias are one row of d_model (here the
// second normalisation's bias has 5 elements).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using norm_2 = cta::layer_norm_weights<m<1, 4>, m<1, 5>>;
#else
using norm_2 = blocks::norm;
#endif
constexpr cta::encoder_layer<2, blocks::attention, blocks::feed_forward, blocks::norm, norm_2> layer{};
[[maybe_unused]] constexpr auto y = cta::encode(blocks::x, layer);
