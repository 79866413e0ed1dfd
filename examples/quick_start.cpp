// SPDX-License-Identifier: BSL-1.0
// The smallest use of cta, README.md's taste: the seed's self-attention, proven by the compiler and printed at run
// time. Build it with nothing but the headers (and Boost's):
//     g++ -std=c++20 -I include examples/quick_start.cpp -o quick_start && ./quick_start

// [readme:taste]
#include <cta/cta.hpp>

// Three tokens of four numbers, and the weights of the queries, keys and values: the shapes are in the types.
constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
constexpr cta::matrix w_query{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};  // deduced: matrix<int, 4, 3>
constexpr cta::matrix w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
constexpr cta::matrix w_value{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};

// Every step, computed while compiling, and its numbers checked by the compiler.
constexpr auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value);
static_assert(steps.keys == cta::matrix<int, 3, 3>{{{0, 1, 1}, {4, 4, 0}, {2, 3, 1}}});  // exact integers
static_assert(steps.scores == cta::matrix<int, 3, 3>{{{2, 4, 4}, {4, 16, 12}, {4, 12, 10}}});
static_assert(cta::round_to(cta::row(steps.weights, 0), 1) == cta::matrix{{{0.1, 0.5, 0.5}}});

constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);  // matrix<double, 3, 3>
static_assert(cta::round_to(outputs, 1) == cta::matrix{{{1.9, 6.7, 1.6}, {2.0, 8.0, 0.1}, {2.0, 7.8, 0.4}}});
// [/readme:taste]

// Printing lives in a header of its own.
#include <iostream>

#include <cta/io.hpp>

int main() {
    std::cout << steps << "\n";  // every step, printed at run time
    return 0;
}
