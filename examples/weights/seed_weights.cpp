// SPDX-License-Identifier: BSL-1.0
// The seed's self-attention from weight files (docs/weights.md): the inputs and the three weight matrices of
// examples/seed.hpp, saved as float64 in seed/seed.safetensors and seed/*.npy, read by two routes, and the compiler
// proves the attention's outputs the same as from seed.hpp's integers:
//   - the header that cta_add_weights wrote from the files (seed_files.hpp, namespace seed_files; seed_npy.hpp,
//     namespace seed_npy), on every compiler;
//   - #embed of the files' bytes and cta::weights::load / load_npy in constant evaluation, where the compiler has
//     #embed (CTA_EXAMPLE_EMBED, defined where CMake found #embed: the preset clang-22).
#include <iostream>
#include <type_traits>

#include <cta/cta.hpp>
#include <cta/io.hpp>
#include <cta/weights.hpp>

#include <seed_files.hpp>
#include <seed_npy.hpp>

#include "seed.hpp"

using cta::matrix;

// The files hold the seed's matrices in double, each value exactly.
static_assert(std::is_same_v<decltype(seed_files::x), const matrix<double, 3, 4>>);
static_assert(std::is_same_v<decltype(seed_files::w_query), const matrix<double, 4, 3>>);
static_assert(seed_files::x == seed::inputs && seed_files::w_query == seed::w_query &&
              seed_files::w_key == seed::w_key && seed_files::w_value == seed::w_value);
static_assert(seed_npy::x == seed_files::x && seed_npy::w_query == seed_files::w_query &&
              seed_npy::w_key == seed_files::w_key && seed_npy::w_value == seed_files::w_value);

// The attention of the files' matrices: the outputs of the tutorial (examples/typed_tutorial.cpp, section 11), the
// same doubles as from seed.hpp's integers.
constexpr auto expected = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto outputs =
    cta::self_attention(seed_files::x, seed_files::w_query, seed_files::w_key, seed_files::w_value);
static_assert(outputs == expected);
static_assert(cta::round_to(outputs, 4) == matrix<double, 3, 3>{{{1.9366, 6.6831, 1.5951},
                                                                  {2.0000, 7.9640, 0.0540},
                                                                  {1.9997, 7.7599, 0.3584}}});
static_assert(cta::self_attention(seed_npy::x, seed_npy::w_query, seed_npy::w_key, seed_npy::w_value) == expected);

#ifdef CTA_EXAMPLE_EMBED
// The same files' bytes, embedded. In C++20 Clang takes #embed as an extension and warns about it under -Wpedantic
// (-Wc23-extensions): the pragmas silence that one warning around the arrays.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
static constexpr unsigned char seed_safetensors[] = {
#embed "seed/seed.safetensors"
};
static constexpr unsigned char x_npy[] = {
#embed "seed/x.npy"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
constexpr auto embedded_x = cta::weights::load_npy<matrix<double, 3, 4>>(x_npy);
constexpr auto embedded_w_query = cta::weights::load<matrix<double, 4, 3>>(seed_safetensors, "w_query");
constexpr auto embedded_w_key = cta::weights::load<matrix<double, 4, 3>>(seed_safetensors, "w_key");
constexpr auto embedded_w_value = cta::weights::load<matrix<double, 4, 3>>(seed_safetensors, "w_value");
static_assert(cta::self_attention(embedded_x, embedded_w_query, embedded_w_key, embedded_w_value) == expected);
constexpr const char* embed_route = "#embed and cta::weights::load: the same outputs";
#else
constexpr const char* embed_route = "#embed: not available with this compiler";
#endif

int main() {
    std::cout << "The seed's self-attention from seed/seed.safetensors (cta_add_weights):\noutputs:\n"
              << cta::with_decimals(outputs, 4) << '\n'
              << embed_route << '\n';
    return 0;
}
