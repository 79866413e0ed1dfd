// SPDX-License-Identifier: BSL-1.0
// The tiny Transformer of examples/tiny_model (tiny_model.hpp) on a Cortex-M4 (QEMU's mps2-an386 board), in double.
//
// The Cortex-M4 answers the 64 test prompts of tiny_model_weights.hpp when the program runs, from copies of the
// prompts read through volatile, so that nothing of the computation can be done in advance. For each prompt the
// program prints the target's answer and compares it with the one the header lists, which is the compile-time
// answer: the host build's proof (examples/tiny_model/tiny_model_proof.cpp, the test static.tiny_model_proof)
// decodes every test prompt with the same headers in a constant expression and asserts that its answer is the
// header's, with each compiler's plain C++20 build. This program does not decode them again at compile time. Exit
// code 0 if all 64 agree, 1 otherwise.
//
// No heap, no exceptions, no printf: lines are built in a fixed buffer and printed by semihosting.
//
// With the command line `measure`, the answer to the first test prompt runs once between the marker functions of
// tests/embedded/quantized/measure.hpp and a line `measure: <name>|<macs>|<outputs>` is printed, so that QEMU's log
// of the run can be read by tests/embedded/count_instructions.cpp for the instructions of one answer.
#include <array>
#include <cstddef>
#include <cstdint>

#include "line.hpp"
#include "measure.hpp"
#include "tiny_model.hpp"
#include "tokens.hpp"

namespace {

using tiny_model::at_run_time;
using prompt_t = std::array<std::size_t, tiny_model::prompt_length>;
using answer_t = std::array<std::size_t, tiny_model::L>;
constexpr std::size_t prompt_count = tiny_model::test_prompts.size();

/// The multiply-accumulates of the model's products on n positions: in each layer the four projections, the scores,
/// the weighted values and the two of the feed-forward block; then the head.
constexpr std::uint32_t macs_on(std::size_t n) {
    using namespace tiny_model;
    return static_cast<std::uint32_t>(N * (4 * n * d_model * d_model + 2 * n * n * d_model + 2 * n * d_model * d_ff) +
                                      n * d_model * V);
}

/// One answer, for a measured run: the first test prompt, L steps of greedy decoding on prompt_length to
/// prompt_length + L - 1 positions.
struct one_answer {
    static constexpr const char* name = "the tiny Transformer, one answer (4 steps of greedy decoding), double";
    static constexpr std::uint32_t macs = macs_on(5) + macs_on(6) + macs_on(7) + macs_on(8);
    static constexpr std::size_t outputs = tiny_model::L;
    static inline prompt_t prompt{};
    static inline answer_t answer{};
    static void prepare() { prompt = at_run_time(tiny_model::test_prompts[0]); }
    static void compute() { answer = tiny_model::answer(prompt); }
};
static_assert(tiny_model::prompt_length == 5 && tiny_model::L == 4, "one_answer's name and macs count 4 steps from 5");

/// The tokens, separated by spaces: digits, and | for the separator.
template <std::size_t N>
void put_tokens(line& out, const std::array<std::size_t, N>& tokens) {
    for (std::size_t i = 0; i < N; ++i) {
        if (i != 0) out << ' ';
        out << tiny_model::token_char(tokens[i]);
    }
}

}  // namespace

int main() {
    print_title("Cortex-M4: the tiny Transformer, its 64 test prompts answered at run time");
    if (measuring()) {
        measure_markers();
        measure<one_answer>();
        return 0;
    }
    std::size_t agree = 0;
    for (std::size_t k = 0; k < prompt_count; ++k) {
        const answer_t answer = tiny_model::answer(at_run_time(tiny_model::test_prompts[k]));
        const bool same_as_header = answer == tiny_model::test_answers[k];
        line out;
        put_tokens(out, tiny_model::test_prompts[k]);
        out << "  ->  ";
        put_tokens(out, answer);
        if (!same_as_header) {
            out << "  DIFFERENT from the header's (the compile-time answer) ";
            put_tokens(out, tiny_model::test_answers[k]);
        }
        out.print();
        if (same_as_header) ++agree;
    }
    line summary;
    summary.decimal(agree) << " of ";
    summary.decimal(prompt_count) << " test prompts: the target's answer is the header's, the compile-time one";
    summary.print();
    const bool ok = agree == prompt_count;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
