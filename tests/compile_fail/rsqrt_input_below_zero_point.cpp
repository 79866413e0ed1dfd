// SPDX-License-Identifier: BSL-1.0
// cta::quantized::rsqrt(params, input, count, output): no element below the input's zero point.
#include <cstdint>

#include <cta/quantized/rsqrt.hpp>

constexpr std::int8_t rsqrt_output(std::int32_t input_zero_point) {
    constexpr std::int8_t input[1] = {-3};
    std::int8_t output[1] = {};
    cta::quantized::rsqrt({input_zero_point, {1 << 30, 8}, 0}, input, 1, output);
    return output[0];
}

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto y = rsqrt_output(-2);
#else
[[maybe_unused]] constexpr auto y = rsqrt_output(-3);
#endif
