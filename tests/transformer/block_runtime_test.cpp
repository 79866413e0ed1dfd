// SPDX-License-Identifier: BSL-1.0
// The Transformer blocks computed at run time on inputs the compiler cannot know (every weight and input read
// through volatile, the token ids too): every step of every record (of a layer, of a stack, of the model's run),
// every stack's and the model's outputs, the argmax and the generated tokens are bit for bit those computed at
// compile time from the same inputs (block_proof.cpp proves those against the 50-digit references), in double and in
// float.
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <type_traits>

#include "at_run_time.hpp"
#include "block_cases.hpp"
#include "same_record.hpp"

namespace {

using namespace block_cases;
using layer_cases::identity;
using test::at_run_time;

const auto read = [](const auto& x) { return at_run_time(x); };

/// True if `a` and `b` have the same bits: matrices (cta::identical), and the records made of them.
template <class A>
bool identical_record(const A& a, const A& b) {
    return test::same_record(a, b, [](const auto& x, const auto& y) { return test::same_bits(x, y); });
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
    // The outputs alone in storage the caller provides (cta::encoder_layer_into): the record's outputs.
    CHECK(test::same_bits(encoder_lean<T, cta::post_norm_t>(read), post.outputs));
    CHECK(test::same_bits(encoder_lean<T, cta::pre_norm_t>(read), pre.outputs));
    CHECK(test::same_bits(encoder_lean<T, cta::post_norm_t>(read, cta::causal), post_causal.outputs));
    CHECK(test::same_bits(encoder_lean<T, cta::pre_norm_t>(read, cta::causal), pre_causal.outputs));
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
    CHECK(test::same_bits(stack_array<T>(read), array));
    CHECK(test::same_bits(stack_tuple<T>(read), tuple));
    CHECK(test::same_bits(stack_array_lean<T>(read), array));  // cta::encoder_stack_into
    const auto logits_at_run_time = model_logits<T>(read, read);
    CHECK(test::same_bits(logits_at_run_time, logits));
    CHECK(cta::argmax_rows(logits_at_run_time) == block_reference::expected::model_argmax);
    CHECK(generated<T>(read, read) == tokens);
    CHECK(tokens == block_reference::expected::generated);
}

template <class T>
void check_stack_and_model_records() {
    constexpr auto array = stack_array_steps<T>(identity);
    constexpr auto tuple = stack_tuple_steps<T>(identity);
    constexpr auto decoder_array = decoder_stack_array_steps<T>(identity);
    constexpr auto decoder_tuple = decoder_stack_tuple_steps<T>(identity);
    constexpr auto run = model_run<T>(identity, identity);
    constexpr auto run_tuple = model_tuple_without_norm_run<T>(identity, identity);
    CHECK(identical_record(stack_array_steps<T>(read), array));
    CHECK(identical_record(stack_tuple_steps<T>(read), tuple));
    CHECK(identical_record(decoder_stack_array_steps<T>(read), decoder_array));
    CHECK(identical_record(decoder_stack_tuple_steps<T>(read), decoder_tuple));
    const auto run_at_run_time = model_run<T>(read, read);
    CHECK(identical_record(run_at_run_time, run));
    CHECK(test::same_bits(run_at_run_time.logits, model_logits<T>(read, read)));
    CHECK(identical_record(model_tuple_without_norm_run<T>(read, read), run_tuple));
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
TEST_CASE("transformer blocks: the records of stacks and of the model's run at run time equal compile time") {
    check_stack_and_model_records<double>();
    check_stack_and_model_records<float>();
}
