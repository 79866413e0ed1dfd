// SPDX-License-Identifier: BSL-1.0
// The weights of a two-head self-attention on the seed's inputs (those of examples/multi_head_attention.cpp), for
// the int8 multi-head tests (multi_head_cases.hpp) and the Cortex-M firmware (tests/embedded/quantized).
#pragma once

#include <cta/matrix.hpp>

namespace two_heads {

inline constexpr cta::matrix<int, 4, 6> w_query{
    {{1, 0, 1, 1, 0, 0}, {1, 0, 0, 0, 1, 0}, {0, 0, 1, 0, 0, 1}, {0, 1, 1, 0, 0, 0}}};
inline constexpr cta::matrix<int, 4, 6> w_key{
    {{0, 0, 1, 1, 0, 0}, {1, 1, 0, 0, 1, 0}, {0, 1, 0, 0, 0, 1}, {1, 1, 0, 0, 0, 0}}};
inline constexpr cta::matrix<int, 4, 6> w_value{
    {{0, 2, 0, 1, 0, 0}, {0, 3, 0, 0, 1, 0}, {1, 0, 3, 0, 0, 1}, {1, 1, 0, 0, 0, 0}}};
inline constexpr cta::matrix<int, 6, 3> w_out{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

}  // namespace two_heads
