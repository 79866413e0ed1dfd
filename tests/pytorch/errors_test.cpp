// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::try_load on state_dicts that do not fit the module: the reason, the tensor's full name, its dtype
// and shape in the file; nothing half loaded (the module is all zeros). And prefixes: a layer of a stack loaded alone
// is the stack's layer. The same loads in a constant evaluation stop the build (tests/compile_fail, pytorch_*).
#include <cstddef>
#include <string>

#include "catch.hpp"

#include <cta/pytorch.hpp>

#include <pytorch_data.hpp>

namespace {

namespace nn = cta::pytorch::nn;
using cta::weights::status;

std::string name_of(const cta::weights::tensor_name& t) { return std::string(t.chars, t.size); }

template <class M>
bool all_zero(const M& m) {
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j)
            if (m.elems[i][j] != 0) return false;
    return true;
}

}  // namespace

TEST_CASE("errors: a tensor the module needs and the file lacks: missing_tensor, with its full name") {
    using Layer = nn::TransformerEncoderLayer<double, 8, 2, 16>;
    const auto r = cta::pytorch::try_load<Layer>(pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f64_safetensors,
                                                 "encoder.layers.0.");
    CHECK(r.reason == status::missing_tensor);
    CHECK(name_of(r.tensor) == "encoder.layers.0.self_attn.in_proj_weight");
    CHECK(all_zero(r.value.self_attention.w_query));
    // The stack's file holds layers.0.* and layers.1.*: the layer alone, without a prefix, finds none of them.
    const auto stack = cta::pytorch::try_load<Layer>(
        pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_safetensors);
    CHECK(stack.reason == status::missing_tensor);
    CHECK(name_of(stack.tensor) == "self_attn.in_proj_weight");
    // kdim != embed_dim: PyTorch keeps q_proj_weight, k_proj_weight and v_proj_weight, not in_proj_weight.
    const auto separate = cta::pytorch::try_load<nn::MultiheadAttention<double, 8, 2>>(
        pytorch_data::mha_kvdim_e8_h2_k6_v4_q4_kv5_bf_f64_safetensors);
    CHECK(separate.reason == status::missing_tensor);
    CHECK(name_of(separate.tensor) == "in_proj_weight");
}

TEST_CASE("errors: a tensor under the prefix that the module does not have: unexpected_tensor") {
    // nn.Linear(5, 3, bias=False) from a state_dict with a bias.
    const auto r = cta::pytorch::try_load<nn::Linear<double, 5, 3, false>>(pytorch_data::linear_3x5_f64_safetensors);
    CHECK(r.reason == status::unexpected_tensor);
    CHECK(name_of(r.tensor) == "bias");
    CHECK(r.file.rank == 1);
    CHECK(r.file.shape[0] == 3);
    CHECK(all_zero(r.value.weight));
    // A stack without its final norm, from a state_dict with one.
    using Layer = nn::TransformerEncoderLayer<double, 8, 2, 16>;
    const auto stack = cta::pytorch::try_load<nn::TransformerEncoder<Layer, 2, false>>(
        pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_safetensors);
    CHECK(stack.reason == status::unexpected_tensor);
    CHECK(name_of(stack.tensor).rfind("norm.", 0) == 0);
    // One layer of the two, by its prefix: the other layer's tensors are not under the prefix, so they may be there.
    const auto one = cta::pytorch::try_load<Layer>(
        pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_safetensors, "layers.1.");
    CHECK(one.ok());
}

TEST_CASE("errors: a tensor of another shape or dtype: shape_mismatch, dtype_mismatch") {
    const auto shape = cta::pytorch::try_load<nn::Linear<double, 5, 4>>(pytorch_data::linear_3x5_f64_safetensors);
    CHECK(shape.reason == status::shape_mismatch);
    CHECK(name_of(shape.tensor) == "weight");
    CHECK(shape.file.rank == 2);
    CHECK(shape.file.shape[0] == 3);
    CHECK(shape.file.shape[1] == 5);
    CHECK(all_zero(shape.value.weight));
    // Float32 weights do not hold the float64 values exactly: no rounding on the way in.
    const auto dtype = cta::pytorch::try_load<nn::Linear<float, 5, 3>>(pytorch_data::linear_3x5_f64_safetensors);
    CHECK(dtype.reason == status::dtype_mismatch);
    CHECK(name_of(dtype.tensor) == "weight");
    CHECK(dtype.file.type == cta::weights::dtype::f64);
    // Float32 files load exactly into double.
    const auto wider = cta::pytorch::try_load<nn::Linear<double, 5, 3>>(pytorch_data::linear_3x5_f32_safetensors);
    CHECK(wider.ok());
    // The heads divide embed_dim, but 8 columns of in_proj_weight are not 16.
    const auto heads = cta::pytorch::try_load<nn::MultiheadAttention<double, 16, 2>>(
        pytorch_data::mha_self_e8_h1_f64_safetensors);
    CHECK(heads.reason == status::shape_mismatch);
    CHECK(name_of(heads.tensor) == "in_proj_weight");
}

TEST_CASE("errors: more tensors than the reader's capacity: too_many_tensors") {
    using Layer = nn::TransformerEncoderLayer<double, 8, 2, 16>;
    const auto r = cta::pytorch::try_load<Layer, 4>(pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f64_safetensors);
    CHECK(r.reason == status::too_many_tensors);
    const auto enough =
        cta::pytorch::try_load<Layer, 12>(pytorch_data::encoder_layer_post_relu_d8_h2_ff16_f64_safetensors);
    CHECK(enough.ok());
}

TEST_CASE("errors: a layer of a stack by its prefix is the stack's layer") {
    using Layer = nn::TransformerDecoderLayer<double, 8, 2, 16>;
    using Stack = nn::TransformerDecoder<Layer, 2, true>;
    const auto& file = pytorch_data::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64_safetensors;
    const auto stack = cta::pytorch::load<Stack>(file);
    const auto second = cta::pytorch::load<Layer>(file, "layers.1.");
    CHECK(second.cross_attention.w_value == stack.layers[1].cross_attention.w_value);
    CHECK(second.norm_3.gain == stack.layers[1].norm_3.gain);
    CHECK(second.feed_forward.w_2 == stack.layers[1].feed_forward.w_2);
    CHECK(!(second.feed_forward.w_2 == stack.layers[0].feed_forward.w_2));
    // PyTorch's weight is out x in; the library's is its transpose: linear2.weight [8, 16] as w_2, 16 x 8.
    const auto linear2 = cta::pytorch::load<nn::Linear<double, 16, 8>>(file, "layers.1.linear2.");
    CHECK(linear2.weight == second.feed_forward.w_2);
    CHECK(linear2.bias == second.feed_forward.b_2);
}

TEST_CASE("errors: a batch tensor of another shape: shape_mismatch") {
    using X = cta::matrix<double, 5, 8>;
    const auto& io = pytorch_data::encoder_2_post_relu_d8_h2_ff16_norm_padding_bf_f64_io_safetensors;  // src [2, 5, 8]
    CHECK(cta::pytorch::try_load_batch<X, 2>(io, "src", cta::pytorch::batch_first).ok());
    const auto transposed = cta::pytorch::try_load_batch<X, 2>(io, "src", cta::pytorch::sequence_first);
    CHECK(transposed.reason == status::shape_mismatch);
    CHECK(transposed.file.rank == 3);
    const auto missing = cta::pytorch::try_load_batch<X, 2>(io, "tgt", cta::pytorch::batch_first);
    CHECK(missing.reason == status::missing_tensor);
    CHECK(name_of(missing.tensor) == "tgt");
}
