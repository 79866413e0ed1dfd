// SPDX-License-Identifier: BSL-1.0
// The tiny Transformer (tiny_model.hpp) proven while this file compiles: each test prompt of tiny_model_weights.hpp
// is decoded greedily by cta::generate in a constant expression, and the static_assert of that prompt holds only if
// the model's L tokens are the answer the header lists, and that answer is the task's (the prompt's digits reversed,
// each plus 1 modulo 10). Nothing here runs; a wrong answer is a build error.
//
// The 64 prompts are split into groups of 8, one translation unit each, so that the build compiles them in parallel:
// CMakeLists.txt compiles this file once per group, with TINY_MODEL_PROOF_GROUP set to 0 .. 7.
#include <array>
#include <cstddef>

#include "tiny_model.hpp"

#ifndef TINY_MODEL_PROOF_GROUP
#error "compile with -DTINY_MODEL_PROOF_GROUP=<0 to 7> (examples/tiny_model/CMakeLists.txt)"
#endif

namespace {

constexpr std::size_t group_size = 8;
static_assert(tiny_model::test_prompts.size() == 8 * group_size, "8 groups of 8 cover every test prompt");
constexpr std::size_t first = TINY_MODEL_PROOF_GROUP * group_size;
static_assert(first < tiny_model::test_prompts.size(), "TINY_MODEL_PROOF_GROUP is 0 .. 7");

/// True if test prompt k's answer, as the header lists it, is the task's: its digits reversed, each plus 1 mod 10.
constexpr bool listed_answer_is_the_tasks(std::size_t k) {
    const auto& prompt = tiny_model::test_prompts[k];
    const auto& listed = tiny_model::test_answers[k];
    if (prompt[tiny_model::L] != tiny_model::separator) return false;
    for (std::size_t i = 0; i < tiny_model::L; ++i) {
        if (listed[i] != (prompt[tiny_model::L - 1 - i] + 1) % 10) return false;
    }
    return true;
}

/// True if the model answers test prompt k as the header lists, and that is the task's answer.
constexpr bool answered_right(std::size_t k) {
    return listed_answer_is_the_tasks(k) &&
           tiny_model::answer(tiny_model::test_prompts[k]) == tiny_model::test_answers[k];
}

static_assert(answered_right(first + 0));
static_assert(answered_right(first + 1));
static_assert(answered_right(first + 2));
static_assert(answered_right(first + 3));
static_assert(answered_right(first + 4));
static_assert(answered_right(first + 5));
static_assert(answered_right(first + 6));
static_assert(answered_right(first + 7));

}  // namespace
