// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief From a real-valued model to the quantization of its int8 twin, as TensorFlow Lite's converter derives it,
/// in a constant expression: asymmetric int8 activations from the range they take on representative inputs,
/// symmetric per-channel int8 weights, and the quantization of every step of self-attention.
///
///     constexpr auto x = cta::quantized::asymmetric_int8(-1.0F, 3.0F);   // affine(4 / 255, -64)
///     constexpr auto w = cta::quantized::symmetric_int8(w_query);        // per_channel<d_k>: max |column| / 127
///
/// The arithmetic is the converter's, in float (a `.tflite` file's scales are floats):
/// - activations (`asymmetric_int8(min, max)`): the range widened to hold 0, scale = (max - min) / 255, zero point =
///   -128 - min / scale rounded half away from zero, or -128 or 127 where that falls outside them;
/// - weights (`symmetric_int8(w)`, `quantize_weights<Q>(w)`): per column (output channel) c, scale = max |w(., c)| /
///   127, each element times 127 / max |w(., c)| rounded half away from zero and clamped to [-127, 127]; a column of
///   zeros, whose scale TensorFlow Lite leaves 0, gets scale 1 here (a template argument's scale must be positive):
///   its integers are 0 either way, and so are its products;
/// - several representative sequences (`calibrate_self_attention({x1, x2}, ...)`): as the calibrator keeps, for each
///   tensor, the running min and max over every sample, each activation's range is the union of its ranges on them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/detail/target.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/quantize.hpp>
#include <cta/softmax.hpp>

namespace cta::quantized {

namespace precondition {
///@{
/// @brief Called where the precondition its name states does not hold: not `constexpr`, so a constant
/// evaluation that reaches it stops with its name; at run time see the namespace `cta::quantized::precondition`.
inline void range_must_not_be_empty() noexcept { detail::stop(); }
inline void weights_must_be_the_calibrated_ones() noexcept { detail::stop(); }
///@}
}  // namespace precondition

/// @brief The quantization TensorFlow Lite's converter gives an int8 activation whose values span [min, max].
/// Precondition: min < max after widening to hold 0 (a range of one value, 0, has no scale).
CTA_DETAIL_TARGET_TAG constexpr per_tensor asymmetric_int8(float min, float max) noexcept {
    min = min < 0.0F ? min : 0.0F;
    max = max > 0.0F ? max : 0.0F;
    const float scale = (max - min) / 255.0F;
    if (!(scale > 0.0F)) {
        precondition::range_must_not_be_empty();
        return {};
    }
    const float from_min = -128.0F - min / scale;
    const std::int32_t zero_point = from_min < -128.0F  ? -128
                                    : from_min > 127.0F ? 127
                                                        : static_cast<std::int32_t>(
                                                              detail::round_half_away_from_zero(from_min));
    return affine(scale, zero_point);
}

namespace detail {
/// |v| (-0 for -0, NaN for NaN).
CTA_DETAIL_TARGET_TAG constexpr float magnitude(float v) noexcept { return v < 0.0F ? -v : v; }

/// The largest magnitude of column c of w, in float.
template <class Real, std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr float column_half_range(const matrix<Real, R, C>& w, std::size_t c) noexcept {
    float half_range = 0.0F;
    for (std::size_t i = 0; i < R; ++i)  // one statement per element (a step of Clang's constant-evaluation budget)
        half_range = magnitude(static_cast<float>(w.elems[i][c])) > half_range
                         ? magnitude(static_cast<float>(w.elems[i][c]))
                         : half_range;
    return half_range;
}
}  // namespace detail

/// @brief The symmetric per-channel quantization TensorFlow Lite's converter gives weights `w` (d_in x d_out, a
/// column per output channel): column c's scale is its largest magnitude / 127.
template <class Real, std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr per_channel<C> symmetric_int8(const matrix<Real, R, C>& w) noexcept {
    per_channel<C> q;
    for (std::size_t c = 0; c < C; ++c) {
        const float half_range = detail::column_half_range(w, c);
        q.scale_bits[c] = std::bit_cast<std::uint32_t>(half_range > 0.0F ? half_range / 127.0F : 1.0F);
    }
    return q;
}

namespace detail {
/// A weight rounded to an integer, clamped to [-127, 127].
CTA_DETAIL_TARGET_TAG constexpr std::int8_t symmetric_weight(float v) noexcept {
    return static_cast<std::int8_t>(v < -127.0F ? -127.0F : v > 127.0F ? 127.0F : v);
}
}  // namespace detail

/// @brief The weights `w` quantized with `Q = symmetric_int8(w)`, as TensorFlow Lite's converter quantizes them:
/// each element times 127 / its column's largest magnitude (in float), rounded half away from zero, clamped to
/// [-127, 127]. Precondition: Q is `symmetric_int8(w)`.
template <auto Q, class Real, std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr qmatrix<std::int8_t, R, C, Q> quantize_weights(const matrix<Real, R, C>& w) noexcept {
    qmatrix<std::int8_t, R, C, Q> q;
    for (std::size_t c = 0; c < C; ++c) {
        const float half_range = detail::column_half_range(w, c);
        if (Q.scale(c) != (half_range > 0.0F ? half_range / 127.0F : 1.0F)) {
            precondition::weights_must_be_the_calibrated_ones();
        }
        const float inverse = half_range > 0.0F ? 127.0F / half_range : 0.0F;
        for (std::size_t i = 0; i < R; ++i)  // one statement per element
            q.elems[i * C + c] = detail::symmetric_weight(
                detail::round_half_away_from_zero(static_cast<float>(w.elems[i][c]) * inverse));
    }
    return q;
}

/// @brief The quantization of every tensor of an int8 self-attention layer, d_in inputs, d_k and d_v columns of the
/// projections, and its options: a structural type, the template argument of `self_attention_model` and of the
/// steps' types. Made by `calibrate_self_attention`.
template <std::size_t DIn, std::size_t DK, std::size_t DV>
struct self_attention_quantization {
    ///@{
    /// @brief The dimensions: d_in, d_k, d_v.
    static constexpr std::size_t d_in = DIn, d_k = DK, d_v = DV;
    ///@}
    per_tensor inputs;             ///< X, int8
    per_channel<DK> w_query;       ///< W_Q, int8 per channel
    per_channel<DK> w_key;         ///< W_K
    per_channel<DV> w_value;       ///< W_V
    per_tensor queries;            ///< Q = X W_Q
    per_tensor keys;               ///< K = X W_K
    per_tensor values;             ///< V = X W_V
    per_tensor scores;             ///< Q K^T (over sqrt(d_k) with `scaled`)
    per_tensor weights;            ///< softmax: scale 1/256, zero point -128
    per_tensor outputs;            ///< the weights times V
    bool scaled = false;           ///< the scores divided by sqrt(d_k)
    bool causal = false;           ///< query i sees keys 0 to i
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const self_attention_quantization&,
                                     const self_attention_quantization&) = default;
};

namespace detail {
/// The range an activation's values span, as floats: [min, max], widened to hold 0 (as the converter widens it).
struct value_range {
    float min = 0.0F, max = 0.0F;

    /// The range widened to hold the elements of m (for `lower_triangle`, those on and below the diagonal): the
    /// running min and max of TensorFlow Lite's calibrator.
    template <class Real, std::size_t R, std::size_t C>
    CTA_DETAIL_TARGET_TAG constexpr void widen(const matrix<Real, R, C>& m, bool lower_triangle = false) noexcept {
        float least = min, most = max;
        for (std::size_t i = 0; i < R; ++i) {
            const std::size_t columns = lower_triangle && i < C ? i + 1 : C;
            // One statement per element and loop (a step each of Clang's constant-evaluation budget).
            for (std::size_t j = 0; j < columns; ++j)
                least = static_cast<float>(m.elems[i][j]) < least ? static_cast<float>(m.elems[i][j]) : least;
            for (std::size_t j = 0; j < columns; ++j)
                most = static_cast<float>(m.elems[i][j]) > most ? static_cast<float>(m.elems[i][j]) : most;
        }
        min = least;
        max = most;
    }

    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr per_tensor quantization() const noexcept {
        return asymmetric_int8(min, max);
    }
};
}  // namespace detail

/// @brief The quantization TensorFlow Lite's converter gives an int8 activation that takes the values of `m`:
/// `asymmetric_int8(min, max)` of its elements as floats. `calibrate_self_attention` gives each activation of
/// self-attention this quantization; a model too large to calibrate in one constant expression can be calibrated
/// from its real-valued steps computed as constants of their own (bench/compile_time/quantized_attention.cpp).
template <class Real, std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr per_tensor asymmetric_int8(const matrix<Real, R, C>& m) noexcept {
    detail::value_range range;
    range.widen(m);
    return range.quantization();
}

namespace detail {
/// The ranges of the activations of self-attention.
struct self_attention_ranges {
    value_range inputs, queries, keys, values, scores, outputs;
};

/// The ranges widened to hold the activations of the real-valued self-attention of `inputs`.
template <bool Scaled, bool Causal, class RX, class RQ, class RK, class RV, std::size_t N, std::size_t DIn,
          std::size_t DK, std::size_t DV>
CTA_DETAIL_TARGET_TAG constexpr void widen_self_attention(self_attention_ranges& r, const matrix<RX, N, DIn>& inputs,
                                                          const matrix<RQ, DIn, DK>& w_query,
                                                          const matrix<RK, DIn, DK>& w_key,
                                                          const matrix<RV, DIn, DV>& w_value) noexcept {
    r.inputs.widen(inputs);
    // The real-valued attention with cta's products (operations.hpp): each element summed in double from 0 in the
    // order k = 0, 1, ..., every term the product of the operands converted to double, the same bits at compile
    // time and at run time, and in constant evaluation a fold of many terms per step.
    const auto q = cta::detail::multiply<double>(inputs, w_query);
    const auto k = cta::detail::multiply<double>(inputs, w_key);
    const auto v = cta::detail::multiply<double>(inputs, w_value);
    r.queries.widen(q);
    r.keys.widen(k);
    r.values.widen(v);
    auto scores = cta::detail::multiply_transposed<double>(q, k);
    if constexpr (Scaled || Causal) {
        const double factor = Scaled ? 1.0 / sqrt(static_cast<double>(DK)) : 1.0;
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t j = 0; j < N; ++j)
                scores(i, j) = Causal && j > i ? -std::numeric_limits<double>::infinity() : scores(i, j) * factor;
        }
    }
    r.scores.widen(scores, Causal);
    r.outputs.widen(cta::detail::multiply<double>(softmax(scores), v));
}

/// The quantization of each activation of self-attention from its range (`Ranges`: a `self_attention_ranges` or
/// one with the same members), into `p`; softmax's output in 256ths from -128.
template <class P, class Ranges>
CTA_DETAIL_TARGET_TAG constexpr void quantize_activations(P& p, const Ranges& r) noexcept {
    p.inputs = r.inputs.quantization();
    p.queries = r.queries.quantization();
    p.keys = r.keys.quantization();
    p.values = r.values.quantization();
    p.scores = r.scores.quantization();
    p.weights = affine(1.0F / 256.0F, -128);
    p.outputs = r.outputs.quantization();
}

/// The calibration on `count` sequences of the same shape, `inputs[0]` to `inputs[count - 1]`.
template <class... Options, class RX, class RQ, class RK, class RV, std::size_t N, std::size_t DIn, std::size_t DK,
          std::size_t DV>
CTA_DETAIL_TARGET_TAG constexpr self_attention_quantization<DIn, DK, DV>
calibrate_self_attention(const matrix<RX, N, DIn>* inputs, std::size_t count, const matrix<RQ, DIn, DK>& w_query,
                         const matrix<RK, DIn, DK>& w_key, const matrix<RV, DIn, DV>& w_value) noexcept {
    constexpr bool scaled = (std::is_same_v<Options, scaled_t> || ...);
    constexpr bool causal = (std::is_same_v<Options, causal_t> || ...);
    static_assert(((std::is_same_v<Options, scaled_t> || std::is_same_v<Options, causal_t>) && ...),
                  "cta::quantized::calibrate_self_attention: the options are cta::scaled and cta::causal");
    self_attention_ranges r;
    for (std::size_t s = 0; s < count; ++s) widen_self_attention<scaled, causal>(r, inputs[s], w_query, w_key, w_value);
    self_attention_quantization<DIn, DK, DV> p;
    p.scaled = scaled;
    p.causal = causal;
    p.w_query = symmetric_int8(w_query);
    p.w_key = symmetric_int8(w_key);
    p.w_value = symmetric_int8(w_value);
    quantize_activations(p, r);
    return p;
}
}  // namespace detail

/// @brief The quantization of a self-attention layer with these weights, calibrated on `inputs` (n x d_in, a
/// representative sequence) as TensorFlow Lite's converter calibrates a model: the real-valued attention (in double)
/// gives each activation's range (for `causal`, the scores a query sees), from which `asymmetric_int8` gives its
/// quantization; the weights are quantized per channel (`symmetric_int8`); softmax's output has scale 1/256 and
/// zero point -128. Options: `cta::scaled`, `cta::causal`.
template <class RX, class RQ, class RK, class RV, std::size_t N, std::size_t DIn, std::size_t DK, std::size_t DV,
          class... Options>
CTA_DETAIL_TARGET_TAG constexpr self_attention_quantization<DIn, DK, DV>
calibrate_self_attention(const matrix<RX, N, DIn>& inputs, const matrix<RQ, DIn, DK>& w_query,
                         const matrix<RK, DIn, DK>& w_key, const matrix<RV, DIn, DV>& w_value, Options...) noexcept {
    return detail::calibrate_self_attention<Options...>(&inputs, 1, w_query, w_key, w_value);
}

/// @brief The same, calibrated on several representative sequences of one shape, a braced list or an array:
/// `calibrate_self_attention({x1, x2}, w_query, w_key, w_value)`. As TensorFlow Lite's calibrator keeps, for each
/// tensor, the running min and max of its values over every sample of the representative dataset, each sequence
/// runs through the real-valued attention on its own and each activation's range is the union of its ranges on the
/// sequences: the least of their minimums to the greatest of their maximums (in any order of the sequences). The
/// weights' quantization and softmax's output do not depend on the inputs.
template <class RX, class RQ, class RK, class RV, std::size_t S, std::size_t N, std::size_t DIn, std::size_t DK,
          std::size_t DV, class... Options>
CTA_DETAIL_TARGET_TAG constexpr self_attention_quantization<DIn, DK, DV>
calibrate_self_attention(const matrix<RX, N, DIn> (&inputs)[S], const matrix<RQ, DIn, DK>& w_query,
                         const matrix<RK, DIn, DK>& w_key, const matrix<RV, DIn, DV>& w_value, Options...) noexcept {
    return detail::calibrate_self_attention<Options...>(inputs, S, w_query, w_key, w_value);
}

}  // namespace cta::quantized
