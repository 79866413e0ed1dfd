// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The weights of a Transformer layer's sublayers, as PyTorch's modules hold them, in the library's x W
/// convention: `cta::attention_weights` (`nn.MultiheadAttention`), `cta::feed_forward_weights` (the two
/// `nn.Linear` of a layer's feed-forward part) and `cta::layer_norm_weights` (`nn.LayerNorm`), and the placement of
/// the normalisations, `cta::post_norm` or `cta::pre_norm`. Each is an aggregate of matrices of any shapes and
/// element types: the blocks that use them (`<cta/transformer/encoder_layer.hpp>`,
/// `<cta/transformer/decoder_layer.hpp>`) check that they fit, naming the block and the matrices when they do not.
#pragma once

#include <cta/matrix.hpp>
#include <cta/transformer/activation.hpp>

namespace cta {

/// @brief The weights of multi-head attention with biases, `nn.MultiheadAttention(d_model, h)`: queries
/// `x_q w_query + b_query`, keys `x_kv w_key + b_key`, values `x_kv w_value + b_value` (each weight d x d_model, each
/// bias one row of d_model), and the output projection `concat(heads) w_out + b_out` (w_out d_model x d_model).
/// PyTorch's `in_proj_weight` stacks W_Q^T, W_K^T and W_V^T (3 d_model x d_model), `in_proj_bias` the three biases,
/// `out_proj.weight` is `w_out^T`, `out_proj.bias` is `b_out`.
template <class WQ, class BQ, class WK, class BK, class WV, class BV, class WO, class BO>
struct attention_weights {
    WQ w_query;  ///< d x d_model
    BQ b_query;  ///< 1 x d_model
    WK w_key;    ///< d x d_model
    BK b_key;    ///< 1 x d_model
    WV w_value;  ///< d x d_model
    BV b_value;  ///< 1 x d_model
    WO w_out;    ///< d_model x d_model
    BO b_out;    ///< 1 x d_model
};

/// Deduced from the eight matrices.
template <class WQ, class BQ, class WK, class BK, class WV, class BV, class WO, class BO>
attention_weights(WQ, BQ, WK, BK, WV, BV, WO, BO) -> attention_weights<WQ, BQ, WK, BK, WV, BV, WO, BO>;

/// @brief The weights of a feed-forward part, `linear2(activation(linear1(x)))`: `w_1` d_model x d_ff, `b_1` one
/// row of d_ff, `w_2` d_ff x d_model, `b_2` one row of d_model (PyTorch's `linear1.weight` is `w_1^T`,
/// `linear2.weight` is `w_2^T`), and the activation, `Activation`: `cta::relu_t` (the default, PyTorch's
/// `activation="relu"`), `cta::gelu_t` (`"gelu"`), `cta::gelu_tanh_t` or `cta::silu_t`
/// (`<cta/transformer/activation.hpp>`).
template <class W1, class B1, class W2, class B2, class Activation = relu_t>
struct feed_forward_weights {
    using activation = Activation;  ///< the activation between the two linear maps
    W1 w_1;  ///< d_model x d_ff
    B1 b_1;  ///< 1 x d_ff
    W2 w_2;  ///< d_ff x d_model
    B2 b_2;  ///< 1 x d_model
};

/// Deduced from the four matrices: ReLU.
template <class W1, class B1, class W2, class B2>
feed_forward_weights(W1, B1, W2, B2) -> feed_forward_weights<W1, B1, W2, B2>;

namespace detail {
/// PyTorch's default epsilon of `nn.LayerNorm`, 1e-5 converted to T once, here: GCC 12 does not fold the conversion
/// when it is written in a default member initializer and the object is a temporary of a constant expression (then
/// reading the member is "not a constant expression").
template <class T>
inline constexpr T layer_norm_epsilon = static_cast<T>(1e-5);
}  // namespace detail

/// @brief The weights of a layer normalisation, `nn.LayerNorm(d_model, eps)`: `gain` and `bias`, each one row of
/// d_model, and `epsilon` (PyTorch's default 1e-5, in the gain's element type).
template <class G, class B>
struct layer_norm_weights {
    G gain;                                                                        ///< 1 x d_model (`weight`)
    B bias;                                                                        ///< 1 x d_model
    typename G::value_type epsilon = detail::layer_norm_epsilon<typename G::value_type>;  ///< added to the variance
};

///@{
/// Deduced from the gain and the bias (and the epsilon).
template <class G, class B>
layer_norm_weights(G, B) -> layer_norm_weights<G, B>;
template <class G, class B, class E>
layer_norm_weights(G, B, E) -> layer_norm_weights<G, B>;
///@}

/// @brief Where a layer normalises: after each residual addition, `x = norm(x + sublayer(x))` (the paper's and
/// PyTorch's default, `norm_first=False`).
struct post_norm_t {};
/// @brief Where a layer normalises: before each sublayer, `x = x + sublayer(norm(x))` (`norm_first=True`, as GPT-2).
struct pre_norm_t {};
inline constexpr post_norm_t post_norm{};  ///< normalisation after each residual addition
inline constexpr pre_norm_t pre_norm{};    ///< normalisation before each sublayer

}  // namespace cta
