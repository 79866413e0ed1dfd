// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The Transformer's decoder layer ("Attention Is All You Need", section 3.1; PyTorch's
/// `nn.TransformerDecoderLayer` at inference, dropout off, ReLU or GELU):
/// `cta::decoder_layer` and `cta::make_decoder_layer`,
/// `cta::decode(x, memory, layer, options...)`, the record of every step `cta::decoder_steps` (returned by
/// `cta::decoder_layer_steps`), and stacks of layers (`cta::decode(x, memory, layers, options...)`, every layer
/// attending to the same `memory`, the encoder's outputs) with the records of their layers
/// (`cta::decoder_stack_steps`).
///
/// Post-norm (`cta::post_norm`, the default):
///
///     z1 = LN1(x + SA(x)),   z2 = LN2(z1 + CA(z1, memory)),   outputs = LN3(z2 + FF(z2))
///
/// Pre-norm (`cta::pre_norm`):
///
///     r1 = x + SA(LN1(x)),   r2 = r1 + CA(LN2(r1), memory),   outputs = r2 + FF(LN3(r2))
///
/// SA is the self-attention (the options, e.g. `cta::causal`, apply to it), CA the cross-attention: queries from
/// the decoder, keys and values from `memory` (n_memory x d_memory), masked only by the options given as
/// `cta::memory_mask(m)` (PyTorch's `memory_mask` and `memory_key_padding_mask`). FF and LN as in the encoder layer.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/define_struct.hpp>
#include <boost/hana/equal.hpp>
#include <boost/hana/fold_left.hpp>
#include <boost/hana/integral_constant.hpp>
#include <boost/hana/not_equal.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/attention.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/multi_head.hpp>
#include <cta/operations.hpp>
#include <cta/transformer/activation.hpp>
#include <cta/transformer/attention_layer.hpp>
#include <cta/transformer/encoder_layer.hpp>
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>
#include <cta/transformer/normalization.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief An option of the decoder layers: a mask of the cross-attention, n x n_memory (a `matrix<bool, ...>` keeps
/// the entries that are `true`, a matrix of numbers is added to the scaled scores, as the attention functions' masks),
/// made by `cta::memory_mask(m)`. The decoder's other options apply to its self-attention only.
template <matrix_type M>
struct memory_mask_t {
    M mask;  ///< n x n_memory
};

/// @brief The mask `m` (n x n_memory) as a mask of a decoder layer's cross-attention (`cta::decode(x, memory, layer,
/// cta::memory_mask(m))`).
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr memory_mask_t<M> memory_mask(const M& m) noexcept {
    return {m};
}

namespace detail {

/// The decoder's option `o` as an option of its self-attention: a memory mask becomes `cta::scaled`, which the
/// attention sublayer implies (so it changes nothing).
template <class O>
CTA_DETAIL_TARGET_TAG constexpr const O& self_attention_option(const O& o) noexcept {
    return o;
}
template <class M>
CTA_DETAIL_TARGET_TAG constexpr scaled_t self_attention_option(const memory_mask_t<M>&) noexcept {
    return scaled;
}
/// The decoder's option `o` as an option of its cross-attention: a memory mask's mask; any other option `cta::scaled`.
template <class O>
CTA_DETAIL_TARGET_TAG constexpr scaled_t cross_attention_option(const O&) noexcept {
    return scaled;
}
template <class M>
CTA_DETAIL_TARGET_TAG constexpr const M& cross_attention_option(const memory_mask_t<M>& o) noexcept {
    return o.mask;
}
/// The option type the self-attention sees for the decoder's option O.
template <class O>
struct self_option {
    using type = O;
};
template <class M>
struct self_option<memory_mask_t<M>> {
    using type = scaled_t;
};

}  // namespace detail

/// @brief A decoder layer with `H` heads (in both attentions): the weights of its self-attention, of its
/// cross-attention, of its feed-forward part and of its three layer normalisations, and where it normalises.
template <std::size_t H, class SelfAttention, class CrossAttention, class FeedForward, class Norm1, class Norm2,
          class Norm3, class Placement = post_norm_t>
struct decoder_layer {
    static constexpr std::size_t heads = H;  ///< the number of heads
    using placement = Placement;             ///< `cta::post_norm_t` or `cta::pre_norm_t`

    SelfAttention self_attention;    ///< a `cta::attention_weights`, d_model x d_model
    CrossAttention cross_attention;  ///< a `cta::attention_weights`: w_key and w_value d_memory x d_model
    FeedForward feed_forward;        ///< a `cta::feed_forward_weights`
    Norm1 norm_1;                    ///< around the self-attention
    Norm2 norm_2;                    ///< around the cross-attention
    Norm3 norm_3;                    ///< around the feed-forward part
};

/// @brief The decoder layer with `H` heads of these weights (`cta::post_norm` or `cta::pre_norm` last, post-norm if
/// omitted). The shapes are checked where the layer is used (`cta::decode`).
template <std::size_t H, class SelfAttention, class CrossAttention, class FeedForward, class Norm1, class Norm2,
          class Norm3, class Placement = post_norm_t>
CTA_DETAIL_TARGET_TAG constexpr decoder_layer<H, SelfAttention, CrossAttention, FeedForward, Norm1, Norm2, Norm3,
                                              Placement>
make_decoder_layer(const SelfAttention& self_attention, const CrossAttention& cross_attention,
                   const FeedForward& feed_forward, const Norm1& norm_1, const Norm2& norm_2, const Norm3& norm_3,
                   Placement /*placement*/ = {}) noexcept {
    return {self_attention, cross_attention, feed_forward, norm_1, norm_2, norm_3};
}

/// @brief The type of a decoder layer of plain matrices of `T` whose memory has d_model columns too; the
/// feed-forward part's activation last (`cta::relu_t` if omitted).
template <class T, std::size_t DModel, std::size_t H, std::size_t DFF, class Placement = post_norm_t,
          class Activation = relu_t>
using decoder_layer_t =
    decoder_layer<H, decltype(encoder_layer_t<T, DModel, H, DFF>::self_attention),
                  decltype(encoder_layer_t<T, DModel, H, DFF>::self_attention),
                  decltype(encoder_layer_t<T, DModel, H, DFF, Placement, Activation>::feed_forward),
                  decltype(encoder_layer_t<T, DModel, H, DFF>::norm_1),
                  decltype(encoder_layer_t<T, DModel, H, DFF>::norm_1),
                  decltype(encoder_layer_t<T, DModel, H, DFF>::norm_1), Placement>;

/// @brief Every step of a decoder layer (a Boost.Hana struct), in the order computed. `Model` is n x d_model,
/// `Hidden` n x d_ff.
template <class Model, class SelfAttention, class CrossAttention, class Hidden>
struct decoder_steps {
    BOOST_HANA_DEFINE_STRUCT(decoder_steps,
        /// @brief The self-attention's inputs: x (post-norm) or LN1(x) (pre-norm).
        (Model, self_attention_inputs),
        /// @brief Every step of the self-attention.
        (SelfAttention, self_attention),
        /// @brief x + SA(...).
        (Model, residual_1),
        /// @brief The cross-attention's queries' inputs: z1 = LN1(residual_1) (post-norm) or LN2(residual_1)
        /// (pre-norm).
        (Model, cross_attention_inputs),
        /// @brief Every step of the cross-attention (keys and values from the memory).
        (CrossAttention, cross_attention),
        /// @brief z1 + CA(z1) (post-norm) or residual_1 + CA(...) (pre-norm).
        (Model, residual_2),
        /// @brief z2 = LN2(residual_2) (post-norm) or LN3(residual_2) (pre-norm).
        (Model, feed_forward_inputs),
        /// @brief act(z2 W_1 + b_1), n x d_ff (act: the feed-forward part's activation, ReLU by default).
        (Hidden, hidden),
        /// @brief FF(z2) = hidden W_2 + b_2.
        (Model, feed_forward),
        /// @brief z2 + FF(z2) (post-norm) or residual_2 + FF(...) (pre-norm).
        (Model, residual_3),
        /// @brief LN3(residual_3) (post-norm) or residual_3 (pre-norm): the layer's outputs.
        (Model, outputs));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const decoder_steps&, const decoder_steps&) = default;
};

namespace detail {

template <class Model, class SelfAttention, class CrossAttention, class Hidden>
inline constexpr bool is_block_record<decoder_steps<Model, SelfAttention, CrossAttention, Hidden>> = true;

/// Checks a decoder layer's shape rules for inputs X and memory M; true when they hold (otherwise the build stops
/// here, naming `cta::op::decoder_layer` and the matrices of the broken rule).
template <class X, class M, class Layer>
CTA_DETAIL_TARGET_TAG constexpr bool check_decoder_layer() noexcept {
    using S = decltype(Layer::self_attention);
    using C = decltype(Layer::cross_attention);
    using F = decltype(Layer::feed_forward);
    using N1 = decltype(Layer::norm_1);
    using N2 = decltype(Layer::norm_2);
    using N3 = decltype(Layer::norm_3);
    constexpr std::size_t d = X::cols;
    if constexpr (!heads_divide<Layer::heads, decltype(S::w_query)> ||
                  !heads_divide<Layer::heads, decltype(C::w_query)>) {
        static_assert(shapes_agree<op::decoder_layer, heads<Layer::heads>, decltype(S::w_query), decltype(C::w_query)>,
                      "cta::decode(x, memory, layer): the number of heads h must divide d_model (the columns of "
                      "self_attention.w_query and cross_attention.w_query)");
        return false;
    } else if constexpr (!attention_weights_fit<X, X, S> || decltype(S::w_query)::cols != d ||
                         decltype(S::w_out)::cols != d) {
        static_assert(shapes_agree<op::decoder_layer, X, decltype(S::w_query), decltype(S::b_query),
                                   decltype(S::w_key), decltype(S::b_key), decltype(S::w_value),
                                   decltype(S::b_value), decltype(S::w_out), decltype(S::b_out)>,
                      "cta::decode(x, memory, layer): the decoder layer's self-attention weights must be d_model x "
                      "d_model and their biases one row of d_model, d_model being the columns of x");
        return false;
    } else if constexpr (decltype(C::w_key)::rows != M::cols || decltype(C::w_value)::rows != M::cols) {
        static_assert(shapes_agree<op::decoder_layer, M, decltype(C::w_key), decltype(C::w_value)>,
                      "cta::decode(x, memory, layer): the cross-attention's w_key and w_value need as many rows as "
                      "memory (the encoder's outputs) has columns");
        return false;
    } else if constexpr (!attention_weights_fit<X, M, C> || decltype(C::w_query)::cols != d ||
                         decltype(C::w_out)::cols != d) {
        static_assert(shapes_agree<op::decoder_layer, X, decltype(C::w_query), decltype(C::b_query),
                                   decltype(C::w_key), decltype(C::b_key), decltype(C::w_value),
                                   decltype(C::b_value), decltype(C::w_out), decltype(C::b_out)>,
                      "cta::decode(x, memory, layer): the cross-attention's w_query, w_out and the biases must be "
                      "d_model x d_model and one row of d_model, d_model being the columns of x");
        return false;
    } else if constexpr (!feed_forward_fits<d, F>) {
        static_assert(shapes_agree<op::decoder_layer, X, decltype(F::w_1), decltype(F::b_1), decltype(F::w_2),
                                   decltype(F::b_2)>,
                      "cta::decode(x, memory, layer): the decoder layer's feed-forward weights must fit d_model (the "
                      "columns of x): w_1 d_model x d_ff, b_1 one row of d_ff, w_2 d_ff x d_model, b_2 one row of "
                      "d_model");
        return false;
    } else if constexpr (!layer_norm_fits<d, N1> || !layer_norm_fits<d, N2> || !layer_norm_fits<d, N3>) {
        static_assert(shapes_agree<op::decoder_layer, X, decltype(N1::gain), decltype(N1::bias), decltype(N2::gain),
                                   decltype(N2::bias), decltype(N3::gain), decltype(N3::bias)>,
                      "cta::decode(x, memory, layer): each of the decoder layer's three layer normalisations needs a "
                      "gain and a bias of one row of d_model (the columns of x)");
        return false;
    } else {
        return true;
    }
}

/// The types of a decoder layer's steps for inputs X and memory M.
template <class X, class M, class Layer>
struct decoder_layer_types {
    using self_types = attention_layer_types<Layer::heads, X, X, decltype(Layer::self_attention)>;
    using cross_types = attention_layer_types<Layer::heads, X, M, decltype(Layer::cross_attention)>;
    using F = decltype(Layer::feed_forward);
    using R = typename self_types::R;
    using model_type = matrix<R, X::rows, X::cols>;
    using hidden_type =
        decltype(relu(std::declval<const linear_t<model_type, decltype(F::w_1), decltype(F::b_1)>&>()));
    using steps_type = decoder_steps<model_type, typename self_types::steps_type, typename cross_types::steps_type,
                                     hidden_type>;
};

/// Every step of the decoder layer into `s`.
template <class Steps, class X, class M, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void decoder_layer_into(Steps& s, const X& x, const M& memory, const Layer& layer,
                                                        const Options&... options) noexcept {
    using Model = decltype(s.outputs);
    const auto add = [](Model& sum, const Model& a, const auto& b) {
        for (std::size_t i = 0; i < Model::rows; ++i) {
            for (std::size_t j = 0; j < Model::cols; ++j) sum.elems[i][j] = a.elems[i][j] + b.elems[i][j];
        }
    };
    for (std::size_t i = 0; i < Model::rows; ++i) {
        for (std::size_t j = 0; j < Model::cols; ++j) s.self_attention_inputs.elems[i][j] = x.elems[i][j];
    }
    constexpr bool pre = std::is_same_v<typename Layer::placement, pre_norm_t>;
    const Model x_model = s.self_attention_inputs;
    if constexpr (pre) normalize_into(s.self_attention_inputs, x_model, layer.norm_1);
    attention_layer_into<Layer::heads>(s.self_attention, s.self_attention_inputs, s.self_attention_inputs,
                                       layer.self_attention, self_attention_option(options)...);
    add(s.residual_1, x_model, s.self_attention.outputs);
    if constexpr (pre) {
        normalize_into(s.cross_attention_inputs, s.residual_1, layer.norm_2);
    } else {
        normalize_into(s.cross_attention_inputs, s.residual_1, layer.norm_1);
    }
    attention_layer_into<Layer::heads>(s.cross_attention, s.cross_attention_inputs, memory, layer.cross_attention,
                                       cross_attention_option(options)...);
    add(s.residual_2, pre ? s.residual_1 : s.cross_attention_inputs, s.cross_attention.outputs);
    if constexpr (pre) {
        normalize_into(s.feed_forward_inputs, s.residual_2, layer.norm_3);
    } else {
        normalize_into(s.feed_forward_inputs, s.residual_2, layer.norm_2);
    }
    feed_forward_into(s.hidden, s.feed_forward, s.feed_forward_inputs, layer.feed_forward);
    add(s.residual_3, pre ? s.residual_2 : s.feed_forward_inputs, s.feed_forward);
    if constexpr (pre) {
        s.outputs = s.residual_3;
    } else {
        normalize_into(s.outputs, s.residual_3, layer.norm_3);
    }
}

}  // namespace detail

/// @brief The record of every step of `cta::decoder_layer_steps(x, memory, layer, options...)` for these types.
template <class X, class M, class Layer>
using decoder_layer_steps_t = typename detail::decoder_layer_types<X, M, Layer>::steps_type;

/// @brief Every step of the decoder layer `layer` on `x` (n x d_model) attending to `memory` (n_memory x d_memory,
/// the encoder's outputs), in a `cta::decoder_steps` record. Options (masks of shape n x n, `cta::causal`) apply to
/// the self-attention; masks of shape n x n_memory given as `cta::memory_mask(m)` to the cross-attention.
///
/// Shape rules, each stopping the build with a message naming `cta::op::decoder_layer` and the matrices: h divides
/// d_model; the self-attention weights are d_model x d_model; the cross-attention's w_key and w_value have
/// d_memory rows (they fit the encoder's outputs), its other weights d_model x d_model; the feed-forward weights fit
/// d_model; each normalisation's gain and bias are one row of d_model.
template <matrix_type X, matrix_type M, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr decoder_layer_steps_t<X, M, Layer> decoder_layer_steps(
    const X& x, const M& memory, const Layer& layer, const Options&... options) noexcept {
    decoder_layer_steps_t<X, M, Layer> s{};
    if constexpr (detail::check_options<op::decoder_layer, typename detail::self_option<Options>::type...>() &&
                  detail::check_decoder_layer<X, M, Layer>()) {
        detail::decoder_layer_into(s, x, memory, layer, options...);
    }
    return s;
}

/// @brief The outputs of the decoder layer `layer` on `x` attending to `memory`:
/// `cta::decoder_layer_steps(x, memory, layer, options...).outputs`, the same bits.
template <matrix_type X, matrix_type M, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto decode(const X& x, const M& memory, const Layer& layer,
                                            const Options&... options) noexcept {
    return decoder_layer_steps(x, memory, layer, options...).outputs;
}

/// @brief The outputs of a stack of decoder layers of one type, applied in order, each attending to `memory`
/// (PyTorch's `nn.TransformerDecoder` without a final normalisation).
template <matrix_type X, matrix_type M, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto decode(const X& x, const M& memory, const std::array<Layer, N>& layers,
                                            const Options&... options) noexcept {
    static_assert(N > 0, "cta::decode(x, memory, layers): a stack of at least one layer");
    auto y = decode(x, memory, layers[0], options...);
    for (std::size_t l = 1; l < N; ++l) y = decode(y, memory, layers[l], options...);
    return y;
}

/// @brief The outputs of a stack of decoder layers of several types (a `boost::hana::tuple`), applied in order.
template <matrix_type X, matrix_type M, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto decode(const X& x, const M& memory, const boost::hana::tuple<Layers...>& layers,
                                            const Options&... options) noexcept {
    static_assert(sizeof...(Layers) > 0, "cta::decode(x, memory, layers): a stack of at least one layer");
    return boost::hana::fold_left(layers, x, [&](const auto& y, const auto& layer) {
        return decode(y, memory, layer, options...);
    });
}

namespace detail {

/// The records of a boost::hana::tuple of decoder layers `Layers...` attending to a memory M, after the records
/// `Done...`, the next layer's inputs being X.
template <class Done, class X, class M, class... Layers>
struct decoder_chain {
    using type = Done;
};
template <class... Done, class X, class M, class Layer, class... Rest>
struct decoder_chain<boost::hana::tuple<Done...>, X, M, Layer, Rest...> {
    using steps = decoder_layer_steps_t<X, M, Layer>;
    using type =
        typename decoder_chain<boost::hana::tuple<Done..., steps>, decltype(steps::outputs), M, Rest...>::type;
};

/// The record of a stack of decoder layers `Layers` (a std::array or a boost::hana::tuple) on inputs X attending to
/// a memory M.
template <class X, class M, class Layers>
struct decoder_stack_types;
template <class X, class M, class Layer, std::size_t N>
struct decoder_stack_types<X, M, std::array<Layer, N>> {
    using model_type = typename decoder_layer_types<X, M, Layer>::model_type;
    using steps_type = std::array<decoder_layer_steps_t<model_type, M, Layer>, N>;
};
template <class X, class M, class... Layers>
struct decoder_stack_types<X, M, boost::hana::tuple<Layers...>> {
    using steps_type = typename decoder_chain<boost::hana::tuple<>, X, M, Layers...>::type;
};

/// Every step of a stack of decoder layers of one type into `s`, each layer attending to `memory`: layer 0's on x,
/// layer l's on the outputs of layer l - 1, each as `cta::decode` computes it.
template <class Steps, class X, class M, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void decoder_stack_into(Steps& s, const X& x, const M& memory,
                                                        const std::array<Layer, N>& layers,
                                                        const Options&... options) noexcept {
    if constexpr (N > 0 && check_decoder_layer<X, M, Layer>()) {
        decoder_layer_into(s[0], x, memory, layers[0], options...);
        for (std::size_t l = 1; l < N; ++l) {
            decoder_layer_into(s[l], s[l - 1].outputs, memory, layers[l], options...);
        }
    }
}

/// ... of a boost::hana::tuple of layers, from layer I on, x being layer I's inputs.
template <std::size_t I = 0, class Steps, class X, class M, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void decoder_stack_into(Steps& s, const X& x, const M& memory,
                                                        const boost::hana::tuple<Layers...>& layers,
                                                        const Options&... options) noexcept {
    if constexpr (I < sizeof...(Layers)) {
        const auto& layer = layers[boost::hana::size_c<I>];
        if constexpr (check_decoder_layer<X, M, std::remove_cvref_t<decltype(layer)>>()) {
            auto& record = s[boost::hana::size_c<I>];
            decoder_layer_into(record, x, memory, layer, options...);
            decoder_stack_into<I + 1>(s, record.outputs, memory, layers, options...);
        }
    }
}

}  // namespace detail

/// @brief The record of every layer of `cta::decoder_stack_steps(x, memory, layers, options...)` for these types: for
/// a `std::array` of N layers, a `std::array` of N `cta::decoder_steps` records of one type (that of a layer on the
/// stack's n x d_model matrices); for a `boost::hana::tuple` of layers, a `boost::hana::tuple` of each layer's record.
template <class X, class M, class Layers>
using decoder_stack_steps_t = typename detail::decoder_stack_types<X, M, Layers>::steps_type;

/// @brief Every step of a stack of decoder layers of one type on `x`, each layer attending to `memory`: record l is
/// that of `layers[l]` on the outputs of layer l - 1 (on `x` for layer 0), the steps `cta::decoder_layer_steps`
/// gives, and the outputs of the last are `cta::decode(x, memory, layers, options...)`, the same bits. Options and
/// shape rules as `cta::decoder_layer_steps`.
template <matrix_type X, matrix_type M, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr decoder_stack_steps_t<X, M, std::array<Layer, N>> decoder_stack_steps(
    const X& x, const M& memory, const std::array<Layer, N>& layers, const Options&... options) noexcept {
    static_assert(N > 0, "cta::decoder_stack_steps(x, memory, layers): a stack of at least one layer");
    decoder_stack_steps_t<X, M, std::array<Layer, N>> s{};
    if constexpr (detail::check_options<op::decoder_layer, typename detail::self_option<Options>::type...>()) {
        detail::decoder_stack_into(s, x, memory, layers, options...);
    }
    return s;
}

/// @brief Every step of a stack of decoder layers of several types (a `boost::hana::tuple`) on `x`, each attending to
/// `memory`: a `boost::hana::tuple` of each layer's record, in order; the outputs of the last are
/// `cta::decode(x, memory, layers, options...)`, the same bits.
template <matrix_type X, matrix_type M, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr decoder_stack_steps_t<X, M, boost::hana::tuple<Layers...>> decoder_stack_steps(
    const X& x, const M& memory, const boost::hana::tuple<Layers...>& layers, const Options&... options) noexcept {
    static_assert(sizeof...(Layers) > 0, "cta::decoder_stack_steps(x, memory, layers): a stack of at least one layer");
    decoder_stack_steps_t<X, M, boost::hana::tuple<Layers...>> s{};
    if constexpr (detail::check_options<op::decoder_layer, typename detail::self_option<Options>::type...>()) {
        detail::decoder_stack_into(s, x, memory, layers, options...);
    }
    return s;
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
