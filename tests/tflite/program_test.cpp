// SPDX-License-Identifier: BSL-1.0
// cta::tflite::program at run time: TensorFlow Lite Micro's example models on the inputs of tflm/inputs, read from
// disk (numbers the compiler cannot see), give exactly what TensorFlow Lite Micro computes (tflm/outputs), as
// static.tflite_program proves while compiling.
#include <catch2/catch.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cta/quantized/gelu.hpp>
#include <cta/tflite/program.hpp>

#include "tflm_numbers.hpp"
#include <tflite_files.hpp>

namespace {

namespace files = cta_test::tflite::files;

using cta_test::tflite::tflm_numbers;

}  // namespace

TEST_CASE("program_hello_world_int8", "[tflite]") {
    using hello = cta::tflite::program<files::hello_world_int8_tflite>;
    const std::vector<long long> inputs = tflm_numbers("inputs", "hello_world_int8");
    const std::vector<long long> outputs = tflm_numbers("outputs", "hello_world_int8");
    REQUIRE(inputs.size() == 256);
    REQUIRE(outputs.size() == inputs.size());
    hello::storage s{};
    std::size_t same = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        hello::input_type<0> x{};
        x(0, 0) = static_cast<std::int8_t>(inputs[i]);
        hello::run_into(s, x);
        if (hello::output<0>(s)(0, 0) == outputs[i]) ++same;
        CHECK(hello::run(x)(0, 0) == outputs[i]);
    }
    CHECK(same == inputs.size());
}

TEST_CASE("program_hello_world_float", "[tflite]") {
    using hello = cta::tflite::program<files::hello_world_float_tflite>;
    const std::vector<long long> inputs = tflm_numbers("inputs", "hello_world_float");
    const std::vector<long long> outputs = tflm_numbers("outputs", "hello_world_float");
    REQUIRE(inputs.size() == 101);
    REQUIRE(outputs.size() == inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        hello::input_type<0> x{};
        x(0, 0) = std::bit_cast<float>(static_cast<std::uint32_t>(inputs[i]));
        CHECK(std::bit_cast<std::uint32_t>(hello::run(x)(0, 0)) == static_cast<std::uint32_t>(outputs[i]));
    }
}

/// The elements of the outputs of the 4 x 8 float block P on the 20 lines of tflm/inputs/<model>.txt that are
/// TensorFlow Lite Micro's (tflm/outputs), bit for bit; and their count.
template <class P>
std::pair<std::size_t, std::size_t> block_as_tflm(const std::string& model) {
    using X = typename P::template input_type<0>;
    const std::vector<long long> inputs = tflm_numbers("inputs", model);
    const std::vector<long long> outputs = tflm_numbers("outputs", model);
    REQUIRE(inputs.size() == 20 * 32);
    REQUIRE(outputs.size() == inputs.size());
    typename P::storage s{};
    std::size_t same = 0;
    for (std::size_t r = 0; r < 20; ++r) {
        X x{};
        for (std::size_t i = 0; i < X::rows; ++i)
            for (std::size_t j = 0; j < X::cols; ++j)
                x(i, j) = std::bit_cast<float>(static_cast<std::uint32_t>(inputs[r * 32 + i * 8 + j]));
        P::run_into(s, x);
        const auto y = P::template output<0>(s);
        for (std::size_t i = 0; i < 4; ++i)
            for (std::size_t j = 0; j < 8; ++j)
                if (std::bit_cast<std::uint32_t>(y(i, j)) == static_cast<std::uint32_t>(outputs[r * 32 + i * 8 + j]))
                    ++same;
    }
    return {same, outputs.size()};
}

TEST_CASE("program_activations_int8", "[tflite]") {
    using activations = cta::tflite::program<files::activations_int8_tflite>;
    const std::vector<long long> inputs = tflm_numbers("inputs", "activations_int8");
    const std::vector<long long> outputs = tflm_numbers("outputs", "activations_int8");
    REQUIRE(inputs.size() == 3 * 256);
    REQUIRE(outputs.size() == 6 * 256);
    activations::input_type<0> x0{};
    activations::input_type<1> x1{};
    activations::input_type<2> x2{};
    for (std::size_t j = 0; j < 256; ++j) {
        x0(0, j) = static_cast<std::int8_t>(inputs[j]);
        x1(0, j) = static_cast<std::int8_t>(inputs[256 + j]);
        x2(0, j) = static_cast<std::int8_t>(inputs[512 + j]);
    }
    activations::storage s{};
    activations::run_into(s, x0, x1, x2);
    std::size_t same = 0;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (
            [&] {
                const auto y = activations::output<I>(s);
                for (std::size_t j = 0; j < 256; ++j) same += y(0, j) == outputs[I * 256 + j];
            }(),
            ...);
    }(std::make_index_sequence<6>{});
    CHECK(same == outputs.size());
}

TEST_CASE("program_encoder_block_int8", "[tflite]") {
    const auto [same, count] = block_as_tflm<cta::tflite::program<files::encoder_block_int8_tflite>>(
        "encoder_block_int8");
    CHECK(same == count);
}

TEST_CASE("program_encoder_block_adj_x_int8", "[tflite]") {
    const auto [same, count] = block_as_tflm<cta::tflite::program<files::encoder_block_adj_x_int8_tflite>>(
        "encoder_block_adj_x_int8");
    CHECK(same == count);
}

namespace {

/// Input K of the model P from the numbers of a line of tflm/inputs starting at `line` (the inputs one after
/// another, each in row-major order; integers, or floats by their bits).
template <class P, std::size_t K>
typename P::template input_type<K> input_from(const long long* line) {
    using X = typename P::template input_type<K>;
    using T = typename X::value_type;
    std::size_t start = 0;
    for (std::size_t k = 0; k < K; ++k) start += P::plan.tensors[P::input_tensor(k)].count;
    X x{};
    for (std::size_t e = 0; e < X::rows * X::cols; ++e) {
        if constexpr (std::is_same_v<T, float>) {
            x.data()[e] = std::bit_cast<float>(static_cast<std::uint32_t>(line[start + e]));
        } else {
            x.data()[e] = static_cast<T>(line[start + e]);
        }
    }
    return x;
}

/// The elements of output O of the evaluation in `s` equal to TensorFlow Lite Micro's numbers from `expected` on.
template <class P, std::size_t O>
std::size_t output_matches(const typename P::storage& s, const long long* expected) {
    const auto y = P::template output<O>(s);
    using T = typename decltype(y)::value_type;
    std::size_t same = 0;
    for (std::size_t e = 0; e < y.rows * y.cols; ++e) {
        if constexpr (std::is_same_v<T, float>) {
            same += std::bit_cast<std::uint32_t>(y.data()[e]) == static_cast<std::uint32_t>(expected[e]) ? 1 : 0;
        } else {
            same += y.data()[e] == expected[e] ? 1 : 0;
        }
    }
    return same;
}

/// The output elements of the model P (its inputs one after another on each line, its outputs one after another)
/// on the lines of tflm/inputs/<model>.txt that are TensorFlow Lite Micro's (tflm/outputs), and their count.
template <class P, std::size_t... I, std::size_t... O>
std::pair<std::size_t, std::size_t> lines_as_tflm(const std::string& model, std::index_sequence<I...>,
                                                  std::index_sequence<O...>) {
    const std::vector<long long> inputs = tflm_numbers("inputs", model);
    const std::vector<long long> outputs = tflm_numbers("outputs", model);
    const std::size_t line = (std::size_t{0} + ... + P::plan.tensors[P::input_tensor(I)].count);
    const std::size_t out_counts[] = {P::plan.tensors[P::output_tensor(O)].count...};
    const std::size_t out_line = (std::size_t{0} + ... + out_counts[O]);
    REQUIRE(inputs.size() % line == 0);
    const std::size_t runs = inputs.size() / line;
    REQUIRE(outputs.size() == runs * out_line);
    typename P::storage s{};
    std::size_t same = 0;
    for (std::size_t r = 0; r < runs; ++r) {
        P::run_into(s, input_from<P, I>(inputs.data() + r * line)...);
        std::size_t start = r * out_line;
        ((same += output_matches<P, O>(s, outputs.data() + start), start += out_counts[O]), ...);
    }
    return {same, outputs.size()};
}
template <class P, std::size_t... I>
std::pair<std::size_t, std::size_t> lines_as_tflm(const std::string& model, std::index_sequence<I...> in) {
    return lines_as_tflm<P>(model, in, std::make_index_sequence<P::outputs>{});
}

}  // namespace

TEST_CASE("program_int16_add_sub_quantize", "[tflite]") {
    using add0 = cta::tflite::program<files::add0_tflite>;
    using sub0 = cta::tflite::program<files::sub0_tflite>;
    using quantize0 = cta::tflite::program<files::quantize0_tflite>;
    const auto [add_same, add_count] = lines_as_tflm<add0>("add0", std::make_index_sequence<2>{});
    const auto [sub_same, sub_count] = lines_as_tflm<sub0>("sub0", std::make_index_sequence<2>{});
    const auto [quantize_same, quantize_count] = lines_as_tflm<quantize0>("quantize0", std::make_index_sequence<1>{});
    CHECK(add_count == 8 * 320);
    CHECK(add_same == add_count);
    CHECK(sub_count == 8 * 1536);
    CHECK(sub_same == sub_count);
    CHECK(quantize_count == 8 * 640);
    CHECK(quantize_same == quantize_count);
}

TEST_CASE("program_encoder_block_d64_int8", "[tflite]") {
    using block = cta::tflite::program<files::encoder_block_d64_int8_tflite>;
    const auto [same, count] = lines_as_tflm<block>("encoder_block_d64_int8", std::make_index_sequence<1>{});
    CHECK(count == 4 * 16 * 64);
    CHECK(same == count);
}

TEST_CASE("gelu_int8_at_run_time", "[tflite]") {
    // gelu/tables.txt read from disk: each case's quantization (numbers the compiler cannot see) and TensorFlow Lite's
    // 256 outputs.
    const std::vector<long long> rows = tflm_numbers("../gelu", "tables");
    REQUIRE(rows.size() == 8 * 261);
    std::size_t same = 0;
    for (std::size_t r = 0; r < 8; ++r) {
        const long long* c = rows.data() + r * 261;
        const auto table = cta::quantized::prepare_gelu_int8(
            std::bit_cast<float>(static_cast<std::uint32_t>(c[0])), static_cast<std::int32_t>(c[1]),
            std::bit_cast<float>(static_cast<std::uint32_t>(c[2])), static_cast<std::int32_t>(c[3]), c[4] != 0);
        std::int8_t x[256], y[256];
        for (int v = -128; v <= 127; ++v) x[v + 128] = static_cast<std::int8_t>(v);
        cta::quantized::gelu(table, x, 256, y);
        for (std::size_t i = 0; i < 256; ++i) same += y[i] == c[5 + i] ? 1 : 0;
    }
    CHECK(same == 8 * 256);

    // The file's 8 GELU operators on every int8 value: the same outputs, in the order of the rows.
    using gelu_file = cta::tflite::program<files::gelu_int8_tflite>;
    std::vector<long long> line;
    for (int k = 0; k < 4; ++k)
        for (int v = -128; v <= 127; ++v) line.push_back(v);
    gelu_file::storage s{};
    gelu_file::run_into(s, input_from<gelu_file, 0>(line.data()), input_from<gelu_file, 1>(line.data()),
                        input_from<gelu_file, 2>(line.data()), input_from<gelu_file, 3>(line.data()));
    std::size_t file_same = 0;
    [&]<std::size_t... O>(std::index_sequence<O...>) {
        ((file_same += [&] {
              std::size_t n = 0;
              const auto y = gelu_file::output<O>(s);
              for (std::size_t i = 0; i < 256; ++i) n += y(0, i) == rows[O * 261 + 5 + i] ? 1 : 0;
              return n;
          }()),
         ...);
    }(std::make_index_sequence<8>{});
    CHECK(file_same == 8 * 256);
}

TEST_CASE("program_int16_mul_softmax_mean_squared_difference", "[tflite]") {
    using int16_ops = cta::tflite::program<files::int16_ops_tflite>;
    const auto [same, count] = lines_as_tflm<int16_ops>("int16_ops", std::make_index_sequence<3>{});
    // 8 runs: MUL's 2, SOFTMAX's, MEAN's of 4 rows and of 64 columns, SQUARED_DIFFERENCE's 2
    CHECK(count == 8 * (3 * 256 + 4 + 64 + 2 * 256));
    CHECK(same == count);
}

TEST_CASE("program_int16_products", "[tflite]") {
    using int16_products = cta::tflite::program<files::int16_products_tflite>;
    const auto [same, count] = lines_as_tflm<int16_products>("int16_products", std::make_index_sequence<5>{});
    CHECK(count == 8 * (4 * (16 + 8 + 8 + 8) + 4 * 2 * 4 * 8));  // 8 runs: FULLY_CONNECTED's 4, BATCH_MATMUL's 4
    CHECK(same == count);
}
