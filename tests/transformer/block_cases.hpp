// SPDX-License-Identifier: BSL-1.0
// The Transformer blocks' cases of block_reference.hpp computed by the library, for the compile-time proof
// (block_proof.cpp) and the run-time test (block_runtime_test.cpp). Each case is a function of its own, so that the
// proof evaluates each in a constant expression of its own: `case<T>(read, read_id)` passes every input through
// `read` (matrices) or `read_id` (token ids) first: the identity in a constant expression, a volatile read at run
// time. The blocks have h = 2 heads; the encoder and decoder layers are made of the reference's weights.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/tuple.hpp>

#include <cta/transformer.hpp>

#include "block_reference.hpp"
#include "layer_cases.hpp"  // worst_error

namespace block_cases {

/// The inputs of element type T.
template <class T>
using data = std::conditional_t<std::is_same_v<T, double>, block_reference::in_double, block_reference::in_float>;

inline constexpr std::size_t heads = 2;

/// The weights of the reference's struct W, each read through `read`.
template <class W, class Read>
constexpr auto attention_of(Read read) {
    return cta::attention_weights{read(W::w_query), read(W::b_query), read(W::w_key),   read(W::b_key),
                                  read(W::w_value), read(W::b_value), read(W::w_out), read(W::b_out)};
}
template <class W, class Read>
constexpr auto feed_forward_of(Read read) {
    return cta::feed_forward_weights{read(W::w_1), read(W::b_1), read(W::w_2), read(W::b_2)};
}
template <class W, class Read>
constexpr auto norm_of(Read read) {
    return cta::layer_norm_weights{read(W::gain), read(W::bias)};
}
/// The encoder layer of the reference's weights W, normalising as `Placement` says.
template <class W, class Placement, class Read>
constexpr auto encoder_of(Read read) {
    return cta::make_encoder_layer<heads>(attention_of<typename W::self_attention>(read),
                                          feed_forward_of<typename W::feed_forward>(read),
                                          norm_of<typename W::norm_1>(read), norm_of<typename W::norm_2>(read),
                                          Placement{});
}
/// The decoder layer of the reference's weights W.
template <class W, class Placement, class Read>
constexpr auto decoder_of(Read read) {
    return cta::make_decoder_layer<heads>(
        attention_of<typename W::self_attention>(read), attention_of<typename W::cross_attention>(read),
        feed_forward_of<typename W::feed_forward>(read), norm_of<typename W::norm_1>(read),
        norm_of<typename W::norm_2>(read), norm_of<typename W::norm_3>(read), Placement{});
}
/// The decoder-only model of the reference: two pre-norm layers (a std::array), a final normalisation, the head.
template <class T, class Read>
constexpr auto model_of(Read read) {
    using M = typename data<T>::model;
    return cta::decoder_only_model{
        read(M::embedding),
        std::array{encoder_of<typename M::layer_0, cta::pre_norm_t>(read),
                   encoder_of<typename M::layer_1, cta::pre_norm_t>(read)},
        norm_of<typename M::final_norm>(read), read(M::w_head), read(M::b_head)};
}
/// The ids of `ids`, each read through `read_id`.
template <std::size_t N, class ReadId>
constexpr std::array<std::size_t, N> ids_of(const std::array<std::size_t, N>& ids, ReadId read_id) {
    std::array<std::size_t, N> r{};
    for (std::size_t i = 0; i < N; ++i) r[i] = read_id(ids[i]);
    return r;
}

// ---- The cases ------------------------------------------------------------------------------------------------------
/// The attention sublayer: self-attention on x, cross-attention from x to the memory; without and with cta::causal.
template <class T, class Read>
constexpr auto attention_self(Read read) {
    return cta::attention_layer<heads>(read(data<T>::x), read(data<T>::x), attention_of<typename data<T>::self>(read));
}
template <class T, class Read>
constexpr auto attention_self_causal(Read read) {
    return cta::attention_layer<heads>(read(data<T>::x), read(data<T>::x), attention_of<typename data<T>::self>(read),
                                       cta::causal);
}
template <class T, class Read>
constexpr auto attention_cross(Read read) {
    return cta::attention_layer<heads>(read(data<T>::x), read(data<T>::memory),
                                       attention_of<typename data<T>::cross>(read));
}
template <class T, class Read>
constexpr auto attention_cross_causal(Read read) {
    return cta::attention_layer<heads>(read(data<T>::x), read(data<T>::memory),
                                       attention_of<typename data<T>::cross>(read), cta::causal);
}

/// The encoder layer `enc` on x, `Placement` post-norm or pre-norm, with the options given (none or cta::causal).
template <class T, class Placement, class Read, class... Options>
constexpr auto encoder(Read read, const Options&... options) {
    return cta::encoder_layer_steps(read(data<T>::x), encoder_of<typename data<T>::enc, Placement>(read), options...);
}

/// The decoder layer `dec` on x attending to the memory, causal self-attention.
template <class T, class Placement, class Read>
constexpr auto decoder(Read read) {
    return cta::decoder_layer_steps(read(data<T>::x), read(data<T>::memory),
                                    decoder_of<typename data<T>::dec, Placement>(read), cta::causal);
}

/// Two post-norm encoder layers of one type, `enc` then `enc_2`, as a std::array.
template <class T, class Read>
constexpr auto stack_array(Read read) {
    return cta::encode(read(data<T>::x), std::array{encoder_of<typename data<T>::enc, cta::post_norm_t>(read),
                                                    encoder_of<typename data<T>::enc_2, cta::post_norm_t>(read)});
}
/// A post-norm layer `enc` and a pre-norm layer `enc_3` (d_ff = 6): two types, as a boost::hana::tuple.
template <class T, class Read>
constexpr auto stack_tuple(Read read) {
    return cta::encode(read(data<T>::x),
                       boost::hana::make_tuple(encoder_of<typename data<T>::enc, cta::post_norm_t>(read),
                                               encoder_of<typename data<T>::enc_3, cta::pre_norm_t>(read)));
}

/// The encoder layer `enc` on x, its outputs alone written into storage the caller provides
/// (cta::encoder_layer_into, with a cta::encoder_layer_scratch_t).
template <class T, class Placement, class Read, class... Options>
constexpr auto encoder_lean(Read read, const Options&... options) {
    const auto x = read(data<T>::x);
    const auto layer = encoder_of<typename data<T>::enc, Placement>(read);
    decltype(cta::encode(x, layer)) out{};
    cta::encoder_layer_scratch_t<std::remove_cv_t<decltype(x)>, std::remove_cv_t<decltype(layer)>> scratch{};
    cta::encoder_layer_into(out, scratch, x, layer, options...);
    return out;
}
/// The std::array stack above, its outputs alone written into storage the caller provides (cta::encoder_stack_into):
/// every layer in the same outputs and scratch.
template <class T, class Read, class... Options>
constexpr auto stack_array_lean(Read read, const Options&... options) {
    const auto x = read(data<T>::x);
    const auto layers = std::array{encoder_of<typename data<T>::enc, cta::post_norm_t>(read),
                                   encoder_of<typename data<T>::enc_2, cta::post_norm_t>(read)};
    using M = decltype(cta::encode(x, layers));
    M out{};
    cta::encoder_layer_scratch_t<M, typename decltype(layers)::value_type> scratch{};
    cta::encoder_stack_into(out, scratch, x, layers, options...);
    return out;
}

/// The records of the two stacks above, layer by layer (cta::encoder_stack_steps).
template <class T, class Read>
constexpr auto stack_array_steps(Read read) {
    return cta::encoder_stack_steps(read(data<T>::x),
                                    std::array{encoder_of<typename data<T>::enc, cta::post_norm_t>(read),
                                               encoder_of<typename data<T>::enc_2, cta::post_norm_t>(read)});
}
template <class T, class Read>
constexpr auto stack_tuple_steps(Read read) {
    return cta::encoder_stack_steps(
        read(data<T>::x), boost::hana::make_tuple(encoder_of<typename data<T>::enc, cta::post_norm_t>(read),
                                                  encoder_of<typename data<T>::enc_3, cta::pre_norm_t>(read)));
}
/// The records of stacks of decoder layers attending to the memory, causal self-attention: `dec` post-norm twice (a
/// std::array), `dec` post-norm then pre-norm (a boost::hana::tuple).
template <class T, class Read>
constexpr auto decoder_stack_array_steps(Read read) {
    const auto post = decoder_of<typename data<T>::dec, cta::post_norm_t>(read);
    return cta::decoder_stack_steps(read(data<T>::x), read(data<T>::memory), std::array{post, post}, cta::causal);
}
template <class T, class Read>
constexpr auto decoder_stack_tuple_steps(Read read) {
    return cta::decoder_stack_steps(read(data<T>::x), read(data<T>::memory),
                                    boost::hana::make_tuple(decoder_of<typename data<T>::dec, cta::post_norm_t>(read),
                                                            decoder_of<typename data<T>::dec, cta::pre_norm_t>(read)),
                                    cta::causal);
}

/// The model's logits of the reference's ids.
template <class T, class Read, class ReadId>
constexpr auto model_logits(Read read, ReadId read_id) {
    return cta::model_logits(model_of<T>(read), ids_of(block_reference::expected::model_ids, read_id));
}
/// Every step of the model's run on the reference's ids (cta::model_logits_steps).
template <class T, class Read, class ReadId>
constexpr auto model_run(Read read, ReadId read_id) {
    return cta::model_logits_steps(model_of<T>(read), ids_of(block_reference::expected::model_ids, read_id));
}
/// The same model with its layers as a boost::hana::tuple and without the final normalisation.
template <class T, class Read>
constexpr auto model_tuple_without_norm_of(Read read) {
    const auto model = model_of<T>(read);
    return cta::decoder_only_model{model.embedding, boost::hana::make_tuple(model.layers[0], model.layers[1]),
                                   cta::no_norm, model.w_head, model.b_head};
}
template <class T, class Read, class ReadId>
constexpr auto model_tuple_without_norm_run(Read read, ReadId read_id) {
    return cta::model_logits_steps(model_tuple_without_norm_of<T>(read),
                                   ids_of(block_reference::expected::model_ids, read_id));
}
/// Greedy decoding of 4 tokens after the reference's prompt.
template <class T, class Read, class ReadId>
constexpr auto generated(Read read, ReadId read_id) {
    return cta::generate<4>(model_of<T>(read), ids_of(block_reference::expected::prompt, read_id));
}

// ---- The errors of every step against the reference -----------------------------------------------------------------
/// The largest of a and b (NaN if either is).
constexpr double worst(double a, double b) { return a != a || !(a <= b) ? a : b; }

/// The largest error (layer_cases::worst_error) of every step of an attention sublayer's record `s` against the
/// reference's struct R.
template <class R, class S>
constexpr double attention_error(const S& s, double floor) {
    using layer_cases::worst_error;
    double e = worst_error(s.queries, R::queries, floor);
    e = worst(e, worst_error(s.keys, R::keys, floor));
    e = worst(e, worst_error(s.values, R::values, floor));
    e = worst(e, worst_error(s.weights[0], R::weights_0, floor));
    e = worst(e, worst_error(s.weights[1], R::weights_1, floor));
    e = worst(e, worst_error(s.concatenated, R::concatenated, floor));
    return worst(e, worst_error(s.outputs, R::outputs, floor));
}
/// ... of every step of an encoder layer's record.
template <class R, class S>
constexpr double encoder_error(const S& s, double floor) {
    using layer_cases::worst_error;
    double e = worst_error(s.attention_inputs, R::attention_inputs, floor);
    e = worst(e, attention_error<typename R::self_attention>(s.self_attention, floor));
    e = worst(e, worst_error(s.residual_1, R::residual_1, floor));
    e = worst(e, worst_error(s.feed_forward_inputs, R::feed_forward_inputs, floor));
    e = worst(e, worst_error(s.hidden, R::hidden, floor));
    e = worst(e, worst_error(s.feed_forward, R::feed_forward, floor));
    e = worst(e, worst_error(s.residual_2, R::residual_2, floor));
    return worst(e, worst_error(s.outputs, R::outputs, floor));
}
/// ... of every step of a decoder layer's record.
template <class R, class S>
constexpr double decoder_error(const S& s, double floor) {
    using layer_cases::worst_error;
    double e = worst_error(s.self_attention_inputs, R::self_attention_inputs, floor);
    e = worst(e, attention_error<typename R::self_attention>(s.self_attention, floor));
    e = worst(e, worst_error(s.residual_1, R::residual_1, floor));
    e = worst(e, worst_error(s.cross_attention_inputs, R::cross_attention_inputs, floor));
    e = worst(e, attention_error<typename R::cross_attention>(s.cross_attention, floor));
    e = worst(e, worst_error(s.residual_2, R::residual_2, floor));
    e = worst(e, worst_error(s.feed_forward_inputs, R::feed_forward_inputs, floor));
    e = worst(e, worst_error(s.hidden, R::hidden, floor));
    e = worst(e, worst_error(s.feed_forward, R::feed_forward, floor));
    e = worst(e, worst_error(s.residual_3, R::residual_3, floor));
    return worst(e, worst_error(s.outputs, R::outputs, floor));
}

}  // namespace block_cases
