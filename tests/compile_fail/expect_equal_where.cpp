// SPDX-License-Identifier: BSL-1.0
// CTA_EXPECT_EQUAL names the first differing element (row, column) and both values.
#include <cta/check.hpp>

constexpr cta::matrix<int, 3, 3> keys{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 3, 3> expected_keys{{{0, 1, 1}, {4, 4, 0}, {2, 3, 2}}};  // differs at row 2, column 2
#else
constexpr cta::matrix<int, 3, 3> expected_keys{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}};
#endif
static_assert(CTA_EXPECT_EQUAL(keys, expected_keys));
