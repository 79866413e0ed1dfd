// SPDX-License-Identifier: BSL-1.0
// cta::tflite::open at run time on the model files read from disk (bytes the compiler cannot see): the same lines as
// FlatBuffers' reader (reference/) and as static.tflite_reader proves while compiling; and broken files: every prefix
// of a model and every model with one byte changed is refused or read, and reading it never touches a byte outside it
// (each copy is a heap block of exactly its size, which AddressSanitizer watches in the configuration sanitize).
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <cta/tflite.hpp>

#include "dump.hpp"
#include <tflite_files.hpp>
#include <tflite_reference.hpp>

namespace {

std::vector<unsigned char> read_model(const std::string& name) {
    std::ifstream in(std::string(CTA_TFLITE_MODELS_DIR) + "/" + name + ".tflite", std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The lines of a model that opens, or the reason it does not.
template <class Bytes>
std::string lines_of(const Bytes& bytes) {
    const auto opened = cta::tflite::open(bytes);
    if (!opened.ok()) return std::string("refused: ") + cta::tflite::describe(opened.why);
    static cta_test::tflite::text<100000> t;
    t = {};
    cta_test::tflite::dump(t, opened.model);
    REQUIRE_FALSE(t.overflow);
    return {t.chars, t.size};
}

/// `n` bytes of `bytes` in a heap block of their size.
struct block {
    std::unique_ptr<unsigned char[]> bytes;
    std::size_t n;
    const unsigned char* data() const { return bytes.get(); }
    std::size_t size() const { return n; }
};
block copy(const std::vector<unsigned char>& bytes, std::size_t n) {
    block b{std::make_unique<unsigned char[]>(n == 0 ? 1 : n), n};
    for (std::size_t i = 0; i < n; ++i) b.bytes[i] = bytes[i];
    return b;
}

struct model_case {
    const char* name;
    std::string_view reference;
};
const model_case models[] = {
    {"add0", cta_test::tflite::reference::add0},
    {"hello_world_float", cta_test::tflite::reference::hello_world_float},
    {"hello_world_int8", cta_test::tflite::reference::hello_world_int8},
    {"micro_speech_quantized", cta_test::tflite::reference::micro_speech_quantized},
    {"quantize0", cta_test::tflite::reference::quantize0},
    {"simple_add_model", cta_test::tflite::reference::simple_add_model},
    {"sub0", cta_test::tflite::reference::sub0},
    {"trained_lstm_int8", cta_test::tflite::reference::trained_lstm_int8},
};

}  // namespace

TEST_CASE("reader: each model file read at run time gives FlatBuffers' lines") {
    for (const model_case& m : models) {
        INFO(m.name);
        const std::vector<unsigned char> bytes = read_model(m.name);
        REQUIRE(!bytes.empty());
        CHECK(lines_of(copy(bytes, bytes.size())) == m.reference);
    }
}

TEST_CASE("reader: every prefix of a model is refused, or read as the whole file") {
    for (const model_case& m : models) {
        INFO(m.name);
        const std::vector<unsigned char> bytes = read_model(m.name);
        const std::string whole = lines_of(copy(bytes, bytes.size()));
        std::size_t refused = 0;
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            INFO("the first " << n << " bytes");
            const std::string lines = lines_of(copy(bytes, n));
            if (lines.rfind("refused: ", 0) == 0) {
                ++refused;
            } else {
                CHECK(lines == whole);
            }
        }
        // Only padding at the end can go: the last table, vector or string ends within 16 bytes of it.
        CHECK(refused + 16 >= bytes.size());
    }
}

TEST_CASE("reader: a model with one byte changed is refused or read within its bytes") {
    // The small models, each byte set to 0, 0xff and flipped in its top and lowest bit: the reader must stop or read
    // without a byte outside the file (AddressSanitizer), whichever facts the changed file then holds.
    for (const char* name : {"hello_world_int8", "add0", "quantize0", "simple_add_model", "sub0"}) {
        INFO(name);
        const std::vector<unsigned char> bytes = read_model(name);
        std::set<cta::tflite::status> reasons;
        std::size_t read = 0;
        for (std::size_t at = 0; at < bytes.size(); ++at) {
            for (const unsigned v : {0x00U, 0xffU, bytes[at] ^ 0x80U, bytes[at] ^ 0x01U}) {
                block b = copy(bytes, bytes.size());
                b.bytes[at] = static_cast<unsigned char>(v);
                const auto opened = cta::tflite::open(b);
                reasons.insert(opened.why);
                if (opened.ok()) {
                    ++read;
                    CHECK(!lines_of(b).empty());
                } else {
                    CHECK(opened.offset < bytes.size());
                }
            }
        }
        // Changed bytes of data, names and scales still read; changed offsets are refused.
        CHECK(read > 0);
        CHECK(reasons.size() > 3);
    }
}

TEST_CASE("reader: each status is described, each differently") {
    using cta::tflite::status;
    std::set<std::string> sentences;
    for (const status s : {status::ok, status::truncated, status::bad_identifier, status::unsupported_version,
                           status::table_out_of_range, status::field_out_of_range, status::vector_out_of_range,
                           status::string_out_of_range, status::index_out_of_range, status::no_subgraph,
                           status::external_data}) {
        const std::string d = cta::tflite::describe(s);
        CHECK(d != "unknown");
        sentences.insert(d);
    }
    CHECK(sentences.size() == 11);
}

TEST_CASE("tensors: hello_world_int8's weights and biases at run time are the compile-time matrices") {
    using cta::quantized::qmatrix;
    constexpr auto hello = cta::tflite::open(cta_test::tflite::files::hello_world_int8_tflite).model;
    constexpr auto graph = hello.subgraphs()[0];
    constexpr auto w = graph.tensors()[cta::tflite::find_tensor(graph, "sequential/dense_1/MatMul")];
    using W = qmatrix<std::int8_t, 16, 16, cta::tflite::per_tensor_of(w)>;
    using B = cta::matrix<std::int32_t, 1, 16>;
    constexpr W weights = cta::tflite::load_transposed<W>(hello, "sequential/dense_1/MatMul");
    constexpr B bias = cta::tflite::load<B>(hello, "sequential/dense_1/BiasAdd/ReadVariableOp");

    const std::vector<unsigned char> bytes = read_model("hello_world_int8");
    const block file = copy(bytes, bytes.size());
    const auto opened = cta::tflite::open(file);
    REQUIRE(opened.ok());
    const auto w_run = cta::tflite::try_load_transposed<W>(opened.model, std::string("sequential/dense_1/MatMul"));
    const auto b_run = cta::tflite::try_load<B>(opened.model, std::string("sequential/dense_1/BiasAdd/ReadVariableOp"));
    REQUIRE(w_run.ok());
    REQUIRE(b_run.ok());
    CHECK(w_run.value == weights);
    CHECK(b_run.value == bias);
    CHECK(cta::tflite::try_load<W>(opened.model, "nothing").why == cta::tflite::load_status::missing_tensor);
}
