// SPDX-License-Identifier: BSL-1.0
// cta::quantized::add(params, a, a_rows, a_cols, b, b_rows, b_cols, out) (and subtract, multiply,
// squared_difference): in each dimension the two extents are equal, or one of them is 1.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = add_output(2, 3);
#else
[[maybe_unused]] constexpr auto y = add_output(2, 1);
#endif
