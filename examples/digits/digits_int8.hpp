// SPDX-License-Identifier: BSL-1.0
// The digits classifier in int8 (docs/digits.md), as TensorFlow Lite's converter lowers train.py's model with
// full-integer quantization: int8 activations quantized per tensor, int8 weights per output channel (symmetric),
// int32 biases, and every operation one of TensorFlow Lite's int8 kernels computed by cta::quantized bit for bit:
//
//   QUANTIZE           the patches, each pixel / 16 (in float while quantizing: the model keeps the int8 of each
//                      value a pixel's byte can hold, and the forward pass looks it up)
//   FULLY_CONNECTED    embed (+ bias)
//   ADD                the positions, an int8 constant tensor
//   per layer (pre-norm):
//     layer norm       MEAN over the features (mu), SQUARED_DIFFERENCE(x, mu), MEAN (the variance), ADD epsilon (an
//                      int8 constant), RSQRT, SUB(x, mu), MUL by the RSQRT, MUL by gamma, ADD beta (int8 constants)
//     attention        FULLY_CONNECTED q, k, v (+ bias; PyTorch's in_proj split in three), the heads apart
//                      (RESHAPE and TRANSPOSE: no arithmetic), BATCH_MATMUL q k^T (adj_y), SOFTMAX (output 1/256,
//                      -128), BATCH_MATMUL weights v, the heads together, FULLY_CONNECTED out_proj (+ bias), ADD
//     feed-forward     the second layer norm, FULLY_CONNECTED linear1 (+ bias, fused ReLU), linear2 (+ bias), ADD
//   the final layer norm, MEAN over the 16 positions, FULLY_CONNECTED head (+ bias), argmax of the int8 logits
//
// PyTorch's attention multiplies q by 1/sqrt(d_head) = 1/sqrt(8): the converter folds that MUL by a constant into the
// FULLY_CONNECTED before it, so here W_q and b_q are multiplied by float(1/sqrt(8)) (in float) before they are
// quantized, and q, calibrated after the scaling, gives the scores with BATCH_MATMUL alone.
//
// The quantization of every tensor (`quantization`) comes from digits_int8_parameters.hpp, which the program
// digits_int8_calibrate writes (docs/digits.md says how); `quantize` makes the int8 model from the float one and it.
// The forward pass, `logits_into`, is constexpr, plain loops over int8 arrays, and writes every step into a
// `lean_workspace` the caller provides: its RAM is sizeof(lean_workspace), known while compiling.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/math.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/elementwise.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/mean.hpp>
#include <cta/quantized/rsqrt.hpp>
#include <cta/quantized/softmax.hpp>

#include "digits.hpp"

namespace digits::int8 {

namespace q = cta::quantized;

inline constexpr std::size_t d_head = d_model / nhead;  // 8
inline constexpr std::size_t sequence = patches * d_model;

/// 1/sqrt(d_head) as a float, the factor folded into W_q and b_q.
inline constexpr float query_scaling = static_cast<float>(1.0 / cta::sqrt(static_cast<double>(d_head)));

/// The tensors of a layer norm as TensorFlow Lite lowers it, one T each (a quantization, or a range while
/// calibrating); gamma and beta are constant tensors.
template <class T>
struct norm_tensors {
    T mean;        ///< MEAN of x over the features (16 x 1)
    T squares;     ///< SQUARED_DIFFERENCE(x, mean)
    T variance;    ///< MEAN of the squares over the features
    T shifted;     ///< ADD(variance, epsilon)
    T rsqrt;       ///< RSQRT(shifted)
    T centered;    ///< SUB(x, mean)
    T normalized;  ///< MUL(centered, rsqrt)
    T scaled;      ///< MUL(normalized, gamma)
    T outputs;     ///< ADD(scaled, beta)
    T gamma;       ///< the constant gamma (1 x 16)
    T beta;        ///< the constant beta
};

/// The tensors of an encoder layer.
template <class T>
struct layer_tensors {
    norm_tensors<T> norm1;
    T queries;       ///< FULLY_CONNECTED q, W_q and b_q scaled by 1/sqrt(d_head)
    T keys;          ///< FULLY_CONNECTED k
    T values;        ///< FULLY_CONNECTED v
    T scores;        ///< BATCH_MATMUL q k^T, both heads
    T context;       ///< BATCH_MATMUL softmax(scores) v
    T attention;     ///< FULLY_CONNECTED out_proj
    T residual1;     ///< ADD(x, attention)
    norm_tensors<T> norm2;
    T hidden;        ///< FULLY_CONNECTED linear1 with its fused ReLU
    T feed_forward;  ///< FULLY_CONNECTED linear2
    T residual2;     ///< ADD(residual1, feed_forward)
};

/// The tensors of the model, one T each.
template <class T>
struct model_tensors {
    T patches;     ///< QUANTIZE of the patches (pixel / 16)
    T embedded;    ///< FULLY_CONNECTED embed
    T positions;   ///< the constant pos
    T positioned;  ///< ADD(embedded, positions)
    T epsilon;     ///< the constant 1e-5 of every layer norm
    layer_tensors<T> layers[digits::layers];
    norm_tensors<T> norm;  ///< the encoder's final layer norm
    T pooled;      ///< MEAN over the 16 positions
    T logits;      ///< FULLY_CONNECTED head
};

/// The quantization of every int8 tensor (weights aside: they are quantized per channel from their values).
using quantization = model_tensors<q::per_tensor>;

/// f(prefix, name, tensor of each of t...) for each tensor of the layer norms t..., in the order of the members.
template <class F, class... T>
constexpr void for_each_tensor(const char* prefix, F&& f, norm_tensors<T>&... t) {
    f(prefix, "mean", t.mean...);
    f(prefix, "squares", t.squares...);
    f(prefix, "variance", t.variance...);
    f(prefix, "shifted", t.shifted...);
    f(prefix, "rsqrt", t.rsqrt...);
    f(prefix, "centered", t.centered...);
    f(prefix, "normalized", t.normalized...);
    f(prefix, "scaled", t.scaled...);
    f(prefix, "outputs", t.outputs...);
    f(prefix, "gamma", t.gamma...);
    f(prefix, "beta", t.beta...);
}

/// f(prefix, name, tensor of each of m...) for every tensor of the models' tensors m..., in the order of the members:
/// the names the generated files use (prefix "layers.0.norm1.", name "mean").
template <class F, class... T>
constexpr void for_each_tensor(F&& f, model_tensors<T>&... m) {
    f("", "patches", m.patches...);
    f("", "embedded", m.embedded...);
    f("", "positions", m.positions...);
    f("", "positioned", m.positioned...);
    f("", "epsilon", m.epsilon...);
    constexpr const char* norm1[] = {"layers.0.norm1.", "layers.1.norm1."};
    constexpr const char* norm2[] = {"layers.0.norm2.", "layers.1.norm2."};
    constexpr const char* layer[] = {"layers.0.", "layers.1."};
    static_assert(digits::layers == 2);
    for (std::size_t l = 0; l < digits::layers; ++l) {
        for_each_tensor(norm1[l], f, m.layers[l].norm1...);
        f(layer[l], "queries", m.layers[l].queries...);
        f(layer[l], "keys", m.layers[l].keys...);
        f(layer[l], "values", m.layers[l].values...);
        f(layer[l], "scores", m.layers[l].scores...);
        f(layer[l], "context", m.layers[l].context...);
        f(layer[l], "attention", m.layers[l].attention...);
        f(layer[l], "residual1", m.layers[l].residual1...);
        for_each_tensor(norm2[l], f, m.layers[l].norm2...);
        f(layer[l], "hidden", m.layers[l].hidden...);
        f(layer[l], "feed_forward", m.layers[l].feed_forward...);
        f(layer[l], "residual2", m.layers[l].residual2...);
    }
    for_each_tensor("norm.", f, m.norm...);
    f("", "pooled", m.pooled...);
    f("", "logits", m.logits...);
}

/// The layer norm's epsilon (PyTorch's default, train.py's layers), the value of the constant tensor `epsilon`.
inline constexpr float epsilon = 1e-5F;

/// W_q or b_q times query_scaling, in float: the MUL that the converter folds into the query projection.
template <std::size_t R, std::size_t C>
constexpr cta::matrix<float, R, C> scaled_query(const cta::matrix<float, R, C>& m) noexcept {
    cta::matrix<float, R, C> s{};
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) s.elems[i][j] = m.elems[i][j] * query_scaling;
    return s;
}

/// An int8 FULLY_CONNECTED with per-channel weights, stored as TensorFlow Lite stores them (a row of In per output
/// channel), its int32 bias, each channel's multiplier and shift, and its offsets and activation range.
template <std::size_t In, std::size_t Out>
struct fully_connected_layer {
    std::int8_t weights[Out * In]{};
    std::int32_t bias[Out]{};
    std::int32_t multipliers[Out]{};
    std::int32_t shifts[Out]{};
    q::fully_connected_params params{};

    /// y (rows x Out) from x (rows x In), the rows those of x's array.
    template <std::size_t XSize, std::size_t YSize>
    constexpr void operator()(const std::int8_t (&x)[XSize], std::int8_t (&y)[YSize]) const noexcept {
        static_assert(XSize % In == 0 && YSize == XSize / In * Out,
                      "a fully connected layer: rows x In to rows x Out");
        q::fully_connected_per_channel<XSize / In, In, Out>(params, multipliers, shifts, x, weights, bias, y);
    }
};

/// The layer x W + b (W In x Out, as cta::pytorch::nn::Linear holds it) with inputs quantized `in` and outputs `out`,
/// quantized as TensorFlow Lite's converter quantizes it (calibrate.hpp, linear.hpp): W per output channel,
/// symmetric, scale max |column| / 127; the bias in int32 at the scales s_in s_w(c); the multipliers
/// s_in s_w(c) / s_out in double; with `relu` the fused ReLU's range, from the output's zero point.
template <std::size_t In, std::size_t Out>
constexpr fully_connected_layer<In, Out> quantize_layer(const cta::matrix<float, In, Out>& w,
                                                        const cta::matrix<float, 1, Out>& b, q::per_tensor in,
                                                        q::per_tensor out, bool relu = false) noexcept {
    fully_connected_layer<In, Out> layer;
    const q::per_channel<Out> scales = q::symmetric_int8(w);
    for (std::size_t c = 0; c < Out; ++c) {
        const float half_range = q::detail::column_half_range(w, c);
        const float inverse = half_range > 0.0F ? 127.0F / half_range : 0.0F;
        for (std::size_t k = 0; k < In; ++k)
            layer.weights[c * In + k] =
                q::detail::symmetric_weight(q::detail::round_half_away_from_zero(w.elems[k][c] * inverse));
        const float bias_scale = in.scale() * scales.scale(c);
        const auto bias_inverse = static_cast<float>(1.0 / static_cast<double>(bias_scale));
        const float v = q::detail::round_half_away_from_zero(b.elems[0][c] * bias_inverse);
        constexpr float limit = 2147483647.0F;
        layer.bias[c] = v >= limit ? 2147483647 : v <= -limit ? -2147483647 : static_cast<std::int32_t>(v);
        const q::quantized_multiplier m = q::quantize_multiplier(
            static_cast<double>(in.scale()) * static_cast<double>(scales.scale(c)) / static_cast<double>(out.scale()));
        layer.multipliers[c] = m.multiplier;
        layer.shifts[c] = m.shift;
    }
    layer.params.input_offset = -in.zero_point;
    layer.params.output_offset = out.zero_point;
    layer.params.activation_min = relu ? out.zero_point : -128;
    return layer;
}

/// A float constant tensor as int8 with its per-tensor quantization.
template <std::size_t R, std::size_t C>
constexpr void quantize_constant(std::int8_t* out, const cta::matrix<float, R, C>& m, q::per_tensor p) noexcept {
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j)
            out[i * C + j] = q::quantize<std::int8_t>(m.elems[i][j], p.scale(), p.zero_point);
}

/// The quantization of a float constant tensor, as the converter gives one (its own range, widened to hold 0).
template <std::size_t R, std::size_t C>
constexpr q::per_tensor constant_quantization(const cta::matrix<float, R, C>& m) noexcept {
    return q::asymmetric_int8(m);
}

/// A layer norm in int8: its constants and the parameters of its nine operations.
struct layer_norm {
    std::int8_t gamma[d_model]{};
    std::int8_t beta[d_model]{};
    std::int8_t epsilon = 0;
    q::mean_params mean{};
    q::elementwise_params squares{};
    q::mean_params variance{};
    q::elementwise_params shifted{};
    q::rsqrt_params rsqrt{};
    q::elementwise_params centered{};
    q::elementwise_params normalized{};
    q::elementwise_params scaled{};
    q::elementwise_params outputs{};
};

/// An encoder layer in int8.
struct encoder_layer {
    layer_norm norm1;
    fully_connected_layer<d_model, d_model> query, key, value, out;
    q::batch_matmul_params scores_params{};
    q::quantized_multiplier scores_multiplier{};
    q::softmax_int8_table softmax{};  ///< SOFTMAX's parameters and its table of exponentials
    q::batch_matmul_params context_params{};
    q::quantized_multiplier context_multiplier{};
    q::elementwise_params residual1{};
    layer_norm norm2;
    fully_connected_layer<d_model, d_ff> linear1;
    fully_connected_layer<d_ff, d_model> linear2;
    q::elementwise_params residual2{};
};

/// The int8 model.
struct model {
    q::per_tensor inputs{};  ///< the patches' quantization
    std::int8_t pixels[256]{};  ///< QUANTIZE of v / 16 for each byte v of a pixel, computed in float by quantize()
    fully_connected_layer<patch_pixels, d_model> embed;
    std::int8_t positions[sequence]{};
    q::elementwise_params positioned{};
    encoder_layer layers[digits::layers];
    layer_norm norm;
    q::mean_params pooled{};
    fully_connected_layer<d_model, classes> head;
};

/// softmax's output: scale 1/256, zero point -128.
inline constexpr q::per_tensor softmax_output = q::affine(1.0F / 256.0F, -128);

/// MEAN's parameters, from the input's and the output's quantization.
constexpr q::mean_params mean_params_of(q::per_tensor in, q::per_tensor out) noexcept {
    return {in.zero_point, q::prepare_mean(in.scale(), out.scale()), out.zero_point};
}

/// A layer norm of x (quantized `in`) in int8, from its float weights and the quantization of its tensors.
template <class Norm>
constexpr layer_norm quantize_norm(const Norm& n, q::per_tensor in, const norm_tensors<q::per_tensor>& t,
                                   q::per_tensor eps) noexcept {
    layer_norm l;
    quantize_constant(l.gamma, n.gain, t.gamma);
    quantize_constant(l.beta, n.bias, t.beta);
    l.epsilon = q::quantize<std::int8_t>(epsilon, eps.scale(), eps.zero_point);
    l.mean = mean_params_of(in, t.mean);
    l.squares = q::squared_difference_params(in, t.mean, t.squares);
    l.variance = mean_params_of(t.squares, t.variance);
    l.shifted = q::add_params(t.variance, eps, t.shifted);
    l.rsqrt = {t.shifted.zero_point, q::prepare_rsqrt(t.shifted.scale(), t.rsqrt.scale()), t.rsqrt.zero_point};
    l.centered = q::subtract_params(in, t.mean, t.centered);
    l.normalized = q::multiply_params(t.centered, t.rsqrt, t.normalized);
    l.scaled = q::multiply_params(t.normalized, t.gamma, t.scaled);
    l.outputs = q::add_params(t.scaled, t.beta, t.outputs);
    return l;
}

/// The parameters of a BATCH_MATMUL of operands quantized `a` and `b` into `out`: the offsets, and the multiplier
/// float(s_a s_b) / s_out in double (TensorFlow Lite's Prepare).
constexpr q::batch_matmul_params product_params(q::per_tensor a, q::per_tensor b, q::per_tensor out) noexcept {
    return {-a.zero_point, -b.zero_point, out.zero_point, -128, 127};
}
constexpr q::quantized_multiplier product_multiplier(q::per_tensor a, q::per_tensor b, q::per_tensor out) noexcept {
    const float operands = a.scale() * b.scale();
    return q::quantize_multiplier(static_cast<double>(operands) / static_cast<double>(out.scale()));
}

/// The int8 model of the float model `f` with the quantization `p`.
constexpr model quantize(const digits::model<float>& f, const quantization& p) noexcept {
    model m;
    m.inputs = p.patches;
    for (std::size_t v = 0; v < 256; ++v)
        m.pixels[v] = q::quantize<std::int8_t>(static_cast<float>(v) / 16.0F, p.patches.scale(), p.patches.zero_point);
    m.embed = quantize_layer(f.embed.weight, f.embed.bias, p.patches, p.embedded);
    quantize_constant(m.positions, f.pos, p.positions);
    m.positioned = q::add_params(p.embedded, p.positions, p.positioned);
    q::per_tensor x = p.positioned;
    for (std::size_t l = 0; l < digits::layers; ++l) {
        const auto& fl = f.encoder.layers[l];
        const layer_tensors<q::per_tensor>& t = p.layers[l];
        encoder_layer& ql = m.layers[l];
        const auto& a = fl.self_attention;
        ql.norm1 = quantize_norm(fl.norm_1, x, t.norm1, p.epsilon);
        const q::per_tensor n1 = t.norm1.outputs;
        ql.query = quantize_layer(scaled_query(a.w_query), scaled_query(a.b_query), n1, t.queries);
        ql.key = quantize_layer(a.w_key, a.b_key, n1, t.keys);
        ql.value = quantize_layer(a.w_value, a.b_value, n1, t.values);
        ql.scores_params = product_params(t.queries, t.keys, t.scores);
        ql.scores_multiplier = product_multiplier(t.queries, t.keys, t.scores);
        ql.softmax = q::tabulate_softmax(q::prepare_softmax_int8(static_cast<double>(t.scores.scale()), 1.0));
        ql.context_params = product_params(softmax_output, t.values, t.context);
        ql.context_multiplier = product_multiplier(softmax_output, t.values, t.context);
        ql.out = quantize_layer(a.w_out, a.b_out, t.context, t.attention);
        ql.residual1 = q::add_params(x, t.attention, t.residual1);
        ql.norm2 = quantize_norm(fl.norm_2, t.residual1, t.norm2, p.epsilon);
        const auto& ff = fl.feed_forward;
        ql.linear1 = quantize_layer(ff.w_1, ff.b_1, t.norm2.outputs, t.hidden, true);
        ql.linear2 = quantize_layer(ff.w_2, ff.b_2, t.hidden, t.feed_forward);
        ql.residual2 = q::add_params(t.residual1, t.feed_forward, t.residual2);
        x = t.residual2;
    }
    m.norm = quantize_norm(f.encoder.norm, x, p.norm, p.epsilon);
    m.pooled = mean_params_of(p.norm.outputs, p.pooled);
    m.head = quantize_layer(f.head.weight, f.head.bias, p.pooled, p.logits);
    return m;
}

/// Every intermediate one image's int8 logits need, and no more: the caller provides it, so the forward pass needs
/// no memory but sizeof(lean_workspace) and the stack of its calls.
struct lean_workspace {
    std::int8_t inputs[patches * patch_pixels]{};  ///< the quantized patches
    std::int8_t states[sequence]{};               ///< embed + pos, then each layer's outputs, in place
    std::int8_t normalized[sequence]{};           ///< a layer norm's outputs
    std::int8_t scratch[2][sequence]{};           ///< a layer norm's steps; q, k, v, context before the heads move
    std::int8_t mean[patches]{};                  ///< a layer norm's MEAN over the features
    std::int8_t variance[patches]{};              ///< its variance
    std::int8_t rsqrt[patches]{};                 ///< variance + epsilon, then its RSQRT
    std::int8_t queries[sequence]{};              ///< by head: [head][position][d_head]
    std::int8_t keys[sequence]{};                 ///< by head
    std::int8_t values[sequence]{};               ///< by head
    std::int8_t wide[nhead * patches * patches]{};  ///< the scores, then the feed-forward's hidden layer (16 x 32)
    std::int8_t weights[nhead * patches * patches]{};  ///< softmax of the scores
    std::int8_t pooled[d_model]{};                ///< the mean over the 16 positions
    std::int8_t logits[classes]{};                ///< the head's
};
static_assert(nhead * patches * patches == patches * d_ff,
              "lean_workspace::wide holds the scores, then the hidden layer");

/// A layer norm of x (16 x 16) into y, in nine int8 operations (the file's description).
constexpr void layer_norm_into(std::int8_t* y, const layer_norm& n, const std::int8_t* x, lean_workspace& w) noexcept {
    q::mean<1>(n.mean, x, patches, d_model, w.mean);
    q::squared_difference(n.squares, x, patches, d_model, w.mean, patches, 1, w.scratch[0]);
    q::mean<1>(n.variance, w.scratch[0], patches, d_model, w.variance);
    q::add(n.shifted, w.variance, patches, 1, &n.epsilon, 1, 1, w.rsqrt);
    q::rsqrt(n.rsqrt, w.rsqrt, patches, w.rsqrt);
    q::subtract(n.centered, x, patches, d_model, w.mean, patches, 1, w.scratch[0]);
    q::multiply(n.normalized, w.scratch[0], patches, d_model, w.rsqrt, patches, 1, w.scratch[1]);
    q::multiply(n.scaled, w.scratch[1], patches, d_model, n.gamma, 1, d_model, w.scratch[0]);
    q::add(n.outputs, w.scratch[0], patches, d_model, n.beta, 1, d_model, y);
}

/// With `Split`, x (16 x 16, the heads side by side) into heads (2 x 16 x 8): RESHAPE [16, 2, 8] and TRANSPOSE
/// [2, 16, 8]; without, heads back into x.
template <bool Split>
constexpr void move_heads(std::int8_t* x, std::int8_t* heads) noexcept {
    for (std::size_t h = 0; h < nhead; ++h)
        for (std::size_t i = 0; i < patches; ++i)
            for (std::size_t k = 0; k < d_head; ++k) {
                std::int8_t& by_head = heads[(h * patches + i) * d_head + k];
                std::int8_t& by_position = x[i * d_model + h * d_head + k];
                if constexpr (Split) by_head = by_position;
                else by_position = by_head;
            }
}

/// One encoder layer on w.states, in place.
constexpr void encoder_layer_into(lean_workspace& w, const encoder_layer& l) noexcept {
    constexpr q::batch_shape by_head{1, 1, nhead};
    layer_norm_into(w.normalized, l.norm1, w.states, w);
    l.query(w.normalized, w.scratch[0]);
    move_heads<true>(w.scratch[0], w.queries);
    l.key(w.normalized, w.scratch[0]);
    move_heads<true>(w.scratch[0], w.keys);
    l.value(w.normalized, w.scratch[0]);
    move_heads<true>(w.scratch[0], w.values);
    q::batch_matmul_rhs_transposed(l.scores_params, l.scores_multiplier, w.queries, by_head, w.keys, by_head, w.wide,
                                   patches, d_head, patches);
    q::softmax(w.wide, nhead * patches, patches, l.softmax, w.weights);
    q::batch_matmul(l.context_params, l.context_multiplier, w.weights, by_head, w.values, by_head, w.scratch[1],
                    patches, patches, d_head);
    move_heads<false>(w.scratch[0], w.scratch[1]);
    l.out(w.scratch[0], w.scratch[1]);
    q::add(l.residual1, w.states, patches, d_model, w.scratch[1], patches, d_model, w.states);
    layer_norm_into(w.normalized, l.norm2, w.states, w);
    l.linear1(w.normalized, w.wide);
    l.linear2(w.wide, w.scratch[0]);
    q::add(l.residual2, w.states, patches, d_model, w.scratch[0], patches, d_model, w.states);
}

/// The int8 logits of image x, in w.logits (every step in w): integers only, the patches' QUANTIZE looked up in
/// m.pixels.
constexpr void logits_into(lean_workspace& w, const model& m, const image& x) noexcept {
    for (std::size_t i = 0; i < patches; ++i)
        for (std::size_t k = 0; k < patch_pixels; ++k)
            w.inputs[i * patch_pixels + k] = m.pixels[x.elems[0][pixel_of_patch(i, k)]];
    m.embed(w.inputs, w.states);
    q::add(m.positioned, w.states, patches, d_model, m.positions, patches, d_model, w.states);
    for (std::size_t l = 0; l < digits::layers; ++l) encoder_layer_into(w, m.layers[l]);
    layer_norm_into(w.normalized, m.norm, w.states, w);
    q::mean<0>(m.pooled, w.normalized, patches, d_model, w.pooled);
    m.head(w.pooled, w.logits);
}

/// The first index of the largest int8 logit.
constexpr std::size_t argmax(const std::int8_t (&logits)[classes]) noexcept {
    std::size_t best = 0;
    for (std::size_t c = 1; c < classes; ++c) best = logits[c] > logits[best] ? c : best;
    return best;
}

/// The int8 class of image x.
constexpr std::size_t classify(const model& m, const image& x) noexcept {
    lean_workspace w;
    logits_into(w, m, x);
    return argmax(w.logits);
}

}  // namespace digits::int8
