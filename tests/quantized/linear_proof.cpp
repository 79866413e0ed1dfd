// SPDX-License-Identifier: BSL-1.0
// A linear layer with a bias in int8 (<cta/quantized/linear.hpp>), proven while this file compiles
// (static.quantized_linear): the seed's inputs times W_V plus a bias, calibrated and quantized as TensorFlow Lite's
// converter does; the typed layer gives what the FULLY_CONNECTED kernel (per channel, int32 bias) computes, and
// stays within the bound the roundings of its inputs, weights, bias and outputs allow.
#include <cstddef>
#include <cstdint>

#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/linear.hpp>

#include "../../examples/seed.hpp"

namespace {

namespace q = cta::quantized;

constexpr cta::matrix<double, 1, 3> bias{{{0.5, -1.0, 2.25}}};
constexpr auto parameters = q::calibrate_linear(seed::inputs, seed::w_value, bias);
constexpr auto layer = q::quantize_linear<parameters>(seed::w_value, bias);
constexpr auto inputs = q::quantize<std::int8_t, parameters.inputs>(seed::inputs);
constexpr auto outputs = q::linear(inputs, layer);

// The bias at the scales s_x * s_w(c): 0.5 / (s_x * 1/127) and so on, rounded half away from zero.
static_assert(q::quantize_bias<parameters.inputs, parameters.weights>(bias) == layer.bias);
static_assert(layer.bias(0, 0) == static_cast<std::int32_t>(
                                      q::detail::round_half_away_from_zero(0.5F * static_cast<float>(
                                          1.0 / static_cast<double>(parameters.inputs.scale() *
                                                                    parameters.weights.scale(0))))));

// The FULLY_CONNECTED kernel on the same integers: the filter as TensorFlow Lite stores it (channel by input).
constexpr bool same_as_kernel() {
    std::int8_t filter[3 * 4]{}, y[3 * 3]{};
    std::int32_t multipliers[3]{}, shifts[3]{}, b[3]{};
    for (std::size_t c = 0; c < 3; ++c) {
        for (std::size_t i = 0; i < 4; ++i) filter[c * 4 + i] = layer.weights(i, c);
        const auto m = q::quantize_multiplier(static_cast<double>(parameters.inputs.scale()) *
                                              static_cast<double>(parameters.weights.scale(c)) /
                                              static_cast<double>(parameters.outputs.scale()));
        multipliers[c] = m.multiplier;
        shifts[c] = m.shift;
        b[c] = layer.bias(0, c);
    }
    q::fully_connected_params params;
    params.input_offset = -parameters.inputs.zero_point;
    params.output_offset = parameters.outputs.zero_point;
    q::fully_connected_per_channel(params, multipliers, shifts, inputs.data(), filter, b, y, 3, 4, 3);
    for (std::size_t i = 0; i < 9; ++i) {
        if (y[i] != outputs.elems[i]) return false;
    }
    return true;
}
static_assert(same_as_kernel());

// Within the rounding errors' bound of x W + b: each input off by at most half its step (s_x / 2), each weight by
// half its channel's (s_w(c) / 2), the bias by half its step, and the output by half the output step:
// |error| <= s_out / 2 + s_b / 2 + sum over t of (|w(t, c)| s_x / 2 + |x(t)| s_w(c) / 2 + s_x s_w(c) / 4).
constexpr bool within_rounding_bound() {
    const auto real = q::dequantize(outputs);
    const double s_x = parameters.inputs.scale(), s_out = parameters.outputs.scale();
    for (std::size_t i = 0; i < 3; ++i) {
        for (std::size_t c = 0; c < 3; ++c) {
            const double s_w = parameters.weights.scale(c);
            double exact = bias(0, c), bound = s_out / 2 + s_x * s_w / 2;
            for (std::size_t t = 0; t < 4; ++t) {
                exact += seed::inputs(i, t) * seed::w_value(t, c);
                const int w = seed::w_value(t, c), x = seed::inputs(i, t);
                bound += (w < 0 ? -w : w) * s_x / 2 + (x < 0 ? -x : x) * s_w / 2 + s_x * s_w / 4;
            }
            const double d = real(i, c) - exact;
            if ((d < 0 ? -d : d) > bound) return false;
        }
    }
    return true;
}
static_assert(within_rounding_bound());

}  // namespace
