// SPDX-License-Identifier: BSL-1.0
// cta::quantized::batch_matmul(params, ...): activation_min <= activation_max, both in [-128, 127]
// (detail/int8_kernel.hpp, for every int8 kernel).
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = batch_matmul_output({.activation_min = 6, .activation_max = 5});
#else
[[maybe_unused]] constexpr auto y = batch_matmul_output({.activation_min = 5, .activation_max = 5});
#endif
