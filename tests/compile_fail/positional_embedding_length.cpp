// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::learned_positional_embedding(x, table): the table (max_len x d) has a row for each of x's n
// positions, n <= max_len.
#include <cta/transformer/embedding.hpp>

constexpr cta::matrix<double, 4, 3> table{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 6, 3> x{};  // 6 tokens, positions for 4
#else
constexpr cta::matrix<double, 4, 3> x{};
#endif
[[maybe_unused]] constexpr auto y = cta::learned_positional_embedding(x, table);
