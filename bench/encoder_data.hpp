// SPDX-License-Identifier: BSL-1.0
// The operands of the encoder-layer benchmarks: n = 16 tokens of d_model = 64 features, 4 heads, d_ff = 256, in
// double, post-norm; deterministic values from bench_data.hpp's generator, the same at compile time and at run time.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/matrix.hpp>
#include <cta/transformer/encoder_layer.hpp>

#include "bench_data.hpp"

namespace cta_bench {

namespace encoder {

inline constexpr std::size_t n = 16;         ///< tokens
inline constexpr std::size_t d_model = 64;   ///< features
inline constexpr std::size_t heads = 4;      ///< heads (d_k = 16)
inline constexpr std::size_t d_ff = 256;     ///< the feed-forward part's hidden features

/// The type of one layer.
using layer_type = cta::encoder_layer_t<double, d_model, heads, d_ff>;

/// One row of C values in [1 - scale, 1 + scale): a layer normalisation's gain.
template <std::size_t C>
constexpr cta::matrix<double, 1, C> gain_row(std::uint64_t seed, double scale) noexcept {
    auto m = random_matrix<1, C>(seed, scale);
    for (auto& e : m.elems[0]) e += 1.0;
    return m;
}

/// The weights of layer `L` (1, 2, ...), each a constant of its own (so each is evaluated within its own budget,
/// apart from the layers): the weights scaled by 1/sqrt(rows), the biases and the gains' departures from 1 in
/// [-0.1, 0.1). Seeds 100 L + 1 to 100 L + 16.
template <std::uint64_t L>
struct weights {
    static constexpr std::uint64_t s = 100 * L;
    static constexpr auto w_query = random_matrix<d_model, d_model>(s + 1, weight_scale<d_model>);
    static constexpr auto b_query = random_matrix<1, d_model>(s + 2, 0.1);
    static constexpr auto w_key = random_matrix<d_model, d_model>(s + 3, weight_scale<d_model>);
    static constexpr auto b_key = random_matrix<1, d_model>(s + 4, 0.1);
    static constexpr auto w_value = random_matrix<d_model, d_model>(s + 5, weight_scale<d_model>);
    static constexpr auto b_value = random_matrix<1, d_model>(s + 6, 0.1);
    static constexpr auto w_out = random_matrix<d_model, d_model>(s + 7, weight_scale<d_model>);
    static constexpr auto b_out = random_matrix<1, d_model>(s + 8, 0.1);
    static constexpr auto w_1 = random_matrix<d_model, d_ff>(s + 9, weight_scale<d_model>);
    static constexpr auto b_1 = random_matrix<1, d_ff>(s + 10, 0.1);
    static constexpr auto w_2 = random_matrix<d_ff, d_model>(s + 11, weight_scale<d_ff>);
    static constexpr auto b_2 = random_matrix<1, d_model>(s + 12, 0.1);
    static constexpr auto gain_1 = gain_row<d_model>(s + 13, 0.1);
    static constexpr auto bias_1 = random_matrix<1, d_model>(s + 14, 0.1);
    static constexpr auto gain_2 = gain_row<d_model>(s + 15, 0.1);
    static constexpr auto bias_2 = random_matrix<1, d_model>(s + 16, 0.1);
    /// The layer of these weights (a constant as well: copying them in costs the layers' evaluation nothing).
    static constexpr layer_type layer{{w_query, b_query, w_key, b_key, w_value, b_value, w_out, b_out},
                                      {w_1, b_1, w_2, b_2},
                                      {gain_1, bias_1},
                                      {gain_2, bias_2}};
};

/// The inputs, n x d_model in [-1, 1) (seed 1).
inline constexpr auto x = inputs<n, d_model>();

}  // namespace encoder

}  // namespace cta_bench
