// SPDX-License-Identifier: BSL-1.0
// The attention features proven while this file compiles, against the independent 50-digit references of
// reference_values.hpp (written by make_attention_reference.py): plain and scaled self-attention of the seed, the
// causal, boolean and additive masks, cross-attention, multi-head attention, attention from given queries, keys and
// values, batches and named axes. For every case: the result types, the outputs (and weights, logits) within 1e-13 of
// the reference, the exact projections and scores, masked weights exactly 0 and the other rows summing to 1, and
// every step of the records following bit for bit from the steps before it and equal to the outputs-only functions.
// Nothing here runs; a wrong number is a build error.
#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/at_key.hpp>
#include <boost/hana/equal.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/keys.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/cta.hpp>

#include "attention_checks.hpp"
#include "reference_values.hpp"
#include "seed.hpp"

namespace {

namespace hana = boost::hana;
namespace ref = attention_reference;
namespace axis = cta::axis;
using attention_checks::first_inconsistent_head_step;
using attention_checks::first_inconsistent_step;
using attention_checks::identity;
using attention_checks::keep_all;
using attention_checks::keep_both;
using attention_checks::keep_causal;
using attention_checks::keep_finite;
using attention_checks::logits_are_scores;
using attention_checks::weights_follow_mask;
using cta::matrix;

// Every computed number is within this of its 50-digit reference.
constexpr double tolerance = 1e-13;

/// H if every head's matrix of `actual` is within `tol` of the same head's of `expected`, else the first head that
/// is not.
template <class M, std::size_t H, class N>
constexpr std::size_t heads_near(const std::array<M, H>& actual, const std::array<N, H>& expected, double tol) {
    for (std::size_t h = 0; h < H; ++h) {
        if (!cta::approx_equal(actual[h], expected[h], tol)) return h;
    }
    return H;
}

/// True if every head's weights follow the mask `keep` (see weights_follow_mask), with that head's outputs.
template <class Steps, std::size_t Rows, std::size_t Cols>
constexpr bool heads_follow_mask(const Steps& s, const matrix<bool, Rows, Cols>& keep) {
    for (std::size_t h = 0; h < s.weights.size(); ++h) {
        if (!weights_follow_mask(s.weights[h], s.head_outputs[h], keep)) return false;
    }
    return true;
}

// ---- The references' seed is the tutorial's (examples/seed.hpp, shared/reference/tutorial-values.md) ----------------
static_assert(ref::seed::inputs == seed::inputs && ref::seed::w_query == seed::w_query &&
              ref::seed::w_key == seed::w_key && ref::seed::w_value == seed::w_value);
// tutorial-values.md, "weights = softmax(scores / sqrt(3)) and outputs", to 20 digits as printed there.
constexpr matrix<double, 3, 3> tutorial_scaled_weights{{
    {0.13612579755693347738, 0.43193710122153326131, 0.43193710122153326131},
    {0.00089044739063233361869, 0.90884264721499345605, 0.090266905394374210332},
    {0.0074448923770739653755, 0.75470758064146427248, 0.23784752698146176214},
}};
constexpr matrix<double, 3, 3> tutorial_scaled_outputs{{
    {1.8638742024430665226, 6.3193710122153326131, 1.7041886963354002161},
    {1.9991095526093676664, 7.8141235048674575776, 0.27347205835501963185},
    {1.9925551076229260346, 7.4796355917746326835, 0.73587725807560718255},
}};
static_assert(CTA_EXPECT_EQUAL(ref::seed::scaled::weights, tutorial_scaled_weights));
static_assert(CTA_EXPECT_EQUAL(ref::seed::scaled::outputs, tutorial_scaled_outputs));

// ---- (a) The seed: plain softmax(Q K^T) V and scaled softmax(Q K^T / sqrt(3)) V -------------------------------------
namespace seed_plain {
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto outputs = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto from_projections = cta::attention(steps.queries, steps.keys, steps.values);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<int, 3, 3>>);
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::seed::queries));
static_assert(CTA_EXPECT_EQUAL(steps.keys, ref::seed::keys));
static_assert(CTA_EXPECT_EQUAL(steps.values, ref::seed::values));
static_assert(CTA_EXPECT_EQUAL(steps.scores, ref::seed::scores));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::seed::plain::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::seed::plain::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_all<3, 3>()));
static_assert(first_inconsistent_step(steps, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value) ==
              0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
// Without options the logits are the int scores converted, and the weights softmax of the scores, bit for bit; in
// float as in double.
static_assert(logits_are_scores(steps));
static_assert(std::is_same_v<decltype(steps.logits), matrix<double, 3, 3>>);
static_assert(logits_are_scores(cta::self_attention_steps<float>(seed::inputs, seed::w_query, seed::w_key,
                                                                 seed::w_value)));
// The record is a Boost.Hana struct: its keys are the step names in the record's order, and they give the steps.
static_assert(hana::keys(steps) == hana::make_tuple(BOOST_HANA_STRING("queries"), BOOST_HANA_STRING("keys"),
                                                    BOOST_HANA_STRING("values"), BOOST_HANA_STRING("scores"),
                                                    BOOST_HANA_STRING("logits"), BOOST_HANA_STRING("weights"),
                                                    BOOST_HANA_STRING("weighted_values"),
                                                    BOOST_HANA_STRING("outputs")));
static_assert(hana::at_key(steps, BOOST_HANA_STRING("scores")) == steps.scores);
static_assert(hana::at_key(steps, BOOST_HANA_STRING("weights")) == steps.weights);
static_assert(hana::at_key(steps, BOOST_HANA_STRING("outputs")) == steps.outputs);
}  // namespace seed_plain

namespace seed_scaled {
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);
constexpr auto outputs = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);
constexpr auto from_projections = cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<int, 3, 3>>);
static_assert(std::is_same_v<decltype(steps.logits), matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_EQUAL(steps.scores, ref::seed::scores));
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::seed::scaled::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::seed::scaled::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::seed::scaled::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_all<3, 3>()));
static_assert(first_inconsistent_step(steps, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value) ==
              0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace seed_scaled

// One shape of record: self-attention with and without options and cross-attention return the same template, and
// for the same types the same type.
static_assert(std::is_same_v<decltype(seed_plain::steps), decltype(seed_scaled::steps)>);
static_assert(std::is_same_v<decltype(seed_plain::steps),
                             const decltype(cta::cross_attention_steps(seed::inputs, seed::inputs, seed::w_query,
                                                                       seed::w_key, seed::w_value, cta::causal))>);
static_assert(std::is_same_v<std::remove_const_t<decltype(seed_plain::steps)>,
                             cta::attention_steps<matrix<int, 3, 3>, matrix<int, 3, 3>, matrix<int, 3, 3>,
                                                  matrix<int, 3, 3>, matrix<double, 3, 3>, matrix<double, 3, 3>>>);

// ---- (b) The seed with the causal mask, unscaled and scaled ---------------------------------------------------------
namespace seed_causal {
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::causal);
constexpr auto outputs = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::causal);
constexpr auto from_projections = cta::attention(steps.queries, steps.keys, steps.values, cta::causal);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_EQUAL(steps.scores, ref::seed::scores));
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::seed::causal::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::seed::causal::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::seed::causal::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_causal<3, 3>()));
static_assert(first_inconsistent_step(steps, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value) ==
              0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
// The first query sees only itself: its output is the first value row, exactly.
static_assert(cta::row(steps.outputs, 0) == cta::row(steps.values, 0));
}  // namespace seed_causal

namespace seed_scaled_causal {
constexpr auto steps =
    cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
constexpr auto outputs =
    cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
// The options in the other order, and scaled dot-product attention from the projections, give the same bits.
constexpr auto swapped =
    cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::causal, cta::scaled);
constexpr auto from_projections =
    cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values, cta::causal);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::seed::scaled_causal::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::seed::scaled_causal::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::seed::scaled_causal::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_causal<3, 3>()));
static_assert(first_inconsistent_step(steps, seed::inputs, seed::inputs, seed::w_query, seed::w_key, seed::w_value) ==
              0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(swapped, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace seed_scaled_causal

// ---- (c) Masks: a boolean keep-mask, an additive mask, and both with the causal mask --------------------------------
// Each mask has a fully masked row: weights 0 and output 0 there.
namespace masked {
using ref::masked::inputs;
using ref::masked::w_key;
using ref::masked::w_query;
using ref::masked::w_value;

namespace with_keep {
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value, ref::masked::keep);
constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value, ref::masked::keep);
constexpr auto from_projections = cta::attention(steps.queries, steps.keys, steps.values, ref::masked::keep);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 4, 2>>);
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 4, 4>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::masked::queries));
static_assert(CTA_EXPECT_EQUAL(steps.keys, ref::masked::keys));
static_assert(CTA_EXPECT_EQUAL(steps.values, ref::masked::values));
static_assert(CTA_EXPECT_EQUAL(steps.scores, ref::masked::scores));
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::masked::with_keep::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::masked::with_keep::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::masked::with_keep::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, ref::masked::keep));
static_assert(first_inconsistent_step(steps, inputs, inputs, w_query, w_key, w_value) == 0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace with_keep

namespace with_additive {
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, ref::masked::additive);
constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value, cta::scaled, ref::masked::additive);
constexpr auto from_projections =
    cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values, ref::masked::additive);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 4, 2>>);
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::masked::with_additive::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::masked::with_additive::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::masked::with_additive::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_finite(ref::masked::additive)));
static_assert(first_inconsistent_step(steps, inputs, inputs, w_query, w_key, w_value) == 0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace with_additive

namespace with_all {
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, cta::causal,
                                                 ref::masked::keep, ref::masked::additive);
constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value, cta::scaled, cta::causal,
                                             ref::masked::keep, ref::masked::additive);
constexpr auto from_projections = cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values,
                                                                    cta::causal, ref::masked::keep,
                                                                    ref::masked::additive);
constexpr auto kept = keep_both(keep_causal<4, 4>(), keep_both(ref::masked::keep, keep_finite(ref::masked::additive)));
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::masked::with_all::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::masked::with_all::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::masked::with_all::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, kept));
static_assert(first_inconsistent_step(steps, inputs, inputs, w_query, w_key, w_value) == 0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
// Query 0 keeps key 0 alone: weight exactly 1, output exactly value row 0.
static_assert(steps.weights(0, 0) == 1.0 && cta::row(steps.outputs, 0) == cta::row(steps.values, 0));
}  // namespace with_all
}  // namespace masked

// ---- (d) Cross-attention: n_q = 2, n_kv = 5, d = 4, d' = 3, d_k = 2, d_v = 4 ----------------------------------------
namespace cross {
using ref::cross::w_key;
using ref::cross::w_query;
using ref::cross::w_value;
using ref::cross::x_kv;
using ref::cross::x_q;

namespace plain {
constexpr auto steps = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value);
constexpr auto outputs = cta::cross_attention(x_q, x_kv, w_query, w_key, w_value);
constexpr auto from_projections = cta::attention(steps.queries, steps.keys, steps.values);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 4>>);
static_assert(std::is_same_v<decltype(steps.queries), matrix<double, 2, 2>>);
static_assert(std::is_same_v<decltype(steps.keys), matrix<double, 5, 2>>);
static_assert(std::is_same_v<decltype(steps.values), matrix<double, 5, 4>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<double, 2, 5>>);
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 2, 5>>);
static_assert(std::is_same_v<decltype(steps.weighted_values), std::array<matrix<double, 5, 4>, 2>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::cross::queries));
static_assert(CTA_EXPECT_EQUAL(steps.keys, ref::cross::keys));
static_assert(CTA_EXPECT_EQUAL(steps.values, ref::cross::values));
static_assert(CTA_EXPECT_EQUAL(steps.scores, ref::cross::scores));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::cross::plain::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::cross::plain::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_all<2, 5>()));
static_assert(first_inconsistent_step(steps, x_q, x_kv, w_query, w_key, w_value) == 0);
static_assert(logits_are_scores(steps));  // without options the logits are the scores
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace plain

namespace scaled {
constexpr auto steps = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled);
constexpr auto outputs = cta::cross_attention(x_q, x_kv, w_query, w_key, w_value, cta::scaled);
constexpr auto from_projections = cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 4>>);
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::cross::scaled::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::cross::scaled::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::cross::scaled::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_all<2, 5>()));
static_assert(first_inconsistent_step(steps, x_q, x_kv, w_query, w_key, w_value) == 0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace scaled

// The causal mask with n_q != n_kv: the top-left triangle, query i sees keys j <= i.
namespace scaled_causal {
constexpr auto steps = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled, cta::causal);
constexpr auto outputs = cta::cross_attention(x_q, x_kv, w_query, w_key, w_value, cta::scaled, cta::causal);
constexpr auto from_projections =
    cta::scaled_dot_product_attention(steps.queries, steps.keys, steps.values, cta::causal);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 4>>);
static_assert(CTA_EXPECT_NEAR(steps.logits, ref::cross::scaled_causal::logits, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.weights, ref::cross::scaled_causal::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::cross::scaled_causal::outputs, tolerance));
static_assert(weights_follow_mask(steps.weights, steps.outputs, keep_causal<2, 5>()));
static_assert(first_inconsistent_step(steps, x_q, x_kv, w_query, w_key, w_value) == 0);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(from_projections, steps.outputs));
}  // namespace scaled_causal
}  // namespace cross

// ---- (e) Multi-head attention: d_model = 8, h = 2 and h = 4 ---------------------------------------------------------
namespace multi_head {
using ref::multi_head::inputs;
using ref::multi_head::w_key;
using ref::multi_head::w_out;
using ref::multi_head::w_query;
using ref::multi_head::w_value;

namespace heads_2 {
constexpr auto steps = cta::multi_head_self_attention_steps<2>(inputs, w_query, w_key, w_value, w_out);
constexpr auto outputs = cta::multi_head_self_attention<2>(inputs, w_query, w_key, w_value, w_out);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 5>>);
static_assert(std::is_same_v<decltype(steps.queries), matrix<double, 3, 8>>);
static_assert(std::is_same_v<decltype(steps.scores), std::array<matrix<double, 3, 3>, 2>>);
static_assert(std::is_same_v<decltype(steps.weights), std::array<matrix<double, 3, 3>, 2>>);
static_assert(std::is_same_v<decltype(steps.head_outputs), std::array<matrix<double, 3, 4>, 2>>);
static_assert(std::is_same_v<decltype(steps.concatenated), matrix<double, 3, 8>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::multi_head::queries));
static_assert(CTA_EXPECT_EQUAL(steps.keys, ref::multi_head::keys));
static_assert(CTA_EXPECT_EQUAL(steps.values, ref::multi_head::values));
static_assert(heads_near(steps.scores, ref::multi_head::heads_2::scores, 0.0) == 2);
static_assert(heads_near(steps.weights, ref::multi_head::heads_2::weights, tolerance) == 2);
static_assert(heads_near(steps.head_outputs, ref::multi_head::heads_2::head_outputs, tolerance) == 2);
static_assert(CTA_EXPECT_NEAR(steps.concatenated, ref::multi_head::heads_2::concatenated, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::multi_head::heads_2::outputs, tolerance));
static_assert(heads_follow_mask(steps, keep_all<3, 3>()));
static_assert(first_inconsistent_head_step<2>(steps, inputs, inputs, w_query, w_key, w_value, w_out) == 0);
static_assert(cta::identical(outputs, steps.outputs));
}  // namespace heads_2

namespace heads_4 {
constexpr auto steps = cta::multi_head_self_attention_steps<4>(inputs, w_query, w_key, w_value, w_out);
constexpr auto outputs = cta::multi_head_self_attention<4>(inputs, w_query, w_key, w_value, w_out);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 5>>);
static_assert(std::is_same_v<decltype(steps.scores), std::array<matrix<double, 3, 3>, 4>>);
static_assert(std::is_same_v<decltype(steps.head_outputs), std::array<matrix<double, 3, 2>, 4>>);
static_assert(std::is_same_v<decltype(steps.concatenated), matrix<double, 3, 8>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::multi_head::queries));
static_assert(heads_near(steps.scores, ref::multi_head::heads_4::scores, 0.0) == 4);
static_assert(heads_near(steps.weights, ref::multi_head::heads_4::weights, tolerance) == 4);
static_assert(heads_near(steps.head_outputs, ref::multi_head::heads_4::head_outputs, tolerance) == 4);
static_assert(CTA_EXPECT_NEAR(steps.concatenated, ref::multi_head::heads_4::concatenated, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::multi_head::heads_4::outputs, tolerance));
static_assert(heads_follow_mask(steps, keep_all<3, 3>()));
static_assert(first_inconsistent_head_step<4>(steps, inputs, inputs, w_query, w_key, w_value, w_out) == 0);
static_assert(cta::identical(outputs, steps.outputs));
}  // namespace heads_4

namespace heads_2_causal {
constexpr auto steps = cta::multi_head_self_attention_steps<2>(inputs, w_query, w_key, w_value, w_out, cta::causal);
constexpr auto outputs = cta::multi_head_self_attention<2>(inputs, w_query, w_key, w_value, w_out, cta::causal);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 5>>);
static_assert(heads_near(steps.scores, ref::multi_head::heads_2_causal::scores, 0.0) == 2);
static_assert(heads_near(steps.weights, ref::multi_head::heads_2_causal::weights, tolerance) == 2);
static_assert(heads_near(steps.head_outputs, ref::multi_head::heads_2_causal::head_outputs, tolerance) == 2);
static_assert(CTA_EXPECT_NEAR(steps.concatenated, ref::multi_head::heads_2_causal::concatenated, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::multi_head::heads_2_causal::outputs, tolerance));
static_assert(heads_follow_mask(steps, keep_causal<3, 3>()));
static_assert(first_inconsistent_head_step<2>(steps, inputs, inputs, w_query, w_key, w_value, w_out, cta::causal) ==
              0);
static_assert(cta::identical(outputs, steps.outputs));
}  // namespace heads_2_causal

// One head is scaled self-attention followed by W_O, bit for bit.
namespace heads_1 {
constexpr auto outputs = cta::multi_head_self_attention<1>(inputs, w_query, w_key, w_value, w_out);
constexpr auto single = cta::self_attention(inputs, w_query, w_key, w_value, cta::scaled) * w_out;
static_assert(cta::identical(outputs, single));
}  // namespace heads_1
}  // namespace multi_head

// Multi-head cross-attention: n_q = 2, n_kv = 4.
namespace cross_multi_head {
using ref::cross_multi_head::w_key;
using ref::cross_multi_head::w_out;
using ref::cross_multi_head::w_query;
using ref::cross_multi_head::w_value;
using ref::cross_multi_head::x_kv;
using ref::cross_multi_head::x_q;

namespace heads_2 {
constexpr auto steps = cta::multi_head_attention_steps<2>(x_q, x_kv, w_query, w_key, w_value, w_out);
constexpr auto outputs = cta::multi_head_attention<2>(x_q, x_kv, w_query, w_key, w_value, w_out);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 5>>);
static_assert(std::is_same_v<decltype(steps.keys), matrix<double, 4, 8>>);
static_assert(std::is_same_v<decltype(steps.scores), std::array<matrix<double, 2, 4>, 2>>);
static_assert(std::is_same_v<decltype(steps.head_outputs), std::array<matrix<double, 2, 4>, 2>>);
static_assert(std::is_same_v<decltype(steps.concatenated), matrix<double, 2, 8>>);
static_assert(CTA_EXPECT_EQUAL(steps.queries, ref::cross_multi_head::queries));
static_assert(CTA_EXPECT_EQUAL(steps.keys, ref::cross_multi_head::keys));
static_assert(CTA_EXPECT_EQUAL(steps.values, ref::cross_multi_head::values));
static_assert(heads_near(steps.scores, ref::cross_multi_head::heads_2::scores, 0.0) == 2);
static_assert(heads_near(steps.weights, ref::cross_multi_head::heads_2::weights, tolerance) == 2);
static_assert(heads_near(steps.head_outputs, ref::cross_multi_head::heads_2::head_outputs, tolerance) == 2);
static_assert(CTA_EXPECT_NEAR(steps.concatenated, ref::cross_multi_head::heads_2::concatenated, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::cross_multi_head::heads_2::outputs, tolerance));
static_assert(heads_follow_mask(steps, keep_all<2, 4>()));
static_assert(first_inconsistent_head_step<2>(steps, x_q, x_kv, w_query, w_key, w_value, w_out) == 0);
static_assert(cta::identical(outputs, steps.outputs));
}  // namespace heads_2

namespace heads_4 {
constexpr auto steps = cta::multi_head_attention_steps<4>(x_q, x_kv, w_query, w_key, w_value, w_out);
constexpr auto outputs = cta::multi_head_attention<4>(x_q, x_kv, w_query, w_key, w_value, w_out);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 5>>);
static_assert(std::is_same_v<decltype(steps.head_outputs), std::array<matrix<double, 2, 2>, 4>>);
static_assert(heads_near(steps.scores, ref::cross_multi_head::heads_4::scores, 0.0) == 4);
static_assert(heads_near(steps.weights, ref::cross_multi_head::heads_4::weights, tolerance) == 4);
static_assert(heads_near(steps.head_outputs, ref::cross_multi_head::heads_4::head_outputs, tolerance) == 4);
static_assert(CTA_EXPECT_NEAR(steps.concatenated, ref::cross_multi_head::heads_4::concatenated, tolerance));
static_assert(CTA_EXPECT_NEAR(steps.outputs, ref::cross_multi_head::heads_4::outputs, tolerance));
static_assert(heads_follow_mask(steps, keep_all<2, 4>()));
static_assert(first_inconsistent_head_step<4>(steps, x_q, x_kv, w_query, w_key, w_value, w_out) == 0);
static_assert(cta::identical(outputs, steps.outputs));
}  // namespace heads_4
}  // namespace cross_multi_head

// ---- (f) Attention from given queries (3 x 2), keys (4 x 2) and values (4 x 3) --------------------------------------
// The weights are attention with the identity as values (see attention_checks::identity).
namespace given {
using ref::given::keys;
using ref::given::queries;
using ref::given::values;
static_assert(CTA_EXPECT_EQUAL(queries * cta::transpose(keys), ref::given::scores));

namespace plain {
constexpr auto outputs = cta::attention(queries, keys, values);
constexpr auto weights = cta::attention(queries, keys, identity<double, 4>());
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_NEAR(weights, ref::given::plain::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(outputs, ref::given::plain::outputs, tolerance));
static_assert(weights_follow_mask(weights, outputs, keep_all<3, 4>()));
static_assert(cta::identical(outputs, weights * values));
}  // namespace plain

namespace scaled {
constexpr auto outputs = cta::scaled_dot_product_attention(queries, keys, values);
constexpr auto weights = cta::scaled_dot_product_attention(queries, keys, identity<double, 4>());
constexpr auto with_option = cta::attention(queries, keys, values, cta::scaled);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3>>);
static_assert(CTA_EXPECT_NEAR(weights, ref::given::scaled::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(outputs, ref::given::scaled::outputs, tolerance));
static_assert(weights_follow_mask(weights, outputs, keep_all<3, 4>()));
static_assert(cta::identical(outputs, weights * values));
static_assert(cta::identical(outputs, with_option));
}  // namespace scaled

namespace scaled_causal {
constexpr auto outputs = cta::scaled_dot_product_attention(queries, keys, values, cta::causal);
constexpr auto weights = cta::scaled_dot_product_attention(queries, keys, identity<double, 4>(), cta::causal);
static_assert(CTA_EXPECT_NEAR(weights, ref::given::scaled_causal::weights, tolerance));
static_assert(CTA_EXPECT_NEAR(outputs, ref::given::scaled_causal::outputs, tolerance));
static_assert(weights_follow_mask(weights, outputs, keep_causal<3, 4>()));
static_assert(cta::identical(outputs, weights * values));
}  // namespace scaled_causal
}  // namespace given

// ---- Batches: sequences of 2, 3 (the seed) and 5 tokens in one call, each keeping its length ------------------------
namespace batch {
constexpr auto sequences = hana::make_tuple(ref::batch::short_inputs, seed::inputs, ref::batch::long_inputs);

namespace plain {
constexpr auto results = cta::self_attention_batch(sequences, seed::w_query, seed::w_key, seed::w_value);
constexpr auto short_outputs = cta::self_attention(ref::batch::short_inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto long_outputs = cta::self_attention(ref::batch::long_inputs, seed::w_query, seed::w_key, seed::w_value);
static_assert(hana::length(results) == hana::size_c<3>);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<0>(results))>, matrix<double, 2, 3>>);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<1>(results))>, matrix<double, 3, 3>>);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<2>(results))>, matrix<double, 5, 3>>);
static_assert(cta::identical(hana::at_c<0>(results), short_outputs));
static_assert(cta::identical(hana::at_c<1>(results), seed_plain::outputs));
static_assert(cta::identical(hana::at_c<2>(results), long_outputs));
static_assert(CTA_EXPECT_NEAR(hana::at_c<0>(results), ref::batch::plain::short_outputs, tolerance));
static_assert(CTA_EXPECT_NEAR(hana::at_c<2>(results), ref::batch::plain::long_outputs, tolerance));
}  // namespace plain

namespace scaled_causal {
constexpr auto results =
    cta::self_attention_batch(sequences, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);
constexpr auto short_outputs = cta::self_attention(ref::batch::short_inputs, seed::w_query, seed::w_key,
                                                   seed::w_value, cta::scaled, cta::causal);
constexpr auto long_outputs = cta::self_attention(ref::batch::long_inputs, seed::w_query, seed::w_key,
                                                  seed::w_value, cta::scaled, cta::causal);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<0>(results))>, matrix<double, 2, 3>>);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<1>(results))>, matrix<double, 3, 3>>);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<2>(results))>, matrix<double, 5, 3>>);
static_assert(cta::identical(hana::at_c<0>(results), short_outputs));
static_assert(cta::identical(hana::at_c<1>(results), seed_scaled_causal::outputs));
static_assert(cta::identical(hana::at_c<2>(results), long_outputs));
static_assert(CTA_EXPECT_NEAR(hana::at_c<0>(results), ref::batch::scaled_causal::short_outputs, tolerance));
static_assert(CTA_EXPECT_NEAR(hana::at_c<2>(results), ref::batch::scaled_causal::long_outputs, tolerance));
}  // namespace scaled_causal
}  // namespace batch

// ---- Named axes: the result types carry the axes, the numbers are those of the plain matrices -----------------------
namespace named {
using axis::key;
using axis::key_tokens;
using axis::model;
using axis::query_tokens;
using axis::tokens;
using axis::value;

namespace self {
constexpr auto inputs = cta::with_axes<tokens, model>(seed::inputs);
constexpr auto w_query = cta::with_axes<model, key>(seed::w_query);
constexpr auto w_key = cta::with_axes<model, key>(seed::w_key);
constexpr auto w_value = cta::with_axes<model, value>(seed::w_value);
constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, cta::causal);
constexpr auto scores = steps.queries * cta::transpose(steps.keys);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 3, 3, tokens, value>>);
static_assert(std::is_same_v<decltype(steps.queries), matrix<int, 3, 3, tokens, key>>);
static_assert(std::is_same_v<decltype(steps.keys), matrix<int, 3, 3, tokens, key>>);
static_assert(std::is_same_v<decltype(steps.values), matrix<int, 3, 3, tokens, value>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<int, 3, 3, tokens, tokens>>);
static_assert(std::is_same_v<decltype(steps.logits), matrix<double, 3, 3, tokens, tokens>>);
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 3, 3, tokens, tokens>>);
static_assert(std::is_same_v<decltype(steps.outputs), matrix<double, 3, 3, tokens, value>>);
static_assert(std::is_same_v<decltype(scores), const matrix<int, 3, 3, tokens, tokens>>);
static_assert(cta::identical(scores, steps.scores));
static_assert(cta::identical(outputs, cta::with_axes<tokens, value>(seed_plain::outputs)));
static_assert(cta::identical(steps.weights, cta::with_axes<tokens, tokens>(seed_scaled_causal::steps.weights)));
static_assert(cta::identical(steps.outputs, cta::with_axes<tokens, value>(seed_scaled_causal::outputs)));
static_assert(CTA_EXPECT_NEAR(outputs, ref::seed::plain::outputs, tolerance));
static_assert(first_inconsistent_step(steps, inputs, inputs, w_query, w_key, w_value) == 0);
}  // namespace self

// Masks with the scores' axes (tokens, tokens).
namespace masks {
constexpr auto keep = cta::with_axes<tokens, tokens>(ref::masked::keep);
constexpr auto additive = cta::with_axes<tokens, tokens>(ref::masked::additive);
constexpr auto outputs = cta::self_attention(
    cta::with_axes<tokens, model>(ref::masked::inputs), cta::with_axes<model, key>(ref::masked::w_query),
    cta::with_axes<model, key>(ref::masked::w_key), cta::with_axes<model, value>(ref::masked::w_value), cta::scaled,
    cta::causal, keep, additive);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 4, 2, tokens, value>>);
static_assert(cta::identical(outputs, cta::with_axes<tokens, value>(masked::with_all::outputs)));
}  // namespace masks

namespace cross {
constexpr auto x_q = cta::with_axes<query_tokens, model>(ref::cross::x_q);
constexpr auto x_kv = cta::with_axes<key_tokens, model>(ref::cross::x_kv);
constexpr auto w_query = cta::with_axes<model, key>(ref::cross::w_query);
constexpr auto w_key = cta::with_axes<model, key>(ref::cross::w_key);
constexpr auto w_value = cta::with_axes<model, value>(ref::cross::w_value);
constexpr auto steps = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled, cta::causal);
constexpr auto outputs = cta::cross_attention(x_q, x_kv, w_query, w_key, w_value, cta::scaled, cta::causal);
static_assert(std::is_same_v<decltype(outputs), const matrix<double, 2, 4, query_tokens, value>>);
static_assert(std::is_same_v<decltype(steps.queries), matrix<double, 2, 2, query_tokens, key>>);
static_assert(std::is_same_v<decltype(steps.keys), matrix<double, 5, 2, key_tokens, key>>);
static_assert(std::is_same_v<decltype(steps.values), matrix<double, 5, 4, key_tokens, value>>);
static_assert(std::is_same_v<decltype(steps.scores), matrix<double, 2, 5, query_tokens, key_tokens>>);
static_assert(std::is_same_v<decltype(steps.weights), matrix<double, 2, 5, query_tokens, key_tokens>>);
static_assert(cta::identical(outputs, steps.outputs));
static_assert(cta::identical(outputs, cta::with_axes<query_tokens, value>(::cross::scaled_causal::outputs)));
static_assert(first_inconsistent_step(steps, x_q, x_kv, w_query, w_key, w_value) == 0);
// Given queries, keys and values with axes.
constexpr auto given = cta::scaled_dot_product_attention(cta::with_axes<query_tokens, key>(ref::given::queries),
                                                         cta::with_axes<key_tokens, key>(ref::given::keys),
                                                         cta::with_axes<key_tokens, value>(ref::given::values));
static_assert(std::is_same_v<decltype(given), const matrix<double, 3, 3, query_tokens, value>>);
static_assert(cta::identical(given, cta::with_axes<query_tokens, value>(::given::scaled::outputs)));
}  // namespace cross

namespace multi_head {
constexpr auto inputs = cta::with_axes<tokens, model>(ref::multi_head::inputs);
constexpr auto w_query = cta::with_axes<model, key>(ref::multi_head::w_query);
constexpr auto w_key = cta::with_axes<model, key>(ref::multi_head::w_key);
constexpr auto w_value = cta::with_axes<model, value>(ref::multi_head::w_value);
constexpr auto w_out = cta::with_axes<value, model>(ref::multi_head::w_out);
constexpr auto steps = cta::multi_head_self_attention_steps<4>(inputs, w_query, w_key, w_value, w_out);
static_assert(std::is_same_v<decltype(steps.outputs), matrix<double, 3, 5, tokens, model>>);
static_assert(std::is_same_v<decltype(steps.scores), std::array<matrix<double, 3, 3, tokens, tokens>, 4>>);
static_assert(std::is_same_v<decltype(steps.head_outputs), std::array<matrix<double, 3, 2, tokens, value>, 4>>);
static_assert(std::is_same_v<decltype(steps.concatenated), matrix<double, 3, 8, tokens, value>>);
static_assert(cta::identical(steps.outputs, cta::with_axes<tokens, model>(::multi_head::heads_4::outputs)));
static_assert(first_inconsistent_head_step<4>(steps, inputs, inputs, w_query, w_key, w_value, w_out) == 0);
constexpr auto cross_outputs = cta::multi_head_attention<2>(
    cta::with_axes<query_tokens, model>(ref::cross_multi_head::x_q),
    cta::with_axes<key_tokens, model>(ref::cross_multi_head::x_kv),
    cta::with_axes<model, key>(ref::cross_multi_head::w_query),
    cta::with_axes<model, key>(ref::cross_multi_head::w_key),
    cta::with_axes<model, value>(ref::cross_multi_head::w_value),
    cta::with_axes<value, model>(ref::cross_multi_head::w_out));
static_assert(std::is_same_v<decltype(cross_outputs), const matrix<double, 2, 5, query_tokens, model>>);
static_assert(
    cta::identical(cross_outputs, cta::with_axes<query_tokens, model>(::cross_multi_head::heads_2::outputs)));
}  // namespace multi_head
}  // namespace named

}  // namespace
