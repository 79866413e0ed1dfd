// SPDX-License-Identifier: BSL-1.0
// The tiny Transformer of README.md (tiny_model.hpp) answering prompts: a few answers computed at compile time (each
// checked by a static_assert to be the task's: the digits reversed, each plus 1 modulo 10) and again at run time,
// from prompts read through volatile, which the compiler cannot fold; then the 64 test prompts of
// tiny_model_weights.hpp at run time, each answer compared with the one the header lists (tiny_model_proof.cpp proves
// at compile time that the model gives exactly those). Exit code 0 only if every run-time answer is the compile-time
// one and the header's.
#include <array>
#include <cstddef>
#include <cstdio>

#include "tiny_model.hpp"
#include "tokens.hpp"

namespace {

using tiny_model::at_run_time;
using tiny_model::token_char;
using prompt_t = std::array<std::size_t, tiny_model::prompt_length>;
using answer_t = std::array<std::size_t, tiny_model::L>;
constexpr std::size_t sep = tiny_model::separator;

/// The prompts shown: the two of README.md, then the header's first two test prompts.
constexpr std::array<prompt_t, 4> shown{{{2, 0, 2, 6, sep}, {9, 9, 9, 9, sep}, tiny_model::test_prompts[0],
                                         tiny_model::test_prompts[1]}};

/// The model's answer to shown prompt k, computed by the compiler (one constant expression per prompt).
template <std::size_t K>
constexpr answer_t compile_time_answer = tiny_model::answer(shown[K]);

static_assert(compile_time_answer<0> == answer_t{7, 3, 1, 3});
static_assert(compile_time_answer<1> == answer_t{0, 0, 0, 0});
static_assert(compile_time_answer<2> == tiny_model::test_answers[0]);
static_assert(compile_time_answer<3> == tiny_model::test_answers[1]);

constexpr std::array<answer_t, 4> compile_time_answers{compile_time_answer<0>, compile_time_answer<1>,
                                                       compile_time_answer<2>, compile_time_answer<3>};

/// The tokens, separated by spaces.
void print_tokens(const auto& tokens) {
    const char* space = "";
    for (const std::size_t t : tokens) {
        std::printf("%s%c", space, token_char(t));
        space = " ";
    }
}

}  // namespace

int main() {
    std::printf("The tiny Transformer: d_model %zu, %zu head, d_ff %zu, %zu layers, %zu tokens\n", tiny_model::d_model,
                tiny_model::nhead, tiny_model::d_ff, tiny_model::N, tiny_model::V);
    bool ok = true;
    for (std::size_t k = 0; k < shown.size(); ++k) {
        const answer_t run_time = tiny_model::answer(at_run_time(shown[k]));
        print_tokens(shown[k]);
        std::printf("  ->  compile time ");
        print_tokens(compile_time_answers[k]);
        std::printf(", run time ");
        print_tokens(run_time);
        const bool same = run_time == compile_time_answers[k];
        std::printf("%s\n", same ? "" : " DIFFERENT");
        ok = ok && same;
    }
    std::size_t right = 0;
    for (std::size_t k = 0; k < tiny_model::test_prompts.size(); ++k) {
        const answer_t run_time = tiny_model::answer(at_run_time(tiny_model::test_prompts[k]));
        if (run_time == tiny_model::test_answers[k]) {
            ++right;
        } else {
            std::printf("test prompt %zu: ", k);
            print_tokens(tiny_model::test_prompts[k]);
            std::printf(" -> ");
            print_tokens(run_time);
            std::printf(" at run time, not as the header lists\n");
        }
    }
    std::printf("the %zu test prompts at run time: %zu answered as tiny_model_weights.hpp lists, as at compile time\n",
                tiny_model::test_prompts.size(), right);
    ok = ok && right == tiny_model::test_prompts.size();
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
