// SPDX-License-Identifier: BSL-1.0
// Written by tests/pytorch/make_references.py: do not edit. One struct per case of data/ (manifest.txt):
// the module as <cta/pytorch/nn.hpp> names it, the case's files (pytorch_data.hpp, their bytes), the call's
// sizes and masks. tests/pytorch/compare.hpp computes each kind of case.
#pragma once

#include <cstddef>

#include <cta/pytorch.hpp>

#include <pytorch_data.hpp>

#include "case_kinds.hpp"

namespace pytorch_cases {

struct linear_3x5_f64 {
    using T = double;
    static constexpr const char* name = "linear_3x5_f64";
    static constexpr const auto& state = pytorch_data::linear_3x5_f64_safetensors;
    static constexpr const auto& io = pytorch_data::linear_3x5_f64_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 5, 3, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 4;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_3x5_f32 {
    using T = float;
    static constexpr const char* name = "linear_3x5_f32";
    static constexpr const auto& state = pytorch_data::linear_3x5_f32_safetensors;
    static constexpr const auto& io = pytorch_data::linear_3x5_f32_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 5, 3, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 4;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_8x4_f64 {
    using T = double;
    static constexpr const char* name = "linear_8x4_f64";
    static constexpr const auto& state = pytorch_data::linear_8x4_f64_safetensors;
    static constexpr const auto& io = pytorch_data::linear_8x4_f64_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 4, 8, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 3;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_8x4_f32 {
    using T = float;
    static constexpr const char* name = "linear_8x4_f32";
    static constexpr const auto& state = pytorch_data::linear_8x4_f32_safetensors;
    static constexpr const auto& io = pytorch_data::linear_8x4_f32_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 4, 8, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 3;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_6x6_nobias_f64 {
    using T = double;
    static constexpr const char* name = "linear_6x6_nobias_f64";
    static constexpr const auto& state = pytorch_data::linear_6x6_nobias_f64_safetensors;
    static constexpr const auto& io = pytorch_data::linear_6x6_nobias_f64_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 6, 6, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_6x6_nobias_f32 {
    using T = float;
    static constexpr const char* name = "linear_6x6_nobias_f32";
    static constexpr const auto& state = pytorch_data::linear_6x6_nobias_f32_safetensors;
    static constexpr const auto& io = pytorch_data::linear_6x6_nobias_f32_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 6, 6, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_16x8_f64 {
    using T = double;
    static constexpr const char* name = "linear_16x8_f64";
    static constexpr const auto& state = pytorch_data::linear_16x8_f64_safetensors;
    static constexpr const auto& io = pytorch_data::linear_16x8_f64_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 8, 16, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 8;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_16x8_f32 {
    using T = float;
    static constexpr const char* name = "linear_16x8_f32";
    static constexpr const auto& state = pytorch_data::linear_16x8_f32_safetensors;
    static constexpr const auto& io = pytorch_data::linear_16x8_f32_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 8, 16, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 8;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_4x16_nobias_f64 {
    using T = double;
    static constexpr const char* name = "linear_4x16_nobias_f64";
    static constexpr const auto& state = pytorch_data::linear_4x16_nobias_f64_safetensors;
    static constexpr const auto& io = pytorch_data::linear_4x16_nobias_f64_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 16, 4, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 2;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct linear_4x16_nobias_f32 {
    using T = float;
    static constexpr const char* name = "linear_4x16_nobias_f32";
    static constexpr const auto& state = pytorch_data::linear_4x16_nobias_f32_safetensors;
    static constexpr const auto& io = pytorch_data::linear_4x16_nobias_f32_io_safetensors;
    using module = cta::pytorch::nn::Linear<T, 16, 4, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 2;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::linear;
};

struct layer_norm_8_f64 {
    using T = double;
    static constexpr const char* name = "layer_norm_8_f64";
    static constexpr const auto& state = pytorch_data::layer_norm_8_f64_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_8_f64_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 8, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_8_f32 {
    using T = float;
    static constexpr const char* name = "layer_norm_8_f32";
    static constexpr const auto& state = pytorch_data::layer_norm_8_f32_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_8_f32_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 8, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_16_eps1e_3_f64 {
    using T = double;
    static constexpr const char* name = "layer_norm_16_eps1e-3_f64";
    static constexpr const auto& state = pytorch_data::layer_norm_16_eps1e_3_f64_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_16_eps1e_3_f64_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 16, true>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_16_eps1e_3_f32 {
    using T = float;
    static constexpr const char* name = "layer_norm_16_eps1e-3_f32";
    static constexpr const auto& state = pytorch_data::layer_norm_16_eps1e_3_f32_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_16_eps1e_3_f32_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 16, true>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_4_noaffine_f64 {
    using T = double;
    static constexpr const char* name = "layer_norm_4_noaffine_f64";
    static constexpr const auto& state = pytorch_data::layer_norm_4_noaffine_f64_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_4_noaffine_f64_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 4, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 6;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_4_noaffine_f32 {
    using T = float;
    static constexpr const char* name = "layer_norm_4_noaffine_f32";
    static constexpr const auto& state = pytorch_data::layer_norm_4_noaffine_f32_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_4_noaffine_f32_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 4, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 6;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_12_noaffine_eps1e_2_f64 {
    using T = double;
    static constexpr const char* name = "layer_norm_12_noaffine_eps1e-2_f64";
    static constexpr const auto& state = pytorch_data::layer_norm_12_noaffine_eps1e_2_f64_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_12_noaffine_eps1e_2_f64_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 12, false>;
    static constexpr double layer_norm_eps = 0.01;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 2;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct layer_norm_12_noaffine_eps1e_2_f32 {
    using T = float;
    static constexpr const char* name = "layer_norm_12_noaffine_eps1e-2_f32";
    static constexpr const auto& state = pytorch_data::layer_norm_12_noaffine_eps1e_2_f32_safetensors;
    static constexpr const auto& io = pytorch_data::layer_norm_12_noaffine_eps1e_2_f32_io_safetensors;
    using module = cta::pytorch::nn::LayerNorm<T, 12, false>;
    static constexpr double layer_norm_eps = 0.01;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 2;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::layer_norm;
};

struct embedding_10x4_f64 {
    using T = double;
    static constexpr const char* name = "embedding_10x4_f64";
    static constexpr const auto& state = pytorch_data::embedding_10x4_f64_safetensors;
    static constexpr const auto& io = pytorch_data::embedding_10x4_f64_io_safetensors;
    using module = cta::pytorch::nn::Embedding<T, 10, 4>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::embedding;
};

struct embedding_10x4_f32 {
    using T = float;
    static constexpr const char* name = "embedding_10x4_f32";
    static constexpr const auto& state = pytorch_data::embedding_10x4_f32_safetensors;
    static constexpr const auto& io = pytorch_data::embedding_10x4_f32_io_safetensors;
    using module = cta::pytorch::nn::Embedding<T, 10, 4>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batched = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::embedding;
};

struct embedding_16x8_f64 {
    using T = double;
    static constexpr const char* name = "embedding_16x8_f64";
    static constexpr const auto& state = pytorch_data::embedding_16x8_f64_safetensors;
    static constexpr const auto& io = pytorch_data::embedding_16x8_f64_io_safetensors;
    using module = cta::pytorch::nn::Embedding<T, 16, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 7;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::embedding;
};

struct embedding_16x8_f32 {
    using T = float;
    static constexpr const char* name = "embedding_16x8_f32";
    static constexpr const auto& state = pytorch_data::embedding_16x8_f32_safetensors;
    static constexpr const auto& io = pytorch_data::embedding_16x8_f32_io_safetensors;
    using module = cta::pytorch::nn::Embedding<T, 16, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 7;
    static constexpr bool batched = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::embedding;
};

struct mha_self_e8_h1_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e8_h1_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h1_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h1_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 1, true, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 4;
    static constexpr std::size_t n_kv = 4;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h1_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e8_h1_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h1_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h1_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 1, true, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 4;
    static constexpr std::size_t n_kv = 4;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h2_causal_bf_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e8_h2_causal_bf_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h2_causal_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h2_causal_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 5;
    static constexpr std::size_t n_kv = 5;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h2_causal_bf_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e8_h2_causal_bf_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h2_causal_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h2_causal_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 5;
    static constexpr std::size_t n_kv = 5;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e16_h4_float_mask_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e16_h4_float_mask_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e16_h4_float_mask_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e16_h4_float_mask_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 4, true, 16, 16>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e16_h4_float_mask_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e16_h4_float_mask_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e16_h4_float_mask_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e16_h4_float_mask_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 4, true, 16, 16>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e16_h8_padding_bf_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e16_h8_padding_bf_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e16_h8_padding_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e16_h8_padding_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 8, true, 16, 16>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 8;
    static constexpr std::size_t n_kv = 8;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e16_h8_padding_bf_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e16_h8_padding_bf_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e16_h8_padding_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e16_h8_padding_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 8, true, 16, 16>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 8;
    static constexpr std::size_t n_kv = 8;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h2_causal_padding_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e8_h2_causal_padding_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h2_causal_padding_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h2_causal_padding_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h2_causal_padding_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e8_h2_causal_padding_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h2_causal_padding_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h2_causal_padding_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e4_h4_len1_bf_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e4_h4_len1_bf_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e4_h4_len1_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e4_h4_len1_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 4, 4, true, 4, 4>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 1;
    static constexpr std::size_t n_kv = 1;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e4_h4_len1_bf_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e4_h4_len1_bf_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e4_h4_len1_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e4_h4_len1_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 4, 4, true, 4, 4>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 1;
    static constexpr std::size_t n_kv = 1;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h4_nobias_causal_f64 {
    using T = double;
    static constexpr const char* name = "mha_self_e8_h4_nobias_causal_f64";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h4_nobias_causal_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h4_nobias_causal_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 4, false, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 7;
    static constexpr std::size_t n_kv = 7;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_self_e8_h4_nobias_causal_f32 {
    using T = float;
    static constexpr const char* name = "mha_self_e8_h4_nobias_causal_f32";
    static constexpr const auto& state = pytorch_data::mha_self_e8_h4_nobias_causal_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_self_e8_h4_nobias_causal_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 4, false, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 7;
    static constexpr std::size_t n_kv = 7;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = true;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e8_h2_q3_kv6_padding_f64 {
    using T = double;
    static constexpr const char* name = "mha_cross_e8_h2_q3_kv6_padding_f64";
    static constexpr const auto& state = pytorch_data::mha_cross_e8_h2_q3_kv6_padding_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e8_h2_q3_kv6_padding_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 3;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e8_h2_q3_kv6_padding_f32 {
    using T = float;
    static constexpr const char* name = "mha_cross_e8_h2_q3_kv6_padding_f32";
    static constexpr const auto& state = pytorch_data::mha_cross_e8_h2_q3_kv6_padding_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e8_h2_q3_kv6_padding_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 8, 8>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 3;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e16_h4_q5_kv3_float_mask_bf_f64 {
    using T = double;
    static constexpr const char* name = "mha_cross_e16_h4_q5_kv3_float_mask_bf_f64";
    static constexpr const auto& state = pytorch_data::mha_cross_e16_h4_q5_kv3_float_mask_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e16_h4_q5_kv3_float_mask_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 4, true, 16, 16>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 5;
    static constexpr std::size_t n_kv = 3;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e16_h4_q5_kv3_float_mask_bf_f32 {
    using T = float;
    static constexpr const char* name = "mha_cross_e16_h4_q5_kv3_float_mask_bf_f32";
    static constexpr const auto& state = pytorch_data::mha_cross_e16_h4_q5_kv3_float_mask_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e16_h4_q5_kv3_float_mask_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 4, true, 16, 16>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 5;
    static constexpr std::size_t n_kv = 3;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e8_h8_q2_kv4_causal_f64 {
    using T = double;
    static constexpr const char* name = "mha_cross_e8_h8_q2_kv4_causal_f64";
    static constexpr const auto& state = pytorch_data::mha_cross_e8_h8_q2_kv4_causal_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e8_h8_q2_kv4_causal_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 8, true, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 2;
    static constexpr std::size_t n_kv = 4;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_cross_e8_h8_q2_kv4_causal_f32 {
    using T = float;
    static constexpr const char* name = "mha_cross_e8_h8_q2_kv4_causal_f32";
    static constexpr const auto& state = pytorch_data::mha_cross_e8_h8_q2_kv4_causal_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_cross_e8_h8_q2_kv4_causal_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 8, true, 8, 8>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 2;
    static constexpr std::size_t n_kv = 4;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::boolean;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64 {
    using T = double;
    static constexpr const char* name = "mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 6, 4>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 4;
    static constexpr std::size_t n_kv = 5;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f32 {
    using T = float;
    static constexpr const char* name = "mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f32";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 2, true, 6, 4>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 4;
    static constexpr std::size_t n_kv = 5;
    static constexpr bool batch_first = true;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f64 {
    using T = double;
    static constexpr const char* name = "mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f64";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 8, true, 12, 10>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 3;
    static constexpr std::size_t n_kv = 7;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f32 {
    using T = float;
    static constexpr const char* name = "mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f32";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 16, 8, true, 12, 10>;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n_q = 3;
    static constexpr std::size_t n_kv = 7;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::none;
    static constexpr bool key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f64 {
    using T = double;
    static constexpr const char* name = "mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f64";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f64_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f64_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 4, false, 4, 12>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f32 {
    using T = float;
    static constexpr const char* name = "mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f32";
    static constexpr const auto& state = pytorch_data::mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f32_safetensors;
    static constexpr const auto& io = pytorch_data::mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f32_io_safetensors;
    using module = cta::pytorch::nn::MultiheadAttention<T, 8, 4, false, 4, 12>;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n_q = 6;
    static constexpr std::size_t n_kv = 6;
    static constexpr bool batch_first = false;
    static constexpr bool self_attention = false;
    static constexpr pytorch_test::mask attn_mask = pytorch_test::mask::additive;
    static constexpr bool key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::multihead_attention;
};

struct encoder_layer_post_relu_d8_h2_ff16_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_post_relu_d8_h2_ff16_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_relu_d8_h2_ff16_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_post_relu_d8_h2_ff16_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::gelu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::gelu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_post_gelu_d16_h4_ff32_eps1e-3_padding_bf_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 16, 4, 32, cta::gelu_t, false>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_post_gelu_d16_h4_ff32_eps1e-3_padding_bf_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 16, 4, 32, cta::gelu_t, false>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 4, 16, cta::relu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 8, 4, 16, cta::relu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_relu_d16_h8_ff32_bf_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_post_relu_d16_h8_ff32_bf_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d16_h8_ff32_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d16_h8_ff32_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 16, 8, 32, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_relu_d16_h8_ff32_bf_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_post_relu_d16_h8_ff32_bf_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d16_h8_ff32_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d16_h8_ff32_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 16, 8, 32, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_relu_d4_h1_ff8_len1_f64 {
    using T = double;
    static constexpr const char* name = "encoder_layer_post_relu_d4_h1_ff8_len1_f64";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d4_h1_ff8_len1_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d4_h1_ff8_len1_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 4, 1, 8, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 1;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_layer_post_relu_d4_h1_ff8_len1_f32 {
    using T = float;
    static constexpr const char* name = "encoder_layer_post_relu_d4_h1_ff8_len1_f32";
    static constexpr const auto& state = pytorch_data::encoder_layer_post_relu_d4_h1_ff8_len1_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_layer_post_relu_d4_h1_ff8_len1_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoderLayer<T, 4, 1, 8, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 1;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "src_mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f64 {
    using T = double;
    static constexpr const char* name = "decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f64";
    static constexpr const auto& state = pytorch_data::decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 6;
    static constexpr bool tgt_mask = false;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f32 {
    using T = float;
    static constexpr const char* name = "decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f32";
    static constexpr const auto& state = pytorch_data::decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 6;
    static constexpr bool tgt_mask = false;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f64 {
    using T = double;
    static constexpr const char* name = "decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f64";
    static constexpr const auto& state = pytorch_data::decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 4, 16, cta::gelu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = true;
    static constexpr std::size_t n_memory = 3;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f32 {
    using T = float;
    static constexpr const char* name = "decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f32";
    static constexpr const auto& state = pytorch_data::decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 4, 16, cta::gelu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = true;
    static constexpr std::size_t n_memory = 3;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f64 {
    using T = double;
    static constexpr const char* name = "decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e-3_causal_f64";
    static constexpr const auto& state = pytorch_data::decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 16, 8, 32, cta::gelu_t, false>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 7;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f32 {
    using T = float;
    static constexpr const char* name = "decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e-3_causal_f32";
    static constexpr const auto& state = pytorch_data::decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 16, 8, 32, cta::gelu_t, false>;
    static constexpr double layer_norm_eps = 0.001;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 7;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f64 {
    using T = double;
    static constexpr const char* name = "decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f64";
    static constexpr const auto& state = pytorch_data::decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 4;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = true;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f32 {
    using T = float;
    static constexpr const char* name = "decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f32";
    static constexpr const auto& state = pytorch_data::decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 4;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = true;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64 {
    using T = double;
    static constexpr const char* name = "encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64";
    static constexpr const auto& state = pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoder<cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::relu_t, false>, 2, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f32 {
    using T = float;
    static constexpr const char* name = "encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f32";
    static constexpr const auto& state = pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoder<cta::pytorch::nn::TransformerEncoderLayer<T, 8, 2, 16, cta::relu_t, false>, 2, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 5;
    static constexpr bool batch_first = true;
    static constexpr const char* mask_name = "mask";
    static constexpr bool src_mask = false;
    static constexpr bool src_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_2_pre_gelu_d8_h4_ff16_causal_f64 {
    using T = double;
    static constexpr const char* name = "encoder_2_pre_gelu_d8_h4_ff16_causal_f64";
    static constexpr const auto& state = pytorch_data::encoder_2_pre_gelu_d8_h4_ff16_causal_f64_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_2_pre_gelu_d8_h4_ff16_causal_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoder<cta::pytorch::nn::TransformerEncoderLayer<T, 8, 4, 16, cta::gelu_t, true>, 2, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct encoder_2_pre_gelu_d8_h4_ff16_causal_f32 {
    using T = float;
    static constexpr const char* name = "encoder_2_pre_gelu_d8_h4_ff16_causal_f32";
    static constexpr const auto& state = pytorch_data::encoder_2_pre_gelu_d8_h4_ff16_causal_f32_safetensors;
    static constexpr const auto& io = pytorch_data::encoder_2_pre_gelu_d8_h4_ff16_causal_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerEncoder<cta::pytorch::nn::TransformerEncoderLayer<T, 8, 4, 16, cta::gelu_t, true>, 2, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 6;
    static constexpr bool batch_first = false;
    static constexpr const char* mask_name = "mask";
    static constexpr bool src_mask = true;
    static constexpr bool src_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::encoder;
};

struct decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64 {
    using T = double;
    static constexpr const char* name = "decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64";
    static constexpr const auto& state = pytorch_data::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoder<cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, false>, 2, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = true;
    static constexpr std::size_t n_memory = 5;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f32 {
    using T = float;
    static constexpr const char* name = "decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f32";
    static constexpr const auto& state = pytorch_data::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoder<cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::relu_t, false>, 2, true>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 2;
    static constexpr std::size_t n = 4;
    static constexpr bool batch_first = true;
    static constexpr std::size_t n_memory = 5;
    static constexpr bool tgt_mask = true;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = true;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f64 {
    using T = double;
    static constexpr const char* name = "decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f64";
    static constexpr const auto& state = pytorch_data::decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f64_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f64_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoder<cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::gelu_t, true>, 2, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 4;
    static constexpr bool tgt_mask = false;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

struct decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f32 {
    using T = float;
    static constexpr const char* name = "decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f32";
    static constexpr const auto& state = pytorch_data::decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f32_safetensors;
    static constexpr const auto& io = pytorch_data::decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f32_io_safetensors;
    using module = cta::pytorch::nn::TransformerDecoder<cta::pytorch::nn::TransformerDecoderLayer<T, 8, 2, 16, cta::gelu_t, true>, 2, false>;
    static constexpr double layer_norm_eps = 1e-05;
    static constexpr std::size_t batch = 1;
    static constexpr std::size_t n = 3;
    static constexpr bool batch_first = false;
    static constexpr std::size_t n_memory = 4;
    static constexpr bool tgt_mask = false;
    static constexpr bool tgt_key_padding_mask = false;
    static constexpr bool memory_key_padding_mask = false;
    static constexpr pytorch_test::kind kind = pytorch_test::kind::decoder;
};

}  // namespace pytorch_cases

// The cases by group, each as X(case): the basic modules, MultiheadAttention, the encoder's layers and
// stacks, the decoder's.
#define CTA_PYTORCH_CASES_MODULES(X) \
    X(linear_3x5_f64) \
    X(linear_3x5_f32) \
    X(linear_8x4_f64) \
    X(linear_8x4_f32) \
    X(linear_6x6_nobias_f64) \
    X(linear_6x6_nobias_f32) \
    X(linear_16x8_f64) \
    X(linear_16x8_f32) \
    X(linear_4x16_nobias_f64) \
    X(linear_4x16_nobias_f32) \
    X(layer_norm_8_f64) \
    X(layer_norm_8_f32) \
    X(layer_norm_16_eps1e_3_f64) \
    X(layer_norm_16_eps1e_3_f32) \
    X(layer_norm_4_noaffine_f64) \
    X(layer_norm_4_noaffine_f32) \
    X(layer_norm_12_noaffine_eps1e_2_f64) \
    X(layer_norm_12_noaffine_eps1e_2_f32) \
    X(embedding_10x4_f64) \
    X(embedding_10x4_f32) \
    X(embedding_16x8_f64) \
    X(embedding_16x8_f32)
#define CTA_PYTORCH_CASES_ATTENTION(X) \
    X(mha_self_e8_h1_f64) \
    X(mha_self_e8_h1_f32) \
    X(mha_self_e8_h2_causal_bf_f64) \
    X(mha_self_e8_h2_causal_bf_f32) \
    X(mha_self_e16_h4_float_mask_f64) \
    X(mha_self_e16_h4_float_mask_f32) \
    X(mha_self_e16_h8_padding_bf_f64) \
    X(mha_self_e16_h8_padding_bf_f32) \
    X(mha_self_e8_h2_causal_padding_f64) \
    X(mha_self_e8_h2_causal_padding_f32) \
    X(mha_self_e4_h4_len1_bf_f64) \
    X(mha_self_e4_h4_len1_bf_f32) \
    X(mha_self_e8_h4_nobias_causal_f64) \
    X(mha_self_e8_h4_nobias_causal_f32) \
    X(mha_cross_e8_h2_q3_kv6_padding_f64) \
    X(mha_cross_e8_h2_q3_kv6_padding_f32) \
    X(mha_cross_e16_h4_q5_kv3_float_mask_bf_f64) \
    X(mha_cross_e16_h4_q5_kv3_float_mask_bf_f32) \
    X(mha_cross_e8_h8_q2_kv4_causal_f64) \
    X(mha_cross_e8_h8_q2_kv4_causal_f32) \
    X(mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64) \
    X(mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f32) \
    X(mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f64) \
    X(mha_kvdim_e16_h8_k12_v10_q3_kv7_padding_f32) \
    X(mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f64) \
    X(mha_kvdim_e8_h4_k4_v12_q6_kv6_nobias_float_mask_f32)
#define CTA_PYTORCH_CASES_ENCODER(X) \
    X(encoder_layer_post_relu_d8_h2_ff16_f64) \
    X(encoder_layer_post_relu_d8_h2_ff16_f32) \
    X(encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f64) \
    X(encoder_layer_pre_gelu_d8_h2_ff16_causal_bf_f32) \
    X(encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f64) \
    X(encoder_layer_post_gelu_d16_h4_ff32_eps1e_3_padding_bf_f32) \
    X(encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f64) \
    X(encoder_layer_pre_relu_d8_h4_ff16_zero_bias_causal_padding_f32) \
    X(encoder_layer_post_relu_d16_h8_ff32_bf_f64) \
    X(encoder_layer_post_relu_d16_h8_ff32_bf_f32) \
    X(encoder_layer_post_relu_d4_h1_ff8_len1_f64) \
    X(encoder_layer_post_relu_d4_h1_ff8_len1_f32) \
    X(encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64) \
    X(encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f32) \
    X(encoder_2_pre_gelu_d8_h4_ff16_causal_f64) \
    X(encoder_2_pre_gelu_d8_h4_ff16_causal_f32)
#define CTA_PYTORCH_CASES_DECODER(X) \
    X(decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f64) \
    X(decoder_layer_post_relu_d8_h2_ff16_q4_kv6_f32) \
    X(decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f64) \
    X(decoder_layer_pre_gelu_d8_h4_ff16_q5_kv3_causal_padding_bf_f32) \
    X(decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f64) \
    X(decoder_layer_post_gelu_d16_h8_ff32_q3_kv7_eps1e_3_causal_f32) \
    X(decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f64) \
    X(decoder_layer_pre_relu_d8_h2_ff16_q6_kv4_zero_bias_masks_f32) \
    X(decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64) \
    X(decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f32) \
    X(decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f64) \
    X(decoder_2_pre_gelu_d8_h2_ff16_q3_kv4_f32)
