// SPDX-License-Identifier: BSL-1.0
// Shape rule of the matrix type: both dimensions are at least 1.
#include <cta/matrix.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr std::size_t tokens = 0;  // an empty sequence
#else
constexpr std::size_t tokens = 1;
#endif
[[maybe_unused]] constexpr cta::matrix<double, tokens, 4> inputs{};
