// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::nn::MultiheadAttention<T, embed_dim, num_heads>: num_heads divides embed_dim.
#include <cta/pytorch.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr cta::pytorch::nn::MultiheadAttention<double, 6, 4> mha{};
#else
[[maybe_unused]] constexpr cta::pytorch::nn::MultiheadAttention<double, 8, 4> mha{};
#endif
