// SPDX-License-Identifier: BSL-1.0
// Axis rule of a + b: the same shape includes the same axes, not only the same sizes.
#include <cta/operations.hpp>

using cta::axis::key;
using cta::axis::tokens;
using cta::axis::value;

constexpr cta::matrix<float, 3, 3, tokens, key> a{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 3, 3, tokens, value> b{};  // key features plus value features
#else
constexpr cta::matrix<float, 3, 3, tokens, key> b{};
#endif
[[maybe_unused]] constexpr auto c = a + b;
