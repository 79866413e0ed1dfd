// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::attention_layer<h>(x_q, x_kv, weights): w_key and w_value have as many rows as x_kv has columns
// (here weights for keys of 4 columns, x_kv of 6).
#include <cta/transformer/attention_layer.hpp>

#include "transformer_blocks.hpp"

#ifdef CTA_COMPILE_FAIL
constexpr blocks::attention weights{};
#else
constexpr blocks::cross_attention weights{};
#endif
[[maybe_unused]] constexpr auto steps = cta::attention_layer<2>(blocks::x, blocks::memory, weights);
