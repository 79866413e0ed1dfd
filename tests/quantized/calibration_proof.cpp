// SPDX-License-Identifier: BSL-1.0
// Calibration on several representative sequences, proven while this file compiles (static.quantized_calibration):
// one sequence in braces gives what the single-matrix call gives; on two sequences each activation's quantization is
// asymmetric_int8 of the union of its ranges on each, the ranges read from the real-valued steps of each sequence
// alone (the steps whose ranges give each sequence's own calibration); the order of the sequences does not matter;
// the weights' quantization is the single-matrix call's. For self-attention, multi-head self-attention and a linear
// layer (calibration_cases.hpp).
#include "calibration_cases.hpp"

#include <cstddef>

#include <cta/attention_steps.hpp>
#include <cta/math.hpp>
#include <cta/multi_head_steps.hpp>

namespace {

using namespace quantized_calibration;

// ---- One sequence in braces: the single-matrix call ----------------------------------------------------------------
static_assert(q::calibrate_self_attention({seed::inputs}, seed::w_query, seed::w_key, seed::w_value) ==
              q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value));
static_assert(q::calibrate_self_attention({other}, seed::w_query, seed::w_key, seed::w_value, cta::scaled,
                                          cta::causal) ==
              q::calibrate_self_attention(other, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal));
static_assert(q::calibrate_self_attention({rm::inputs}, rm::w_query, rm::w_key, rm::w_value, cta::scaled) ==
              q::calibrate_self_attention(rm::inputs, rm::w_query, rm::w_key, rm::w_value, cta::scaled));
static_assert(q::calibrate_multi_head_self_attention<2>({other}, w_query, w_key, w_value, w_out, cta::causal) ==
              q::calibrate_multi_head_self_attention<2>(other, w_query, w_key, w_value, w_out, cta::causal));
static_assert(q::calibrate_linear({other}, seed::w_value, bias) == q::calibrate_linear(other, seed::w_value, bias));
// A named array of sequences is taken as the braced list is.
constexpr cta::matrix<int, 3, 4> sequences[]{seed::inputs, other};
static_assert(q::calibrate_self_attention(sequences, seed::w_query, seed::w_key, seed::w_value) == both);

// ---- Ranges, read from the real-valued steps -----------------------------------------------------------------------

/// The smallest and largest element of a matrix as floats (for `lower_triangle`, of those on and below the diagonal),
/// each element times `factor` first.
struct range {
    float min, max;
};
template <class M>
constexpr range range_of(const M& m, bool lower_triangle = false, double factor = 1.0) {
    range r{static_cast<float>(m(0, 0) * factor), static_cast<float>(m(0, 0) * factor)};
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < (lower_triangle ? i + 1 : M::cols); ++j) {
            const auto v = static_cast<float>(m(i, j) * factor);
            r.min = v < r.min ? v : r.min;
            r.max = v > r.max ? v : r.max;
        }
    }
    return r;
}
constexpr range either(range a, range b) { return {a.min < b.min ? a.min : b.min, a.max > b.max ? a.max : b.max}; }
constexpr q::per_tensor quantization(range r) { return q::asymmetric_int8(r.min, r.max); }

// The ranges of every activation (heads_outputs for multi-head attention only), their union, and the quantization
// they give, with the weights of `p`.
struct ranges {
    range inputs, queries, keys, values, scores, heads_outputs, outputs;
};
constexpr ranges either(const ranges& a, const ranges& b) {
    return {either(a.inputs, b.inputs), either(a.queries, b.queries),
            either(a.keys, b.keys),     either(a.values, b.values),
            either(a.scores, b.scores), either(a.heads_outputs, b.heads_outputs),
            either(a.outputs, b.outputs)};
}
template <class P>
constexpr P from_ranges(const ranges& r, P p) {
    p.inputs = quantization(r.inputs);
    p.queries = quantization(r.queries);
    p.keys = quantization(r.keys);
    p.values = quantization(r.values);
    p.scores = quantization(r.scores);
    if constexpr (requires { p.heads_outputs; }) p.heads_outputs = quantization(r.heads_outputs);
    p.outputs = quantization(r.outputs);
    return p;
}

// Self-attention: the ranges of the steps of cta::self_attention_steps in double (the scores, as calibration sees
// them, times 1/sqrt(d_k) with `scaled`, those a query sees with `causal`).
template <bool Scaled, bool Causal, class X, class WQ, class WK, class WV>
constexpr ranges attention_ranges_of(const X& x, const WQ& wq, const WK& wk, const WV& wv) {
    const auto s = [&] {
        if constexpr (Scaled && Causal) {
            return cta::self_attention_steps<double>(x, wq, wk, wv, cta::scaled, cta::causal);
        } else {
            static_assert(!Scaled && !Causal, "the ranges of these options are not needed here");
            return cta::self_attention_steps<double>(x, wq, wk, wv);
        }
    }();
    const double factor = Scaled ? 1.0 / cta::sqrt(static_cast<double>(WQ::cols)) : 1.0;
    return {range_of(x),      range_of(s.queries),
            range_of(s.keys), range_of(s.values),
            range_of(s.scores, Causal, factor), range{0.0F, 0.0F},  // no heads' outputs
            range_of(s.outputs)};
}

// ---- Self-attention on two sequences: the union of their ranges ----------------------------------------------------
constexpr auto seed_alone = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto other_alone = q::calibrate_self_attention(other, seed::w_query, seed::w_key, seed::w_value);
constexpr auto seed_ranges = attention_ranges_of<false, false>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto other_ranges = attention_ranges_of<false, false>(other, seed::w_query, seed::w_key, seed::w_value);
// These are the ranges of each calibration alone...
static_assert(from_ranges(seed_ranges, seed_alone) == seed_alone);
static_assert(from_ranges(other_ranges, other_alone) == other_alone);
// ... and the calibration on both is their union, whatever the order, with the same weights.
static_assert(from_ranges(either(seed_ranges, other_ranges), seed_alone) == both);
static_assert(q::calibrate_self_attention({other, seed::inputs}, seed::w_query, seed::w_key, seed::w_value) == both);
static_assert(both.w_query == seed_alone.w_query && both.w_key == seed_alone.w_key &&
              both.w_value == seed_alone.w_value && both.weights == seed_alone.weights);
// Each sequence gives one end: the seed's inputs reach 2, the other's -1; the union, -1 to 2, is neither's.
static_assert(seed_ranges.inputs.min == 0.0F && seed_ranges.inputs.max == 2.0F);
static_assert(other_ranges.inputs.min == -1.0F && other_ranges.inputs.max == 1.0F);
static_assert(both.inputs == q::asymmetric_int8(-1.0F, 2.0F));
static_assert(both.inputs != seed_alone.inputs && both.inputs != other_alone.inputs);
// So for the keys, the values, the scores and the outputs: the other sequence's go below 0, the seed's higher.
constexpr bool ends_from_each(range seed_range, range other_range, q::per_tensor from_both, q::per_tensor seed_only,
                              q::per_tensor other_only) {
    return other_range.min < 0.0F && seed_range.min >= 0.0F && seed_range.max > other_range.max &&
           from_both != seed_only && from_both != other_only;
}
static_assert(ends_from_each(seed_ranges.keys, other_ranges.keys, both.keys, seed_alone.keys, other_alone.keys));
static_assert(ends_from_each(seed_ranges.values, other_ranges.values, both.values, seed_alone.values,
                             other_alone.values));
static_assert(ends_from_each(seed_ranges.scores, other_ranges.scores, both.scores, seed_alone.scores,
                             other_alone.scores));
static_assert(ends_from_each(seed_ranges.outputs, other_ranges.outputs, both.outputs, seed_alone.outputs,
                             other_alone.outputs));
// A sequence given twice adds nothing.
static_assert(q::calibrate_self_attention({seed::inputs, other, seed::inputs}, seed::w_query, seed::w_key,
                                          seed::w_value) == both);

// Scaled and causal: the same.
constexpr auto seed_sc = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value,
                                                     cta::scaled, cta::causal);
constexpr auto other_sc =
    q::calibrate_self_attention(other, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
constexpr auto seed_sc_ranges =
    attention_ranges_of<true, true>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto other_sc_ranges = attention_ranges_of<true, true>(other, seed::w_query, seed::w_key, seed::w_value);
static_assert(from_ranges(seed_sc_ranges, seed_sc) == seed_sc);
static_assert(from_ranges(other_sc_ranges, other_sc) == other_sc);
static_assert(from_ranges(either(seed_sc_ranges, other_sc_ranges), seed_sc) == both_scaled_causal);
static_assert(q::calibrate_self_attention({other, seed::inputs}, seed::w_query, seed::w_key, seed::w_value,
                                          cta::causal, cta::scaled) == both_scaled_causal);

// The random model and a second random sequence.
constexpr auto random_alone = q::calibrate_self_attention(rm::inputs, rm::w_query, rm::w_key, rm::w_value);
constexpr auto random_other_alone = q::calibrate_self_attention(random_other, rm::w_query, rm::w_key, rm::w_value);
constexpr auto random_ranges = attention_ranges_of<false, false>(rm::inputs, rm::w_query, rm::w_key, rm::w_value);
constexpr auto random_other_ranges =
    attention_ranges_of<false, false>(random_other, rm::w_query, rm::w_key, rm::w_value);
static_assert(from_ranges(random_ranges, random_alone) == random_alone);
static_assert(from_ranges(random_other_ranges, random_other_alone) == random_other_alone);
static_assert(from_ranges(either(random_ranges, random_other_ranges), random_alone) == random_both);
static_assert(q::calibrate_self_attention({random_other, rm::inputs}, rm::w_query, rm::w_key, rm::w_value) ==
              random_both);

// ---- Multi-head self-attention -------------------------------------------------------------------------------------
// The ranges of the steps of cta::multi_head_self_attention_steps in double: the scores of both heads in one range,
// times 1/sqrt(d_k) as calibration sees them, and the heads' outputs side by side.
template <bool Causal, class X>
constexpr ranges multi_head_ranges_of(const X& x) {
    const auto s = [&] {
        if constexpr (Causal) {
            return cta::multi_head_self_attention_steps<2, double>(x, w_query, w_key, w_value, w_out, cta::causal);
        } else {
            return cta::multi_head_self_attention_steps<2, double>(x, w_query, w_key, w_value, w_out);
        }
    }();
    const double factor = 1.0 / cta::sqrt(3.0);  // d_k = 6 / 2
    return {range_of(x),
            range_of(s.queries),
            range_of(s.keys),
            range_of(s.values),
            either(range_of(s.scores[0], Causal, factor), range_of(s.scores[1], Causal, factor)),
            range_of(s.concatenated),
            range_of(s.outputs)};
}
/// The calibration on the seed's inputs or on the other sequence alone.
template <bool Causal, class X>
constexpr auto multi_head_alone(const X& x) {
    if constexpr (Causal) {
        return q::calibrate_multi_head_self_attention<2>(x, w_query, w_key, w_value, w_out, cta::causal);
    } else {
        return q::calibrate_multi_head_self_attention<2>(x, w_query, w_key, w_value, w_out);
    }
}
template <bool Causal, auto Both>
constexpr bool multi_head_union() {
    constexpr auto seed_only = multi_head_alone<Causal>(seed::inputs);
    constexpr auto other_only = multi_head_alone<Causal>(other);
    constexpr auto a = multi_head_ranges_of<Causal>(seed::inputs);
    constexpr auto b = multi_head_ranges_of<Causal>(other);
    return from_ranges(a, seed_only) == seed_only && from_ranges(b, other_only) == other_only &&
           from_ranges(either(a, b), seed_only) == Both && Both.w_query == seed_only.w_query &&
           Both.w_output == seed_only.w_output;
}
static_assert(multi_head_union<false, both_multi_head>());
static_assert(multi_head_union<true, both_multi_head_causal>());
static_assert(q::calibrate_multi_head_self_attention<2>({other, seed::inputs}, w_query, w_key, w_value, w_out) ==
              both_multi_head);

// ---- A linear layer: x W + b in double -----------------------------------------------------------------------------
template <class X>
constexpr range outputs_range(const X& x) {
    cta::matrix<double, X::rows, 3> y{};
    for (std::size_t i = 0; i < X::rows; ++i) {
        for (std::size_t c = 0; c < 3; ++c) {
            y(i, c) = bias(0, c);
            for (std::size_t t = 0; t < X::cols; ++t) y(i, c) += x(i, t) * seed::w_value(t, c);
        }
    }
    return range_of(y);
}
constexpr auto linear_alone = q::calibrate_linear(seed::inputs, seed::w_value, bias);
static_assert(linear_alone.outputs == quantization(outputs_range(seed::inputs)));
static_assert(q::calibrate_linear(other, seed::w_value, bias).outputs == quantization(outputs_range(other)));
static_assert(both_linear.inputs == both.inputs && both_linear.weights == linear_alone.weights &&
              both_linear.outputs == quantization(either(outputs_range(seed::inputs), outputs_range(other))));
static_assert(q::calibrate_linear({other, seed::inputs}, seed::w_value, bias) == both_linear);

}  // namespace
