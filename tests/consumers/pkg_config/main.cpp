// SPDX-License-Identifier: BSL-1.0
// A program that uses cta through the installed headers, compiled with the flags of `pkg-config --cflags cta` and -std=c++20:
// the compiler computes the seed's self-attention and checks one output.
#include <cta/cta.hpp>

int main() {
    constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
    constexpr cta::matrix w_query{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};
    constexpr cta::matrix w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
    constexpr cta::matrix w_value{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};

    constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);  // matrix<double, 3, 3>
    static_assert(cta::round_to(outputs, 4)(0, 0) == 1.9366);
    return 0;
}
