// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief PyTorch's modules by their own names, `cta::pytorch::nn::Linear`, `LayerNorm`, `Embedding`,
/// `MultiheadAttention`, `TransformerEncoderLayer`, `TransformerDecoderLayer`, `TransformerEncoder` and
/// `TransformerDecoder`: each a type of its constructor's arguments (element type, sizes, options) that holds the
/// weights in the library's layout, reads them by PyTorch's names from a state_dict (`cta::pytorch::load`,
/// `<cta/pytorch/state_dict.hpp>`) and computes as the module's `forward` does at inference (dropout off): `m(x)`.
///
/// The Transformer modules are the library's blocks (`cta::encoder_layer`, `cta::decoder_layer`, with
/// `cta::attention_weights`, `cta::feed_forward_weights` and `cta::layer_norm_weights`), so `cta::encode`,
/// `cta::decode` and their records of every step take them as they are. One sequence at a time: a batch is a
/// `std::array` of sequences (`cta::pytorch::load_batch`, `<cta/pytorch/batch.hpp>`). Masks in PyTorch's meaning are
/// converted by `<cta/pytorch/masks.hpp>`.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/pytorch/state_dict.hpp>
#include <cta/transformer/activation.hpp>
#include <cta/transformer/attention_layer.hpp>
#include <cta/transformer/decoder_layer.hpp>
#include <cta/transformer/embedding.hpp>
#include <cta/transformer/encoder_layer.hpp>
#include <cta/transformer/layer_weights.hpp>
#include <cta/transformer/linear.hpp>
#include <cta/transformer/normalization.hpp>

#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::pytorch::nn {

/// @brief `nn.Linear(in_features, out_features, bias)`: `y = x W + b`, the library's `cta::linear`, with `weight`
/// PyTorch's `weight` (out x in) transposed (in x out) and `bias` its `bias` (zeros, and not read, when `Bias` is
/// false). State: `weight` [out, in], `bias` [out].
template <class T, std::size_t InFeatures, std::size_t OutFeatures, bool Bias = true>
struct Linear {
    static constexpr std::size_t in_features = InFeatures;    ///< the columns of x
    static constexpr std::size_t out_features = OutFeatures;  ///< the columns of y
    static constexpr bool has_bias = Bias;                    ///< `bias=True`
    matrix<T, InFeatures, OutFeatures> weight{};              ///< PyTorch's weight transposed: in x out
    matrix<T, 1, OutFeatures> bias{};                         ///< one row of out (zeros without a bias)

    /// @brief Reads `key` + "weight" (and "bias") with the reader of `cta::pytorch::load`.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        r.read(weight, key + "weight", transposed_weight(OutFeatures, InFeatures));
        if constexpr (Bias) r.read(bias, key + "bias", vector_of(OutFeatures));
    }
    /// @brief `forward(x)`: `cta::linear(x, weight, bias)`, or `cta::linear(x, weight)` without a bias.
    template <matrix_type X>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& x) const noexcept {
        if constexpr (Bias) return cta::linear(x, weight, bias);
        else return cta::linear(x, weight);
    }
};

/// @brief `nn.LayerNorm(d, eps, elementwise_affine)`: the library's `cta::layer_norm_weights` (`gain` is PyTorch's
/// `weight`; `epsilon` the `eps` given to `load`, 1e-5 by default). Without `elementwise_affine` the gain is 1 and the
/// bias 0, and nothing is read. State: `weight` [d], `bias` [d].
template <class T, std::size_t D, bool ElementwiseAffine = true>
struct LayerNorm : layer_norm_weights<matrix<T, 1, D>, matrix<T, 1, D>> {
    static constexpr std::size_t normalized_shape = D;         ///< d
    static constexpr bool elementwise_affine = ElementwiseAffine;  ///< `elementwise_affine=True`

    /// @brief Reads `key` + "weight" and "bias" (with `elementwise_affine`), and sets the epsilon.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        this->epsilon = static_cast<T>(r.layer_norm_eps);
        if constexpr (ElementwiseAffine) {
            r.read(this->gain, key + "weight", vector_of(D));
            r.read(this->bias, key + "bias", vector_of(D));
        } else {
            for (std::size_t j = 0; j < D; ++j) {
                this->gain.elems[0][j] = T(1);
                this->bias.elems[0][j] = T(0);
            }
        }
    }
    /// @brief `forward(x)`: `cta::layer_norm(x, gain, bias, epsilon)`.
    template <matrix_type X>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& x) const noexcept {
        return cta::layer_norm(x, this->gain, this->bias, this->epsilon);
    }
};

/// @brief `nn.Embedding(num_embeddings, embedding_dim)`: the table `weight` (num x dim, as stored), looked up by
/// `cta::token_embedding`. State: `weight` [num, dim].
template <class T, std::size_t NumEmbeddings, std::size_t EmbeddingDim>
struct Embedding {
    matrix<T, NumEmbeddings, EmbeddingDim> weight{};  ///< row i is token i's vector

    /// @brief Reads `key` + "weight".
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        r.read(weight, key + "weight", as_stored(NumEmbeddings, EmbeddingDim));
    }
    /// @brief `forward(ids)`: one row per id (`cta::token_embedding`; an id at or above num_embeddings stops the
    /// build, or the program at run time).
    template <std::size_t N>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const std::array<std::size_t, N>& ids) const noexcept {
        return cta::token_embedding(ids, weight);
    }
};

/// @brief What `nn.MultiheadAttention`'s forward returns: `attn_output` (n_q x embed_dim) and, as with
/// `need_weights=True, average_attn_weights=True`, `attn_output_weights`, the heads' weights averaged (n_q x n_kv:
/// their sum divided by the number of heads).
template <class Output, class Weights>
struct attention_output {
    Output attn_output;          ///< n_q x embed_dim
    Weights attn_output_weights;  ///< n_q x n_kv, the mean over the heads
};

/// @brief `nn.MultiheadAttention(embed_dim, num_heads, bias, kdim, vdim)` (`add_bias_kv` and `add_zero_attn`
/// False): the library's `cta::attention_weights` in the x W layout. State: `in_proj_weight` [3 embed_dim,
/// embed_dim] (its rows: the query's, the key's, the value's weights, each out x in) when kdim and vdim are
/// embed_dim, else `q_proj_weight` [embed_dim, embed_dim], `k_proj_weight` [embed_dim, kdim], `v_proj_weight`
/// [embed_dim, vdim]; with a bias `in_proj_bias` [3 embed_dim] and `out_proj.bias` [embed_dim]; `out_proj.weight`
/// [embed_dim, embed_dim]. Without a bias the biases are zeros.
template <class T, std::size_t EmbedDim, std::size_t NumHeads, bool Bias = true, std::size_t KDim = EmbedDim,
          std::size_t VDim = EmbedDim>
struct MultiheadAttention
    : attention_weights<matrix<T, EmbedDim, EmbedDim>, matrix<T, 1, EmbedDim>, matrix<T, KDim, EmbedDim>,
                        matrix<T, 1, EmbedDim>, matrix<T, VDim, EmbedDim>, matrix<T, 1, EmbedDim>,
                        matrix<T, EmbedDim, EmbedDim>, matrix<T, 1, EmbedDim>> {
    static_assert(NumHeads >= 1 && EmbedDim % NumHeads == 0,
                  "cta::pytorch::nn::MultiheadAttention: embed_dim must be divisible by num_heads");
    static constexpr std::size_t embed_dim = EmbedDim;  ///< the queries' columns and d_model
    static constexpr std::size_t num_heads = NumHeads;  ///< h
    static constexpr std::size_t kdim = KDim;           ///< the keys' columns
    static constexpr std::size_t vdim = VDim;           ///< the values' columns

    /// @brief Reads the projections by PyTorch's names under `key`.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        constexpr std::size_t e = EmbedDim;
        if constexpr (KDim == EmbedDim && VDim == EmbedDim) {
            r.read(this->w_query, key + "in_proj_weight", transposed_weight(e, e, 0, 3 * e));
            r.read(this->w_key, key + "in_proj_weight", transposed_weight(e, e, e, 3 * e));
            r.read(this->w_value, key + "in_proj_weight", transposed_weight(e, e, 2 * e, 3 * e));
        } else {
            r.read(this->w_query, key + "q_proj_weight", transposed_weight(e, e));
            r.read(this->w_key, key + "k_proj_weight", transposed_weight(e, KDim));
            r.read(this->w_value, key + "v_proj_weight", transposed_weight(e, VDim));
        }
        if constexpr (Bias) {
            r.read(this->b_query, key + "in_proj_bias", vector_of(e, 0, 3 * e));
            r.read(this->b_key, key + "in_proj_bias", vector_of(e, e, 3 * e));
            r.read(this->b_value, key + "in_proj_bias", vector_of(e, 2 * e, 3 * e));
        }
        r.read(this->w_out, key + "out_proj.weight", transposed_weight(e, e));
        if constexpr (Bias) r.read(this->b_out, key + "out_proj.bias", vector_of(e));
    }

    /// @brief `forward(query, key, value, ...)` for one sequence: query n_q x embed_dim, key n_kv x kdim, value
    /// n_kv x vdim; the options are the library's masks (`cta::pytorch::attn_mask`, `key_padding_mask`) and
    /// `cta::causal`, n_q x n_kv. Returns the output and the weights averaged over the heads; the record of every
    /// step is `cta::attention_layer_steps` (`steps(...)`).
    template <matrix_type XQ, matrix_type XK, matrix_type XV, class... Options>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const XQ& query, const XK& key, const XV& value,
                                                    const Options&... options) const noexcept {
        const auto s = steps(query, key, value, options...);
        using W = typename decltype(s.weights)::value_type;
        using R = typename W::value_type;
        attention_output<decltype(s.outputs), W> out{s.outputs, W{}};
        for (std::size_t i = 0; i < W::rows; ++i) {
            for (std::size_t j = 0; j < W::cols; ++j) {
                R sum = s.weights[0].elems[i][j];
                for (std::size_t h = 1; h < NumHeads; ++h) sum += s.weights[h].elems[i][j];
                out.attn_output_weights.elems[i][j] = sum / static_cast<R>(NumHeads);
            }
        }
        return out;
    }

    /// @brief Every step of `forward(query, key, value, options...)`: a `cta::attention_layer_steps` record.
    template <matrix_type XQ, matrix_type XK, matrix_type XV, class... Options>
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr auto steps(const XQ& query, const XK& key, const XV& value,
                                                             const Options&... options) const noexcept {
        using KV = cta::detail::keys_and_values<XK, XV>;
        using Types = cta::detail::attention_layer_types<NumHeads, XQ, KV, MultiheadAttention>;
        typename Types::steps_type s{};
        if constexpr (XQ::cols != EmbedDim || XK::cols != KDim || XV::cols != VDim || XK::rows != XV::rows) {
            static_assert(shapes_agree<op::attention_layer, XQ, XK, XV, MultiheadAttention>,
                          "cta::pytorch::nn::MultiheadAttention(query, key, value): query needs embed_dim columns, "
                          "key kdim, value vdim, and key and value the same number of rows");
        } else if constexpr (cta::detail::check_options<op::attention_layer, Options...>()) {
            cta::detail::attention_layer_into<NumHeads>(s, query, KV{key, value}, *this, options...);
        }
        return s;
    }
};

namespace detail {
template <bool NormFirst>
using placement_of = std::conditional_t<NormFirst, pre_norm_t, post_norm_t>;

template <class T, std::size_t D, std::size_t DFF, class Activation>
using feed_forward_of =
    feed_forward_weights<matrix<T, D, DFF>, matrix<T, 1, DFF>, matrix<T, DFF, D>, matrix<T, 1, D>, Activation>;

/// Reads a feed-forward part's two `nn.Linear`, `linear1` and `linear2`, under `key`.
template <class F, class Reader>
CTA_DETAIL_TARGET_TAG constexpr void read_feed_forward(F& f, Reader& r, const tensor_key& key) noexcept {
    constexpr std::size_t d = decltype(F::w_1)::rows;
    constexpr std::size_t d_ff = decltype(F::w_1)::cols;
    r.read(f.w_1, key + "linear1.weight", transposed_weight(d_ff, d));
    r.read(f.b_1, key + "linear1.bias", vector_of(d_ff));
    r.read(f.w_2, key + "linear2.weight", transposed_weight(d, d_ff));
    r.read(f.b_2, key + "linear2.bias", vector_of(d));
}
}  // namespace detail

/// @brief `nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward, activation, norm_first)` at inference: the
/// library's `cta::encoder_layer` (post-norm, or pre-norm with `NormFirst`), activation `cta::relu_t` ("relu") or
/// `cta::gelu_t` ("gelu"); `layer_norm_eps` is given to `load`. State: `self_attn.` (a `MultiheadAttention`),
/// `linear1.`, `linear2.` (each an `nn.Linear`), `norm1.`, `norm2.` (each an `nn.LayerNorm`).
template <class T, std::size_t DModel, std::size_t NHead, std::size_t DimFeedforward, class Activation = relu_t,
          bool NormFirst = false>
struct TransformerEncoderLayer
    : encoder_layer<NHead, MultiheadAttention<T, DModel, NHead>,
                    detail::feed_forward_of<T, DModel, DimFeedforward, Activation>, LayerNorm<T, DModel>,
                    LayerNorm<T, DModel>, detail::placement_of<NormFirst>> {
    using value_type = T;                               ///< the element type
    static constexpr std::size_t d_model = DModel;      ///< the columns of a sequence

    /// @brief Reads the layer by PyTorch's names under `key`.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        this->self_attention.read_state(r, key + "self_attn.");
        detail::read_feed_forward(this->feed_forward, r, key);
        this->norm_1.read_state(r, key + "norm1.");
        this->norm_2.read_state(r, key + "norm2.");
    }
    /// @brief `forward(src, ...)` for one sequence (n x d_model): `cta::encode(src, *this, options...)`, the options
    /// the library's masks (`src_mask`, `src_key_padding_mask` converted by `<cta/pytorch/masks.hpp>`, n x n).
    template <matrix_type X, class... Options>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& src, const Options&... options) const noexcept {
        return cta::encode(src, *this, options...);
    }
};

/// @brief `nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward, activation, norm_first)` at inference: the
/// library's `cta::decoder_layer`. State: `self_attn.`, `multihead_attn.` (the cross-attention), `linear1.`,
/// `linear2.`, `norm1.`, `norm2.`, `norm3.`.
template <class T, std::size_t DModel, std::size_t NHead, std::size_t DimFeedforward, class Activation = relu_t,
          bool NormFirst = false>
struct TransformerDecoderLayer
    : decoder_layer<NHead, MultiheadAttention<T, DModel, NHead>, MultiheadAttention<T, DModel, NHead>,
                    detail::feed_forward_of<T, DModel, DimFeedforward, Activation>, LayerNorm<T, DModel>,
                    LayerNorm<T, DModel>, LayerNorm<T, DModel>, detail::placement_of<NormFirst>> {
    using value_type = T;                               ///< the element type
    static constexpr std::size_t d_model = DModel;      ///< the columns of a sequence

    /// @brief Reads the layer by PyTorch's names under `key`.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        this->self_attention.read_state(r, key + "self_attn.");
        this->cross_attention.read_state(r, key + "multihead_attn.");
        detail::read_feed_forward(this->feed_forward, r, key);
        this->norm_1.read_state(r, key + "norm1.");
        this->norm_2.read_state(r, key + "norm2.");
        this->norm_3.read_state(r, key + "norm3.");
    }
    /// @brief `forward(tgt, memory, ...)` for one sequence: `cta::decode(tgt, memory, *this, options...)`; `tgt_mask`
    /// and `tgt_key_padding_mask` converted are options as they are, `memory_mask` and `memory_key_padding_mask`
    /// converted are given as `cta::memory_mask(m)`.
    template <matrix_type X, matrix_type M, class... Options>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& tgt, const M& memory,
                                                    const Options&... options) const noexcept {
        return cta::decode(tgt, memory, *this, options...);
    }
};

namespace detail {
/// What `nn.TransformerEncoder` and `nn.TransformerDecoder` hold: `NumLayers` layers of the type `Layer` and, with
/// `Norm`, the final `nn.LayerNorm`; read by PyTorch's names, `layers.0.` ... and `norm.`.
template <class Layer, std::size_t NumLayers, bool Norm>
struct transformer_stack {
    static_assert(NumLayers >= 1, "cta::pytorch::nn::TransformerEncoder and TransformerDecoder: at least one layer");
    using value_type = typename Layer::value_type;             ///< the element type
    static constexpr std::size_t d_model = Layer::d_model;     ///< the columns of a sequence
    std::array<Layer, NumLayers> layers{};                     ///< `layers.i`
    LayerNorm<value_type, d_model> norm{};                     ///< `norm` (used with `Norm` only)

    /// @brief Reads the layers and the final norm by PyTorch's names under `key`.
    template <class Reader>
    CTA_DETAIL_TARGET_TAG constexpr void read_state(Reader& r, const tensor_key& key) noexcept {
        for (std::size_t l = 0; l < NumLayers; ++l) layers[l].read_state(r, (key + "layers.").index(l));
        if constexpr (Norm) norm.read_state(r, key + "norm.");
    }
};
}  // namespace detail

/// @brief `nn.TransformerEncoder(encoder_layer, num_layers, norm)`: `NumLayers` layers of the type `Layer` (a
/// `TransformerEncoderLayer`), applied in order, then with `Norm` the final `nn.LayerNorm`. State: `layers.0.` ...,
/// `norm.`.
template <class Layer, std::size_t NumLayers, bool Norm = false>
struct TransformerEncoder : detail::transformer_stack<Layer, NumLayers, Norm> {
    /// @brief `forward(src, ...)` for one sequence: every layer with the same options, then the final norm.
    template <matrix_type X, class... Options>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& src, const Options&... options) const noexcept {
        if constexpr (Norm) return this->norm(cta::encode(src, this->layers, options...));
        else return cta::encode(src, this->layers, options...);
    }
};

/// @brief `nn.TransformerDecoder(decoder_layer, num_layers, norm)`: `NumLayers` layers of the type `Layer` (a
/// `TransformerDecoderLayer`), each attending to the same memory, then with `Norm` the final `nn.LayerNorm`.
template <class Layer, std::size_t NumLayers, bool Norm = false>
struct TransformerDecoder : detail::transformer_stack<Layer, NumLayers, Norm> {
    /// @brief `forward(tgt, memory, ...)` for one sequence.
    template <matrix_type X, matrix_type M, class... Options>
    CTA_DETAIL_TARGET_TAG constexpr auto operator()(const X& tgt, const M& memory,
                                                    const Options&... options) const noexcept {
        if constexpr (Norm) return this->norm(cta::decode(tgt, memory, this->layers, options...));
        else return cta::decode(tgt, memory, this->layers, options...);
    }
};

}  // namespace cta::pytorch::nn

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
