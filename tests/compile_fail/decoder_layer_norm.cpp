// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::decode(x, memory, layer): each layer normalisation's gain and bias are one row of d_model (here
// the third normalisation's gain has 3 elements).
#include "transformer_blocks.hpp"

using blocks::m;
#ifdef CTA_COMPILE_FAIL
using norm_3 = cta::layer_norm_weights<m<1, 3>, m<1, 4>>;
#else
using norm_3 = blocks::norm;
#endif
constexpr cta::decoder_layer<2, blocks::attention, blocks::cross_attention, blocks::feed_forward, blocks::norm,
                             blocks::norm, norm_3>
    layer{};
[[maybe_unused]] constexpr auto y = cta::decode(blocks::x, blocks::memory, layer, cta::causal);
