// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Quantized multi-head self-attention with the output projection, as a converted TensorFlow Lite model
/// computes it: int8 Q, K and V by fully connected layers (d_in x d_model, per-channel weights), each head h's
/// scores by the batch product of its d_k = d_model / H columns of Q and K (1/sqrt(d_k) folded into the
/// requantization; one quantization for the scores of every head, as one BATCH_MATMUL over the heads has), int8
/// softmax, each head's outputs by the batch product of its weights and its columns of V (side by side: n x
/// d_model), and the outputs by a fully connected layer with W_O (d_model x d_out).
///
///     constexpr auto q = cta::quantized::calibrate_multi_head_self_attention<2>(inputs, w_q, w_k, w_v, w_o);
///     constexpr auto model = cta::quantized::quantize_multi_head_self_attention<q>(w_q, w_k, w_v, w_o);
///     constexpr auto y = cta::quantized::multi_head_self_attention(
///         cta::quantized::quantize<std::int8_t, q.inputs>(inputs), model);   // qmatrix<int8_t, n, d_out, q.outputs>
///
/// Option of the calibration: `cta::causal`. Every step: `multi_head_self_attention_steps` (multi_head_steps.hpp).
///
/// From a converted model's parameters instead: `P` written with the model's scales and zero points (`scaled =
/// false` where the model's weights already hold 1/sqrt(d_k), as a converter folds it into W_Q and b_Q), the int8
/// weights and int32 biases in a `multi_head_model<P>{w_q, w_k, w_v, w_o, b_q, b_k, b_v, b_o}`: each projection
/// adds its bias before its requantization, as FULLY_CONNECTED does (docs/tflite.md loads them from a file).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/attention.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/softmax.hpp>
#include <cta/softmax.hpp>

namespace cta::quantized {

/// @brief The quantization of every tensor of an int8 multi-head self-attention layer: H heads, d_in inputs,
/// d_model columns of the projections (d_model / H per head), d_out outputs. A structural type; made by
/// `calibrate_multi_head_self_attention`.
template <std::size_t H, std::size_t DIn, std::size_t DModel, std::size_t DOut>
struct multi_head_quantization {
    ///@{
    /// @brief The dimensions: H, d_in, d_model, d_out, and d_k = d_model / H.
    static constexpr std::size_t heads = H, d_in = DIn, d_model = DModel, d_out = DOut, d_k = DModel / H;
    ///@}
    per_tensor inputs;              ///< X
    per_channel<DModel> w_query;    ///< W_Q, per channel
    per_channel<DModel> w_key;      ///< W_K
    per_channel<DModel> w_value;    ///< W_V
    per_channel<DOut> w_output;     ///< W_O
    per_tensor queries;             ///< Q = X W_Q (every head's columns)
    per_tensor keys;                ///< K = X W_K
    per_tensor values;              ///< V = X W_V
    per_tensor scores;              ///< each head's Q_h K_h^T (/ sqrt(d_k) with `scaled`), one for all heads
    per_tensor weights;             ///< softmax: scale 1/256, zero point -128
    per_tensor heads_outputs;       ///< each head's weights times V_h, side by side
    per_tensor outputs;             ///< the heads' outputs times W_O
    bool scaled = true;             ///< the scores divided by sqrt(d_k) in their requantization
    bool causal = false;            ///< query i sees keys 0 to i
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const multi_head_quantization&, const multi_head_quantization&) = default;
};

/// @brief The int8 weights of a multi-head self-attention layer, quantized with the parameters `P`.
template <auto P>
struct multi_head_model {
    /// @brief The type of `P`, a `multi_head_quantization`.
    using parameters_type = std::remove_const_t<decltype(P)>;
    /// @brief `P`: the quantization of every tensor.
    static constexpr parameters_type parameters = P;
    ///@{
    /// @brief The dimensions, from `P`.
    static constexpr std::size_t heads = parameters_type::heads, d_in = parameters_type::d_in,
                                 d_model = parameters_type::d_model, d_out = parameters_type::d_out;
    ///@}
    /// @brief W_Q, d_in x d_model, int8 per channel.
    qmatrix<std::int8_t, d_in, d_model, P.w_query> w_query;
    /// @brief W_K, d_in x d_model, int8 per channel.
    qmatrix<std::int8_t, d_in, d_model, P.w_key> w_key;
    /// @brief W_V, d_in x d_model, int8 per channel.
    qmatrix<std::int8_t, d_in, d_model, P.w_value> w_value;
    /// @brief W_O, d_model x d_out, int8 per channel.
    qmatrix<std::int8_t, d_model, d_out, P.w_output> w_output;
    ///@{
    /// @brief The biases of Q, K, V and the outputs in int32, at the scales s_x * s_w(c) with zero point 0 (a
    /// converted model's FULLY_CONNECTED biases); zeros for a layer without biases.
    matrix<std::int32_t, 1, d_model> b_query{};
    matrix<std::int32_t, 1, d_model> b_key{};
    matrix<std::int32_t, 1, d_model> b_value{};
    matrix<std::int32_t, 1, d_out> b_output{};
    ///@}
};

namespace detail {
/// The ranges of the activations of multi-head self-attention: self-attention's, and the heads' outputs.
struct multi_head_ranges : self_attention_ranges {
    value_range heads_outputs;
};

/// The ranges widened to hold the activations of the real-valued multi-head self-attention of `inputs`.
template <std::size_t H, bool Causal, class RX, class RQ, class RK, class RV, class RO, std::size_t N,
          std::size_t DIn, std::size_t DModel, std::size_t DOut>
CTA_DETAIL_TARGET_TAG constexpr void widen_multi_head(multi_head_ranges& r, const matrix<RX, N, DIn>& inputs,
                                                      const matrix<RQ, DIn, DModel>& w_query,
                                                      const matrix<RK, DIn, DModel>& w_key,
                                                      const matrix<RV, DIn, DModel>& w_value,
                                                      const matrix<RO, DModel, DOut>& w_output) noexcept {
    constexpr std::size_t d_k = DModel / H;
    r.inputs.widen(inputs);
    const auto project = [](const auto& x, const auto& w) {
        using X = std::remove_cvref_t<decltype(x)>;
        using W = std::remove_cvref_t<decltype(w)>;
        matrix<double, X::rows, W::cols> y;
        for (std::size_t i = 0; i < X::rows; ++i) {
            for (std::size_t c = 0; c < W::cols; ++c) {
                double acc = 0.0;
                for (std::size_t t = 0; t < X::cols; ++t)
                    acc += static_cast<double>(x(i, t)) * static_cast<double>(w(t, c));
                y(i, c) = acc;
            }
        }
        return y;
    };
    const auto q = project(inputs, w_query);
    const auto k = project(inputs, w_key);
    const auto v = project(inputs, w_value);
    r.queries.widen(q);
    r.keys.widen(k);
    r.values.widen(v);
    float min = r.scores.min, max = r.scores.max;
    matrix<double, N, DModel> heads_outputs;
    const double factor = 1.0 / sqrt(static_cast<double>(d_k));
    for (std::size_t h = 0; h < H; ++h) {
        matrix<double, N, N> scores;
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t j = 0; j < N; ++j) {
                double acc = 0.0;
                for (std::size_t t = h * d_k; t < (h + 1) * d_k; ++t) acc += q(i, t) * k(j, t);
                acc *= factor;
                if (Causal && j > i) {
                    scores(i, j) = -std::numeric_limits<double>::infinity();
                } else {
                    scores(i, j) = acc;
                    min = static_cast<float>(acc) < min ? static_cast<float>(acc) : min;
                    max = static_cast<float>(acc) > max ? static_cast<float>(acc) : max;
                }
            }
        }
        const auto weights = softmax(scores);
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t c = h * d_k; c < (h + 1) * d_k; ++c) {
                double acc = 0.0;
                for (std::size_t t = 0; t < N; ++t) acc += weights(i, t) * v(t, c);
                heads_outputs(i, c) = acc;
            }
        }
    }
    r.scores.min = min;
    r.scores.max = max;
    r.heads_outputs.widen(heads_outputs);
    r.outputs.widen(project(heads_outputs, w_output));
}

/// The calibration on `count` sequences of the same shape, `inputs[0]` to `inputs[count - 1]`.
template <std::size_t H, class... Options, class RX, class RQ, class RK, class RV, class RO, std::size_t N,
          std::size_t DIn, std::size_t DModel, std::size_t DOut>
CTA_DETAIL_TARGET_TAG constexpr multi_head_quantization<H, DIn, DModel, DOut> calibrate_multi_head_self_attention(
    const matrix<RX, N, DIn>* inputs, std::size_t count, const matrix<RQ, DIn, DModel>& w_query,
    const matrix<RK, DIn, DModel>& w_key, const matrix<RV, DIn, DModel>& w_value,
    const matrix<RO, DModel, DOut>& w_output) noexcept {
    static_assert(H >= 1 && DModel % H == 0,
                  "cta::quantized::calibrate_multi_head_self_attention<H>: H must divide d_model");
    static_assert((std::is_same_v<Options, causal_t> && ...),
                  "cta::quantized::calibrate_multi_head_self_attention: the option is cta::causal");
    constexpr bool causal = (std::is_same_v<Options, causal_t> || ...);
    multi_head_ranges r;
    for (std::size_t s = 0; s < count; ++s)
        widen_multi_head<H, causal>(r, inputs[s], w_query, w_key, w_value, w_output);
    multi_head_quantization<H, DIn, DModel, DOut> p;
    p.causal = causal;
    p.w_query = symmetric_int8(w_query);
    p.w_key = symmetric_int8(w_key);
    p.w_value = symmetric_int8(w_value);
    p.w_output = symmetric_int8(w_output);
    quantize_activations(p, r);
    p.heads_outputs = r.heads_outputs.quantization();
    return p;
}
}  // namespace detail

/// @brief The quantization of a multi-head self-attention layer with these weights and H heads, calibrated on
/// `inputs` as `calibrate_self_attention` calibrates one head (the real-valued multi-head attention in double, the
/// scores of every head in one range). Option: `cta::causal`. H must divide d_model.
template <std::size_t H, class RX, class RQ, class RK, class RV, class RO, std::size_t N, std::size_t DIn,
          std::size_t DModel, std::size_t DOut, class... Options>
CTA_DETAIL_TARGET_TAG constexpr multi_head_quantization<H, DIn, DModel, DOut> calibrate_multi_head_self_attention(
    const matrix<RX, N, DIn>& inputs, const matrix<RQ, DIn, DModel>& w_query, const matrix<RK, DIn, DModel>& w_key,
    const matrix<RV, DIn, DModel>& w_value, const matrix<RO, DModel, DOut>& w_output, Options...) noexcept {
    return detail::calibrate_multi_head_self_attention<H, Options...>(&inputs, 1, w_query, w_key, w_value, w_output);
}

/// @brief The same, calibrated on several representative sequences of one shape, a braced list or an array:
/// `calibrate_multi_head_self_attention<H>({x1, x2}, w_query, w_key, w_value, w_output)`. Each activation's range is
/// the union of its ranges on the sequences, as for `calibrate_self_attention` (calibrate.hpp).
template <std::size_t H, class RX, class RQ, class RK, class RV, class RO, std::size_t S, std::size_t N,
          std::size_t DIn, std::size_t DModel, std::size_t DOut, class... Options>
CTA_DETAIL_TARGET_TAG constexpr multi_head_quantization<H, DIn, DModel, DOut> calibrate_multi_head_self_attention(
    const matrix<RX, N, DIn> (&inputs)[S], const matrix<RQ, DIn, DModel>& w_query,
    const matrix<RK, DIn, DModel>& w_key, const matrix<RV, DIn, DModel>& w_value,
    const matrix<RO, DModel, DOut>& w_output, Options...) noexcept {
    return detail::calibrate_multi_head_self_attention<H, Options...>(inputs, S, w_query, w_key, w_value, w_output);
}

/// @brief The weights quantized with the parameters `P` (as `quantize_self_attention`). Precondition: the weights are
/// the ones `P` was calibrated with.
template <auto P, class RQ, class RK, class RV, class RO, std::size_t DIn, std::size_t DModel, std::size_t DOut>
CTA_DETAIL_TARGET_TAG constexpr multi_head_model<P> quantize_multi_head_self_attention(
    const matrix<RQ, DIn, DModel>& w_query, const matrix<RK, DIn, DModel>& w_key,
    const matrix<RV, DIn, DModel>& w_value, const matrix<RO, DModel, DOut>& w_output) noexcept {
    return {quantize_weights<P.w_query>(w_query), quantize_weights<P.w_key>(w_key),
            quantize_weights<P.w_value>(w_value), quantize_weights<P.w_output>(w_output)};
}

namespace detail {

/// @brief Every step of quantized multi-head self-attention over N inputs (multi_head_steps.hpp copies them into a
/// Boost.Hana struct).
template <auto P, std::size_t N>
struct multi_head_int8_steps {
    using parameters_type = std::remove_const_t<decltype(P)>;
    static constexpr std::size_t heads = parameters_type::heads, d_model = parameters_type::d_model,
                                 d_out = parameters_type::d_out;
    qmatrix<std::int8_t, N, d_model, P.queries> queries;
    qmatrix<std::int8_t, N, d_model, P.keys> keys;
    qmatrix<std::int8_t, N, d_model, P.values> values;
    std::array<qmatrix<std::int8_t, N, N, P.scores>, heads> scores;
    std::array<qmatrix<std::int8_t, N, N, P.weights>, heads> weights;
    qmatrix<std::int8_t, N, d_model, P.heads_outputs> heads_outputs;
    qmatrix<std::int8_t, N, d_out, P.outputs> outputs;
};

/// @brief Computes every step of quantized multi-head self-attention into `s`.
template <auto P, std::size_t N, class X>
CTA_DETAIL_TARGET_TAG constexpr void multi_head_int8_into(multi_head_int8_steps<P, N>& s, const X& x,
                                                          const multi_head_model<P>& m) noexcept {
    using parameters_type = std::remove_const_t<decltype(P)>;
    constexpr std::size_t heads = parameters_type::heads, d_model = parameters_type::d_model,
                          d_k = parameters_type::d_k;
    linear_into(s.queries, x, m.w_query, m.b_query.data());
    linear_into(s.keys, x, m.w_key, m.b_key.data());
    linear_into(s.values, x, m.w_value, m.b_value.data());
    constexpr quantized_multiplier to_scores =
        product_multiplier<P.queries, P.keys, P.scores>(P.scaled ? 1.0 / sqrt(static_cast<double>(d_k)) : 1.0);
    constexpr softmax_int8_params softmax_parameters = prepare_softmax_int8(static_cast<double>(P.scores.scale()));
    constexpr quantized_multiplier to_heads = product_multiplier<P.weights, P.values, P.heads_outputs>(1.0);
    for (std::size_t h = 0; h < heads; ++h) {
        auto& scores = s.scores[h];
        auto& weights = s.weights[h];
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t j = 0; j < N; ++j) {
                const std::int32_t acc = offset_dot(s.queries.data() + i * d_model + h * d_k, -P.queries.zero_point,
                                                    s.keys.data() + j * d_model + h * d_k, 1, -P.keys.zero_point, d_k);
                scores(i, j) = requantize_to_int8(acc, to_scores.multiplier, to_scores.shift, P.scores.zero_point,
                                                  -128, 127);
            }
        }
        for (std::size_t i = 0; i < N; ++i) {
            const std::size_t seen = P.causal ? i + 1 : N;
            softmax(scores.data() + i * N, 1, seen, softmax_parameters, weights.data() + i * N);
            for (std::size_t j = seen; j < N; ++j) weights(i, j) = -128;
        }
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t c = h * d_k; c < (h + 1) * d_k; ++c) {
                const std::int32_t acc = offset_dot(weights.data() + i * N, -P.weights.zero_point,
                                                    s.values.data() + c, d_model, -P.values.zero_point, N);
                s.heads_outputs(i, c) = requantize_to_int8(acc, to_heads.multiplier, to_heads.shift,
                                                           P.heads_outputs.zero_point, -128, 127);
            }
        }
    }
    linear_into(s.outputs, s.heads_outputs, m.w_output, m.b_output.data());
}

/// @brief Whether `x` of type X fits a multi-head model with the parameters P; where it does not, a build error that
/// names the operation, X and the model.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr bool multi_head_inputs_fit() noexcept {
    using Model = multi_head_model<P>;
    if constexpr (!is_int8_qmatrix_v<X>) {
        static_assert(quantizations_agree<op::quantized_multi_head_attention, X, Model>,
                      "cta::quantized::multi_head_self_attention(x, model): the inputs x must be int8, "
                      "a cta::quantized::qmatrix<std::int8_t, n, d_in, Q>");
        return false;
    } else if constexpr (X::cols != Model::d_in || !(X::quantization == P.inputs)) {
        static_assert(quantizations_agree<op::quantized_multi_head_attention, X, Model>,
                      "cta::quantized::multi_head_self_attention(x, model): x must have d_in columns and be quantized "
                      "as the model's inputs");
        return false;
    } else {
        return true;
    }
}

}  // namespace detail

/// @brief The outputs of quantized multi-head self-attention: n x d_out int8 quantized as the model's outputs.
template <class X, auto P>
CTA_DETAIL_TARGET_TAG constexpr auto multi_head_self_attention(const X& x, const multi_head_model<P>& m) noexcept {
    if constexpr (!detail::multi_head_inputs_fit<X, P>()) {
        return 0;
    } else {
        detail::multi_head_int8_steps<P, X::rows> s{};
        detail::multi_head_int8_into(s, x, m);
        return s.outputs;
    }
}

}  // namespace cta::quantized
