// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::attention(q, k, v): queries and keys need the same number of columns (d_k).
#include <cta/attention.hpp>

constexpr cta::matrix<double, 2, 3> queries{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 5> keys{};  // d_k 5, but the queries have 3 columns
#else
constexpr cta::matrix<double, 4, 3> keys{};
#endif
constexpr cta::matrix<double, 4, 6> values{};
[[maybe_unused]] constexpr auto outputs = cta::attention(queries, keys, values);
