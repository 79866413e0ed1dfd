// SPDX-License-Identifier: BSL-1.0
// The smallest use of cta: the seed's self-attention, proven by the compiler and printed at run time.
// Build it with nothing but the headers: g++ -std=c++20 -I include examples/quick_start.cpp
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>

int main() {
    constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
    constexpr cta::matrix w_query{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};  // deduced: matrix<int, 4, 3>
    constexpr cta::matrix w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
    constexpr cta::matrix w_value{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};

    constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);
    static_assert(steps.scores(0, 0) == 2 && steps.scores(0, 1) == 4 && steps.scores(0, 2) == 4);

    constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);  // matrix<double, 3, 3>
    static_assert(cta::round_to(outputs, 1) == cta::matrix{{{1.9, 6.7, 1.6}, {2.0, 8.0, 0.1}, {2.0, 7.8, 0.4}}});

    std::cout << steps << "\n";
    return 0;
}
