// SPDX-License-Identifier: BSL-1.0
// static.tflite_reader: while this file compiles, cta::tflite::open reads each model of models/ into the lines
// FlatBuffers' own reader gives (reference/, tests/tflite/dump.hpp's format), and refuses broken files, each with its
// reason and the offset where it is found: every cta::tflite::status but ok.
#include <array>
#include <cstddef>
#include <cstdint>

#include <cta/tflite.hpp>

#include "dump.hpp"
#include <tflite_files.hpp>
#include <tflite_reference.hpp>

namespace {

namespace files = cta_test::tflite::files;
namespace reference = cta_test::tflite::reference;
using cta::tflite::status;

/// Whether `bytes` open and read into the lines `expected`.
template <class Bytes, std::size_t N>
constexpr bool reads_as(const Bytes& bytes, const char (&expected)[N]) {
    const auto opened = cta::tflite::open(bytes);
    if (!opened.ok()) return false;
    cta_test::tflite::text<N> t;  // room for one character more than expected has: a longer dump does not fit
    cta_test::tflite::dump(t, opened.model);
    if (t.overflow || t.size != N - 1) return false;
    for (std::size_t i = 0; i + 1 < N; ++i)
        if (t.chars[i] != expected[i]) return false;
    return true;
}

static_assert(reads_as(files::add0_tflite, reference::add0));
static_assert(reads_as(files::hello_world_float_tflite, reference::hello_world_float));
static_assert(reads_as(files::hello_world_int8_tflite, reference::hello_world_int8));
static_assert(reads_as(files::micro_speech_quantized_tflite, reference::micro_speech_quantized));
static_assert(reads_as(files::quantize0_tflite, reference::quantize0));
static_assert(reads_as(files::simple_add_model_tflite, reference::simple_add_model));
static_assert(reads_as(files::sub0_tflite, reference::sub0));
static_assert(reads_as(files::trained_lstm_int8_tflite, reference::trained_lstm_int8));

// The model as a user reads it: hello_world_int8's first layer, FULLY_CONNECTED with RELU, and its input's
// quantization.
constexpr auto hello = cta::tflite::open(files::hello_world_int8_tflite).model;
constexpr bool first_layer_reads() {
    const auto graph = hello.subgraphs()[0];
    const auto layer = graph.operators()[0];
    const auto input = graph.tensors()[static_cast<std::size_t>(layer.inputs()[0])];
    return hello.operator_codes()[layer.opcode_index()].builtin() == cta::tflite::builtin_operator::fully_connected &&
           layer.fully_connected().fused_activation == cta::tflite::activation::relu &&
           input.name() == "serving_default_dense_input:0" && input.type() == cta::tflite::tensor_type::int8 &&
           input.quantization().zero_point()[0] == -128 && input.quantization().scale()[0] == 0x1.91150cp-6f;
}
static_assert(first_layer_reads());

// Broken files: a copy of a model's bytes (or of a few bytes written here) with changes.
template <std::size_t N>
struct bytes {
    std::array<unsigned char, N> b{};
    std::size_t n = N;
    constexpr const unsigned char* data() const { return b.data(); }
    constexpr std::size_t size() const { return n; }
    /// The 4-byte little-endian `v` at `at`.
    constexpr bytes& u32(std::size_t at, std::uint32_t v) {
        for (std::size_t k = 0; k < 4; ++k) b[at + k] = static_cast<unsigned char>(v >> (8 * k));
        return *this;
    }
    /// TensorFlow Lite's file identifier, "TFL3", at bytes 4 to 7.
    constexpr bytes& identifier() {
        b[4] = 'T';
        b[5] = 'F';
        b[6] = 'L';
        b[7] = '3';
        return *this;
    }
    constexpr bytes& u16(std::size_t at, std::uint16_t v) {
        b[at] = static_cast<unsigned char>(v);
        b[at + 1] = static_cast<unsigned char>(v >> 8);
        return *this;
    }
};
template <std::size_t N>
constexpr bytes<N> copy(const unsigned char (&file)[N]) {
    bytes<N> c;
    for (std::size_t i = 0; i < N; ++i) c.b[i] = file[i];
    return c;
}
template <class Bytes>
constexpr bool refused(const Bytes& b, status why, std::size_t offset) {
    const auto opened = cta::tflite::open(b);
    return opened.why == why && opened.offset == offset;
}
/// The reader's view of hello_world_int8 (to find the positions of fields to break).
constexpr cta::tflite::detail::flatbuffer<unsigned char> file{files::hello_world_int8_tflite,
                                                              sizeof files::hello_world_int8_tflite};
constexpr std::size_t root = file.target(0);
constexpr std::size_t graph = hello.subgraphs()[0].offset();
constexpr std::size_t tensor0 = hello.subgraphs()[0].tensors()[0].offset();
constexpr std::size_t operator0 = hello.subgraphs()[0].operators()[0].offset();

// Fewer than 8 bytes; another file identifier.
constexpr bool short_and_foreign() {
    auto c = copy(files::hello_world_int8_tflite);
    c.n = 7;
    auto d = copy(files::hello_world_int8_tflite);
    d.b[7] = '2';
    return refused(c, status::truncated, 0) && refused(d, status::bad_identifier, 4);
}
static_assert(short_and_foreign());
// The root offset past the end; schema version 2.
static_assert(refused(copy(files::hello_world_int8_tflite).u32(0, 0xfffffff0U), status::table_out_of_range, 0));
static_assert(refused(copy(files::hello_world_int8_tflite).u32(file.field(root, 0), 2), status::unsupported_version,
                      file.field(root, 0)));
// A file cut after the first element of the subgraph's tensors vector (a table or vector it refers to is then
// outside), and a vector whose length runs past the end.
constexpr bool cut() {
    auto c = copy(files::hello_world_int8_tflite);
    const std::size_t tensors = file.reference(graph, 0);
    c.n = tensors + 8;
    return cta::tflite::open(c).why == status::table_out_of_range &&
           refused(copy(files::hello_world_int8_tflite).u32(tensors, 0x10000000U), status::vector_out_of_range,
                   tensors);
}
static_assert(cut());
// A tensor's name without its zero byte after it; a tensor whose buffer index is past the model's 13 buffers; an
// operator input past the subgraph's 10 tensors; in micro_speech_quantized, whose operators name their operator code
// (hello_world_int8's leave the field out: 0), an operator code index past the model's 4.
constexpr cta::tflite::detail::flatbuffer<unsigned char> speech{files::micro_speech_quantized_tflite,
                                                                sizeof files::micro_speech_quantized_tflite};
constexpr std::size_t opcode_field() {
    const auto operators = cta::tflite::open(files::micro_speech_quantized_tflite).model.subgraphs()[0].operators();
    for (std::size_t i = 0; i < operators.size(); ++i)
        if (speech.field(operators[i].offset(), 0) != 0) return speech.field(operators[i].offset(), 0);
    return 0;
}
static_assert(opcode_field() != 0);
constexpr bool bad_tensor_and_operator() {
    const std::size_t name = file.reference(tensor0, 3);
    auto c = copy(files::hello_world_int8_tflite);
    c.b[name + 4 + file.u32(name)] = 'x';
    const std::size_t inputs = file.reference(operator0, 1);
    return refused(c, status::string_out_of_range, name) &&
           refused(copy(files::hello_world_int8_tflite).u32(file.field(tensor0, 2), 13), status::index_out_of_range,
                   file.field(tensor0, 2)) &&
           refused(copy(files::hello_world_int8_tflite).u32(inputs + 4, 10), status::index_out_of_range, inputs + 4) &&
           refused(copy(files::micro_speech_quantized_tflite).u32(opcode_field(), 4), status::index_out_of_range,
                   opcode_field());
}
static_assert(bad_tensor_and_operator());

// Files written here, byte by byte. A model of schema version 3 and nothing else:
//   0: root offset 16            4: "TFL3"
//   8: vtable: its size 6, the table's size 8, field 0 (version) at 4, 2 bytes of padding
//  16: the table: its vtable 8 bytes before it, 20: version 3
constexpr bytes<24> bare() {
    bytes<24> m;
    m.u32(0, 16).u32(16, 8).u32(20, 3).u16(8, 6).u16(10, 8).u16(12, 4);
    return m.identifier();
}
static_assert(refused(bare(), status::no_subgraph, 16));
// ... whose vtable says the table has 6 bytes, so the 4 bytes of version at 4 run past its end:
static_assert(refused(bare().u16(10, 6), status::field_out_of_range, 16));
// A model with one buffer whose data is outside the file (the field offset, 1 of Buffer, at 100):
//  24: the model: vtable at 8 (size 14: fields 0 to 4, version at 4, buffers at 8), table size 12; 28: version 3,
//      32: offset 8 to the buffers vector at 40
//  40: 1 buffer, 44: offset 12 to the buffer at 56
//  48: the buffer's vtable: size 8 (fields 0 and 1), table size 16, field 0 absent, field 1 at 8
//  56: the buffer: its vtable 8 bytes before it, 64: offset 100 (8 bytes)
constexpr bytes<72> outside() {
    bytes<72> m;
    m.u32(0, 24).u16(8, 14).u16(10, 12).u16(12, 4).u16(20, 8);
    m.u32(24, 16).u32(28, 3).u32(32, 8).u32(40, 1).u32(44, 12);
    m.u16(48, 8).u16(50, 16).u16(54, 8).u32(56, 8).u32(64, 100);
    return m.identifier();
}
static_assert(refused(outside(), status::external_data, 64));
// The same model with its buffer's offset 0 reads (and then has no subgraph):
static_assert(refused(outside().u32(64, 0), status::no_subgraph, 24));

}  // namespace
