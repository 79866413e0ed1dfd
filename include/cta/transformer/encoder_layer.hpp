// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The Transformer's encoder layer ("Attention Is All You Need", section 3.1; PyTorch's
/// `nn.TransformerEncoderLayer` at inference, dropout off, ReLU or GELU):
/// `cta::encoder_layer` and `cta::make_encoder_layer`,
/// `cta::encode(x, layer, options...)`, the record of every step `cta::encoder_steps` (returned by
/// `cta::encoder_layer_steps`), and stacks of layers (`cta::encode(x, layers, options...)` for a `std::array` of
/// layers of one type or a `boost::hana::tuple` of layers of several) with the records of their layers
/// (`cta::encoder_stack_steps`), and the outputs alone in storage the caller provides, with one layer's scratch
/// reused by every layer (`cta::encoder_layer_into`, `cta::encoder_stack_into`, `cta::encoder_layer_scratch_t`).
/// With `cta::causal` among the options the layer attends as a decoder-only model's layer does.
///
/// Post-norm (`cta::post_norm`, the default):
///
///     r1 = x + SA(x),        z = LN1(r1),    r2 = z + FF(z),      outputs = LN2(r2)
///
/// Pre-norm (`cta::pre_norm`):
///
///     r1 = x + SA(LN1(x)),   z = LN2(r1),    r2 = r1 + FF(z),     outputs = r2
///
/// SA is the attention sublayer (`<cta/transformer/attention_layer.hpp>`), FF(z) = act(z W_1 + b_1) W_2 + b_2
/// (act the activation of the feed-forward weights: ReLU, GELU, ...; `cta::feed_forward_weights`) and
/// LN the layer normalisation (`<cta/transformer/normalization.hpp>`). The residual additions are `a + b`.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

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
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>
#include <cta/transformer/normalization.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief An encoder layer with `H` heads: the weights of its self-attention, of its feed-forward part and of its
/// two layer normalisations, and where it normalises (`Placement`: `cta::post_norm_t` or `cta::pre_norm_t`). Made by
/// `cta::make_encoder_layer<H>(...)`, or named for plain matrices by `cta::encoder_layer_t<T, d_model, H, d_ff>`.
template <std::size_t H, class Attention, class FeedForward, class Norm1, class Norm2, class Placement = post_norm_t>
struct encoder_layer {
    static constexpr std::size_t heads = H;  ///< the number of heads
    using placement = Placement;             ///< `cta::post_norm_t` or `cta::pre_norm_t`

    Attention self_attention;   ///< a `cta::attention_weights`
    FeedForward feed_forward;   ///< a `cta::feed_forward_weights`
    Norm1 norm_1;               ///< a `cta::layer_norm_weights`: after the attention (post-norm) or before it
    Norm2 norm_2;               ///< a `cta::layer_norm_weights`: after the feed-forward part or before it
};

/// @brief The encoder layer with `H` heads of these weights (`cta::post_norm` or `cta::pre_norm` last, post-norm
/// if omitted). The shapes are checked where the layer is used (`cta::encode`), with the inputs' d_model.
template <std::size_t H, class Attention, class FeedForward, class Norm1, class Norm2, class Placement = post_norm_t>
CTA_DETAIL_TARGET_TAG constexpr encoder_layer<H, Attention, FeedForward, Norm1, Norm2, Placement> make_encoder_layer(
    const Attention& self_attention, const FeedForward& feed_forward, const Norm1& norm_1, const Norm2& norm_2,
    Placement /*placement*/ = {}) noexcept {
    return {self_attention, feed_forward, norm_1, norm_2};
}

/// @brief The type of an encoder layer of plain matrices of `T`: d_model x d_model attention weights, a d_model x
/// d_ff and a d_ff x d_model feed-forward weight, biases and gains one row each; the feed-forward part's activation
/// last (`cta::relu_t` if omitted, `cta::gelu_t`, ...).
template <class T, std::size_t DModel, std::size_t H, std::size_t DFF, class Placement = post_norm_t,
          class Activation = relu_t>
using encoder_layer_t =
    encoder_layer<H,
                  attention_weights<matrix<T, DModel, DModel>, matrix<T, 1, DModel>, matrix<T, DModel, DModel>,
                                    matrix<T, 1, DModel>, matrix<T, DModel, DModel>, matrix<T, 1, DModel>,
                                    matrix<T, DModel, DModel>, matrix<T, 1, DModel>>,
                  feed_forward_weights<matrix<T, DModel, DFF>, matrix<T, 1, DFF>, matrix<T, DFF, DModel>,
                                       matrix<T, 1, DModel>, Activation>,
                  layer_norm_weights<matrix<T, 1, DModel>, matrix<T, 1, DModel>>,
                  layer_norm_weights<matrix<T, 1, DModel>, matrix<T, 1, DModel>>, Placement>;

/// @brief Every step of an encoder layer (a Boost.Hana struct), in the order computed. `Model` is n x d_model,
/// `Hidden` n x d_ff.
template <class Model, class SelfAttention, class Hidden>
struct encoder_steps {
    BOOST_HANA_DEFINE_STRUCT(encoder_steps,
        /// @brief The self-attention's inputs: x (post-norm) or LN1(x) (pre-norm).
        (Model, attention_inputs),
        /// @brief Every step of the self-attention (a `cta::attention_layer_steps`).
        (SelfAttention, self_attention),
        /// @brief r1 = x + SA(...): the first residual addition.
        (Model, residual_1),
        /// @brief z, the feed-forward part's inputs: LN1(r1) (post-norm) or LN2(r1) (pre-norm).
        (Model, feed_forward_inputs),
        /// @brief act(z W_1 + b_1), n x d_ff (act: the feed-forward part's activation, ReLU by default).
        (Hidden, hidden),
        /// @brief FF(z) = hidden W_2 + b_2.
        (Model, feed_forward),
        /// @brief r2 = z + FF(z) (post-norm) or r1 + FF(z) (pre-norm): the second residual addition.
        (Model, residual_2),
        /// @brief LN2(r2) (post-norm) or r2 (pre-norm): the layer's outputs.
        (Model, outputs));

    /// @brief Step-by-step equality.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const encoder_steps&, const encoder_steps&) = default;
};

namespace detail {

template <class Model, class SelfAttention, class Hidden>
inline constexpr bool is_block_record<encoder_steps<Model, SelfAttention, Hidden>> = true;

/// True when the feed-forward weights F fit d_model = D: w_1 D x d_ff, b_1 1 x d_ff, w_2 d_ff x D, b_2 1 x D.
template <std::size_t D, class F>
inline constexpr bool feed_forward_fits =
    decltype(F::w_1)::rows == D && decltype(F::b_1)::rows == 1 && decltype(F::b_1)::cols == decltype(F::w_1)::cols &&
    decltype(F::w_2)::rows == decltype(F::w_1)::cols && decltype(F::w_2)::cols == D && decltype(F::b_2)::rows == 1 &&
    decltype(F::b_2)::cols == D;

/// True when the gain and bias of the layer normalisation N are each one row of D.
template <std::size_t D, class N>
inline constexpr bool layer_norm_fits = decltype(N::gain)::rows == 1 && decltype(N::gain)::cols == D &&
                                        decltype(N::bias)::rows == 1 && decltype(N::bias)::cols == D;

/// Checks an encoder layer's shape rules for inputs X; true when they hold (otherwise the build stops here, naming
/// `cta::op::encoder_layer` and the matrices of the broken rule).
template <class X, class Layer>
CTA_DETAIL_TARGET_TAG constexpr bool check_encoder_layer() noexcept {
    using A = decltype(Layer::self_attention);
    using F = decltype(Layer::feed_forward);
    using N1 = decltype(Layer::norm_1);
    using N2 = decltype(Layer::norm_2);
    constexpr std::size_t d = X::cols;
    if constexpr (!heads_divide<Layer::heads, decltype(A::w_query)>) {
        static_assert(shapes_agree<op::encoder_layer, heads<Layer::heads>, decltype(A::w_query)>,
                      "cta::encode(x, layer): the number of heads h must divide d_model (the columns of "
                      "self_attention.w_query)");
        return false;
    } else if constexpr (!attention_weights_fit<X, X, A> || decltype(A::w_query)::cols != d ||
                         decltype(A::w_out)::cols != d) {
        static_assert(shapes_agree<op::encoder_layer, X, decltype(A::w_query), decltype(A::b_query),
                                   decltype(A::w_key), decltype(A::b_key), decltype(A::w_value),
                                   decltype(A::b_value), decltype(A::w_out), decltype(A::b_out)>,
                      "cta::encode(x, layer): the encoder layer's self-attention weights must be d_model x d_model "
                      "and their biases one row of d_model, d_model being the columns of x");
        return false;
    } else if constexpr (!feed_forward_fits<d, F>) {
        static_assert(shapes_agree<op::encoder_layer, X, decltype(F::w_1), decltype(F::b_1), decltype(F::w_2),
                                   decltype(F::b_2)>,
                      "cta::encode(x, layer): the encoder layer's feed-forward weights must fit d_model (the columns "
                      "of x): w_1 d_model x d_ff, b_1 one row of d_ff, w_2 d_ff x d_model, b_2 one row of d_model");
        return false;
    } else if constexpr (!layer_norm_fits<d, N1> || !layer_norm_fits<d, N2>) {
        static_assert(shapes_agree<op::encoder_layer, X, decltype(N1::gain), decltype(N1::bias), decltype(N2::gain),
                                   decltype(N2::bias)>,
                      "cta::encode(x, layer): each of the encoder layer's two layer normalisations needs a gain "
                      "and a bias of one row of d_model (the columns of x)");
        return false;
    } else {
        return true;
    }
}

/// The layer normalisation of `z` with the weights `n`.
template <class Z, class N>
CTA_DETAIL_TARGET_TAG constexpr auto normalize(const Z& z, const N& n) noexcept {
    return layer_norm(z, n.gain, n.bias, n.epsilon);
}

/// The layer normalisation of `z` with the weights `n` written into `y`: `y = normalize(z, n)`, the same bits.
template <class Y, class Z, class N>
CTA_DETAIL_TARGET_TAG constexpr void normalize_into(Y& y, const Z& z, const N& n) noexcept {
    if (detail::is_constant_evaluated()) {
        y = normalize(z, n);  // fewer operations of GCC's budget than writing y through the reference
    } else {
        using R = normalization_t<typename Z::value_type, typename decltype(n.gain)::value_type,
                                  typename decltype(n.bias)::value_type>;
        layer_norm_run_time<R>(y, z, n.gain, n.bias, n.epsilon);
    }
}

/// The feed-forward part on z with the weights f, its steps written into `hidden` = act(z W_1 + b_1) and `outputs`
/// = hidden W_2 + b_2, act the weights' activation (`F::activation`, `cta::relu_t` by default): `hidden =
/// act(linear(z, f.w_1, f.b_1))` and `outputs = linear(hidden, f.w_2, f.b_2)`, the same bits.
template <class Hidden, class Y, class Z, class F>
CTA_DETAIL_TARGET_TAG constexpr void feed_forward_into(Hidden& hidden, Y& outputs, const Z& z, const F& f) noexcept {
    // No declaration before the branch: Clang counts one as a step of its budget.
    if (detail::is_constant_evaluated()) {  // fewer operations of GCC's budget than writing through the references
        // act(linear(...)) without the call of the matrix overload: one call fewer of the budget, the same bits.
        hidden = map_elements<F::activation::template of<typename Hidden::value_type>>(linear(z, f.w_1, f.b_1));
        outputs = linear(hidden, f.w_2, f.b_2);
    } else {
        using T = typename Hidden::value_type;
        constexpr T (*act)(T) noexcept = F::activation::template of<T>;
        linear_into(hidden, z, f.w_1, f.b_1);
        for (std::size_t i = 0; i < Hidden::rows; ++i) {
            for (std::size_t j = 0; j < Hidden::cols; ++j) hidden.elems[i][j] = act(hidden.elems[i][j]);
        }
        linear_into(outputs, hidden, f.w_2, f.b_2);
    }
}

/// The types of an encoder layer's steps for inputs X.
template <class X, class Layer>
struct encoder_layer_types {
    using A = decltype(Layer::self_attention);
    using F = decltype(Layer::feed_forward);
    using attention_types = attention_layer_types<Layer::heads, X, X, A>;
    using R = typename attention_types::R;
    using model_type = matrix<R, X::rows, X::cols>;
    using hidden_type =
        decltype(relu(std::declval<const linear_t<model_type, decltype(F::w_1), decltype(F::b_1)>&>()));
    using steps_type = encoder_steps<model_type, typename attention_types::steps_type, hidden_type>;
};

/// The steps of `cta::encode`: those of `cta::encoder_steps`, left for encoder_layer_into to write (no
/// value-initialisation: no steps of constant evaluation, and no stores at run time, spent on zeros that are
/// overwritten), and the outputs written into the result, which is returned without a copy.
template <class Types>
struct encoder_outputs_steps {
    using model_type = typename Types::model_type;
    model_type attention_inputs;
    typename Types::attention_types::steps_type self_attention;
    model_type residual_1;
    model_type feed_forward_inputs;
    typename Types::hidden_type hidden;
    model_type feed_forward;
    model_type residual_2;
    model_type& outputs;
    CTA_DETAIL_TARGET_TAG constexpr explicit encoder_outputs_steps(model_type& result) noexcept : outputs(result) {}
};

/// Every step of the encoder layer into `s` (a `cta::encoder_steps` record or an `encoder_outputs_steps`), each
/// written where it is kept.
template <class Steps, class X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_layer_into(Steps& s, const X& x, const Layer& layer,
                                                        const Options&... options) noexcept {
    using M = decltype(s.residual_1);
    const auto add = [](M& sum, const M& a, const auto& b) {
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) sum.elems[i][j] = a.elems[i][j] + b.elems[i][j];
        }
    };
    if constexpr (std::is_same_v<X, M>) {
        s.attention_inputs = x;  // one step of Clang's budget and few operations of GCC's, where the loop takes many
    } else {
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) s.attention_inputs.elems[i][j] = x.elems[i][j];
        }
    }
    if constexpr (std::is_same_v<typename Layer::placement, pre_norm_t>) {
        const M x_model = s.attention_inputs;
        normalize_into(s.attention_inputs, x_model, layer.norm_1);
        attention_layer_into<Layer::heads>(s.self_attention, s.attention_inputs, s.attention_inputs,
                                           layer.self_attention, options...);
        add(s.residual_1, x_model, s.self_attention.outputs);
        normalize_into(s.feed_forward_inputs, s.residual_1, layer.norm_2);
    } else {
        attention_layer_into<Layer::heads>(s.self_attention, s.attention_inputs, s.attention_inputs,
                                           layer.self_attention, options...);
        add(s.residual_1, s.attention_inputs, s.self_attention.outputs);
        normalize_into(s.feed_forward_inputs, s.residual_1, layer.norm_1);
    }
    feed_forward_into(s.hidden, s.feed_forward, s.feed_forward_inputs, layer.feed_forward);
    if constexpr (std::is_same_v<typename Layer::placement, pre_norm_t>) {
        add(s.residual_2, s.residual_1, s.feed_forward);
        s.outputs = s.residual_2;
    } else {
        add(s.residual_2, s.feed_forward_inputs, s.feed_forward);
        normalize_into(s.outputs, s.residual_2, layer.norm_2);
    }
}

}  // namespace detail

/// @brief The record of every step of `cta::encoder_layer_steps(x, layer, options...)` for these types.
template <class X, class Layer>
using encoder_layer_steps_t = typename detail::encoder_layer_types<X, Layer>::steps_type;

/// @brief Every step of the encoder layer `layer` on `x` (n x d_model, one token per row), in a
/// `cta::encoder_steps` record. Options (masks of shape n x n, `cta::causal`) apply to the self-attention of
/// every head; the scaling by 1/sqrt(d_k) is implied.
///
/// Shape rules, each stopping the build with a message naming `cta::op::encoder_layer` and the matrices: h divides
/// d_model; the attention weights are d_model x d_model and their biases one row of d_model; the feed-forward
/// weights fit d_model; each normalisation's gain and bias are one row of d_model.
template <matrix_type X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr encoder_layer_steps_t<X, Layer> encoder_layer_steps(const X& x, const Layer& layer,
                                                                                   const Options&... options) noexcept {
    encoder_layer_steps_t<X, Layer> s{};
    if constexpr (detail::check_options<op::encoder_layer, Options...>() &&
                  detail::check_encoder_layer<X, Layer>()) {
        detail::encoder_layer_into(s, x, layer, options...);
    }
    return s;
}

/// @brief Every step of the encoder layer `layer` on `x` into `s`, a record the caller provides (a static, a member of
/// a workspace): what `cta::encoder_layer_steps(x, layer, options...)` returns, the same bits, written where it is
/// kept. The layer then needs no memory but `s` (sizeof(s), known while compiling) and the stack of its calls.
/// Options and shape rules as `cta::encoder_layer_steps`.
template <matrix_type X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_layer_steps_into(encoder_layer_steps_t<X, Layer>& s, const X& x,
                                                              const Layer& layer, const Options&... options) noexcept {
    if constexpr (detail::check_options<op::encoder_layer, Options...>() &&
                  detail::check_encoder_layer<X, Layer>()) {
        detail::encoder_layer_into(s, x, layer, options...);
    }
}

/// @brief The outputs of the encoder layer `layer` on `x`: `cta::encoder_layer_steps(x, layer, options...).outputs`,
/// the same bits.
template <matrix_type X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto encode(const X& x, const Layer& layer, const Options&... options) noexcept {
    using Types = detail::encoder_layer_types<X, Layer>;
    using M = typename Types::model_type;
    if constexpr (detail::check_options<op::encoder_layer, Options...>() &&
                  detail::check_encoder_layer<X, Layer>()) {
        M outputs;
        detail::encoder_outputs_steps<Types> s(outputs);
        detail::encoder_layer_into(s, x, layer, options...);
        return outputs;
    } else {
        return M{};
    }
}

/// @brief The outputs of a stack of encoder layers of one type, applied in order: the outputs of `layers[0]` are
/// the inputs of `layers[1]`, and so on (PyTorch's `nn.TransformerEncoder` without a final normalisation).
template <matrix_type X, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto encode(const X& x, const std::array<Layer, N>& layers,
                                            const Options&... options) noexcept {
    static_assert(N > 0, "cta::encode(x, layers): a stack of at least one layer");
    auto y = encode(x, layers[0], options...);
    for (std::size_t l = 1; l < N; ++l) y = encode(y, layers[l], options...);
    return y;
}

/// @brief The outputs of a stack of encoder layers of several types (a `boost::hana::tuple`), applied in order.
template <matrix_type X, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr auto encode(const X& x, const boost::hana::tuple<Layers...>& layers,
                                            const Options&... options) noexcept {
    static_assert(sizeof...(Layers) > 0, "cta::encode(x, layers): a stack of at least one layer");
    return boost::hana::fold_left(layers, x, [&](const auto& y, const auto& layer) {
        return encode(y, layer, options...);
    });
}

namespace detail {

/// The records of a boost::hana::tuple of layers `Layers...` after the records `Done...`, the next layer's inputs
/// being X: each layer's record for the outputs of the layer before it.
template <class Done, class X, class... Layers>
struct encoder_chain {
    using type = Done;
};
template <class... Done, class X, class Layer, class... Rest>
struct encoder_chain<boost::hana::tuple<Done...>, X, Layer, Rest...> {
    using steps = encoder_layer_steps_t<X, Layer>;
    using type = typename encoder_chain<boost::hana::tuple<Done..., steps>, decltype(steps::outputs), Rest...>::type;
};

/// The record of a stack of encoder layers `Layers` (a std::array or a boost::hana::tuple) on inputs X.
template <class X, class Layers>
struct encoder_stack_types;
template <class X, class Layer, std::size_t N>
struct encoder_stack_types<X, std::array<Layer, N>> {
    using model_type = typename encoder_layer_types<X, Layer>::model_type;
    using steps_type = std::array<encoder_layer_steps_t<model_type, Layer>, N>;
};
template <class X, class... Layers>
struct encoder_stack_types<X, boost::hana::tuple<Layers...>> {
    using steps_type = typename encoder_chain<boost::hana::tuple<>, X, Layers...>::type;
};

/// Every step of a stack of encoder layers of one type into `s`: layer 0's on x, layer l's on the outputs of layer
/// l - 1, each as `cta::encode` computes it.
template <class Steps, class X, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_stack_into(Steps& s, const X& x, const std::array<Layer, N>& layers,
                                                        const Options&... options) noexcept {
    if constexpr (N > 0 && check_encoder_layer<X, Layer>()) {
        detail::encoder_layer_into(s[0], x, layers[0], options...);
        for (std::size_t l = 1; l < N; ++l) {
            detail::encoder_layer_into(s[l], s[l - 1].outputs, layers[l], options...);
        }
    }
}

/// ... of a boost::hana::tuple of layers, from layer I on, x being layer I's inputs.
template <std::size_t I = 0, class Steps, class X, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_stack_into(Steps& s, const X& x,
                                                        const boost::hana::tuple<Layers...>& layers,
                                                        const Options&... options) noexcept {
    if constexpr (I < sizeof...(Layers)) {
        const auto& layer = layers[boost::hana::size_c<I>];
        if constexpr (check_encoder_layer<X, std::remove_cvref_t<decltype(layer)>>()) {
            auto& record = s[boost::hana::size_c<I>];
            detail::encoder_layer_into(record, x, layer, options...);
            detail::encoder_stack_into<I + 1>(s, record.outputs, layers, options...);
        }
    }
}

}  // namespace detail

/// @brief The record of every layer of `cta::encoder_stack_steps(x, layers, options...)` for these types: for a
/// `std::array` of N layers, a `std::array` of N `cta::encoder_steps` records of one type (that of a layer on the
/// stack's n x d_model matrices, the type of `cta::encode(x, layers[0])`); for a `boost::hana::tuple` of layers, a
/// `boost::hana::tuple` of each layer's record (`cta::encoder_layer_steps_t` of its inputs and its type).
template <class X, class Layers>
using encoder_stack_steps_t = typename detail::encoder_stack_types<X, Layers>::steps_type;

/// @brief Every step of a stack of encoder layers of one type on `x`: record l is that of `layers[l]` on the outputs
/// of layer l - 1 (on `x` for layer 0), the steps `cta::encoder_layer_steps` gives, and the outputs of the last are
/// `cta::encode(x, layers, options...)`, the same bits. Options and shape rules as `cta::encoder_layer_steps`.
template <matrix_type X, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr encoder_stack_steps_t<X, std::array<Layer, N>> encoder_stack_steps(
    const X& x, const std::array<Layer, N>& layers, const Options&... options) noexcept {
    static_assert(N > 0, "cta::encoder_stack_steps(x, layers): a stack of at least one layer");
    encoder_stack_steps_t<X, std::array<Layer, N>> s{};
    if constexpr (detail::check_options<op::encoder_layer, Options...>()) {
        detail::encoder_stack_into(s, x, layers, options...);
    }
    return s;
}

/// @brief Every step of a stack of encoder layers on `x` into `s`, records the caller provides: what
/// `cta::encoder_stack_steps(x, layers, options...)` returns, the same bits (the outputs of the last layer are those
/// of `cta::encode(x, layers, options...)`), written where they are kept; the stack needs no memory but `s` and the
/// stack of its calls. For a `std::array` of layers or a `boost::hana::tuple`. Options and shape rules as
/// `cta::encoder_layer_steps`.
template <matrix_type X, class Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_stack_steps_into(encoder_stack_steps_t<X, Layers>& s, const X& x,
                                                              const Layers& layers, const Options&... options) noexcept {
    if constexpr (detail::check_options<op::encoder_layer, Options...>()) {
        detail::encoder_stack_into(s, x, layers, options...);
    }
}

/// @brief Every step of a stack of encoder layers of several types (a `boost::hana::tuple`) on `x`: a
/// `boost::hana::tuple` of each layer's record, in order, each on the outputs of the layer before it; the outputs of
/// the last are `cta::encode(x, layers, options...)`, the same bits.
template <matrix_type X, class... Layers, class... Options>
CTA_DETAIL_TARGET_TAG constexpr encoder_stack_steps_t<X, boost::hana::tuple<Layers...>> encoder_stack_steps(
    const X& x, const boost::hana::tuple<Layers...>& layers, const Options&... options) noexcept {
    static_assert(sizeof...(Layers) > 0, "cta::encoder_stack_steps(x, layers): a stack of at least one layer");
    encoder_stack_steps_t<X, boost::hana::tuple<Layers...>> s{};
    if constexpr (detail::check_options<op::encoder_layer, Options...>()) {
        detail::encoder_stack_into(s, x, layers, options...);
    }
    return s;
}

namespace detail {

/// One matrix where a record has one per head: `weights[h]` is `head` for every h.
template <class W>
struct one_head {
    W head;
    CTA_DETAIL_TARGET_TAG constexpr W& operator[](std::size_t) noexcept { return head; }
    CTA_DETAIL_TARGET_TAG constexpr const W& operator[](std::size_t) const noexcept { return head; }
};

}  // namespace detail

/// @brief The storage of the attention sublayer in `cta::encoder_layer_scratch`: the members of a
/// `cta::attention_layer_steps` record but one head's weights, which every head writes in turn (`weights[h]` is the
/// same matrix for every h).
template <class Queries, class Keys, class Values, class HeadWeights, class Concatenated, class Outputs>
struct attention_layer_scratch {
    Queries queries;                        ///< Q = x W_Q + b_Q
    Keys keys;                              ///< K = x W_K + b_K
    Values values;                          ///< V = x W_V + b_V
    detail::one_head<HeadWeights> weights;  ///< each head's weights in turn, in one matrix (`weights[h]`)
    Concatenated concatenated;              ///< Concat(heads); then r1, and in post-norm FF(z) and r2
    Outputs outputs;                        ///< SA(...) = Concat(heads) W_O + b_O
};

/// @brief The storage that `cta::encoder_layer_into` needs besides its outputs (`Model` n x d_model, `Hidden` n x
/// d_ff), each matrix reused step after step and, in a stack, layer after layer: the layer normalisation's outputs,
/// the attention sublayer's matrices with one head's weights, and the feed-forward hidden layer. Its size,
/// `sizeof(cta::encoder_layer_scratch_t<X, Layer>)`, is known while compiling; a record of every step,
/// `cta::encoder_layer_steps_t<X, Layer>`, is larger by the matrices that are not reused and the heads' weights but
/// one.
template <class Model, class SelfAttention, class Hidden>
struct encoder_layer_scratch {
    Model normalized;              ///< LN1(x) (pre-norm), then z, the feed-forward part's inputs
    SelfAttention self_attention;  ///< the attention sublayer's storage (`cta::attention_layer_scratch`)
    Hidden hidden;                 ///< act(z W_1 + b_1)
};

namespace detail {

/// The type of `cta::encoder_layer_scratch_t<X, Layer>`.
template <class X, class Layer>
struct encoder_layer_scratch_types {
    using types = encoder_layer_types<X, Layer>;
    using A = typename types::attention_types;
    using attention_type =
        attention_layer_scratch<typename A::queries_type, typename A::keys_type, typename A::values_type,
                                typename A::weights_type, typename A::concatenated_type, typename A::outputs_type>;
    using type = encoder_layer_scratch<typename types::model_type, attention_type, typename types::hidden_type>;
};

/// sum = a + b, element by element (sum may be b): the residual additions of encoder_layer_into.
template <class M, class B>
CTA_DETAIL_TARGET_TAG constexpr void residual_add_into(M& sum, const M& a, const B& b) noexcept {
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) sum.elems[i][j] = a.elems[i][j] + b.elems[i][j];
    }
}

/// The encoder layer's outputs into `out` (n x d_model of the model's type), the steps into `scratch`, each
/// computed by the operations of encoder_layer_into (the record's) and stored in a matrix of the type the record
/// keeps it in, so the same bits; x is read only before `out` is written, so `out` may be x.
template <class M, class Scratch, class X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_layer_lean_into(M& out, Scratch& scratch, const X& x, const Layer& layer,
                                                             const Options&... options) noexcept {
    auto& a = scratch.self_attention;
    static_assert(std::is_same_v<decltype(a.concatenated), M>, "the concatenated heads hold the residuals");
    // The inputs as the model's matrices (the record's attention_inputs): x, or a copy in `out`.
    const M* inputs = nullptr;
    if constexpr (std::is_same_v<X, M>) {
        inputs = &x;
    } else {
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) out.elems[i][j] = x.elems[i][j];
        }
        inputs = &out;
    }
    if constexpr (std::is_same_v<typename Layer::placement, pre_norm_t>) {
        normalize_into(scratch.normalized, *inputs, layer.norm_1);
        attention_layer_into<Layer::heads>(a, scratch.normalized, scratch.normalized, layer.self_attention,
                                           options...);
        residual_add_into(a.concatenated, *inputs, a.outputs);  // r1
        normalize_into(scratch.normalized, a.concatenated, layer.norm_2);  // z = LN2(r1)
        feed_forward_into(scratch.hidden, out, scratch.normalized, layer.feed_forward);
        residual_add_into(out, a.concatenated, out);  // r2 = r1 + FF(z), the outputs
    } else {
        attention_layer_into<Layer::heads>(a, *inputs, *inputs, layer.self_attention, options...);
        residual_add_into(a.concatenated, *inputs, a.outputs);  // r1
        normalize_into(scratch.normalized, a.concatenated, layer.norm_1);  // z = LN1(r1)
        feed_forward_into(scratch.hidden, a.concatenated, scratch.normalized, layer.feed_forward);
        residual_add_into(a.concatenated, scratch.normalized, a.concatenated);  // r2 = z + FF(z)
        normalize_into(out, a.concatenated, layer.norm_2);  // LN2(r2), the outputs
    }
}

}  // namespace detail

/// @brief The storage that `cta::encoder_layer_into(out, scratch, x, layer, options...)` needs besides `out`, for
/// inputs of type X and a layer of type Layer (a `cta::encoder_layer_scratch`).
template <class X, class Layer>
using encoder_layer_scratch_t = typename detail::encoder_layer_scratch_types<X, Layer>::type;

/// @brief The outputs of the encoder layer `layer` on `x` written into `out` (the type of `cta::encode(x, layer)`),
/// with no other storage than `scratch`, which the caller provides (a static, a member of a workspace) and which may
/// be reused for any other call with the same types: `cta::encode(x, layer, options...)`, the same bits. `out` may
/// be `x` itself (x is read only before `out` is written). The layer's RAM is then `sizeof(out) + sizeof(scratch)`,
/// known while compiling, and the stack of its calls. Options and shape rules as `cta::encoder_layer_steps`.
template <matrix_type X, class Layer, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_layer_into(typename detail::encoder_layer_types<X, Layer>::model_type& out,
                                                        encoder_layer_scratch_t<X, Layer>& scratch, const X& x,
                                                        const Layer& layer, const Options&... options) noexcept {
    if constexpr (detail::check_options<op::encoder_layer, Options...>() &&
                  detail::check_encoder_layer<X, Layer>()) {
        detail::encoder_layer_lean_into(out, scratch, x, layer, options...);
    }
}

/// @brief The outputs of a stack of encoder layers of one type on `x` written into `out`: each layer computed in
/// `out` in turn (the first on `x`), with `scratch` reused by every layer: `cta::encode(x, layers, options...)`, the
/// same bits, in no other storage than `out` and `scratch` (the type of a layer's scratch on the stack's n x d_model
/// matrices, `cta::encoder_layer_scratch_t<decltype(cta::encode(x, layers)), Layer>`). Options and shape rules as
/// `cta::encoder_layer_steps`.
template <matrix_type X, class Layer, std::size_t N, class... Options>
CTA_DETAIL_TARGET_TAG constexpr void encoder_stack_into(
    typename detail::encoder_stack_types<X, std::array<Layer, N>>::model_type& out,
    encoder_layer_scratch_t<typename detail::encoder_stack_types<X, std::array<Layer, N>>::model_type, Layer>& scratch,
    const X& x, const std::array<Layer, N>& layers, const Options&... options) noexcept {
    static_assert(N > 0, "cta::encoder_stack_into(out, scratch, x, layers): a stack of at least one layer");
    if constexpr (detail::check_options<op::encoder_layer, Options...>() &&
                  detail::check_encoder_layer<X, Layer>()) {
        detail::encoder_layer_lean_into(out, scratch, x, layers[0], options...);
        for (std::size_t l = 1; l < N; ++l) detail::encoder_layer_lean_into(out, scratch, out, layers[l], options...);
    }
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
