// SPDX-License-Identifier: BSL-1.0
// The parameters of the attention layers of blocks/self_attention_int8.tflite and multi_head_attention_int8.tflite,
// written with the files' scales and zero points (attention_proof.cpp, attention_test.cpp; docs/tflite.md, "Typed
// layers from a file's parameters").
#pragma once

#include <cta/quantized/attention.hpp>
#include <cta/quantized/multi_head.hpp>
#include <cta/tflite.hpp>

#include <tflite_files.hpp>

namespace cta_test::tflite::attention {

namespace q = cta::quantized;
using cta::tflite::per_channel_of;
using cta::tflite::per_tensor_of;

/// The tensor named `name` of the first subgraph of `model`.
template <class Model>
constexpr auto tensor(const Model& model, const char* name) {
    const auto graph = model.subgraphs()[0];
    return graph.tensors()[cta::tflite::find_tensor(graph, name)];
}

/// One head: x 4 x 8, Q and K 4 x 4, V 4 x 6.
inline constexpr auto file = cta::tflite::open(files::self_attention_int8_tflite).model;
inline constexpr q::self_attention_quantization<8, 4, 6> P{.inputs = per_tensor_of(tensor(file, "x")),
                                                           .w_query = per_channel_of<4>(tensor(file, "q/weights")),
                                                           .w_key = per_channel_of<4>(tensor(file, "k/weights")),
                                                           .w_value = per_channel_of<6>(tensor(file, "v/weights")),
                                                           .queries = per_tensor_of(tensor(file, "q")),
                                                           .keys = per_tensor_of(tensor(file, "k")),
                                                           .values = per_tensor_of(tensor(file, "v")),
                                                           .scores = per_tensor_of(tensor(file, "scores")),
                                                           .weights = per_tensor_of(tensor(file, "weights")),
                                                           .outputs = per_tensor_of(tensor(file, "outputs"))};

/// Two heads and W_O, 4 x 8 in and out; 1/sqrt(d_k) is in the file's W_Q and b_Q, so the layer does not scale the
/// scores again (scaled = false).
inline constexpr auto mh_file = cta::tflite::open(files::multi_head_attention_int8_tflite).model;
inline constexpr q::multi_head_quantization<2, 8, 8, 8> MH{
    .inputs = per_tensor_of(tensor(mh_file, "x")),
    .w_query = per_channel_of<8>(tensor(mh_file, "q/weights")),
    .w_key = per_channel_of<8>(tensor(mh_file, "k/weights")),
    .w_value = per_channel_of<8>(tensor(mh_file, "v/weights")),
    .w_output = per_channel_of<8>(tensor(mh_file, "o/weights")),
    .queries = per_tensor_of(tensor(mh_file, "q")),
    .keys = per_tensor_of(tensor(mh_file, "k")),
    .values = per_tensor_of(tensor(mh_file, "v")),
    .scores = per_tensor_of(tensor(mh_file, "scores")),
    .weights = per_tensor_of(tensor(mh_file, "weights")),
    .heads_outputs = per_tensor_of(tensor(mh_file, "heads_out")),
    .outputs = per_tensor_of(tensor(mh_file, "o")),
    .scaled = false};

/// The layers' models from a model file (`open`'s) with the weights and biases of those files: a converted
/// FULLY_CONNECTED's weights are [output, input], so each loads transposed. `try_load` at run time: the models and
/// whether every tensor loaded.
template <class Model>
constexpr auto self_attention_model_of(const Model& m) {
    struct {
        q::self_attention_model<P> model;
        bool ok;
    } r{};
    const auto wq = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 4, P.w_query>>(m, "q/weights");
    const auto wk = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 4, P.w_key>>(m, "k/weights");
    const auto wv = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 6, P.w_value>>(m, "v/weights");
    const auto bq = cta::tflite::try_load<cta::matrix<std::int32_t, 1, 4>>(m, "q/bias");
    const auto bk = cta::tflite::try_load<cta::matrix<std::int32_t, 1, 4>>(m, "k/bias");
    const auto bv = cta::tflite::try_load<cta::matrix<std::int32_t, 1, 6>>(m, "v/bias");
    r.model = {wq.value, wk.value, wv.value, bq.value, bk.value, bv.value};
    r.ok = wq.ok() && wk.ok() && wv.ok() && bq.ok() && bk.ok() && bv.ok();
    return r;
}
template <class Model>
constexpr auto multi_head_model_of(const Model& m) {
    struct {
        q::multi_head_model<MH> model;
        bool ok;
    } r{};
    const auto wq = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 8, MH.w_query>>(m, "q/weights");
    const auto wk = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 8, MH.w_key>>(m, "k/weights");
    const auto wv = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 8, MH.w_value>>(m, "v/weights");
    const auto wo = cta::tflite::try_load_transposed<q::qmatrix<std::int8_t, 8, 8, MH.w_output>>(m, "o/weights");
    using B = cta::matrix<std::int32_t, 1, 8>;
    const auto bq = cta::tflite::try_load<B>(m, "q/bias");
    const auto bk = cta::tflite::try_load<B>(m, "k/bias");
    const auto bv = cta::tflite::try_load<B>(m, "v/bias");
    const auto bo = cta::tflite::try_load<B>(m, "o/bias");
    r.model = {wq.value, wk.value, wv.value, wo.value, bq.value, bk.value, bv.value, bo.value};
    r.ok = wq.ok() && wk.ok() && wv.ok() && wo.ok() && bq.ok() && bk.ok() && bv.ok() && bo.ok();
    return r;
}

}  // namespace cta_test::tflite::attention
