// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::linear(inputs, w, b): the bias is one row of d_out elements.
#include <cta/transformer/linear.hpp>

constexpr cta::matrix<float, 2, 3> inputs{};
constexpr cta::matrix<float, 3, 5> w{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<float, 1, 3> b{};  // d_in elements, not d_out
#else
constexpr cta::matrix<float, 1, 5> b{};
#endif
[[maybe_unused]] constexpr auto y = cta::linear(inputs, w, b);
