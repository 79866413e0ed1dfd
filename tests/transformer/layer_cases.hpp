// SPDX-License-Identifier: BSL-1.0
// The Transformer layers' cases of layer_reference.hpp computed by the library, one record per element type, for the
// compile-time proof (layer_proof.cpp) and the run-time test (layer_runtime_test.cpp): `compute<T>(read, read_id)`
// passes every input through `read` (matrices) or `read_id` (token ids) first: the identity in a constant
// expression, a volatile read at run time.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <cta/compare.hpp>
#include <cta/transformer.hpp>

#include "layer_reference.hpp"

namespace layer_cases {

/// The inputs of element type T.
template <class T>
using data = std::conditional_t<std::is_same_v<T, double>, layer_reference::in_double, layer_reference::in_float>;

/// The token ids of the embedding case (rows 3, 0, 5 and 3 of the table).
inline constexpr std::array<std::size_t, 4> token_ids{3, 0, 5, 3};

/// Returns its argument: `read` and `read_id` in a constant expression.
inline constexpr auto identity = [](const auto& x) { return x; };

/// Every layer on the inputs of element type T.
template <class T>
struct results {
    using D = data<T>;
    decltype(cta::linear(D::linear_x, D::linear_w, D::linear_b)) linear_with_bias;
    decltype(cta::linear(D::linear_x, D::linear_w)) linear_without_bias;
    decltype(cta::layer_norm(D::layer_norm_x, D::layer_norm_gain, D::layer_norm_bias)) layer_norm;
    decltype(cta::rms_norm(D::rms_norm_x, D::rms_norm_gain)) rms_norm;
    decltype(cta::relu(D::activation_x)) relu;
    decltype(cta::silu(D::activation_x)) silu;
    decltype(cta::silu(D::silu_large_x)) silu_large;
    decltype(cta::token_embedding(token_ids, D::token_table)) token_embedding;
    decltype(cta::learned_positional_embedding(D::positional_x, D::positional_table)) learned_positional_embedding;
    cta::matrix<T, 16, 8> sinusoidal;
    decltype(cta::gelu(D::activation_x)) gelu;
    decltype(cta::gelu_tanh(D::activation_x)) gelu_tanh;
};

template <class T, class Read, class ReadId>
constexpr results<T> compute(Read read, ReadId read_id) {
    using D = data<T>;
    std::array<std::size_t, token_ids.size()> ids{};
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = read_id(token_ids[i]);
    return {
        cta::linear(read(D::linear_x), read(D::linear_w), read(D::linear_b)),
        cta::linear(read(D::linear_x), read(D::linear_w)),
        cta::layer_norm(read(D::layer_norm_x), read(D::layer_norm_gain), read(D::layer_norm_bias)),
        cta::rms_norm(read(D::rms_norm_x), read(D::rms_norm_gain)),
        cta::relu(read(D::activation_x)),
        cta::silu(read(D::activation_x)),
        cta::silu(read(D::silu_large_x)),
        cta::token_embedding(ids, read(D::token_table)),
        cta::learned_positional_embedding(read(D::positional_x), read(D::positional_table)),
        cta::sinusoidal_positional_encoding<T, 16, 8>(),
        cta::gelu(read(D::activation_x)),
        cta::gelu_tanh(read(D::activation_x)),
    };
}

/// The largest per-element relative error of `actual` against `expected`: |actual - expected| / max(|expected|,
/// floor), computed in double (the difference rounded once: a relative error of 2^-53 on the figure).
template <class A, class E>
constexpr double worst_error(const A& actual, const E& expected, double floor) {
    double worst = 0;
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < A::cols; ++j) {
            const double e = static_cast<double>(expected(i, j));
            const double scale = cta::abs(e) > floor ? cta::abs(e) : floor;
            const double error = cta::abs(static_cast<double>(actual(i, j)) - e) / scale;
            if (!(error <= worst)) worst = error;  // a NaN is the worst
        }
    }
    return worst;
}

}  // namespace layer_cases
