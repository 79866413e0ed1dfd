// SPDX-License-Identifier: BSL-1.0
// The attention variants against the long double reference (reference.hpp), for one shape: every random case is
// computed by each variant and compared, element by element, with the reference within the bound derived there;
// masked weights must be exactly 0, fully masked rows exactly 0, rows of weights must sum to 1 within n epsilon, and
// the outputs-only functions must give the bits of their step records.
#pragma once

#include "catch.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <string>

#include <cta/cta.hpp>

#include "property.hpp"
#include "reference.hpp"

namespace property {

/// Where the failures of one test go: each is reported once, with the case that produced it, and at most
/// `max_reported` of them (the count is checked at the end).
class failures {
public:
    void operator()(const std::string& message, const char* variant, std::size_t index, std::uint64_t seed) {
        if (message.empty()) return;
        ++count_;
        if (count_ <= max_reported) {
            FAIL_CHECK(variant << ", case " << index << " (seed " << seed << "): " << message);
        }
    }
    std::size_t count() const { return count_; }

private:
    static constexpr std::size_t max_reported = 20;
    std::size_t count_ = 0;
};

/// Empty if `a` and `b` have the same bits everywhere.
template <cta::matrix_type M>
std::string same_bits(const M& a, const M& b) {
    return cta::identical(a, b) ? std::string{} : std::string{"results differ in their bits"};
}

/// Empty if each output row is the sum, from 0 and in order, of that query's weighted values: the same bits.
template <class Steps>
std::string outputs_are_sums_of_weighted_values(const Steps& s) {
    using M = decltype(s.outputs);
    using R = typename M::value_type;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t c = 0; c < M::cols; ++c) {
            R acc{};
            for (std::size_t j = 0; j < s.weights.cols; ++j) acc += s.weighted_values[i](j, c);
            if (!cta::identical(cta::matrix<R, 1, 1>{{{acc}}}, cta::matrix<R, 1, 1>{{{s.outputs(i, c)}}})) {
                return "output (" + std::to_string(i) + ", " + std::to_string(c) +
                       ") is not the sum of the weighted values";
            }
        }
    }
    return {};
}

/// A shape of the tests, and a number that seeds its cases.
template <std::size_t NQ, std::size_t NKV, std::size_t DQ, std::size_t DKV, std::size_t DK, std::size_t DV>
struct shape {
    static constexpr std::size_t n_q = NQ, n_kv = NKV, d_q = DQ, d_kv = DKV, d_k = DK, d_v = DV;
    static constexpr std::uint64_t id = ((((NQ * 31 + NKV) * 31 + DQ) * 31 + DKV) * 31 + DK) * 31 + DV;
};

template <class S>
void run_attention(std::size_t cases) {
    constexpr std::size_t NQ = S::n_q, NKV = S::n_kv, DQ = S::d_q, DKV = S::d_kv, DK = S::d_k, DV = S::d_v;
    using reference::attention;
    using reference::exact;
    using reference::projection;
    constexpr auto p = reference::precision_of<double, double>();
    constexpr auto pf = reference::precision_of<float, float>();
    constexpr auto pdf = reference::precision_of<double, float>();

    failures fail;
    tally t;
    std::size_t run = 0;
    for (std::size_t index = 0; index < cases; ++index) {
        const std::uint64_t seed = seed_of(S::id, index);
        rng r(seed);
        const magnitude mag = magnitude_of(index);
        const magnitude wmag = mag == magnitude::large ? magnitude::moderate : mag;

        // Inputs and weights.
        const auto x = random_matrix<double, NKV, DKV>(r, mag);
        const auto xq = random_matrix<double, NQ, DQ>(r, mag);
        const auto wqs = random_matrix<double, DKV, DK>(r, wmag);  // self-attention's w_query
        const auto wq = random_matrix<double, DQ, DK>(r, wmag);    // cross-attention's
        const auto wk = random_matrix<double, DKV, DK>(r, wmag);
        const auto wv = random_matrix<double, DKV, DV>(r, wmag);
        const auto wvm = random_matrix<double, DKV, DK>(r, wmag);  // multi-head: d_model = d_k
        const auto wo = random_matrix<double, DK, DV>(r, wmag);
        const auto qg = random_matrix<double, NQ, DK>(r, mag);  // given queries, keys, values
        const auto kg = random_matrix<double, NKV, DK>(r, mag);
        const auto vg = random_matrix<double, NKV, DV>(r, mag);
        const auto keep_self = random_keep<NKV, NKV>(r, index % 5 == 0);
        const auto keep_cross = random_keep<NQ, NKV>(r, index % 5 == 1);
        const auto add_self = random_additive<double, NKV, NKV>(r, index % 7 == 0);
        const auto add_cross = random_additive<double, NQ, NKV>(r, index % 7 == 1);

        // The reference's projections and masks.
        const auto rx = to_ref(x);
        const auto rxq = to_ref(xq);
        const auto qs = projection(rx, to_ref(wqs), p);
        const auto qc = projection(rxq, to_ref(wq), p);
        const auto k = projection(rx, to_ref(wk), p);
        const auto v = projection(rx, to_ref(wv), p);
        const auto vm = projection(rx, to_ref(wvm), p);
        const auto all_self = reference::keep_all<NKV, NKV>();
        const auto all_cross = reference::keep_all<NQ, NKV>();
        auto causal_self = all_self;
        reference::apply_causal(causal_self);
        auto causal_cross = all_cross;
        reference::apply_causal(causal_cross);
        auto bool_self = all_self;
        apply_keep(bool_self, keep_self);
        auto bool_cross = all_cross;
        apply_keep(bool_cross, keep_cross);
        auto additive_causal_self = causal_self;
        apply_additive(additive_causal_self, add_self);
        auto additive_cross = all_cross;
        apply_additive(additive_cross, add_cross);

        const auto check = [&](const std::string& message, const char* variant) {
            fail(message, variant, index, seed);
        };

        // Self-attention, the seed's record: outputs, weights, and the record's own consistency.
        {
            const auto ref = attention(qs, k, v, false, all_self, p);
            const auto steps = cta::self_attention_steps(x, wqs, wk, wv);
            const auto outputs = cta::self_attention(x, wqs, wk, wv);
            check(within(outputs, ref.outputs, ref.bound, t), "self_attention");
            check(within(steps.weights, ref.weights, ref.weight_bound, t), "self_attention_steps weights");
            check(rows_sum_to_one(steps.weights, ref.fully_masked), "self_attention_steps weights");
            check(same_bits(steps.outputs, outputs), "self_attention vs self_attention_steps");
            check(outputs_are_sums_of_weighted_values(steps), "self_attention_steps weighted values");
            check(same_bits(cta::attention(steps.queries, steps.keys, steps.values), outputs),
                  "self_attention vs attention of its projections");
        }
        // Scaled.
        {
            const auto ref = attention(qs, k, v, true, all_self, p);
            check(within(cta::self_attention(x, wqs, wk, wv, cta::scaled), ref.outputs, ref.bound, t),
                  "self_attention scaled");
        }
        // Causal.
        {
            const auto ref = attention(qs, k, v, false, causal_self, p);
            check(within(cta::self_attention(x, wqs, wk, wv, cta::causal), ref.outputs, ref.bound, t),
                  "self_attention causal");
        }
        // Scaled with a boolean mask (some cases with a fully masked row), through the record.
        {
            const auto ref = attention(qs, k, v, true, bool_self, p);
            const auto steps = cta::self_attention_steps(x, wqs, wk, wv, cta::scaled, keep_self);
            check(within(steps.outputs, ref.outputs, ref.bound, t), "self_attention_steps scaled boolean mask");
            check(within(steps.weights, ref.weights, ref.weight_bound, t), "boolean mask weights");
            check(masked_are_zero(steps.weights, bool_self), "boolean mask weights");
            check(rows_sum_to_one(steps.weights, ref.fully_masked), "boolean mask weights");
            check(same_bits(cta::self_attention(x, wqs, wk, wv, cta::scaled, keep_self), steps.outputs),
                  "self_attention vs self_attention_steps, boolean mask");
        }
        // Scaled, causal and an additive mask with -inf entries.
        {
            const auto ref = attention(qs, k, v, true, additive_causal_self, p);
            check(within(cta::self_attention(x, wqs, wk, wv, cta::scaled, cta::causal, add_self), ref.outputs,
                         ref.bound, t),
                  "self_attention scaled causal additive mask");
        }
        // Given queries, keys and values.
        {
            const auto ref = attention(exact(to_ref(qg)), exact(to_ref(kg)), exact(to_ref(vg)), false, all_cross, p);
            check(within(cta::attention(qg, kg, vg), ref.outputs, ref.bound, t), "attention");
        }
        {
            const auto ref = attention(exact(to_ref(qg)), exact(to_ref(kg)), exact(to_ref(vg)), true, bool_cross, p);
            check(within(cta::scaled_dot_product_attention(qg, kg, vg, keep_cross), ref.outputs, ref.bound, t),
                  "scaled_dot_product_attention boolean mask");
        }
        // Cross-attention: scaled and causal (the top-left triangle when n_q != n_kv), and an additive mask.
        {
            const auto ref = attention(qc, k, v, true, causal_cross, p);
            check(within(cta::cross_attention(xq, x, wq, wk, wv, cta::scaled, cta::causal), ref.outputs, ref.bound,
                         t),
                  "cross_attention scaled causal");
        }
        {
            const auto ref = attention(qc, k, v, false, additive_cross, p);
            const auto steps = cta::cross_attention_steps(xq, x, wq, wk, wv, add_cross);
            check(within(steps.outputs, ref.outputs, ref.bound, t), "cross_attention_steps additive mask");
            check(within(steps.weights, ref.weights, ref.weight_bound, t), "cross additive mask weights");
            check(masked_are_zero(steps.weights, additive_cross), "cross additive mask weights");
            check(rows_sum_to_one(steps.weights, ref.fully_masked), "cross additive mask weights");
            check(same_bits(cta::cross_attention(xq, x, wq, wk, wv, add_cross), steps.outputs),
                  "cross_attention vs cross_attention_steps");
        }
        // Multi-head attention: 1 head; 2 heads, causal; 4 heads of self-attention with a boolean mask.
        {
            const auto ref = reference::multi_head<1>(qc, k, vm, to_ref(wo), all_cross, p);
            check(within(cta::multi_head_attention<1>(xq, x, wq, wk, wvm, wo), ref.value, ref.error, t),
                  "multi_head_attention<1>");
        }
        if constexpr (DK % 2 == 0) {
            const auto ref = reference::multi_head<2>(qc, k, vm, to_ref(wo), causal_cross, p);
            const auto steps = cta::multi_head_attention_steps<2>(xq, x, wq, wk, wvm, wo, cta::causal);
            check(within(steps.outputs, ref.value, ref.error, t), "multi_head_attention_steps<2> causal");
            check(same_bits(cta::multi_head_attention<2>(xq, x, wq, wk, wvm, wo, cta::causal), steps.outputs),
                  "multi_head_attention<2> vs multi_head_attention_steps<2>");
        }
        if constexpr (DK % 4 == 0) {
            const auto ref = reference::multi_head<4>(qs, k, vm, to_ref(wo), bool_self, p);
            check(within(cta::multi_head_self_attention<4>(x, wqs, wk, wvm, wo, keep_self), ref.value, ref.error, t),
                  "multi_head_self_attention<4> boolean mask");
        }
        // float: all in float (scaled, causal), and float softmax after double projections (boolean mask). Not
        // with the large magnitudes, whose float logits carry errors as large as the differences between them.
        if (mag != magnitude::large) {
            const auto xf = random_matrix<float, NKV, DKV>(r, mag);
            const auto wqf = random_matrix<float, DKV, DK>(r, wmag);
            const auto wkf = random_matrix<float, DKV, DK>(r, wmag);
            const auto wvf = random_matrix<float, DKV, DV>(r, wmag);
            const auto rxf = to_ref(xf);
            const auto ref = attention(projection(rxf, to_ref(wqf), pf), projection(rxf, to_ref(wkf), pf),
                                       projection(rxf, to_ref(wvf), pf), true, causal_self, pf);
            check(within(cta::self_attention(xf, wqf, wkf, wvf, cta::scaled, cta::causal), ref.outputs, ref.bound, t),
                  "self_attention float scaled causal");

            const auto ref2 = attention(qc, k, v, false, bool_cross, pdf);
            check(within(cta::cross_attention<float>(xq, x, wq, wk, wv, keep_cross), ref2.outputs, ref2.bound, t),
                  "cross_attention<float> boolean mask");
        }
        ++run;
    }
    CHECK(fail.count() == 0);
    REQUIRE(run == cases);
    std::cout << "property: n_q " << NQ << " n_kv " << NKV << " d " << DQ << " d_kv " << DKV << " d_k " << DK
              << " d_v " << DV << ": " << run << " cases, " << t.comparisons << " reference comparisons, "
              << t.elements << " elements; largest error / bound " << static_cast<double>(t.worst_ratio) << '\n';
}

}  // namespace property

/// The test of one shape, named by its sizes.
#define CTA_PROPERTY_ATTENTION_TEST(nq, nkv, dq, dkv, dk, dv, cases)                                               \
    TEST_CASE("attention variants vs the long double reference: n_q " #nq " n_kv " #nkv " d " #dq " d_kv " #dkv   \
              " d_k " #dk " d_v " #dv,                                                                           \
              "[property][attention]") {                                                                         \
        property::run_attention<property::shape<nq, nkv, dq, dkv, dk, dv>>(cases);                                 \
    }
