// SPDX-License-Identifier: BSL-1.0
// Axis rule of a * b: a's column axis is b's row axis. With n == d_k the sizes agree, the axes do not:
// queries * keys is a forgotten transpose of queries * transpose(keys).
#include <cta/operations.hpp>

using cta::axis::key;
using cta::axis::tokens;

constexpr cta::matrix<int, 3, 3, tokens, key> queries{};
constexpr cta::matrix<int, 3, 3, tokens, key> keys{};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto scores = queries * keys;  // key features times tokens
#else
[[maybe_unused]] constexpr auto scores = queries * cta::transpose(keys);
#endif
