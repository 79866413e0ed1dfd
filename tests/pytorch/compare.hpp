// SPDX-License-Identifier: BSL-1.0
// A PyTorch reference case (data/cases.hpp) computed by the library: the module loaded by PyTorch's names from the
// case's state_dict (cta::pytorch::load), its inputs read from the case's io file (cta::pytorch::load_batch), the
// masks converted from PyTorch's meaning (cta::pytorch::attn_mask, key_padding_mask, cta::memory_mask), and the
// module called on each sequence of the batch. `run<Case>()` returns the outputs and their largest difference from
// PyTorch's: static_proof.cpp requires it in a constant evaluation, runtime_test.cpp at run time, where the outputs
// must also be the compile-time ones, bit for bit.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <cta/pytorch.hpp>
#include <cta/weights.hpp>

#include "case_kinds.hpp"

namespace pytorch_test {

/// What a case gives: the outputs of each sequence (and MultiheadAttention's averaged weights), the largest absolute
/// difference from PyTorch's outputs, and the largest magnitude of PyTorch's outputs.
template <class Out, class Weights, std::size_t B>
struct outcome {
    std::array<Out, B> outputs{};
    std::array<Weights, B> weights{};
    double error = 0;
    double scale = 0;

    friend constexpr bool operator==(const outcome&, const outcome&) = default;
};

constexpr double magnitude(double v) { return v < 0 ? -v : v; }

/// The largest |a - b| over the elements, and the largest |b|, into e and s.
template <class M>
constexpr void difference(const M& a, const M& b, double& e, double& s) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const double x = static_cast<double>(a.elems[i][j]);
            const double y = static_cast<double>(b.elems[i][j]);
            const double d = x != x || y != y ? 1e300 : magnitude(x - y);  // a NaN is never close
            if (d > e) e = d;
            if (magnitude(y) > s) s = magnitude(y);
        }
    }
}

/// A tuple of v, or an empty tuple: the options a case gives.
template <bool Present, class V>
constexpr auto option_if(const V& v) {
    if constexpr (Present) return std::tuple<V>(v);
    else return std::tuple<>();
}

/// The B sequences (M each) of the io tensor `name`: a 3-D tensor in the layout, or, for an unbatched case, one
/// 2-D tensor (or 1-D for M of one row).
template <class M, std::size_t B, bool Batched, class Bytes>
constexpr std::array<M, B> sequences(const Bytes& io, const char* name, cta::pytorch::batch_layout layout) {
    if constexpr (Batched) return cta::pytorch::load_batch<M, B>(io, name, layout);
    else return {cta::weights::load<M>(io, name)};
}

/// The columns of an nn.Linear's or nn.LayerNorm's inputs and outputs.
template <class Module>
constexpr std::size_t in_width() {
    if constexpr (requires { Module::in_features; }) return Module::in_features;
    else return Module::normalized_shape;
}
template <class Module>
constexpr std::size_t out_width() {
    if constexpr (requires { Module::out_features; }) return Module::out_features;
    else return Module::normalized_shape;
}

template <class Case>
constexpr auto run_linear() {
    using T = typename Case::T;
    using Module = typename Case::module;
    constexpr std::size_t b = Case::batch;
    constexpr std::size_t n = Case::n;
    constexpr std::size_t d_in = in_width<Module>();
    constexpr std::size_t d_out = out_width<Module>();
    using X = cta::matrix<T, n, d_in>;
    using Y = cta::matrix<T, n, d_out>;
    const auto module = cta::pytorch::load<Module>(Case::state, "", Case::layer_norm_eps);
    const auto x = sequences<X, b, Case::batched>(Case::io, "input", cta::pytorch::batch_first);
    const auto expected = sequences<Y, b, Case::batched>(Case::io, "output", cta::pytorch::batch_first);
    outcome<Y, cta::matrix<T, 1, 1>, b> out;
    for (std::size_t k = 0; k < b; ++k) {
        out.outputs[k] = module(x[k]);
        difference(out.outputs[k], expected[k], out.error, out.scale);
    }
    return out;
}

template <class Case>
constexpr auto run_embedding() {
    using T = typename Case::T;
    using Module = typename Case::module;
    constexpr std::size_t b = Case::batch;
    constexpr std::size_t n = Case::n;
    using Ids = cta::matrix<std::int64_t, 1, n>;
    using Y = cta::matrix<T, n, decltype(Module::weight)::cols>;
    const auto module = cta::pytorch::load<Module>(Case::state);
    const auto ids = sequences<Ids, b, Case::batched>(Case::io, "input", cta::pytorch::batch_first);
    const auto expected = sequences<Y, b, Case::batched>(Case::io, "output", cta::pytorch::batch_first);
    outcome<Y, cta::matrix<T, 1, 1>, b> out;
    for (std::size_t k = 0; k < b; ++k) {
        std::array<std::size_t, n> tokens{};
        for (std::size_t i = 0; i < n; ++i) tokens[i] = static_cast<std::size_t>(ids[k].elems[0][i]);
        out.outputs[k] = module(tokens);
        difference(out.outputs[k], expected[k], out.error, out.scale);
    }
    return out;
}

/// The B rows of n flags of a key_padding_mask (U8 [B, n]), or zeros when the case has none.
template <bool Present, std::size_t N, std::size_t B, class Bytes>
constexpr std::array<cta::matrix<std::uint8_t, 1, N>, B> padding_of(const Bytes& io, const char* name) {
    if constexpr (Present)
        return cta::pytorch::load_batch<cta::matrix<std::uint8_t, 1, N>, B>(io, name, cta::pytorch::batch_first);
    else return {};
}

/// The attention mask `name` (n_q x n_kv of E), or zeros when the case has none.
template <bool Present, class E, std::size_t NQ, std::size_t NKV, class Bytes>
constexpr cta::matrix<E, NQ, NKV> mask_of(const Bytes& io, const char* name) {
    if constexpr (Present) return cta::weights::load<cta::matrix<E, NQ, NKV>>(io, name);
    else return {};
}

template <bool BatchFirst>
inline constexpr cta::pytorch::batch_layout layout_of =
    BatchFirst ? cta::pytorch::batch_first : cta::pytorch::sequence_first;

template <class Case>
constexpr auto run_multihead_attention() {
    using T = typename Case::T;
    using Module = typename Case::module;
    constexpr std::size_t b = Case::batch;
    constexpr std::size_t n_q = Case::n_q;
    constexpr std::size_t n_kv = Case::n_kv;
    constexpr auto layout = layout_of<Case::batch_first>;
    using Q = cta::matrix<T, n_q, Module::embed_dim>;
    using K = cta::matrix<T, n_kv, Module::kdim>;
    using V = cta::matrix<T, n_kv, Module::vdim>;
    using W = cta::matrix<T, n_q, n_kv>;
    const auto module = cta::pytorch::load<Module>(Case::state);
    const auto query = cta::pytorch::load_batch<Q, b>(Case::io, "query", layout);
    std::array<K, b> key{};
    std::array<V, b> value{};
    if constexpr (Case::self_attention) {
        for (std::size_t k = 0; k < b; ++k) {
            key[k] = query[k];
            value[k] = query[k];
        }
    } else {
        key = cta::pytorch::load_batch<K, b>(Case::io, "key", layout);
        value = cta::pytorch::load_batch<V, b>(Case::io, "value", layout);
    }
    const auto expected = cta::pytorch::load_batch<Q, b>(Case::io, "attn_output", layout);
    const auto expected_weights = cta::pytorch::load_batch<W, b>(Case::io, "attn_output_weights", cta::pytorch::batch_first);
    // The attn_mask (boolean: True is not allowed; additive), the same for every sequence.
    using MaskElement = std::conditional_t<Case::attn_mask == mask::additive, T, std::uint8_t>;
    const auto attn = mask_of<Case::attn_mask != mask::none, MaskElement, n_q, n_kv>(Case::io, "attn_mask");
    const auto padding = padding_of<Case::key_padding_mask, n_kv, b>(Case::io, "key_padding_mask");
    outcome<Q, W, b> out;
    for (std::size_t k = 0; k < b; ++k) {
        const auto options =
            std::tuple_cat(option_if<Case::attn_mask != mask::none>(cta::pytorch::attn_mask(attn)),
                           option_if<Case::key_padding_mask>(cta::pytorch::key_padding_mask<n_q>(padding[k])));
        const auto y = std::apply([&](const auto&... o) { return module(query[k], key[k], value[k], o...); },
                                  options);
        out.outputs[k] = y.attn_output;
        out.weights[k] = y.attn_output_weights;
        difference(out.outputs[k], expected[k], out.error, out.scale);
        difference(out.weights[k], expected_weights[k], out.error, out.scale);
    }
    return out;
}

template <class Case>
constexpr auto run_encoder() {
    using T = typename Case::T;
    using Module = typename Case::module;
    constexpr std::size_t b = Case::batch;
    constexpr std::size_t n = Case::n;
    constexpr auto layout = layout_of<Case::batch_first>;
    using X = cta::matrix<T, n, Module::d_model>;
    const auto module = cta::pytorch::load<Module>(Case::state, "", Case::layer_norm_eps);
    const auto src = cta::pytorch::load_batch<X, b>(Case::io, "src", layout);
    const auto expected = cta::pytorch::load_batch<X, b>(Case::io, "output", layout);
    const auto src_mask = mask_of<Case::src_mask, std::uint8_t, n, n>(Case::io, Case::mask_name);
    const auto padding = padding_of<Case::src_key_padding_mask, n, b>(Case::io, "src_key_padding_mask");
    outcome<X, cta::matrix<T, 1, 1>, b> out;
    for (std::size_t k = 0; k < b; ++k) {
        const auto options =
            std::tuple_cat(option_if<Case::src_mask>(cta::pytorch::attn_mask(src_mask)),
                           option_if<Case::src_key_padding_mask>(cta::pytorch::key_padding_mask<n>(padding[k])));
        out.outputs[k] = std::apply([&](const auto&... o) { return X(module(src[k], o...)); }, options);
        difference(out.outputs[k], expected[k], out.error, out.scale);
    }
    return out;
}

template <class Case>
constexpr auto run_decoder() {
    using T = typename Case::T;
    using Module = typename Case::module;
    constexpr std::size_t b = Case::batch;
    constexpr std::size_t n = Case::n;
    constexpr std::size_t n_memory = Case::n_memory;
    constexpr auto layout = layout_of<Case::batch_first>;
    constexpr std::size_t d = Module::d_model;
    using X = cta::matrix<T, n, d>;
    using Mem = cta::matrix<T, n_memory, d>;
    const auto module = cta::pytorch::load<Module>(Case::state, "", Case::layer_norm_eps);
    const auto tgt = cta::pytorch::load_batch<X, b>(Case::io, "tgt", layout);
    const auto memory = cta::pytorch::load_batch<Mem, b>(Case::io, "memory", layout);
    const auto expected = cta::pytorch::load_batch<X, b>(Case::io, "output", layout);
    const auto tgt_mask = mask_of<Case::tgt_mask, std::uint8_t, n, n>(Case::io, "tgt_mask");
    const auto tgt_padding = padding_of<Case::tgt_key_padding_mask, n, b>(Case::io, "tgt_key_padding_mask");
    const auto memory_padding =
        padding_of<Case::memory_key_padding_mask, n_memory, b>(Case::io, "memory_key_padding_mask");
    outcome<X, cta::matrix<T, 1, 1>, b> out;
    for (std::size_t k = 0; k < b; ++k) {
        const auto options = std::tuple_cat(
            option_if<Case::tgt_mask>(cta::pytorch::attn_mask(tgt_mask)),
            option_if<Case::tgt_key_padding_mask>(cta::pytorch::key_padding_mask<n>(tgt_padding[k])),
            option_if<Case::memory_key_padding_mask>(
                cta::memory_mask(cta::pytorch::key_padding_mask<n>(memory_padding[k]))));
        out.outputs[k] = std::apply([&](const auto&... o) { return X(module(tgt[k], memory[k], o...)); }, options);
        difference(out.outputs[k], expected[k], out.error, out.scale);
    }
    return out;
}

/// The accepted difference from PyTorch: 1e-12 in double; in float 8 ulps of float at the largest magnitude of
/// PyTorch's outputs (make_references.py's OUTPUT_ULPS, docs/pytorch.md says why).
template <class T>
constexpr double bound(double scale) {
    if constexpr (std::is_same_v<T, double>) {
        (void)scale;
        return 1e-12;
    } else {
        double ulp = 0x1p-149;  // the ulp of float at the smallest scales
        double top = 0x1p-126;
        while (top <= scale) {  // 2^e <= scale < 2^(e + 1): the ulp is 2^(e - 23)
            ulp = top * 0x1p-23;
            top *= 2;
        }
        return 8 * ulp;
    }
}

/// Whether two outcomes hold the same bits.
template <class M>
bool same_bits(const M& a, const M& b) {
    using T = typename M::value_type;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            if (std::bit_cast<std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>>(a.elems[i][j]) !=
                std::bit_cast<std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>>(b.elems[i][j]))
                return false;
        }
    }
    return true;
}
template <class Out, class Weights, std::size_t B>
bool same_bits(const outcome<Out, Weights, B>& a, const outcome<Out, Weights, B>& b) {
    for (std::size_t k = 0; k < B; ++k) {
        if (!same_bits(a.outputs[k], b.outputs[k]) || !same_bits(a.weights[k], b.weights[k])) return false;
    }
    return true;
}

/// The case computed by the library, and its largest difference from PyTorch.
template <class Case>
constexpr auto run() {
    if constexpr (Case::kind == kind::linear || Case::kind == kind::layer_norm) return run_linear<Case>();
    else if constexpr (Case::kind == kind::embedding) return run_embedding<Case>();
    else if constexpr (Case::kind == kind::multihead_attention) return run_multihead_attention<Case>();
    else if constexpr (Case::kind == kind::encoder) return run_encoder<Case>();
    else return run_decoder<Case>();
}

/// The case computed in a constant evaluation.
template <class Case>
inline constexpr auto at_compile_time = run<Case>();

/// Whether a case's outcome is within the bound.
template <class Case, class Outcome>
constexpr bool within_bound(const Outcome& o) {
    return o.error <= bound<typename Case::T>(o.scale);
}

}  // namespace pytorch_test
