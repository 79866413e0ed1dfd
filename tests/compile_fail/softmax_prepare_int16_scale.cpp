// SPDX-License-Identifier: BSL-1.0
// cta::quantized::prepare_softmax_int16(input_scale, beta): the multiplier beta * input_scale / (10 / 65535) has a
// shift of at most 15 (beta * input_scale below about 5).
#include <cta/quantized/softmax.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto p = cta::quantized::prepare_softmax_int16(8.0, 1.0);
#else
[[maybe_unused]] constexpr auto p = cta::quantized::prepare_softmax_int16(4.0, 1.0);
#endif
