// SPDX-License-Identifier: BSL-1.0
// The Transformer blocks computed at run time on inputs the compiler cannot know (every weight and input read
// through volatile, the token ids too): every step of every record, every stack's and the model's outputs, the
// argmax and the generated tokens are bit for bit those computed at compile time from the same inputs
// (block_proof.cpp proves those against the 50-digit references), in double and in float.
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at_key.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/keys.hpp>

#include "at_run_time.hpp"
#include "block_cases.hpp"

namespace {

using namespace block_cases;
using layer_cases::identity;
using test::at_run_time;
namespace hana = boost::hana;

const auto read = [](const auto& x) { return at_run_time(x); };

/// True if `a` and `b` have the same bits: matrices (cta::identical), arrays of them, and Hana structs of those
/// (the records), member by member.
template <class A>
bool identical_record(const A& a, const A& b) {
    if constexpr (cta::matrix_type<A>) {
        return cta::identical(a, b);
    } else if constexpr (requires { std::tuple_size<A>::value; }) {
        for (std::size_t i = 0; i < std::tuple_size<A>::value; ++i) {
            if (!identical_record(a[i], b[i])) return false;
        }
        return true;
    } else {
        bool same = true;
        hana::for_each(hana::keys(a), [&](auto key) {
            if (!identical_record(hana::at_key(a, key), hana::at_key(b, key))) same = false;
        });
        return same;
    }
}

template <class T>
void check_attention() {
    constexpr auto self = attention_self<T>(identity);
    constexpr auto self_causal = attention_self_causal<T>(identity);
    constexpr auto cross = attention_cross<T>(identity);
    constexpr auto cross_causal = attention_cross_causal<T>(identity);
    CHECK(identical_record(attention_self<T>(read), self));
    CHECK(identical_record(attention_self_causal<T>(read), self_causal));
    CHECK(identical_record(attention_cross<T>(read), cross));
    CHECK(identical_record(attention_cross_causal<T>(read), cross_causal));
}

template <class T>
void check_encoder() {
    constexpr auto post = encoder<T, cta::post_norm_t>(identity);
    constexpr auto pre = encoder<T, cta::pre_norm_t>(identity);
    constexpr auto post_causal = encoder<T, cta::post_norm_t>(identity, cta::causal);
    constexpr auto pre_causal = encoder<T, cta::pre_norm_t>(identity, cta::causal);
    CHECK(identical_record(encoder<T, cta::post_norm_t>(read), post));
    CHECK(identical_record(encoder<T, cta::pre_norm_t>(read), pre));
    CHECK(identical_record(encoder<T, cta::post_norm_t>(read, cta::causal), post_causal));
    CHECK(identical_record(encoder<T, cta::pre_norm_t>(read, cta::causal), pre_causal));
}

template <class T>
void check_decoder() {
    constexpr auto post = decoder<T, cta::post_norm_t>(identity);
    constexpr auto pre = decoder<T, cta::pre_norm_t>(identity);
    CHECK(identical_record(decoder<T, cta::post_norm_t>(read), post));
    CHECK(identical_record(decoder<T, cta::pre_norm_t>(read), pre));
}

template <class T>
void check_stacks_and_model() {
    constexpr auto array = stack_array<T>(identity);
    constexpr auto tuple = stack_tuple<T>(identity);
    constexpr auto logits = model_logits<T>(identity, identity);
    constexpr auto tokens = generated<T>(identity, identity);
    CHECK(cta::identical(stack_array<T>(read), array));
    CHECK(cta::identical(stack_tuple<T>(read), tuple));
    const auto logits_at_run_time = model_logits<T>(read, read);
    CHECK(cta::identical(logits_at_run_time, logits));
    CHECK(cta::argmax_rows(logits_at_run_time) == block_reference::expected::model_argmax);
    CHECK(generated<T>(read, read) == tokens);
    CHECK(tokens == block_reference::expected::generated);
}

}  // namespace

TEST_CASE("transformer blocks: the attention sublayer at run time equals compile time, bit for bit") {
    check_attention<double>();
    check_attention<float>();
}
TEST_CASE("transformer blocks: the encoder layer at run time equals compile time, bit for bit") {
    check_encoder<double>();
    check_encoder<float>();
}
TEST_CASE("transformer blocks: the decoder layer at run time equals compile time, bit for bit") {
    check_decoder<double>();
    check_decoder<float>();
}
TEST_CASE("transformer blocks: stacks, the model's logits and generation at run time equal compile time") {
    check_stacks_and_model<double>();
    check_stacks_and_model<float>();
}
