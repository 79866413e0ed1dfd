// SPDX-License-Identifier: BSL-1.0
// cta::token_embedding(ids, table): every id is below the vocabulary size, the rows of the table.
#include <array>
#include <cstddef>

#include <cta/transformer/embedding.hpp>

constexpr cta::matrix<float, 5, 2> table{};  // a vocabulary of 5 ids, 0 .. 4
#ifdef CTA_COMPILE_FAIL
constexpr std::array<std::size_t, 3> ids{1, 7, 2};
#else
constexpr std::array<std::size_t, 3> ids{1, 4, 2};
#endif
[[maybe_unused]] constexpr auto y = cta::token_embedding(ids, table);
