// SPDX-License-Identifier: BSL-1.0
// cta::encode(x, layer, options...): the options are attention options (cta::scaled, cta::causal, masks), not an int.
#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr int option = 1;
#else
constexpr cta::causal_t option{};
#endif
constexpr cta::encoder_layer<2, blocks::attention, blocks::feed_forward, blocks::norm, blocks::norm> layer{};
[[maybe_unused]] constexpr auto y = cta::encode(blocks::x, layer, option);
