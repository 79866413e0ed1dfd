// SPDX-License-Identifier: BSL-1.0
// The attention features computed at run time on inputs the compiler cannot know (read through volatile): every
// result, and every step of every record, is bit for bit the one computed at compile time from the same inputs, in
// double and in float. The run-time results also match the 50-digit references of reference_values.hpp: within
// 1e-13 in double, within 2e-6 in float (the largest float error, on outputs up to 8, is below 8e-7).
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/accessors.hpp>
#include <boost/hana/at.hpp>
#include <boost/hana/core/to.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/cta.hpp>

#include "at_run_time.hpp"
#include "attention_checks.hpp"
#include "reference_values.hpp"
#include "seed.hpp"

namespace {

namespace hana = boost::hana;
namespace ref = attention_reference;
namespace axis = cta::axis;
using attention_checks::cast;
using attention_checks::identity;
using cta::matrix;
using test::at_run_time;

/// How far a run-time result may be from its 50-digit reference.
template <class T>
constexpr double tolerance = std::is_same_v<T, float> ? 2e-6 : 1e-13;

/// A copy of `m`, with its axes, read through volatile.
template <cta::matrix_type M>
M named_at_run_time(const M& m) {
    return cta::with_axes<cta::row_axis_t<M>, cta::col_axis_t<M>>(
        at_run_time(cta::with_axes<cta::any_axis, cta::any_axis>(m)));
}

template <cta::matrix_type M>
bool identical_step(const M& a, const M& b) {
    return cta::identical(a, b);
}
template <class M, std::size_t N>
bool identical_step(const std::array<M, N>& a, const std::array<M, N>& b) {
    for (std::size_t i = 0; i < N; ++i) {
        if (!cta::identical(a[i], b[i])) return false;
    }
    return true;
}

/// Every step of the record `run` has the bits of the same step of `compiled` (any of the library's step records).
template <class Steps>
void check_identical_steps(const Steps& run, const Steps& compiled) {
    hana::for_each(hana::accessors<Steps>(), [&](auto step) {
        INFO("step " << hana::to<const char*>(hana::first(step)));
        CHECK(identical_step(hana::second(step)(run), hana::second(step)(compiled)));
    });
}

/// `run` is within the tolerance of its element type of the reference `expected`.
template <cta::matrix_type M, cta::matrix_type E>
void check_reference(const M& run, const E& expected) {
    CHECK(cta::approx_equal(run, expected, tolerance<typename M::value_type>));
}
template <class M, class E, std::size_t H>
void check_reference(const std::array<M, H>& run, const std::array<E, H>& expected) {
    for (std::size_t h = 0; h < H; ++h) {
        INFO("head " << h);
        check_reference(run[h], expected[h]);
    }
}

}  // namespace

// ---- The seed: plain, scaled, causal (integers in, softmax in T) ----------------------------------------------------
TEMPLATE_TEST_CASE("seed self-attention, plain, scaled and causal: run time is identical to compile time", "[seed]",
                   double, float) {
    using T = TestType;
    const auto x = at_run_time(seed::inputs);
    const auto wq = at_run_time(seed::w_query);
    const auto wk = at_run_time(seed::w_key);
    const auto wv = at_run_time(seed::w_value);

    SECTION("plain") {
        constexpr auto compiled = cta::self_attention_steps<T>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
        constexpr auto compiled_outputs =
            cta::self_attention<T>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
        const auto run = cta::self_attention_steps<T>(x, wq, wk, wv);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 3, 3>>);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention<T>(x, wq, wk, wv), compiled_outputs));
        CHECK(cta::identical(cta::attention<T>(run.queries, run.keys, run.values), compiled_outputs));
        CHECK(attention_checks::logits_are_scores(run));  // no option: softmax of the int scores, bit for bit
        check_reference(run.weights, ref::seed::plain::weights);
        check_reference(run.outputs, ref::seed::plain::outputs);
    }
    SECTION("scaled") {
        constexpr auto compiled =
            cta::self_attention_steps<T>(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);
        const auto run = cta::self_attention_steps<T>(x, wq, wk, wv, cta::scaled);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention<T>(x, wq, wk, wv, cta::scaled), compiled.outputs));
        CHECK(cta::identical(cta::scaled_dot_product_attention<T>(run.queries, run.keys, run.values),
                             compiled.outputs));
        check_reference(run.logits, ref::seed::scaled::logits);
        check_reference(run.weights, ref::seed::scaled::weights);
        check_reference(run.outputs, ref::seed::scaled::outputs);
    }
    SECTION("causal") {
        constexpr auto compiled =
            cta::self_attention_steps<T>(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::causal);
        const auto run = cta::self_attention_steps<T>(x, wq, wk, wv, cta::causal);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention<T>(x, wq, wk, wv, cta::causal), compiled.outputs));
        check_reference(run.weights, ref::seed::causal::weights);
        check_reference(run.outputs, ref::seed::causal::outputs);
    }
    SECTION("scaled and causal") {
        constexpr auto compiled = cta::self_attention_steps<T>(seed::inputs, seed::w_query, seed::w_key,
                                                               seed::w_value, cta::scaled, cta::causal);
        const auto run = cta::self_attention_steps<T>(x, wq, wk, wv, cta::scaled, cta::causal);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention<T>(x, wq, wk, wv, cta::scaled, cta::causal), compiled.outputs));
        check_reference(run.weights, ref::seed::scaled_causal::weights);
        check_reference(run.outputs, ref::seed::scaled_causal::outputs);
    }
}

// ---- Masks: boolean, additive (with -inf), and both with the causal mask (all in T) ---------------------------------
TEMPLATE_TEST_CASE("masked self-attention: run time is identical to compile time", "[masks]", double, float) {
    using T = TestType;
    constexpr auto inputs = cast<T>(ref::masked::inputs);
    constexpr auto w_query = cast<T>(ref::masked::w_query);
    constexpr auto w_key = cast<T>(ref::masked::w_key);
    constexpr auto w_value = cast<T>(ref::masked::w_value);
    constexpr auto additive = cast<T>(ref::masked::additive);
    const auto x = at_run_time(inputs);
    const auto wq = at_run_time(w_query);
    const auto wk = at_run_time(w_key);
    const auto wv = at_run_time(w_value);
    const auto keep = at_run_time(ref::masked::keep);
    const auto add = at_run_time(additive);

    SECTION("boolean mask") {
        constexpr auto compiled = cta::self_attention_steps(inputs, w_query, w_key, w_value, ref::masked::keep);
        const auto run = cta::self_attention_steps(x, wq, wk, wv, keep);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 4, 2>>);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention(x, wq, wk, wv, keep), compiled.outputs));
        CHECK(cta::identical(cta::attention(run.queries, run.keys, run.values, keep), compiled.outputs));
        CHECK(attention_checks::weights_follow_mask(run.weights, run.outputs, ref::masked::keep));
        check_reference(run.logits, ref::masked::with_keep::logits);
        check_reference(run.weights, ref::masked::with_keep::weights);
        check_reference(run.outputs, ref::masked::with_keep::outputs);
    }
    SECTION("additive mask") {
        constexpr auto compiled = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, additive);
        const auto run = cta::self_attention_steps(x, wq, wk, wv, cta::scaled, add);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention(x, wq, wk, wv, cta::scaled, add), compiled.outputs));
        CHECK(cta::identical(cta::scaled_dot_product_attention(run.queries, run.keys, run.values, add),
                             compiled.outputs));
        CHECK(attention_checks::weights_follow_mask(run.weights, run.outputs,
                                                    attention_checks::keep_finite(ref::masked::additive)));
        check_reference(run.logits, ref::masked::with_additive::logits);
        check_reference(run.weights, ref::masked::with_additive::weights);
        check_reference(run.outputs, ref::masked::with_additive::outputs);
    }
    SECTION("both masks and the causal mask") {
        constexpr auto compiled = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, cta::causal,
                                                            ref::masked::keep, additive);
        const auto run = cta::self_attention_steps(x, wq, wk, wv, cta::scaled, cta::causal, keep, add);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::self_attention(x, wq, wk, wv, cta::scaled, cta::causal, keep, add),
                             compiled.outputs));
        check_reference(run.logits, ref::masked::with_all::logits);
        check_reference(run.weights, ref::masked::with_all::weights);
        check_reference(run.outputs, ref::masked::with_all::outputs);
    }
}

// ---- Cross-attention: n_q = 2, n_kv = 5, d_k = 2, d_v = 4 -----------------------------------------------------------
TEMPLATE_TEST_CASE("cross-attention: run time is identical to compile time", "[cross]", double, float) {
    using T = TestType;
    constexpr auto x_q = cast<T>(ref::cross::x_q);
    constexpr auto x_kv = cast<T>(ref::cross::x_kv);
    constexpr auto w_query = cast<T>(ref::cross::w_query);
    constexpr auto w_key = cast<T>(ref::cross::w_key);
    constexpr auto w_value = cast<T>(ref::cross::w_value);
    const auto xq = at_run_time(x_q);
    const auto xkv = at_run_time(x_kv);
    const auto wq = at_run_time(w_query);
    const auto wk = at_run_time(w_key);
    const auto wv = at_run_time(w_value);

    SECTION("plain") {
        constexpr auto compiled = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value);
        const auto run = cta::cross_attention_steps(xq, xkv, wq, wk, wv);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 2, 4>>);
        STATIC_REQUIRE(std::is_same_v<decltype(run.weights), matrix<T, 2, 5>>);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::cross_attention(xq, xkv, wq, wk, wv), compiled.outputs));
        CHECK(attention_checks::logits_are_scores(run));  // no option: the logits are the scores
        check_reference(run.weights, ref::cross::plain::weights);
        check_reference(run.outputs, ref::cross::plain::outputs);
    }
    SECTION("scaled") {
        constexpr auto compiled = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled);
        const auto run = cta::cross_attention_steps(xq, xkv, wq, wk, wv, cta::scaled);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::cross_attention(xq, xkv, wq, wk, wv, cta::scaled), compiled.outputs));
        check_reference(run.logits, ref::cross::scaled::logits);
        check_reference(run.weights, ref::cross::scaled::weights);
        check_reference(run.outputs, ref::cross::scaled::outputs);
    }
    SECTION("scaled and causal") {
        constexpr auto compiled =
            cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled, cta::causal);
        const auto run = cta::cross_attention_steps(xq, xkv, wq, wk, wv, cta::scaled, cta::causal);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::cross_attention(xq, xkv, wq, wk, wv, cta::scaled, cta::causal), compiled.outputs));
        check_reference(run.weights, ref::cross::scaled_causal::weights);
        check_reference(run.outputs, ref::cross::scaled_causal::outputs);
    }
}

// ---- Multi-head attention: d_model = 8, h = 2 and h = 4, self and cross ---------------------------------------------
TEMPLATE_TEST_CASE("multi-head self-attention: run time is identical to compile time", "[multi_head]", double,
                   float) {
    using T = TestType;
    constexpr auto inputs = cast<T>(ref::multi_head::inputs);
    constexpr auto w_query = cast<T>(ref::multi_head::w_query);
    constexpr auto w_key = cast<T>(ref::multi_head::w_key);
    constexpr auto w_value = cast<T>(ref::multi_head::w_value);
    constexpr auto w_out = cast<T>(ref::multi_head::w_out);
    const auto x = at_run_time(inputs);
    const auto wq = at_run_time(w_query);
    const auto wk = at_run_time(w_key);
    const auto wv = at_run_time(w_value);
    const auto wo = at_run_time(w_out);

    SECTION("two heads") {
        constexpr auto compiled = cta::multi_head_self_attention_steps<2>(inputs, w_query, w_key, w_value, w_out);
        const auto run = cta::multi_head_self_attention_steps<2>(x, wq, wk, wv, wo);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 3, 5>>);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::multi_head_self_attention<2>(x, wq, wk, wv, wo), compiled.outputs));
        check_reference(run.weights, ref::multi_head::heads_2::weights);
        check_reference(run.head_outputs, ref::multi_head::heads_2::head_outputs);
        check_reference(run.outputs, ref::multi_head::heads_2::outputs);
    }
    SECTION("four heads") {
        constexpr auto compiled = cta::multi_head_self_attention_steps<4>(inputs, w_query, w_key, w_value, w_out);
        const auto run = cta::multi_head_self_attention_steps<4>(x, wq, wk, wv, wo);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::multi_head_self_attention<4>(x, wq, wk, wv, wo), compiled.outputs));
        check_reference(run.weights, ref::multi_head::heads_4::weights);
        check_reference(run.head_outputs, ref::multi_head::heads_4::head_outputs);
        check_reference(run.outputs, ref::multi_head::heads_4::outputs);
    }
    SECTION("two heads with the causal mask") {
        constexpr auto compiled =
            cta::multi_head_self_attention_steps<2>(inputs, w_query, w_key, w_value, w_out, cta::causal);
        const auto run = cta::multi_head_self_attention_steps<2>(x, wq, wk, wv, wo, cta::causal);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::multi_head_self_attention<2>(x, wq, wk, wv, wo, cta::causal), compiled.outputs));
        check_reference(run.weights, ref::multi_head::heads_2_causal::weights);
        check_reference(run.outputs, ref::multi_head::heads_2_causal::outputs);
    }
}

TEMPLATE_TEST_CASE("multi-head cross-attention: run time is identical to compile time", "[multi_head]", double,
                   float) {
    using T = TestType;
    constexpr auto x_q = cast<T>(ref::cross_multi_head::x_q);
    constexpr auto x_kv = cast<T>(ref::cross_multi_head::x_kv);
    constexpr auto w_query = cast<T>(ref::cross_multi_head::w_query);
    constexpr auto w_key = cast<T>(ref::cross_multi_head::w_key);
    constexpr auto w_value = cast<T>(ref::cross_multi_head::w_value);
    constexpr auto w_out = cast<T>(ref::cross_multi_head::w_out);
    const auto xq = at_run_time(x_q);
    const auto xkv = at_run_time(x_kv);
    const auto wq = at_run_time(w_query);
    const auto wk = at_run_time(w_key);
    const auto wv = at_run_time(w_value);
    const auto wo = at_run_time(w_out);

    SECTION("two heads") {
        constexpr auto compiled = cta::multi_head_attention_steps<2>(x_q, x_kv, w_query, w_key, w_value, w_out);
        const auto run = cta::multi_head_attention_steps<2>(xq, xkv, wq, wk, wv, wo);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 2, 5>>);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::multi_head_attention<2>(xq, xkv, wq, wk, wv, wo), compiled.outputs));
        check_reference(run.weights, ref::cross_multi_head::heads_2::weights);
        check_reference(run.outputs, ref::cross_multi_head::heads_2::outputs);
    }
    SECTION("four heads") {
        constexpr auto compiled = cta::multi_head_attention_steps<4>(x_q, x_kv, w_query, w_key, w_value, w_out);
        const auto run = cta::multi_head_attention_steps<4>(xq, xkv, wq, wk, wv, wo);
        check_identical_steps(run, compiled);
        CHECK(cta::identical(cta::multi_head_attention<4>(xq, xkv, wq, wk, wv, wo), compiled.outputs));
        check_reference(run.weights, ref::cross_multi_head::heads_4::weights);
        check_reference(run.outputs, ref::cross_multi_head::heads_4::outputs);
    }
}

// ---- Attention from given queries, keys and values ------------------------------------------------------------------
TEMPLATE_TEST_CASE("attention and scaled_dot_product_attention from given Q, K, V: run time is identical to compile "
                   "time",
                   "[given]", double, float) {
    using T = TestType;
    constexpr auto queries = cast<T>(ref::given::queries);
    constexpr auto keys = cast<T>(ref::given::keys);
    constexpr auto values = cast<T>(ref::given::values);
    constexpr auto eye = identity<T, 4>();
    const auto q = at_run_time(queries);
    const auto k = at_run_time(keys);
    const auto v = at_run_time(values);

    SECTION("attention") {
        constexpr auto compiled = cta::attention(queries, keys, values);
        constexpr auto compiled_weights = cta::attention(queries, keys, eye);
        const auto run = cta::attention(q, k, v);
        const auto run_weights = cta::attention(q, k, at_run_time(eye));
        STATIC_REQUIRE(std::is_same_v<decltype(run), const matrix<T, 3, 3>>);
        CHECK(cta::identical(run, compiled));
        CHECK(cta::identical(run_weights, compiled_weights));
        check_reference(run_weights, ref::given::plain::weights);
        check_reference(run, ref::given::plain::outputs);
    }
    SECTION("scaled_dot_product_attention") {
        constexpr auto compiled = cta::scaled_dot_product_attention(queries, keys, values);
        constexpr auto compiled_weights = cta::scaled_dot_product_attention(queries, keys, eye);
        const auto run = cta::scaled_dot_product_attention(q, k, v);
        const auto run_weights = cta::scaled_dot_product_attention(q, k, at_run_time(eye));
        CHECK(cta::identical(run, compiled));
        CHECK(cta::identical(run_weights, compiled_weights));
        CHECK(cta::identical(cta::attention(q, k, v, cta::scaled), compiled));
        check_reference(run_weights, ref::given::scaled::weights);
        check_reference(run, ref::given::scaled::outputs);
    }
    SECTION("scaled_dot_product_attention with the causal mask") {
        constexpr auto compiled = cta::scaled_dot_product_attention(queries, keys, values, cta::causal);
        const auto run = cta::scaled_dot_product_attention(q, k, v, cta::causal);
        CHECK(cta::identical(run, compiled));
        check_reference(run, ref::given::scaled_causal::outputs);
    }
}

// ---- Batches: 2, 3 and 5 tokens in one call -------------------------------------------------------------------------
TEMPLATE_TEST_CASE("self_attention_batch: run time is identical to compile time and to self_attention", "[batch]",
                   double, float) {
    using T = TestType;
    constexpr auto short_inputs = cast<T>(ref::batch::short_inputs);
    constexpr auto long_inputs = cast<T>(ref::batch::long_inputs);
    constexpr auto sequences = hana::make_tuple(short_inputs, seed::inputs, long_inputs);
    const auto run_sequences =
        hana::make_tuple(at_run_time(short_inputs), at_run_time(seed::inputs), at_run_time(long_inputs));
    const auto wq = at_run_time(seed::w_query);
    const auto wk = at_run_time(seed::w_key);
    const auto wv = at_run_time(seed::w_value);

    SECTION("plain") {
        constexpr auto compiled = cta::self_attention_batch<T>(sequences, seed::w_query, seed::w_key, seed::w_value);
        const auto run = cta::self_attention_batch<T>(run_sequences, wq, wk, wv);
        STATIC_REQUIRE(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<0>(run))>, matrix<T, 2, 3>>);
        STATIC_REQUIRE(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<1>(run))>, matrix<T, 3, 3>>);
        STATIC_REQUIRE(std::is_same_v<std::remove_cvref_t<decltype(hana::at_c<2>(run))>, matrix<T, 5, 3>>);
        CHECK(cta::identical(hana::at_c<0>(run), hana::at_c<0>(compiled)));
        CHECK(cta::identical(hana::at_c<1>(run), hana::at_c<1>(compiled)));
        CHECK(cta::identical(hana::at_c<2>(run), hana::at_c<2>(compiled)));
        CHECK(cta::identical(hana::at_c<0>(run), cta::self_attention<T>(hana::at_c<0>(run_sequences), wq, wk, wv)));
        CHECK(cta::identical(hana::at_c<1>(run), cta::self_attention<T>(hana::at_c<1>(run_sequences), wq, wk, wv)));
        CHECK(cta::identical(hana::at_c<2>(run), cta::self_attention<T>(hana::at_c<2>(run_sequences), wq, wk, wv)));
        check_reference(hana::at_c<0>(run), ref::batch::plain::short_outputs);
        check_reference(hana::at_c<1>(run), ref::seed::plain::outputs);
        check_reference(hana::at_c<2>(run), ref::batch::plain::long_outputs);
    }
    SECTION("scaled and causal") {
        constexpr auto compiled = cta::self_attention_batch<T>(sequences, seed::w_query, seed::w_key, seed::w_value,
                                                               cta::scaled, cta::causal);
        const auto run = cta::self_attention_batch<T>(run_sequences, wq, wk, wv, cta::scaled, cta::causal);
        CHECK(cta::identical(hana::at_c<0>(run), hana::at_c<0>(compiled)));
        CHECK(cta::identical(hana::at_c<1>(run), hana::at_c<1>(compiled)));
        CHECK(cta::identical(hana::at_c<2>(run), hana::at_c<2>(compiled)));
        check_reference(hana::at_c<0>(run), ref::batch::scaled_causal::short_outputs);
        check_reference(hana::at_c<1>(run), ref::seed::scaled_causal::outputs);
        check_reference(hana::at_c<2>(run), ref::batch::scaled_causal::long_outputs);
    }
}

// ---- Named axes -----------------------------------------------------------------------------------------------------
TEMPLATE_TEST_CASE("attention with named axes: run time is identical to compile time", "[axes]", double, float) {
    using T = TestType;
    using axis::key;
    using axis::key_tokens;
    using axis::model;
    using axis::query_tokens;
    using axis::tokens;
    using axis::value;

    SECTION("self-attention with masks") {
        constexpr auto inputs = cta::with_axes<tokens, model>(cast<T>(ref::masked::inputs));
        constexpr auto w_query = cta::with_axes<model, key>(cast<T>(ref::masked::w_query));
        constexpr auto w_key = cta::with_axes<model, key>(cast<T>(ref::masked::w_key));
        constexpr auto w_value = cta::with_axes<model, value>(cast<T>(ref::masked::w_value));
        constexpr auto keep = cta::with_axes<tokens, tokens>(ref::masked::keep);
        constexpr auto additive = cta::with_axes<tokens, tokens>(cast<T>(ref::masked::additive));
        constexpr auto compiled = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled, cta::causal,
                                                            keep, additive);
        const auto run = cta::self_attention_steps(named_at_run_time(inputs), named_at_run_time(w_query),
                                                   named_at_run_time(w_key), named_at_run_time(w_value), cta::scaled,
                                                   cta::causal, named_at_run_time(keep), named_at_run_time(additive));
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 4, 2, tokens, value>>);
        STATIC_REQUIRE(std::is_same_v<decltype(run.scores), matrix<T, 4, 4, tokens, tokens>>);
        check_identical_steps(run, compiled);
        check_reference(run.outputs, ref::masked::with_all::outputs);
    }
    SECTION("cross-attention") {
        constexpr auto x_q = cta::with_axes<query_tokens, model>(cast<T>(ref::cross::x_q));
        constexpr auto x_kv = cta::with_axes<key_tokens, model>(cast<T>(ref::cross::x_kv));
        constexpr auto w_query = cta::with_axes<model, key>(cast<T>(ref::cross::w_query));
        constexpr auto w_key = cta::with_axes<model, key>(cast<T>(ref::cross::w_key));
        constexpr auto w_value = cta::with_axes<model, value>(cast<T>(ref::cross::w_value));
        constexpr auto compiled = cta::cross_attention_steps(x_q, x_kv, w_query, w_key, w_value, cta::scaled);
        const auto run =
            cta::cross_attention_steps(named_at_run_time(x_q), named_at_run_time(x_kv), named_at_run_time(w_query),
                                       named_at_run_time(w_key), named_at_run_time(w_value), cta::scaled);
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 2, 4, query_tokens, value>>);
        STATIC_REQUIRE(std::is_same_v<decltype(run.scores), matrix<T, 2, 5, query_tokens, key_tokens>>);
        check_identical_steps(run, compiled);
        check_reference(run.outputs, ref::cross::scaled::outputs);
    }
    SECTION("multi-head attention") {
        constexpr auto inputs = cta::with_axes<tokens, model>(cast<T>(ref::multi_head::inputs));
        constexpr auto w_query = cta::with_axes<model, key>(cast<T>(ref::multi_head::w_query));
        constexpr auto w_key = cta::with_axes<model, key>(cast<T>(ref::multi_head::w_key));
        constexpr auto w_value = cta::with_axes<model, value>(cast<T>(ref::multi_head::w_value));
        constexpr auto w_out = cta::with_axes<value, model>(cast<T>(ref::multi_head::w_out));
        constexpr auto compiled = cta::multi_head_self_attention_steps<4>(inputs, w_query, w_key, w_value, w_out);
        const auto run = cta::multi_head_self_attention_steps<4>(named_at_run_time(inputs), named_at_run_time(w_query),
                                                                 named_at_run_time(w_key), named_at_run_time(w_value),
                                                                 named_at_run_time(w_out));
        STATIC_REQUIRE(std::is_same_v<decltype(run.outputs), matrix<T, 3, 5, tokens, model>>);
        check_identical_steps(run, compiled);
        check_reference(run.outputs, ref::multi_head::heads_4::outputs);
    }
}
