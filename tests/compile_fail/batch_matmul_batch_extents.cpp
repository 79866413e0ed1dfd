// SPDX-License-Identifier: BSL-1.0
// cta::quantized::batch_matmul(params, multiplier, lhs, lhs_batches, rhs, rhs_batches, ...): in each batch
// dimension the two extents are equal, or one of them is 1.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = batch_matmul_output({}, 2, 3);
#else
[[maybe_unused]] constexpr auto y = batch_matmul_output({}, 2, 1);
#endif
