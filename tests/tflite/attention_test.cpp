// SPDX-License-Identifier: BSL-1.0
// int8 self-attention from a converted model's parameters at run time (static.tflite_attention proves it while
// compiling): blocks/self_attention_int8.tflite and multi_head_attention_int8.tflite read from disk, their weights and
// biases loaded at run time into the layers whose types carry the files' scales and zero points, compute on the 20
// inputs of tflm/inputs exactly what TensorFlow Lite Micro computes (tflm/outputs).
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "attention_parameters.hpp"
#include "tflm_numbers.hpp"

namespace {

namespace q = cta::quantized;
using namespace cta_test::tflite::attention;

/// The bytes of blocks/<name>.tflite.
std::vector<unsigned char> block_file(const std::string& name) {
    std::ifstream in(std::string(CTA_TFLITE_MODELS_DIR) + "/../blocks/" + name + ".tflite", std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The output elements of `y(x)` on the 20 lines of tflm/inputs/<name>.txt (4 x 8 int8 each, X's elements) that are
/// TensorFlow Lite Micro's (tflm/outputs), and their count.
template <class X, class Layer>
std::pair<std::size_t, std::size_t> as_tflm(const std::string& name, Layer y) {
    const std::vector<long long> inputs = cta_test::tflite::tflm_numbers("inputs", name);
    const std::vector<long long> outputs = cta_test::tflite::tflm_numbers("outputs", name);
    REQUIRE(inputs.size() == 20 * 32);
    std::size_t same = 0, count = 0;
    for (std::size_t r = 0; r < 20; ++r) {
        X x{};
        for (std::size_t i = 0; i < 4; ++i)
            for (std::size_t j = 0; j < 8; ++j) x(i, j) = static_cast<std::int8_t>(inputs[r * 32 + i * 8 + j]);
        const auto out = y(x);
        REQUIRE(outputs.size() == 20 * out.rows * out.cols);
        for (std::size_t k = 0; k < out.rows * out.cols; ++k, ++count)
            same += out.data()[k] == outputs[r * out.rows * out.cols + k] ? 1 : 0;
    }
    return {same, count};
}

}  // namespace

TEST_CASE("attention_from_file_parameters", "[tflite]") {
    const std::vector<unsigned char> bytes = block_file("self_attention_int8");
    const auto opened = cta::tflite::open(bytes);
    REQUIRE(opened.ok());
    const auto loaded = self_attention_model_of(opened.model);
    REQUIRE(loaded.ok);
    using X = q::qmatrix<std::int8_t, 4, 8, P.inputs>;
    const auto [same, count] =
        as_tflm<X>("self_attention_int8", [&](const X& x) { return q::self_attention(x, loaded.model); });
    CHECK(count == 20 * 24);
    CHECK(same == count);
}

TEST_CASE("multi_head_attention_from_file_parameters", "[tflite]") {
    const std::vector<unsigned char> bytes = block_file("multi_head_attention_int8");
    const auto opened = cta::tflite::open(bytes);
    REQUIRE(opened.ok());
    const auto loaded = multi_head_model_of(opened.model);
    REQUIRE(loaded.ok);
    using X = q::qmatrix<std::int8_t, 4, 8, MH.inputs>;
    const auto [same, count] = as_tflm<X>("multi_head_attention_int8", [&](const X& x) {
        return q::multi_head_self_attention(x, loaded.model);
    });
    CHECK(count == 20 * 32);
    CHECK(same == count);
}
