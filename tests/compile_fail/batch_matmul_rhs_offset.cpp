// SPDX-License-Identifier: BSL-1.0
// cta::quantized::batch_matmul(params, ...): the right-hand side's offset, its zero point negated, is in
// [-127, 128].
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = batch_matmul_output({.rhs_offset = 129});
#else
[[maybe_unused]] constexpr auto y = batch_matmul_output({.rhs_offset = 128});
#endif
