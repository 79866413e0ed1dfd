// SPDX-License-Identifier: BSL-1.0
// cta::quantized::fully_connected(params, ...): the output's offset, its zero point, is in [-128, 127]
// (detail/int8_kernel.hpp, for every int8 kernel).
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = fully_connected_output({.output_offset = 128});
#else
[[maybe_unused]] constexpr auto y = fully_connected_output({.output_offset = 127});
#endif
