// SPDX-License-Identifier: BSL-1.0
// cta::quantized::prepare_softmax_int8(input_scale, beta): beta * input_scale is above 2^-26.
#include <cta/quantized/softmax.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto p = cta::quantized::prepare_softmax_int8(0x1p-26, 1.0);
#else
[[maybe_unused]] constexpr auto p = cta::quantized::prepare_softmax_int8(0x1p-25, 1.0);
#endif
