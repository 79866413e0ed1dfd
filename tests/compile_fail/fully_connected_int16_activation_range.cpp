// SPDX-License-Identifier: BSL-1.0
// cta::quantized::fully_connected over int16 (TensorFlow Lite's 16x8 quantization): the activation range is within
// [-32768, 32767] and not empty.
#include "quantized_kernels.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = fully_connected_int16_output({.activation_min = 6, .activation_max = 5});
#else
[[maybe_unused]] constexpr auto y = fully_connected_int16_output({.activation_min = 5, .activation_max = 5});
#endif
