// SPDX-License-Identifier: BSL-1.0
// Shape rule of the matrix product: a * b needs a's column count to equal b's row count.
#include <cta/operations.hpp>

constexpr cta::matrix<int, 3, 4> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 3, 3> b{};  // 3 x 4 times 3 x 3: the inner sizes differ
#else
constexpr cta::matrix<int, 4, 3> b{};
#endif
[[maybe_unused]] constexpr auto c = a * b;
