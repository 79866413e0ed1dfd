// SPDX-License-Identifier: BSL-1.0
// Shape rule of cta::sinusoidal_positional_encoding<T, n, d>(): d is even.
#include <cstddef>

#include <cta/transformer/positional_encoding.hpp>

#ifdef CTA_COMPILE_FAIL
constexpr std::size_t d = 7;
#else
constexpr std::size_t d = 8;
#endif
[[maybe_unused]] constexpr auto pe = cta::sinusoidal_positional_encoding<double, 5, d>();
