// SPDX-License-Identifier: BSL-1.0
// cta::quantized::fully_connected(params, ...): the weights' offset, their zero point negated, is in [-127, 128].
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = fully_connected_output({.filter_offset = 129});
#else
[[maybe_unused]] constexpr auto y = fully_connected_output({.filter_offset = -127});
#endif
