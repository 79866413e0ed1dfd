// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::nn::MultiheadAttention<T, embed_dim, h, bias, kdim, vdim>(query, key, value): query has embed_dim
// columns, key kdim, value vdim, and key and value the same number of rows.
#include <cta/pytorch.hpp>

using attention = cta::pytorch::nn::MultiheadAttention<double, 4, 2, true, 6, 4>;
constexpr attention mha{};
constexpr cta::matrix<double, 3, 4> query{};
constexpr cta::matrix<double, 5, 6> key{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 5, 6> value{};  // vdim is 4
#else
constexpr cta::matrix<double, 5, 4> value{};
#endif
[[maybe_unused]] constexpr auto y = mha(query, key, value);
