// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Printing quantized matrices and the steps of quantized self-attention with `<ostream>`: the integers, row
/// by row, and below them the quantization (`int8, scale 0.0312313, zero point -128`, or a scale per column).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>

#include <cta/io_matrix.hpp>
#include <cta/io_steps.hpp>
#include <cta/quantized/attention_steps.hpp>
#include <cta/quantized/multi_head_steps.hpp>
#include <cta/quantized/qmatrix.hpp>

namespace cta::quantized {

/// @brief The integers of `q` as `cta::matrix` prints them, then a line with the element type and the quantization.
template <class T, std::size_t R, std::size_t C, auto Q>
std::ostream& operator<<(std::ostream& os, const qmatrix<T, R, C, Q>& q) {
    const matrix<int, R, C> integers = [&q] {
        matrix<int, R, C> m;
        for (std::size_t i = 0; i < R; ++i) {
            for (std::size_t j = 0; j < C; ++j) m(i, j) = q(i, j);
        }
        return m;
    }();
    os << integers << '\n' << "int" << sizeof(T) * 8;
    if constexpr (detail::is_per_tensor_v<std::remove_const_t<decltype(Q)>>) {
        os << ", scale " << Q.scale() << ", zero point " << Q.zero_point;
    } else {
        os << ", scale per column";
        for (std::size_t c = 0; c < C; ++c) os << (c == 0 ? " " : ", ") << Q.scale(c);
        os << ", zero point 0";
    }
    return os;
}

/// @brief Quantized matrices one after the other, separated by blank lines (the heads of multi-head attention).
template <class T, std::size_t R, std::size_t C, auto Q, std::size_t N>
std::ostream& operator<<(std::ostream& os, const std::array<qmatrix<T, R, C, Q>, N>& ms) {
    for (std::size_t h = 0; h < N; ++h) os << (h == 0 ? "" : "\n\n") << ms[h];
    return os;
}

/// @brief Every step by name, in order (`cta::print_steps`).
template <auto P, std::size_t N>
std::ostream& operator<<(std::ostream& os, const self_attention_steps_t<P, N>& steps) {
    return print_steps(os, steps);
}

/// @brief Every step by name, in order (`cta::print_steps`), each head's scores and weights one after the other.
template <auto P, std::size_t N>
std::ostream& operator<<(std::ostream& os, const multi_head_steps_t<P, N>& steps) {
    return print_steps(os, steps);
}

}  // namespace cta::quantized
