// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A quantized linear layer, y = x W + b, as a converted TensorFlow Lite model computes it (FULLY_CONNECTED
/// with per-channel int8 weights and an int32 bias), and its quantization from a real-valued layer:
///
///     constexpr auto q = cta::quantized::calibrate_linear(inputs, w, b);          // inputs, weights, outputs
///     constexpr auto layer = cta::quantized::quantize_linear<q>(w, b);            // int8 W, int32 bias
///     constexpr auto y = cta::quantized::linear(cta::quantized::quantize<std::int8_t, q.inputs>(inputs), layer);
///
/// The bias is quantized as TensorFlow Lite's converter quantizes it: channel c's scale is the float product of the
/// input's scale and the weights' scale of c, each value times the float reciprocal of that scale, rounded half away
/// from zero and clamped to [-(2^31 - 1), 2^31 - 1]; the accumulator adds it before the requantization.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/attention.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/quantize.hpp>

namespace cta::quantized {

/// @brief The bias `b` (1 x d_out) of a layer whose inputs are quantized with `QX` and its weights with `QW`
/// (`per_channel<d_out>`), in int32 at the scales s_x * s_w(c), as TensorFlow Lite's converter quantizes it.
template <auto QX, auto QW, class Real, std::size_t Out>
CTA_DETAIL_TARGET_TAG constexpr matrix<std::int32_t, 1, Out> quantize_bias(const matrix<Real, 1, Out>& b) noexcept {
    matrix<std::int32_t, 1, Out> q;
    for (std::size_t c = 0; c < Out; ++c) {
        const float scale = QX.scale() * QW.scale(c);
        const auto inverse = static_cast<float>(1.0 / static_cast<double>(scale));
        const float v = detail::round_half_away_from_zero(static_cast<float>(b(0, c)) * inverse);
        constexpr float limit = 2147483647.0F;  // 2^31 in float
        q(0, c) = v >= limit ? 2147483647 : v <= -limit ? -2147483647 : static_cast<std::int32_t>(v);
    }
    return q;
}

/// @brief The quantization of a linear layer x W + b: inputs, per-channel weights, outputs. Made by
/// `calibrate_linear`.
template <std::size_t In, std::size_t Out>
struct linear_quantization {
    ///@{
    /// @brief The layer's inputs and outputs.
    static constexpr std::size_t d_in = In, d_out = Out;
    ///@}
    /// @brief x, int8.
    per_tensor inputs;
    /// @brief W, int8 per channel.
    per_channel<Out> weights;
    /// @brief x W + b, int8.
    per_tensor outputs;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const linear_quantization&, const linear_quantization&) = default;
};

namespace detail {
/// The calibration of x W + b on `count` sequences of the same shape, `inputs[0]` to `inputs[count - 1]`.
template <class RX, class RW, class RB, std::size_t N, std::size_t In, std::size_t Out>
CTA_DETAIL_TARGET_TAG constexpr linear_quantization<In, Out> calibrate_linear(const matrix<RX, N, In>* inputs,
                                                                            std::size_t count,
                                                                            const matrix<RW, In, Out>& w,
                                                                            const matrix<RB, 1, Out>& b) noexcept {
    value_range x_range, y_range;
    for (std::size_t s = 0; s < count; ++s) {
        x_range.widen(inputs[s]);
        matrix<double, N, Out> y;
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t c = 0; c < Out; ++c) {
                auto acc = static_cast<double>(b(0, c));
                for (std::size_t t = 0; t < In; ++t)
                    acc += static_cast<double>(inputs[s](i, t)) * static_cast<double>(w(t, c));
                y(i, c) = acc;
            }
        }
        y_range.widen(y);
    }
    linear_quantization<In, Out> p;
    p.inputs = x_range.quantization();
    p.weights = symmetric_int8(w);
    p.outputs = y_range.quantization();
    return p;
}
}  // namespace detail

/// @brief The quantization of x W + b calibrated on representative inputs, as TensorFlow Lite's converter derives it
/// (calibrate.hpp): the inputs' and the outputs' ranges (the outputs computed in double), the weights per channel.
template <class RX, class RW, class RB, std::size_t N, std::size_t In, std::size_t Out>
CTA_DETAIL_TARGET_TAG constexpr linear_quantization<In, Out> calibrate_linear(const matrix<RX, N, In>& inputs,
                                                                            const matrix<RW, In, Out>& w,
                                                                            const matrix<RB, 1, Out>& b) noexcept {
    return detail::calibrate_linear(&inputs, 1, w, b);
}

/// @brief The same, calibrated on several representative sequences of one shape, a braced list or an array:
/// `calibrate_linear({x1, x2}, w, b)`. The inputs' and the outputs' ranges are the unions of their ranges on the
/// sequences, as for `calibrate_self_attention` (calibrate.hpp).
template <class RX, class RW, class RB, std::size_t S, std::size_t N, std::size_t In, std::size_t Out>
CTA_DETAIL_TARGET_TAG constexpr linear_quantization<In, Out> calibrate_linear(const matrix<RX, N, In> (&inputs)[S],
                                                                            const matrix<RW, In, Out>& w,
                                                                            const matrix<RB, 1, Out>& b) noexcept {
    return detail::calibrate_linear(inputs, S, w, b);
}

/// @brief The int8 weights and int32 bias of a linear layer, quantized with the parameters `P`.
template <auto P>
struct linear_layer {
    /// @brief The type of `P`, a `linear_quantization`.
    using parameters_type = std::remove_const_t<decltype(P)>;
    /// @brief `P`: the quantization of the inputs, weights and outputs.
    static constexpr parameters_type parameters = P;
    ///@{
    /// @brief The layer's inputs and outputs, from `P`.
    static constexpr std::size_t d_in = parameters_type::d_in, d_out = parameters_type::d_out;
    ///@}
    /// @brief W, d_in x d_out, int8 per channel.
    qmatrix<std::int8_t, d_in, d_out, P.weights> weights;
    /// @brief b in int32, at the scales s_x * s_w(c), zero point 0.
    matrix<std::int32_t, 1, d_out> bias;
};

/// @brief The weights and bias quantized with `P` (weights per channel; the bias at the scales s_x * s_w(c)).
template <auto P, class RW, class RB, std::size_t In, std::size_t Out>
CTA_DETAIL_TARGET_TAG constexpr linear_layer<P> quantize_linear(const matrix<RW, In, Out>& w,
                                                               const matrix<RB, 1, Out>& b) noexcept {
    return {quantize_weights<P.weights>(w), quantize_bias<P.inputs, P.weights>(b)};
}

namespace detail {
/// @brief Whether `x` of type X fits a linear layer with the parameters P; where it does not, a build error that
/// names the operation, X and the layer.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr bool linear_inputs_fit() noexcept {
    using Layer = linear_layer<P>;
    if constexpr (!is_int8_qmatrix_v<X>) {
        static_assert(quantizations_agree<op::quantized_linear, X, Layer>,
                      "cta::quantized::linear(x, layer): x must be quantized to int8 (a cta::quantized::qmatrix<"
                      "std::int8_t, n, d_in, Q>)");
        return false;
    } else if constexpr (X::cols != Layer::d_in || !(X::quantization == P.inputs)) {
        static_assert(quantizations_agree<op::quantized_linear, X, Layer>,
                      "cta::quantized::linear(x, layer): x needs d_in columns, quantized as the layer's inputs");
        return false;
    } else {
        return true;
    }
}
}  // namespace detail

/// @brief y = x W + b in int8 (TensorFlow Lite's FULLY_CONNECTED, per-channel weights, int32 bias):
/// `qmatrix<std::int8_t, n, d_out, P.outputs>`.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr auto linear(const X& x, const linear_layer<P>& layer) noexcept {
    if constexpr (!detail::linear_inputs_fit<X, P>()) {
        return 0;
    } else {
        constexpr std::size_t in = linear_layer<P>::d_in, out = linear_layer<P>::d_out;
        qmatrix<std::int8_t, X::rows, out, P.outputs> y;
        for (std::size_t c = 0; c < out; ++c) {
            const quantized_multiplier m = detail::linear_multipliers<P.inputs, P.weights, P.outputs, out>.channel[c];
            for (std::size_t i = 0; i < X::rows; ++i) {
                const std::int32_t acc = detail::offset_dot(x.data() + i * in, -P.inputs.zero_point,
                                                            layer.weights.data() + c, out, 0, in) +
                                         layer.bias(0, c);
                y(i, c) = detail::requantize_to_int8(acc, m.multiplier, m.shift, P.outputs.zero_point, -128, 127);
            }
        }
        return y;
    }
}

}  // namespace cta::quantized
