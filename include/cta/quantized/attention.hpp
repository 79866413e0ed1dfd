// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Quantized self-attention as a converted TensorFlow Lite model computes it: int8 inputs, Q, K and V by fully
/// connected layers with per-channel weights, the scores by the batch product of Q and K^T (1/sqrt(d_k) folded into
/// its requantization), int8 softmax, and the outputs by the batch product of the weights and V; each step with
/// TensorFlow Lite's integer arithmetic (fixed_point.hpp, softmax.hpp), the same bits at compile time and at run
/// time.
///
/// From a real-valued model to its int8 twin, in constant expressions:
///
///     constexpr auto q = cta::quantized::calibrate_self_attention(inputs, w_query, w_key, w_value);
///     constexpr auto model = cta::quantized::quantize_self_attention<q>(w_query, w_key, w_value);
///     constexpr auto x = cta::quantized::quantize<std::int8_t, q.inputs>(inputs);
///     constexpr auto outputs = cta::quantized::self_attention(x, model);  // qmatrix<int8_t, n, d_v, q.outputs>
///
/// `calibrate_self_attention` runs the real-valued attention on representative inputs and derives every tensor's
/// quantization as TensorFlow Lite's converter does (`calibrate.hpp`); `quantize_self_attention` quantizes the
/// weights with it; the quantization of every step is part of the model's type and of each step's type, so inputs
/// quantized otherwise than the model expects do not compile. `self_attention_steps` (attention_steps.hpp) gives
/// every step. Options, given to `calibrate_self_attention`: `cta::scaled` (divide the scores by sqrt(d_k)) and
/// `cta::causal` (query i sees keys 0 to i).
///
/// From a converted model's parameters instead (a `.tflite` file's, or any other's): `P` written with the model's
/// scales and zero points, the model's int8 weights and int32 biases in a `self_attention_model<P>`:
///
///     constexpr cta::quantized::self_attention_quantization<8, 4, 6> p{
///         .inputs = affine(s_x, z_x), .w_query = symmetric(scales_q), ..., .outputs = affine(s_o, z_o)};
///     constexpr cta::quantized::self_attention_model<p> model{w_q, w_k, w_v, b_q, b_k, b_v};
///
/// Each projection then adds its bias to the accumulator before the requantization, as FULLY_CONNECTED does; a
/// model without biases (`quantize_self_attention`'s) has zeros there. docs/tflite.md loads them from a file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/softmax.hpp>

namespace cta::quantized {

/// @brief The int8 weights of a self-attention layer, quantized with the parameters `P` (a
/// `self_attention_quantization` value, from `calibrate_self_attention`), which its type carries.
template <auto P>
struct self_attention_model {
    /// @brief The type of `P`, a `self_attention_quantization`.
    using parameters_type = std::remove_const_t<decltype(P)>;
    /// @brief `P`: the quantization of every tensor.
    static constexpr parameters_type parameters = P;
    ///@{
    /// @brief The inputs' width and the projections' columns, from `P`.
    static constexpr std::size_t d_in = parameters_type::d_in, d_k = parameters_type::d_k,
                                 d_v = parameters_type::d_v;
    ///@}
    /// @brief W_Q, d_in x d_k, int8 per channel.
    qmatrix<std::int8_t, d_in, d_k, P.w_query> w_query;
    /// @brief W_K, d_in x d_k, int8 per channel.
    qmatrix<std::int8_t, d_in, d_k, P.w_key> w_key;
    /// @brief W_V, d_in x d_v, int8 per channel.
    qmatrix<std::int8_t, d_in, d_v, P.w_value> w_value;
    ///@{
    /// @brief The biases of Q, K and V in int32, at the scales s_x * s_w(c) with zero point 0 (a converted model's
    /// FULLY_CONNECTED biases); zeros for a layer without biases.
    matrix<std::int32_t, 1, d_k> b_query{};
    matrix<std::int32_t, 1, d_k> b_key{};
    matrix<std::int32_t, 1, d_v> b_value{};
    ///@}
};

/// @brief The weights quantized with the parameters `P` (TensorFlow Lite's symmetric per-channel quantization:
/// column c times 127 / its largest magnitude, in float, rounded half away from zero). Precondition: the weights are
/// the ones `P` was calibrated with (each column's scale is its largest magnitude / 127).
template <auto P, class RQ, class RK, class RV, std::size_t DIn, std::size_t DK, std::size_t DV>
CTA_DETAIL_TARGET_TAG constexpr self_attention_model<P> quantize_self_attention(const matrix<RQ, DIn, DK>& w_query,
                                                                                const matrix<RK, DIn, DK>& w_key,
                                                                                const matrix<RV, DIn, DV>& w_value) noexcept {
    return {quantize_weights<P.w_query>(w_query), quantize_weights<P.w_key>(w_key),
            quantize_weights<P.w_value>(w_value)};
}

namespace detail {

/// @brief The multiplier and shift of each output channel of x W (TensorFlow Lite's per-channel FULLY_CONNECTED):
/// quantize_multiplier(s_x * s_w(c) / s_out), in double. A constant: no floating point at run time.
template <auto QX, auto QW, auto QOut, std::size_t Out>
inline constexpr auto linear_multipliers = [] {
    struct {
        quantized_multiplier channel[Out];
    } m{};
    for (std::size_t c = 0; c < Out; ++c) {
        m.channel[c] = quantize_multiplier(static_cast<double>(QX.scale()) * static_cast<double>(QW.scale(c)) /
                                           static_cast<double>(QOut.scale()));
    }
    return m;
}();

/// @brief x W + b: a fully connected layer (TensorFlow Lite's FULLY_CONNECTED, per-channel weights, an int32 bias
/// or none for `bias` null), the weights read column by column (W is d_in x d_out, a column per output channel).
template <auto QOut, std::size_t N, std::size_t In, std::size_t Out, auto QX, auto QW>
CTA_DETAIL_TARGET_TAG constexpr void linear_into(qmatrix<std::int8_t, N, Out, QOut>& y,
                                                 const qmatrix<std::int8_t, N, In, QX>& x,
                                                 const qmatrix<std::int8_t, In, Out, QW>& w,
                                                 const std::int32_t* bias = nullptr) noexcept {
    for (std::size_t c = 0; c < Out; ++c) {
        const quantized_multiplier m = linear_multipliers<QX, QW, QOut, Out>.channel[c];
        const std::int32_t b = bias != nullptr ? bias[c] : 0;
        for (std::size_t i = 0; i < N; ++i) {
            const std::int32_t acc = offset_dot(x.data() + i * In, -QX.zero_point, w.data() + c, Out, 0, In) + b;
            y(i, c) = requantize_to_int8(acc, m.multiplier, m.shift, QOut.zero_point, -128, 127);
        }
    }
}

/// @brief The requantization of each output channel of `linear_into` (linear_multipliers), for
/// `requantized_products`. A constant.
template <auto QX, auto QW, auto QOut, std::size_t Out>
inline constexpr auto linear_requantizations = [] {
    struct {
        int8_requantization channel[Out];
    } r{};
    for (std::size_t c = 0; c < Out; ++c) {
        r.channel[c] = int8_requantization_of(linear_multipliers<QX, QW, QOut, Out>.channel[c], QOut.zero_point);
    }
    return r;
}();

/// @brief `linear_into` for constant evaluation, the products by `requantized_products` (int8_kernel.hpp); with a
/// bias that is not all zeros, by `packed_accumulators` and the bias added to each sum before its requantization
/// (the same integers as `linear_into`'s).
template <auto QOut, std::size_t N, std::size_t In, std::size_t Out, auto QX, auto QW>
CTA_DETAIL_TARGET_TAG constexpr void linear_constant(qmatrix<std::int8_t, N, Out, QOut>& y,
                                                     const qmatrix<std::int8_t, N, In, QX>& x,
                                                     const qmatrix<std::int8_t, In, Out, QW>& w,
                                                     const std::int32_t* bias) noexcept {
    bool biased = false;
    for (std::size_t c = 0; c < Out; ++c) biased = biased || bias[c] != 0;
    if (!biased) {
        requantized_products<N, Out, In>(y.data(), x.data(), -QX.zero_point, w.data(), Out, 1, 0,
                                         linear_requantizations<QX, QW, QOut, Out>.channel, 1);
        return;
    }
    std::int32_t acc[N * Out]{};
    packed_accumulators<N, Out, In>(acc, x.data(), -QX.zero_point, w.data(), Out, 1, 0);
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t c = 0; c < Out; ++c) {
            const quantized_multiplier m = linear_multipliers<QX, QW, QOut, Out>.channel[c];
            y(i, c) = requantize_to_int8(acc[i * Out + c] + bias[c], m.multiplier, m.shift, QOut.zero_point, -128,
                                         127);
        }
    }
}

/// @brief The multiplier of a batch product (TensorFlow Lite's BATCH_MATMUL): the float product of the operands'
/// scales, in double, over the output's scale, times `factor` (1/sqrt(d_k) folded in for scaled scores).
template <auto QA, auto QB, auto QOut>
CTA_DETAIL_TARGET_TAG constexpr quantized_multiplier product_multiplier(double factor) noexcept {
    const float operands = QA.scale() * QB.scale();
    return quantize_multiplier(static_cast<double>(operands) / static_cast<double>(QOut.scale()) * factor);
}

}  // namespace detail

namespace detail {
/// @brief Every step of quantized self-attention, n inputs, in the types `P` gives them (attention_steps.hpp copies
/// them into a Boost.Hana struct, cta::quantized::self_attention_steps_t).
template <auto P, std::size_t N>
struct self_attention_int8_steps {
    static constexpr std::size_t d_k = std::remove_const_t<decltype(P)>::d_k, d_v = std::remove_const_t<decltype(P)>::d_v;
    qmatrix<std::int8_t, N, d_k, P.queries> queries;
    qmatrix<std::int8_t, N, d_k, P.keys> keys;
    qmatrix<std::int8_t, N, d_v, P.values> values;
    qmatrix<std::int8_t, N, N, P.scores> scores;
    qmatrix<std::int8_t, N, N, P.weights> weights;
    qmatrix<std::int8_t, N, d_v, P.outputs> outputs;
};

/// @brief `self_attention_int8_into` for constant evaluation, the same integers in fewer steps of the compilers'
/// budgets: Q, K and V by `linear_constant`, the other products by `requantized_products` (int8_kernel.hpp),
/// softmax row by row by `softmax_int8_row_tabulated` (softmax.hpp); each multiplier and requantization, and
/// softmax's table, a constant of its own.
template <auto P, std::size_t N, class X>
CTA_DETAIL_TARGET_TAG constexpr void self_attention_int8_constant(self_attention_int8_steps<P, N>& s, const X& x,
                                                                  const self_attention_model<P>& m) noexcept {
    constexpr std::size_t d_k = self_attention_model<P>::d_k, d_v = self_attention_model<P>::d_v;
    // Q, K and V (with their biases).
    linear_constant(s.queries, x, m.w_query, m.b_query.data());
    linear_constant(s.keys, x, m.w_key, m.b_key.data());
    linear_constant(s.values, x, m.w_value, m.b_value.data());
    // Scores: Q K^T, column j of K^T the keys' row j.
    constexpr int8_requantization to_scores[1] = {int8_requantization_of(
        product_multiplier<P.queries, P.keys, P.scores>(P.scaled ? 1.0 / sqrt(static_cast<double>(d_k)) : 1.0),
        P.scores.zero_point)};
    requantized_products<N, N, d_k>(s.scores.data(), s.queries.data(), -P.queries.zero_point, s.keys.data(), 1, d_k,
                                    -P.keys.zero_point, to_scores, 0);
    // Weights: softmax row by row, as self_attention_int8_into.
    constexpr softmax_int8_params softmax_parameters = prepare_softmax_int8(static_cast<double>(P.scores.scale()));
    for (std::size_t i = 0; i < N; ++i) {
        const std::size_t seen = P.causal ? i + 1 : N;
        softmax_int8_row_tabulated<softmax_parameters>(s.scores.data() + i * N, seen, s.weights.data() + i * N);
        for (std::size_t j = seen; j < N; ++j) s.weights(i, j) = -128;
    }
    // Outputs: the weights times V.
    constexpr int8_requantization to_outputs[1] = {int8_requantization_of(
        product_multiplier<P.weights, P.values, P.outputs>(1.0), P.outputs.zero_point)};
    requantized_products<N, d_v, N>(s.outputs.data(), s.weights.data(), -P.weights.zero_point, s.values.data(),
                                    d_v, 1, -P.values.zero_point, to_outputs, 0);
}

/// @brief Computes every step of quantized self-attention into `s`: in a constant evaluation by
/// `self_attention_int8_constant`, at run time as follows (the same integers).
template <auto P, std::size_t N, class X>
CTA_DETAIL_TARGET_TAG constexpr void self_attention_int8_into(self_attention_int8_steps<P, N>& s, const X& x,
                                                              const self_attention_model<P>& m) noexcept {
    if (cta::detail::is_constant_evaluated()) {
        self_attention_int8_constant(s, x, m);
        return;
    }
    constexpr std::size_t d_k = self_attention_model<P>::d_k, d_v = self_attention_model<P>::d_v;
    linear_into(s.queries, x, m.w_query, m.b_query.data());
    linear_into(s.keys, x, m.w_key, m.b_key.data());
    linear_into(s.values, x, m.w_value, m.b_value.data());
    // Scores: Q K^T, the keys' rows read as the columns of K^T (BATCH_MATMUL with adj_y).
    constexpr quantized_multiplier to_scores =
        product_multiplier<P.queries, P.keys, P.scores>(P.scaled ? 1.0 / sqrt(static_cast<double>(d_k)) : 1.0);
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < N; ++j) {
            const std::int32_t acc = offset_dot(s.queries.data() + i * d_k, -P.queries.zero_point,
                                                s.keys.data() + j * d_k, 1, -P.keys.zero_point, d_k);
            s.scores(i, j) = requantize_to_int8(acc, to_scores.multiplier, to_scores.shift,
                                                             P.scores.zero_point, -128, 127);
        }
    }
    // Weights: int8 softmax row by row (scale 1/256, zero point -128); with `causal`, row i over its first i + 1
    // scores (the rest weigh exactly 0: -128).
    constexpr softmax_int8_params softmax_parameters = prepare_softmax_int8(static_cast<double>(P.scores.scale()));
    for (std::size_t i = 0; i < N; ++i) {
        const std::size_t seen = P.causal ? i + 1 : N;
        softmax(s.scores.data() + i * N, 1, seen, softmax_parameters, s.weights.data() + i * N);
        for (std::size_t j = seen; j < N; ++j) s.weights(i, j) = -128;
    }
    // Outputs: the weights times V.
    constexpr quantized_multiplier to_outputs = product_multiplier<P.weights, P.values, P.outputs>(1.0);
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < d_v; ++j) {
            const std::int32_t acc = offset_dot(s.weights.data() + i * N, -P.weights.zero_point,
                                                s.values.data() + j, d_v, -P.values.zero_point, N);
            s.outputs(i, j) = requantize_to_int8(acc, to_outputs.multiplier, to_outputs.shift,
                                                              P.outputs.zero_point, -128, 127);
        }
    }
}

}  // namespace detail

namespace detail {
template <class X>
inline constexpr bool is_int8_qmatrix_v = false;
template <std::size_t R, std::size_t C, auto Q>
inline constexpr bool is_int8_qmatrix_v<qmatrix<std::int8_t, R, C, Q>> = true;

/// @brief Whether `x` of type X fits a model with the parameters P; where it does not, a build error that names the
/// operation, X and the model (the rules of `self_attention` and `self_attention_steps`).
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr bool attention_inputs_fit() noexcept {
    using Model = self_attention_model<P>;
    if constexpr (!is_int8_qmatrix_v<X>) {
        static_assert(quantizations_agree<op::quantized_self_attention, X, Model>,
                      "cta::quantized::self_attention(x, model): x must be an int8 quantized matrix, "
                      "cta::quantized::qmatrix<std::int8_t, n, d_in, Q> (quantize<std::int8_t, parameters.inputs>(...))");
        return false;
    } else if constexpr (X::cols != Model::d_in) {
        static_assert(quantizations_agree<op::quantized_self_attention, X, Model>,
                      "cta::quantized::self_attention(x, model): x needs as many columns as the model's weights have "
                      "rows");
        return false;
    } else if constexpr (!(X::quantization == P.inputs)) {
        static_assert(quantizations_agree<op::quantized_self_attention, X, Model>,
                      "cta::quantized::self_attention(x, model): x must be quantized as the model's inputs "
                      "(quantize<std::int8_t, parameters.inputs>(...))");
        return false;
    } else {
        return true;
    }
}
}  // namespace detail

/// @brief The outputs of quantized self-attention (see the file's description): `x`, n x d_in int8 quantized as
/// the model's inputs, gives n x d_v int8 quantized as the model's outputs,
/// `qmatrix<std::int8_t, n, d_v, P.outputs>`.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr auto self_attention(const X& x, const self_attention_model<P>& m) noexcept {
    if constexpr (!detail::attention_inputs_fit<X, P>()) {
        return 0;
    } else {
        detail::self_attention_int8_steps<P, X::rows> s{};
        detail::self_attention_int8_into(s, x, m);
        return s.outputs;
    }
}

}  // namespace cta::quantized
