// SPDX-License-Identifier: BSL-1.0
// A program that uses cta through the installed package, found with find_package(cta CONFIG REQUIRED):
// the compiler computes the seed's self-attention and checks one output, and again with the matrices read from the
// seed's weight files by cta_add_weights.
#include <type_traits>

#include <cta/cta.hpp>

#include <seed_weights.hpp>  // written by cta_add_weights from the seed's four .npy files

int main() {
    constexpr cta::matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
    constexpr cta::matrix w_query{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};
    constexpr cta::matrix w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
    constexpr cta::matrix w_value{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};

    constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);  // matrix<double, 3, 3>
    static_assert(cta::round_to(outputs, 4)(0, 0) == 1.9366);

    // The same from the weight files, which hold these matrices in double.
    static_assert(std::is_same_v<decltype(seed_weights::w_query), const cta::matrix<double, 4, 3>>);
    static_assert(seed_weights::x == inputs && seed_weights::w_query == w_query && seed_weights::w_key == w_key &&
                  seed_weights::w_value == w_value);
    constexpr auto from_files =
        cta::self_attention(seed_weights::x, seed_weights::w_query, seed_weights::w_key, seed_weights::w_value);
    static_assert(cta::round_to(from_files, 4)(0, 0) == 1.9366);
    return 0;
}
