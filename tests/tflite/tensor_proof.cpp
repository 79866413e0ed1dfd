// SPDX-License-Identifier: BSL-1.0
// static.tflite_reader, second part: the tensors of hello_world_int8.tflite as typed matrices, while compiling. Its
// three FULLY_CONNECTED layers (1 -> 16 -> 16 -> 1, TensorFlow Lite's [output, input] weights, int8 per tensor, int32
// biases) load with load_transposed and load into matrices whose types carry the file's scales and zero points, each
// element the little-endian value of the buffer's bytes (whose hash reader_proof.cpp proves against FlatBuffers'
// reader); and each load_status is what try_load gives where a rule does not hold.
#include <cstddef>
#include <cstdint>

#include <cta/tflite.hpp>

#include <tflite_files.hpp>

namespace {

using cta::quantized::qmatrix;
using cta::tflite::load_status;

constexpr auto hello = cta::tflite::open(cta_test::tflite::files::hello_world_int8_tflite).model;
constexpr auto graph = hello.subgraphs()[0];
/// The tensor named `name`.
constexpr auto tensor(const char* name) { return graph.tensors()[cta::tflite::find_tensor(graph, name)]; }

constexpr auto w1 = tensor("sequential/dense/MatMul");      // [16, 1]
constexpr auto w2 = tensor("sequential/dense_1/MatMul");    // [16, 16]
constexpr auto b2 = tensor("sequential/dense_1/BiasAdd/ReadVariableOp");  // [16], int32
using W1 = qmatrix<std::int8_t, 1, 16, cta::tflite::per_tensor_of(w1)>;  // input 1, output 16
using W2 = qmatrix<std::int8_t, 16, 16, cta::tflite::per_tensor_of(w2)>;
using B2 = cta::matrix<std::int32_t, 1, 16>;

constexpr W1 first = cta::tflite::load_transposed<W1>(hello, "sequential/dense/MatMul");
constexpr W2 second = cta::tflite::load_transposed<W2>(hello, "sequential/dense_1/MatMul");
constexpr B2 bias = cta::tflite::load<B2>(hello, "sequential/dense_1/BiasAdd/ReadVariableOp");

// The types carry the file's quantization: the scales by their bits (tests/tflite/reference/hello_world_int8.txt).
static_assert(W1::quantization.scale_bits == 0x3b8459aaU && W1::quantization.zero_point == 0);
static_assert(W2::quantization.scale_bits == 0x3c327f7fU && W2::quantization.zero_point == 0);

/// Whether element (i, j) of `m` is the value of element `k(i, j)` of the tensor's buffer, each byte read here.
template <class M, class Index>
constexpr bool holds_buffer(const M& m, const cta::tflite::tensor<unsigned char>& t, Index k) {
    const auto data = hello.buffers()[t.buffer()].data();
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j) {
            using T = typename M::value_type;
            std::int64_t v = 0;
            for (std::size_t b = sizeof(T); b-- > 0;) v = v * 256 + data[k(i, j) * sizeof(T) + b];
            if (v >= (std::int64_t{1} << (8 * sizeof(T) - 1))) v -= std::int64_t{1} << (8 * sizeof(T));
            if (m(i, j) != v) return false;
        }
    return true;
}
// Weights [output, input]: element (input i, output j) of the matrix is element j * inputs + i of the buffer.
static_assert(holds_buffer(first, w1, [](std::size_t i, std::size_t j) { return j * 1 + i; }));
static_assert(holds_buffer(second, w2, [](std::size_t i, std::size_t j) { return j * 16 + i; }));
static_assert(holds_buffer(bias, b2, [](std::size_t, std::size_t j) { return j; }));
// A layer of one input is a row of 16 weights, not all equal.
static_assert(first(0, 0) != first(0, 1) || first(0, 1) != first(0, 2));

// Where a rule does not hold (the reason and the tensor's index).
constexpr bool refused(load_status why, load_status expected, std::size_t index, std::size_t expected_index) {
    return why == expected && index == expected_index;
}
constexpr std::size_t w2_index = cta::tflite::find_tensor(graph, "sequential/dense_1/MatMul");
static_assert(w2_index == 4);
// no such tensor: the index is the tensor count
static_assert(refused(cta::tflite::try_load<W2>(hello, "dense_1").why, load_status::missing_tensor,
                      cta::tflite::try_load<W2>(hello, "dense_1").tensor, 10));
// [16, 16] is not 16 x 8
static_assert(cta::tflite::try_load<qmatrix<std::int8_t, 16, 8, W2::quantization>>(hello, "sequential/dense_1/MatMul")
                  .why == load_status::shape_mismatch);
// INT8 is not int16, float
static_assert(cta::tflite::try_load<qmatrix<std::int16_t, 16, 16, W2::quantization>>(hello, "sequential/dense_1/MatMul")
                  .why == load_status::type_mismatch);
static_assert(cta::tflite::try_load<cta::matrix<float, 16, 16>>(hello, "sequential/dense_1/MatMul").why ==
              load_status::type_mismatch);
// another scale (one ulp below the file's 0x1.64fefep-7), another zero point, per channel where the file has one scale
static_assert(cta::quantized::affine(0x1.64fefep-7f, 0) == W2::quantization);
static_assert(cta::tflite::try_load<qmatrix<std::int8_t, 16, 16, cta::quantized::affine(0x1.64fefcp-7f, 0)>>(
                  hello, "sequential/dense_1/MatMul")
                  .why == load_status::quantization_mismatch);
static_assert(cta::tflite::try_load<qmatrix<std::int8_t, 16, 16, cta::quantized::affine(0x1.64fefep-7f, 1)>>(
                  hello, "sequential/dense_1/MatMul")
                  .why == load_status::quantization_mismatch);
constexpr float same_scales[16] = {0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f,
                                   0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f,
                                   0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f,
                                   0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f, 0x1.64fefep-7f};
static_assert(cta::tflite::try_load_transposed<qmatrix<std::int8_t, 16, 16, cta::quantized::symmetric(same_scales)>>(
                  hello, "sequential/dense_1/MatMul")
                  .why == load_status::quantization_mismatch);
// the input, computed at run time, has no data
constexpr auto input = tensor("serving_default_dense_input:0");
static_assert(cta::tflite::try_load<qmatrix<std::int8_t, 1, 1, cta::tflite::per_tensor_of(input)>>(
                  hello, "serving_default_dense_input:0")
                  .why == load_status::no_data);

}  // namespace
