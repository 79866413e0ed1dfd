// SPDX-License-Identifier: BSL-1.0
// What the programs that run the tiny Transformer share (tiny_model.cpp here, tests/embedded/tiny_model/main.cpp on
// a Cortex-M4): prompts the compiler cannot know, and tokens written as README.md writes them.
#pragma once

#include <array>
#include <cstddef>

#include "tiny_model_weights.hpp"

namespace tiny_model {

/// A copy of `tokens` read through volatile: a function of it, such as the model's answer, is computed when the
/// program runs, never folded into a constant by the compiler.
template <std::size_t N>
std::array<std::size_t, N> at_run_time(const std::array<std::size_t, N>& tokens) {
    std::array<std::size_t, N> copy{};
    for (std::size_t i = 0; i < N; ++i) {
        const volatile std::size_t token = tokens[i];
        copy[i] = token;
    }
    return copy;
}

/// Token `t` as README.md writes it: a digit, or | for the separator.
constexpr char token_char(std::size_t t) { return t == separator ? '|' : static_cast<char>('0' + t); }

}  // namespace tiny_model
