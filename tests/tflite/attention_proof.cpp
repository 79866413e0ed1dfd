// SPDX-License-Identifier: BSL-1.0
// static.tflite_attention: int8 self-attention from a converted model's parameters, while compiling. The scales and
// zero points of blocks/self_attention_int8.tflite (one head, written by write_blocks.py: FULLY_CONNECTED with
// per-channel weights and int32 biases for Q, K and V, BATCH_MATMUL with adj_y, SOFTMAX, BATCH_MATMUL) make the
// parameters of cta::quantized::self_attention, its int8 weights and int32 biases the model; on the 20 inputs of
// tflm/inputs the typed layer computes exactly what TensorFlow Lite Micro computes from the file (tflm/outputs), as
// cta::tflite::program does. Without the biases it does not. The same for two heads and the output projection
// (blocks/multi_head_attention_int8.tflite: the heads by RESHAPE and TRANSPOSE) and
// cta::quantized::multi_head_self_attention.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/tflite/program.hpp>

#include "attention_parameters.hpp"
#include <tflm_expected.hpp>

namespace {

namespace tflm = cta_test::tflite::tflm;
namespace q = cta::quantized;
using namespace cta_test::tflite::attention;

// docs/tflite.md, "Typed layers from a file's parameters": the weights' [output, input] tensors as d_in x d_k
// matrices, the biases as rows; each load checks the tensor's shape, type and quantization against the matrix's type
// and stops the build naming what differs.
constexpr q::self_attention_model<P> model{
    cta::tflite::load_transposed<q::qmatrix<std::int8_t, 8, 4, P.w_query>>(file, "q/weights"),
    cta::tflite::load_transposed<q::qmatrix<std::int8_t, 8, 4, P.w_key>>(file, "k/weights"),
    cta::tflite::load_transposed<q::qmatrix<std::int8_t, 8, 6, P.w_value>>(file, "v/weights"),
    cta::tflite::load<cta::matrix<std::int32_t, 1, 4>>(file, "q/bias"),
    cta::tflite::load<cta::matrix<std::int32_t, 1, 4>>(file, "k/bias"),
    cta::tflite::load<cta::matrix<std::int32_t, 1, 6>>(file, "v/bias")};
// The same as attention_parameters.hpp's try_load route (attention_test.cpp's at run time).
static_assert(self_attention_model_of(file).ok);
static_assert(self_attention_model_of(file).model.w_query == model.w_query &&
              self_attention_model_of(file).model.b_value == model.b_value);

// Six operators (tests/tflite/blocks/README.md); softmax's output as TensorFlow Lite fixes it; the layer's input and
// output types are the program's.
static_assert(file.subgraphs()[0].operators().size() == 6);
static_assert(P.weights == q::affine(1.0F / 256.0F, -128));
using program = cta::tflite::program<cta_test::tflite::files::self_attention_int8_tflite>;
using X = q::qmatrix<std::int8_t, 4, 8, P.inputs>;
static_assert(std::is_same_v<program::input_type<0>, X>);
static_assert(std::is_same_v<program::output_type<0>, q::qmatrix<std::int8_t, 4, 6, P.outputs>>);
// The biases are not all zero.
static_assert(model.b_query(0, 0) != 0 || model.b_query(0, 1) != 0);

/// Input `r` of tflm/inputs (the same 20 lines for both files).
template <class In>
constexpr In input(std::size_t r) {
    static_assert(tflm::self_attention_int8_runs == 20 && tflm::multi_head_attention_int8_runs == 20);
    In x{};
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 8; ++j)
            x(i, j) = static_cast<std::int8_t>(tflm::self_attention_int8_inputs[(r * 4 + i) * 8 + j]);
    return x;
}

/// The number of the 20 runs whose outputs `y(x)` are TensorFlow Lite Micro's `expected`, element for element, and
/// (checked where `Program` is given) those of the program of the file.
template <class In, class Program, class Layer>
constexpr std::size_t runs_as_tflm(Layer y, const long long* expected) {
    std::size_t same = 0;
    for (std::size_t r = 0; r < 20; ++r) {
        const auto out = y(input<In>(r));
        bool equal = Program::run(input<In>(r)) == out;
        for (std::size_t i = 0; i < out.rows; ++i)
            for (std::size_t j = 0; j < out.cols; ++j)
                equal = equal && out(i, j) == expected[(r * out.rows + i) * out.cols + j];
        same += equal ? 1 : 0;
    }
    return same;
}
static_assert(runs_as_tflm<X, program>([](const X& x) { return q::self_attention(x, model); },
                                        tflm::self_attention_int8_outputs) == 20);

// The same model without its biases: no run gives TensorFlow Lite Micro's outputs.
constexpr q::self_attention_model<P> without_biases{model.w_query, model.w_key, model.w_value};
static_assert(runs_as_tflm<X, program>([](const X& x) { return q::self_attention(x, without_biases); },
                                        tflm::self_attention_int8_outputs) == 0);

// Two heads and W_O: the scores of both heads one tensor (one quantization), as cta's multi-head layer has them.
static_assert(mh_file.subgraphs()[0].operators().size() == 15);
constexpr auto mh = multi_head_model_of(mh_file);
static_assert(mh.ok);
using MX = q::qmatrix<std::int8_t, 4, 8, MH.inputs>;
using mh_program = cta::tflite::program<cta_test::tflite::files::multi_head_attention_int8_tflite>;
static_assert(std::is_same_v<mh_program::input_type<0>, MX>);
static_assert(std::is_same_v<mh_program::output_type<0>, q::qmatrix<std::int8_t, 4, 8, MH.outputs>>);
static_assert(runs_as_tflm<MX, mh_program>([](const MX& x) { return q::multi_head_self_attention(x, mh.model); },
                                           tflm::multi_head_attention_int8_outputs) == 20);

// Without the biases, or scaling the scores once more, no run gives TensorFlow Lite Micro's outputs.
constexpr q::multi_head_model<MH> mh_without_biases{mh.model.w_query, mh.model.w_key, mh.model.w_value,
                                                    mh.model.w_output};
static_assert(runs_as_tflm<MX, mh_program>(
                  [](const MX& x) { return q::multi_head_self_attention(x, mh_without_biases); },
                  tflm::multi_head_attention_int8_outputs) == 0);
constexpr auto MH_scaled = [] {
    auto p = MH;
    p.scaled = true;
    return p;
}();
// (The weights' types are the same: their quantization is.)
constexpr q::multi_head_model<MH_scaled> mh_scaled_twice{mh.model.w_query,  mh.model.w_key,  mh.model.w_value,
                                                         mh.model.w_output, mh.model.b_query, mh.model.b_key,
                                                         mh.model.b_value,  mh.model.b_output};
static_assert(runs_as_tflm<MX, mh_program>(
                  [](const MX& x) { return q::multi_head_self_attention(x, mh_scaled_twice); },
                  tflm::multi_head_attention_int8_outputs) == 0);

}  // namespace
