// SPDX-License-Identifier: BSL-1.0
// A fuzz target for the TensorFlow Lite model reader of <cta/tflite.hpp> (libFuzzer's entry point,
// LLVMFuzzerTestOneInput). The input is a file's bytes, given whole to cta::tflite::open. Each outcome is checked
// against what docs/tflite.md says:
//   - no read outside the bytes, no undefined behaviour (AddressSanitizer and UndefinedBehaviorSanitizer in the fuzz
//     preset), also while every fact of a model that opens is read (tests/tflite/dump.hpp reads them all);
//   - a file that is refused has a status other than ok, in the enumeration, and an offset inside the file (below its
//     size; 0 for a file of fewer than 8 bytes);
//   - a model that opens has schema version 3, at least one subgraph, and every index the reader checks in range: each
//     tensor's buffer, each operator's operator code, each operator's inputs (-1 or a tensor) and outputs, each
//     subgraph's inputs and outputs;
//   - reading is a function of the bytes: two reads give the same lines.
// A violation prints what failed and aborts, which libFuzzer reports as a crash and saves the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <cta/tflite.hpp>

#include "../tflite/dump.hpp"

namespace {

void expect(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "tflite_fuzz: %s\n", what);
        std::abort();
    }
}

template <class List>
bool all_in(const List& l, std::int64_t low, std::int64_t high) {
    for (std::size_t i = 0; i < l.size(); ++i)
        if (l[i] < low || l[i] >= high) return false;
    return true;
}

cta_test::tflite::text<1 << 16> first;   // the lines past the first 64 KiB are read, not kept
cta_test::tflite::text<1 << 16> second;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    struct bytes {
        const std::uint8_t* d;
        std::size_t n;
        const std::uint8_t* data() const { return d; }
        std::size_t size() const { return n; }
    };
    const auto opened = cta::tflite::open(bytes{data, size});
    if (!opened.ok()) {
        expect(opened.why > cta::tflite::status::ok && opened.why <= cta::tflite::status::external_data,
               "a refusal's status is one of the enumeration's");
        expect(size < 8 ? opened.offset == 0 : opened.offset < size, "a refusal's offset is inside the file");
        return 0;
    }
    const auto& m = opened.model;
    expect(m.version() == 3, "an opened model has schema version 3");
    expect(!m.subgraphs().empty(), "an opened model has a subgraph");
    const auto buffers = static_cast<std::int64_t>(m.buffers().size());
    const auto codes = static_cast<std::int64_t>(m.operator_codes().size());
    for (std::size_t s = 0; s < m.subgraphs().size(); ++s) {
        const auto g = m.subgraphs()[s];
        const auto tensors = static_cast<std::int64_t>(g.tensors().size());
        expect(all_in(g.inputs(), 0, tensors) && all_in(g.outputs(), 0, tensors),
               "a subgraph's inputs and outputs are its tensors");
        for (std::size_t i = 0; i < g.tensors().size(); ++i)
            expect(g.tensors()[i].buffer() < static_cast<std::uint64_t>(buffers), "a tensor's buffer exists");
        for (std::size_t i = 0; i < g.operators().size(); ++i) {
            const auto o = g.operators()[i];
            expect(o.opcode_index() < static_cast<std::uint64_t>(codes), "an operator's operator code exists");
            expect(all_in(o.inputs(), -1, tensors) && all_in(o.outputs(), 0, tensors),
                   "an operator's inputs and outputs are tensors of its subgraph");
        }
    }
    first.size = second.size = 0;
    first.overflow = second.overflow = false;
    cta_test::tflite::dump(first, m);
    cta_test::tflite::dump(second, cta::tflite::open(bytes{data, size}).model);
    expect(first.size == second.size && first.overflow == second.overflow, "two reads give the same lines");
    for (std::size_t i = 0; i < first.size; ++i)
        expect(first.chars[i] == second.chars[i], "two reads give the same lines");
    return 0;
}
