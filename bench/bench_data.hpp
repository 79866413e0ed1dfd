// SPDX-License-Identifier: BSL-1.0
// The benchmarks' operands: deterministic pseudo-random doubles, the same at compile time and at run time.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/math.hpp>
#include <cta/matrix.hpp>

namespace cta_bench {

/// The next value in [-scale, scale) of a 64-bit linear congruential generator (Knuth's MMIX constants): the top 53
/// bits of the state as a fraction.
constexpr double next_value(std::uint64_t& state, double scale) noexcept {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (static_cast<double>(state >> 11) * 0x1p-53 * 2.0 - 1.0) * scale;
}

/// An R x C matrix of values in [-scale, scale), row by row from the generator seeded with `seed`.
template <std::size_t R, std::size_t C>
constexpr cta::matrix<double, R, C> random_matrix(std::uint64_t seed, double scale) noexcept {
    cta::matrix<double, R, C> m{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            m.elems[i][j] = next_value(seed, scale);
        }
    }
    return m;
}

/// The scale of the weights of a model with d features, 1/sqrt(d): with inputs in [-1, 1) the queries and keys have
/// a standard deviation of about 1/3 and the scores one of about sqrt(d)/9, so softmax is neither uniform nor
/// one-hot.
template <std::size_t D>
inline constexpr double weight_scale = 1.0 / cta::sqrt(static_cast<double>(D));

/// Self-attention's operands: n x d inputs (seed 1) and the d x dk, d x dk, d x dv weights (seeds 2, 3, 4).
template <std::size_t N, std::size_t D>
constexpr auto inputs() noexcept {
    return random_matrix<N, D>(1, 1.0);
}
template <std::size_t D, std::size_t DK>
constexpr auto w_query() noexcept {
    return random_matrix<D, DK>(2, weight_scale<D>);
}
template <std::size_t D, std::size_t DK>
constexpr auto w_key() noexcept {
    return random_matrix<D, DK>(3, weight_scale<D>);
}
template <std::size_t D, std::size_t DV>
constexpr auto w_value() noexcept {
    return random_matrix<D, DV>(4, weight_scale<D>);
}

/// The operands of a self-attention with n = d = d_k = d_v = N, each a constant of its own (so each is evaluated
/// within its own budget, apart from the attention).
template <std::size_t N>
struct square_attention {
    static constexpr auto x = inputs<N, N>();
    static constexpr auto w_query = cta_bench::w_query<N, N>();
    static constexpr auto w_key = cta_bench::w_key<N, N>();
    static constexpr auto w_value = cta_bench::w_value<N, N>();
};

}  // namespace cta_bench
