// SPDX-License-Identifier: BSL-1.0
// cta::quantized::fully_connected(params, ...): the input's offset, its zero point negated, is in [-127, 128].
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = fully_connected_output({.input_offset = -128});
#else
[[maybe_unused]] constexpr auto y = fully_connected_output({.input_offset = 128});
#endif
