// SPDX-License-Identifier: BSL-1.0
// The Transformer blocks (include/cta/transformer/: the attention sublayer, the encoder and decoder layers, stacks,
// the decoder-only model and greedy decoding) proven while this file compiles, against the independent 50-digit
// references of block_reference.hpp (written by make_block_reference.py from the formulas of the headers' comments,
// PyTorch's modules at inference). Nothing here runs; a wrong number is a build error. Each case is a constant
// expression of its own, within the default limits of GCC 12 and Clang 14.
//
// The error of an element is |computed - reference| / max(|reference|, floor), floor the smallest normal number of
// the computed type; the error of a record is the largest over every element of every step the reference has
// (queries, keys, values, each head's weights, the concatenated heads, the outputs of each attention; the residuals,
// the normalised inputs of each sublayer, the feed-forward hidden layer and outputs). Bounds:
// - double: every block within 1e-12 (the largest error measured is 1.2e-14, the post-norm decoder layer);
// - float: every block within 5e-5 (largest measured 1.4e-5, the pre-norm encoder layer; 5.9e-6 for the decoder
//   layers, 4.6e-6 for the model's logits), and not within 1e-12: the bound can fail.
// The model's argmax and the generated tokens are the reference's exactly, in both types (the reference's smallest
// gap between the two largest logits of a decision is 0.0205, far above the errors). Also: the records' Hana keys in
// order, post-norm and pre-norm differ, a std::array stack is the layers applied one after the other, the records of
// stacks (cta::encoder_stack_steps, cta::decoder_stack_steps) and of a model's run (cta::model_logits_steps) are
// their layers' records chained and end with encode's, decode's and model_logits' bits, and under cta::causal the
// first rows do not depend on later tokens.
#include <array>
#include <cstddef>
#include <limits>
#include <type_traits>

#include <boost/hana/equal.hpp>
#include <boost/hana/keys.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include "block_cases.hpp"

namespace {

using namespace block_cases;
using cta::matrix;
using layer_cases::identity;
using layer_cases::worst_error;
using ref = block_reference::expected;
namespace hana = boost::hana;

constexpr double floor_double = std::numeric_limits<double>::min();
constexpr double floor_float = std::numeric_limits<float>::min();
constexpr double bound_double = 1e-12;
constexpr double bound_float = 5e-5;

// ---- Every block and every step within its bound, in double and in float --------------------------------------------
// The attention sublayer.
constexpr auto self_double = attention_self<double>(identity);
constexpr auto self_float = attention_self<float>(identity);
constexpr auto self_causal_double = attention_self_causal<double>(identity);
constexpr auto self_causal_float = attention_self_causal<float>(identity);
constexpr auto cross_double = attention_cross<double>(identity);
constexpr auto cross_float = attention_cross<float>(identity);
constexpr auto cross_causal_double = attention_cross_causal<double>(identity);
constexpr auto cross_causal_float = attention_cross_causal<float>(identity);
static_assert(attention_error<ref::self>(self_double, floor_double) <= bound_double);
static_assert(attention_error<ref::self>(self_float, floor_float) <= bound_float);
static_assert(attention_error<ref::self_causal>(self_causal_double, floor_double) <= bound_double);
static_assert(attention_error<ref::self_causal>(self_causal_float, floor_float) <= bound_float);
static_assert(attention_error<ref::cross>(cross_double, floor_double) <= bound_double);
static_assert(attention_error<ref::cross>(cross_float, floor_float) <= bound_float);
static_assert(attention_error<ref::cross_causal>(cross_causal_double, floor_double) <= bound_double);
static_assert(attention_error<ref::cross_causal>(cross_causal_float, floor_float) <= bound_float);

// The encoder layer, post-norm and pre-norm, without and with cta::causal.
constexpr auto encoder_post_double = encoder<double, cta::post_norm_t>(identity);
constexpr auto encoder_post_float = encoder<float, cta::post_norm_t>(identity);
constexpr auto encoder_pre_double = encoder<double, cta::pre_norm_t>(identity);
constexpr auto encoder_pre_float = encoder<float, cta::pre_norm_t>(identity);
constexpr auto encoder_post_causal_double = encoder<double, cta::post_norm_t>(identity, cta::causal);
constexpr auto encoder_post_causal_float = encoder<float, cta::post_norm_t>(identity, cta::causal);
constexpr auto encoder_pre_causal_double = encoder<double, cta::pre_norm_t>(identity, cta::causal);
constexpr auto encoder_pre_causal_float = encoder<float, cta::pre_norm_t>(identity, cta::causal);
static_assert(encoder_error<ref::encoder_post>(encoder_post_double, floor_double) <= bound_double);
static_assert(encoder_error<ref::encoder_post>(encoder_post_float, floor_float) <= bound_float);
static_assert(encoder_error<ref::encoder_pre>(encoder_pre_double, floor_double) <= bound_double);
static_assert(encoder_error<ref::encoder_pre>(encoder_pre_float, floor_float) <= bound_float);
static_assert(encoder_error<ref::encoder_post_causal>(encoder_post_causal_double, floor_double) <= bound_double);
static_assert(encoder_error<ref::encoder_post_causal>(encoder_post_causal_float, floor_float) <= bound_float);
static_assert(encoder_error<ref::encoder_pre_causal>(encoder_pre_causal_double, floor_double) <= bound_double);
static_assert(encoder_error<ref::encoder_pre_causal>(encoder_pre_causal_float, floor_float) <= bound_float);

// The decoder layer, post-norm and pre-norm (causal self-attention; memory 2 x 6, d_model 4).
constexpr auto decoder_post_double = decoder<double, cta::post_norm_t>(identity);
constexpr auto decoder_post_float = decoder<float, cta::post_norm_t>(identity);
constexpr auto decoder_pre_double = decoder<double, cta::pre_norm_t>(identity);
constexpr auto decoder_pre_float = decoder<float, cta::pre_norm_t>(identity);
static_assert(decoder_error<ref::decoder_post>(decoder_post_double, floor_double) <= bound_double);
static_assert(decoder_error<ref::decoder_post>(decoder_post_float, floor_float) <= bound_float);
static_assert(decoder_error<ref::decoder_pre>(decoder_pre_double, floor_double) <= bound_double);
static_assert(decoder_error<ref::decoder_pre>(decoder_pre_float, floor_float) <= bound_float);

// Stacks: a std::array of one type, a boost::hana::tuple of two.
constexpr auto stack_array_double = stack_array<double>(identity);
constexpr auto stack_array_float = stack_array<float>(identity);
constexpr auto stack_tuple_double = stack_tuple<double>(identity);
constexpr auto stack_tuple_float = stack_tuple<float>(identity);
static_assert(worst_error(stack_array_double, ref::stack_array, floor_double) <= bound_double);
static_assert(worst_error(stack_array_float, ref::stack_array, floor_float) <= bound_float);
static_assert(worst_error(stack_tuple_double, ref::stack_tuple, floor_double) <= bound_double);
static_assert(worst_error(stack_tuple_float, ref::stack_tuple, floor_float) <= bound_float);

// The decoder-only model: its logits within the bound, their argmax and the generated tokens exactly.
constexpr auto logits_double = model_logits<double>(identity, identity);
constexpr auto logits_float = model_logits<float>(identity, identity);
static_assert(worst_error(logits_double, ref::model_logits, floor_double) <= bound_double);
static_assert(worst_error(logits_float, ref::model_logits, floor_float) <= bound_float);
static_assert(cta::argmax_rows(logits_double) == ref::model_argmax);
static_assert(cta::argmax_rows(logits_float) == ref::model_argmax);
constexpr auto generated_double = generated<double>(identity, identity);
constexpr auto generated_float = generated<float>(identity, identity);
static_assert(generated_double == ref::generated);
static_assert(generated_float == ref::generated);
// The prompt comes first, then the tokens chosen; next_token is the last row's argmax.
static_assert(generated_double[0] == ref::prompt[0] && generated_double[1] == ref::prompt[1]);
static_assert(cta::next_token(model_of<double>(identity), ref::model_ids) == ref::model_argmax[3]);

// model_logits is the embedding plus the sinusoidal encoding, the layers under cta::causal, the final normalisation
// (none with cta::no_norm) and the head, bit for bit.
constexpr auto model_double = model_of<double>(identity);
constexpr auto model_inputs = cta::token_embedding(ref::model_ids, model_double.embedding) +
                              cta::sinusoidal_positional_encoding<double, 4, 4>();
static_assert(cta::identical(logits_double,
                             cta::linear(cta::layer_norm(cta::encode(model_inputs, model_double.layers, cta::causal),
                                                         model_double.final_norm.gain, model_double.final_norm.bias),
                                         model_double.w_head, model_double.b_head)));
constexpr cta::decoder_only_model model_without_norm{model_double.embedding, model_double.layers, cta::no_norm,
                                                     model_double.w_head, model_double.b_head};
static_assert(cta::identical(cta::model_logits(model_without_norm, ref::model_ids),
                             cta::linear(cta::encode(model_inputs, model_double.layers, cta::causal),
                                         model_double.w_head, model_double.b_head)));

// The bounds can fail: the float results are not within the double bound.
static_assert(!(attention_error<ref::self>(self_float, floor_float) <= bound_double));
static_assert(!(encoder_error<ref::encoder_pre>(encoder_pre_float, floor_float) <= bound_double));
static_assert(!(decoder_error<ref::decoder_post>(decoder_post_float, floor_float) <= bound_double));
static_assert(!(worst_error(logits_float, ref::model_logits, floor_float) <= bound_double));

// ---- The records' Hana keys, in the order computed ------------------------------------------------------------------
static_assert(hana::keys(self_double) ==
              hana::make_tuple(BOOST_HANA_STRING("queries"), BOOST_HANA_STRING("keys"), BOOST_HANA_STRING("values"),
                               BOOST_HANA_STRING("weights"), BOOST_HANA_STRING("concatenated"),
                               BOOST_HANA_STRING("outputs")));
static_assert(hana::keys(encoder_post_double) ==
              hana::make_tuple(BOOST_HANA_STRING("attention_inputs"), BOOST_HANA_STRING("self_attention"),
                               BOOST_HANA_STRING("residual_1"), BOOST_HANA_STRING("feed_forward_inputs"),
                               BOOST_HANA_STRING("hidden"), BOOST_HANA_STRING("feed_forward"),
                               BOOST_HANA_STRING("residual_2"), BOOST_HANA_STRING("outputs")));
static_assert(hana::keys(decoder_post_double) ==
              hana::make_tuple(BOOST_HANA_STRING("self_attention_inputs"), BOOST_HANA_STRING("self_attention"),
                               BOOST_HANA_STRING("residual_1"), BOOST_HANA_STRING("cross_attention_inputs"),
                               BOOST_HANA_STRING("cross_attention"), BOOST_HANA_STRING("residual_2"),
                               BOOST_HANA_STRING("feed_forward_inputs"), BOOST_HANA_STRING("hidden"),
                               BOOST_HANA_STRING("feed_forward"), BOOST_HANA_STRING("residual_3"),
                               BOOST_HANA_STRING("outputs")));

// ---- Relations between the blocks -----------------------------------------------------------------------------------
// encode and decode are the records' outputs, the same bits; the records' attentions are attention_layer's.
constexpr auto x_double = data<double>::x;
constexpr auto memory_double = data<double>::memory;
constexpr auto enc_post = encoder_of<data<double>::enc, cta::post_norm_t>(identity);
constexpr auto enc_pre = encoder_of<data<double>::enc, cta::pre_norm_t>(identity);
constexpr auto enc_2 = encoder_of<data<double>::enc_2, cta::post_norm_t>(identity);
constexpr auto dec_post = decoder_of<data<double>::dec, cta::post_norm_t>(identity);
static_assert(cta::identical(cta::encode(x_double, enc_post), encoder_post_double.outputs));
static_assert(cta::identical(cta::decode(x_double, memory_double, dec_post, cta::causal), decoder_post_double.outputs));
static_assert(cta::attention_layer<heads>(x_double, x_double, enc_post.self_attention) ==
              encoder_post_double.self_attention);
static_assert(cta::attention_layer<heads>(decoder_post_double.cross_attention_inputs, memory_double,
                                          dec_post.cross_attention) == decoder_post_double.cross_attention);
// Post-norm and pre-norm differ (the same weights), in the encoder and in the decoder layer; the pre-norm encoder
// layer's outputs are its second residual, the post-norm layer's are not.
static_assert(encoder_post_double.outputs != encoder_pre_double.outputs);
static_assert(decoder_post_double.outputs != decoder_pre_double.outputs);
static_assert(encoder_pre_double.outputs == encoder_pre_double.residual_2);
static_assert(encoder_post_double.outputs != encoder_post_double.residual_2);
// A std::array stack is its layers applied one after the other, bit for bit.
static_assert(cta::identical(stack_array_double, cta::encode(cta::encode(x_double, enc_post), enc_2)));
static_assert(cta::identical(cta::encode(x_double, std::array{enc_post, enc_post}),
                             cta::encode(cta::encode(x_double, enc_post), enc_post)));
// A one-layer stack is the layer.
static_assert(cta::identical(cta::encode(x_double, hana::make_tuple(enc_pre)), encoder_pre_double.outputs));

// ---- cta::causal: the first rows do not depend on later tokens ------------------------------------------------------
/// x with rows `from` and beyond replaced by other values.
template <class M>
constexpr M changed_from(M m, std::size_t from) {
    for (std::size_t i = from; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) m(i, j) = -m(i, j) + 0.5;
    }
    return m;
}
/// True if rows 0 .. n - 1 of a and b are the same bits, and row n differs (when there is one).
template <class M>
constexpr bool same_first_rows(const M& a, const M& b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        if (!cta::identical(cta::row(a, i), cta::row(b, i))) return false;
    }
    return n == M::rows || cta::row(a, n) != cta::row(b, n);
}
constexpr auto x_changed_1 = changed_from(x_double, 1);
constexpr auto x_changed_2 = changed_from(x_double, 2);
static_assert(same_first_rows(cta::encode(x_double, enc_post, cta::causal), encoder_post_causal_double.outputs, 3));
static_assert(same_first_rows(cta::encode(x_changed_1, enc_post, cta::causal), encoder_post_causal_double.outputs, 1));
static_assert(same_first_rows(cta::encode(x_changed_2, enc_pre, cta::causal), encoder_pre_causal_double.outputs, 2));
static_assert(same_first_rows(cta::decode(x_changed_1, memory_double, dec_post, cta::causal),
                              decoder_post_double.outputs, 1));
// Without the mask, the first row does depend on later tokens.
static_assert(cta::row(cta::encode(x_changed_1, enc_post), 0) != cta::row(encoder_post_double.outputs, 0));
// The causal weights are 0 above the diagonal, exactly.
static_assert(self_causal_double.weights[0](0, 1) == 0.0 && self_causal_double.weights[1](1, 2) == 0.0 &&
              self_causal_double.weights[0](0, 0) == 1.0);
// The model's logits of a prefix are the first rows of the longer sequence's logits, bit for bit (a position's
// encoding does not depend on the length, and the masked weights are exact zeros).
/// The first N rows of m.
template <std::size_t N, class M>
constexpr matrix<typename M::value_type, N, M::cols> first_rows(const M& m) {
    matrix<typename M::value_type, N, M::cols> r{};
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) r(i, j) = m(i, j);
    }
    return r;
}
constexpr std::array<std::size_t, 2> first_two_ids{ref::model_ids[0], ref::model_ids[1]};
static_assert(cta::identical(cta::model_logits(model_of<double>(identity), first_two_ids),
                             first_rows<2>(logits_double)));

// ---- The records of stacks and of the model ------------------------------------------------------------------------
// A stack's record is its layers' records, each layer's on the outputs of the one before it (x for the first), and
// its last outputs are encode's (decode's), bit for bit: std::array and boost::hana::tuple stacks, in double and float.
constexpr auto stack_array_steps_double = stack_array_steps<double>(identity);
constexpr auto stack_array_steps_float = stack_array_steps<float>(identity);
constexpr auto stack_tuple_steps_double = stack_tuple_steps<double>(identity);
constexpr auto stack_tuple_steps_float = stack_tuple_steps<float>(identity);
constexpr auto enc_3 = encoder_of<data<double>::enc_3, cta::pre_norm_t>(identity);
static_assert(stack_array_steps_double[0] == encoder_post_double);
static_assert(stack_array_steps_double[1] == cta::encoder_layer_steps(stack_array_steps_double[0].outputs, enc_2));
static_assert(cta::identical(stack_array_steps_double[1].outputs, stack_array_double));
static_assert(cta::identical(stack_array_steps_float[1].outputs, stack_array_float));
static_assert(stack_tuple_steps_double[hana::size_c<0>] == encoder_post_double);
static_assert(stack_tuple_steps_double[hana::size_c<1>] ==
              cta::encoder_layer_steps(stack_tuple_steps_double[hana::size_c<0>].outputs, enc_3));
static_assert(cta::identical(stack_tuple_steps_double[hana::size_c<1>].outputs, stack_tuple_double));
static_assert(cta::identical(stack_tuple_steps_float[hana::size_c<1>].outputs, stack_tuple_float));
// The options reach every layer; == of the records can fail (other inputs, other layers, other options).
static_assert(cta::encoder_stack_steps(x_double, std::array{enc_post, enc_2}, cta::causal) ==
              std::array{encoder_post_causal_double,
                         cta::encoder_layer_steps(encoder_post_causal_double.outputs, enc_2, cta::causal)});
static_assert(stack_array_steps_double[0] != stack_array_steps_double[1]);
static_assert(cta::encoder_stack_steps(x_changed_1, hana::make_tuple(enc_post, enc_3)) !=
              stack_tuple_steps_double);
static_assert(cta::encoder_stack_steps(x_double, hana::make_tuple(enc_post, enc_3), cta::causal) !=
              stack_tuple_steps_double);
// The same records written into storage the caller provides (encoder_layer_steps_into, encoder_stack_steps_into):
// the same bits, options included; std::array and boost::hana::tuple stacks.
template <class Record, class X, class Layers, class... Options>
constexpr std::remove_cv_t<Record> stack_into(const X& x, const Layers& layers, const Options&... options) {
    std::remove_cv_t<Record> s{};
    cta::encoder_stack_steps_into(s, x, layers, options...);
    return s;
}
template <class Record, class X, class Layer, class... Options>
constexpr std::remove_cv_t<Record> layer_into(const X& x, const Layer& layer, const Options&... options) {
    std::remove_cv_t<Record> s{};
    cta::encoder_layer_steps_into(s, x, layer, options...);
    return s;
}
static_assert(layer_into<decltype(encoder_post_causal_double)>(x_double, enc_post, cta::causal) ==
              encoder_post_causal_double);
static_assert(layer_into<decltype(encoder_post_causal_double)>(x_double, enc_post) != encoder_post_causal_double);
static_assert(stack_into<decltype(stack_array_steps_double)>(x_double, std::array{enc_post, enc_2}, cta::causal) ==
              cta::encoder_stack_steps(x_double, std::array{enc_post, enc_2}, cta::causal));
static_assert(stack_into<decltype(stack_tuple_steps_double)>(x_double, hana::make_tuple(enc_post, enc_3)) ==
              cta::encoder_stack_steps(x_double, hana::make_tuple(enc_post, enc_3)));

// The outputs alone, written into storage the caller provides (encoder_layer_into, encoder_stack_into): encode's
// bits, post-norm and pre-norm, in double and float, options included; a stack's layers one after the other in the
// same outputs and scratch; inputs of another element type than the layer's (float inputs, double weights), copied
// into the outputs first. The comparisons can fail (other options), and the scratch is smaller than the record.
static_assert(cta::identical(encoder_lean<double, cta::post_norm_t>(identity), encoder_post_double.outputs));
static_assert(cta::identical(encoder_lean<float, cta::post_norm_t>(identity), encoder_post_float.outputs));
static_assert(cta::identical(encoder_lean<double, cta::pre_norm_t>(identity), encoder_pre_double.outputs));
static_assert(cta::identical(encoder_lean<float, cta::pre_norm_t>(identity), encoder_pre_float.outputs));
static_assert(cta::identical(encoder_lean<double, cta::post_norm_t>(identity, cta::causal),
                             encoder_post_causal_double.outputs));
static_assert(cta::identical(encoder_lean<float, cta::pre_norm_t>(identity, cta::causal),
                             encoder_pre_causal_float.outputs));
static_assert(!cta::identical(encoder_lean<double, cta::post_norm_t>(identity), encoder_post_causal_double.outputs));
static_assert(cta::identical(stack_array_lean<double>(identity), stack_array_double));
static_assert(cta::identical(stack_array_lean<float>(identity), stack_array_float));
static_assert(cta::identical(stack_array_lean<double>(identity, cta::causal),
                             cta::encode(x_double, std::array{enc_post, enc_2}, cta::causal)));
static_assert(!cta::identical(stack_array_lean<double>(identity, cta::causal), stack_array_double));
template <class X, class Layer>
constexpr auto layer_lean(const X& x, const Layer& layer) {
    decltype(cta::encode(x, layer)) out{};
    cta::encoder_layer_scratch_t<X, Layer> scratch{};
    cta::encoder_layer_into(out, scratch, x, layer);
    return out;
}
template <class X, class Layer, std::size_t N>
constexpr auto stack_lean(const X& x, const std::array<Layer, N>& layers) {
    using M = decltype(cta::encode(x, layers));
    M out{};
    cta::encoder_layer_scratch_t<M, Layer> scratch{};
    cta::encoder_stack_into(out, scratch, x, layers);
    return out;
}
constexpr auto x_float = data<float>::x;
static_assert(!std::is_same_v<decltype(cta::encode(x_float, enc_post)), std::remove_cv_t<decltype(x_float)>>);
static_assert(cta::identical(layer_lean(x_float, enc_post), cta::encode(x_float, enc_post)));
static_assert(cta::identical(layer_lean(x_float, enc_3), cta::encode(x_float, enc_3)));
static_assert(cta::identical(stack_lean(x_float, std::array{enc_post, enc_2}),
                             cta::encode(x_float, std::array{enc_post, enc_2})));
static_assert(sizeof(cta::encoder_layer_scratch_t<std::remove_cv_t<decltype(x_double)>,
                                                  std::remove_cv_t<decltype(enc_post)>>) <
              sizeof(encoder_post_double));

// Decoder stacks, every layer attending to the memory.
constexpr auto dec_pre = decoder_of<data<double>::dec, cta::pre_norm_t>(identity);
constexpr auto decoder_array_double = decoder_stack_array_steps<double>(identity);
constexpr auto decoder_tuple_double = decoder_stack_tuple_steps<double>(identity);
constexpr auto decoder_tuple_float = decoder_stack_tuple_steps<float>(identity);
static_assert(decoder_array_double[0] == decoder_post_double);
static_assert(decoder_array_double[1] ==
              cta::decoder_layer_steps(decoder_array_double[0].outputs, memory_double, dec_post, cta::causal));
static_assert(cta::identical(decoder_array_double[1].outputs,
                             cta::decode(x_double, memory_double, std::array{dec_post, dec_post}, cta::causal)));
static_assert(decoder_tuple_double[hana::size_c<0>] == decoder_post_double);
static_assert(decoder_tuple_double[hana::size_c<1>] ==
              cta::decoder_layer_steps(decoder_tuple_double[hana::size_c<0>].outputs, memory_double, dec_pre,
                                       cta::causal));
static_assert(cta::identical(decoder_tuple_double[hana::size_c<1>].outputs,
                             cta::decode(x_double, memory_double, hana::make_tuple(dec_post, dec_pre), cta::causal)));
static_assert(cta::identical(decoder_tuple_float[hana::size_c<1>].outputs,
                             cta::decode(data<float>::x, data<float>::memory,
                                         hana::make_tuple(decoder_of<data<float>::dec, cta::post_norm_t>(identity),
                                                          decoder_of<data<float>::dec, cta::pre_norm_t>(identity)),
                                         cta::causal)));
static_assert(decoder_array_double[0] != decoder_array_double[1]);

// The model's run: the embedded tokens, the layers' records chained under cta::causal, the final normalisation and
// the logits, which are model_logits', bit for bit (and within the reference's bound).
constexpr auto run_double = model_run<double>(identity, identity);
constexpr auto run_float = model_run<float>(identity, identity);
static_assert(cta::identical(run_double.logits, logits_double));
static_assert(cta::identical(run_float.logits, logits_float));
static_assert(worst_error(run_float.logits, ref::model_logits, floor_float) <= bound_float);
static_assert(cta::identical(run_double.embedded, model_inputs));
static_assert(run_double.layers[0] == cta::encoder_layer_steps(model_inputs, model_double.layers[0], cta::causal));
static_assert(run_double.layers[1] ==
              cta::encoder_layer_steps(run_double.layers[0].outputs, model_double.layers[1], cta::causal));
static_assert(run_double.layers == cta::encoder_stack_steps(model_inputs, model_double.layers, cta::causal));
static_assert(cta::identical(run_double.normalized,
                             cta::layer_norm(run_double.layers[1].outputs, model_double.final_norm.gain,
                                             model_double.final_norm.bias)));
static_assert(run_double == run_double && !(run_double == model_run<double>(identity, [](std::size_t id) {
                  return (id + 1) % 6;
              })));
// Layers of several types (a boost::hana::tuple) and no final normalisation: the normalised step is the last
// layer's outputs.
constexpr auto run_tuple_double = model_tuple_without_norm_run<double>(identity, identity);
static_assert(cta::identical(run_tuple_double.logits,
                             cta::model_logits(model_tuple_without_norm_of<double>(identity), ref::model_ids)));
static_assert(cta::identical(run_tuple_double.normalized, run_tuple_double.layers[hana::size_c<1>].outputs));
static_assert(run_tuple_double.layers[hana::size_c<0>] == run_double.layers[0]);
static_assert(run_tuple_double.layers[hana::size_c<1>] == run_double.layers[1]);
static_assert(hana::keys(run_double) == hana::make_tuple(BOOST_HANA_STRING("embedded"), BOOST_HANA_STRING("layers"),
                                                         BOOST_HANA_STRING("normalized"), BOOST_HANA_STRING("logits")));

// ---- Types ----------------------------------------------------------------------------------------------------------
static_assert(std::is_same_v<decltype(encoder_post_float.outputs), matrix<float, 3, 4>>);
static_assert(std::is_same_v<decltype(decoder_pre_double.hidden), matrix<double, 3, 8>>);
static_assert(std::is_same_v<decltype(cross_double.weights), std::array<matrix<double, 3, 2>, 2>>);
static_assert(std::is_same_v<decltype(logits_float), const matrix<float, 4, 6>>);
static_assert(std::is_same_v<decltype(generated_double), const std::array<std::size_t, 6>>);
// A std::array stack's record is a std::array of one record type, a boost::hana::tuple stack's a boost::hana::tuple
// of each layer's (d_ff = 8, then 6).
using float_layer = decltype(encoder_of<data<float>::enc, cta::post_norm_t>(identity));
static_assert(std::is_same_v<decltype(stack_array_steps_float),
                             const std::array<cta::encoder_layer_steps_t<matrix<float, 3, 4>, float_layer>, 2>>);
static_assert(std::is_same_v<decltype(stack_tuple_steps_double[hana::size_c<1>].hidden), matrix<double, 3, 6>>);
static_assert(std::is_same_v<decltype(run_float.logits), matrix<float, 4, 6>>);

}  // namespace
