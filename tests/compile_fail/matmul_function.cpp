// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::matmul(a, b): a's column count must equal b's row count.
#include <cta/operations.hpp>

constexpr cta::matrix<double, 2, 5> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<double, 4, 3> b{};  // 2 x 5 times 4 x 3: the inner sizes differ
#else
constexpr cta::matrix<double, 5, 3> b{};
#endif
[[maybe_unused]] constexpr auto c = cta::matmul(a, b);
