// SPDX-License-Identifier: BSL-1.0
// The seed's self-attention quantized to int8 (tests/quantized/attention_proof.cpp proves it while compiling,
// attention_test.cpp computes it again at run time), and the same steps computed by the array kernels that reproduce
// TensorFlow Lite's reference vectors (fully_connected.hpp, batch_matmul.hpp, softmax.hpp), from the parameters a
// converted model derives: the typed self-attention must give their integers.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/attention_steps.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/softmax.hpp>

#include "../../examples/seed.hpp"

namespace quantized_seed {

namespace q = cta::quantized;

inline constexpr auto parameters = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
inline constexpr auto scaled_causal =
    q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled, cta::causal);

/// A model larger than the seed's, of random weights and odd depths: 20 inputs of 17 features, d_k = 9, d_v = 6 (in
/// a constant evaluation the products pair the terms of each sum, and an odd depth leaves half a pair).
namespace random_model {
inline constexpr std::size_t n = 20, d_in = 17, d_k = 9, d_v = 6;

/// Values in [-scale, scale) from a 64-bit linear congruential generator seeded with `seed` (the top 53 bits of
/// each state as a fraction).
template <std::size_t R, std::size_t C>
constexpr cta::matrix<double, R, C> drawn(std::uint64_t seed, double scale) {
    cta::matrix<double, R, C> m{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            m(i, j) = (static_cast<double>(seed >> 11) * 0x1p-53 * 2.0 - 1.0) * scale;
        }
    }
    return m;
}

inline constexpr auto inputs = drawn<n, d_in>(11, 1.0);
inline constexpr auto w_query = drawn<d_in, d_k>(12, 0.5);
inline constexpr auto w_key = drawn<d_in, d_k>(13, 0.5);
inline constexpr auto w_value = drawn<d_in, d_v>(14, 0.5);
inline constexpr auto parameters = q::calibrate_self_attention(inputs, w_query, w_key, w_value);
inline constexpr auto scaled_causal =
    q::calibrate_self_attention(inputs, w_query, w_key, w_value, cta::scaled, cta::causal);
}  // namespace random_model

/// The steps as flat int8 arrays, from the array kernels.
template <std::size_t N, std::size_t DK, std::size_t DV>
struct kernel_steps {
    std::int8_t queries[N * DK], keys[N * DK], values[N * DV], scores[N * N], weights[N * N], outputs[N * DV];
};

/// One projection by FULLY_CONNECTED with per-channel weights: the weights as TensorFlow Lite stores a filter
/// (output channel by input channel), a multiplier per channel from input scale x weight scale / output scale.
template <std::size_t N, std::size_t In, std::size_t Out, auto QW>
constexpr void project(const std::int8_t* x, q::per_tensor qx, const q::qmatrix<std::int8_t, In, Out, QW>& w,
                       q::per_tensor qy, std::int8_t* y) {
    std::int8_t filter[Out * In]{};
    std::int32_t multipliers[Out]{}, shifts[Out]{};
    for (std::size_t c = 0; c < Out; ++c) {
        for (std::size_t i = 0; i < In; ++i) filter[c * In + i] = w(i, c);
        const auto m = q::quantize_multiplier(static_cast<double>(qx.scale()) * static_cast<double>(QW.scale(c)) /
                                              static_cast<double>(qy.scale()));
        multipliers[c] = m.multiplier;
        shifts[c] = m.shift;
    }
    q::fully_connected_params params;
    params.input_offset = -qx.zero_point;
    params.output_offset = qy.zero_point;
    q::fully_connected_per_channel(params, multipliers, shifts, x, filter, nullptr, y, N, In, Out);
}

/// BATCH_MATMUL's multiplier: the float product of the operands' scales over the output's scale, times factor.
constexpr q::quantized_multiplier product_multiplier(q::per_tensor a, q::per_tensor b, q::per_tensor out,
                                                     double factor) {
    const float operands = a.scale() * b.scale();
    return q::quantize_multiplier(static_cast<double>(operands) / static_cast<double>(out.scale()) * factor);
}

template <auto P, class X, class Model>
constexpr auto by_kernels(const X& x, const Model& m) {
    constexpr std::size_t n = X::rows, d_in = Model::d_in, d_k = Model::d_k, d_v = Model::d_v;
    kernel_steps<n, d_k, d_v> s{};
    project<n, d_in, d_k>(x.data(), P.inputs, m.w_query, P.queries, s.queries);
    project<n, d_in, d_k>(x.data(), P.inputs, m.w_key, P.keys, s.keys);
    project<n, d_in, d_v>(x.data(), P.inputs, m.w_value, P.values, s.values);
    q::batch_matmul_params scores;
    scores.lhs_offset = -P.queries.zero_point;
    scores.rhs_offset = -P.keys.zero_point;
    scores.output_offset = P.scores.zero_point;
    const double factor = P.scaled ? 1.0 / cta::sqrt(static_cast<double>(d_k)) : 1.0;
    q::batch_matmul_rhs_transposed(scores, product_multiplier(P.queries, P.keys, P.scores, factor), s.queries, {},
                                   s.keys, {}, s.scores, n, d_k, n);
    const auto softmax = q::prepare_softmax_int8(static_cast<double>(P.scores.scale()));
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t seen = P.causal ? i + 1 : n;
        q::softmax(s.scores + i * n, 1, seen, softmax, s.weights + i * n);
        for (std::size_t j = seen; j < n; ++j) s.weights[i * n + j] = -128;
    }
    q::batch_matmul_params outputs;
    outputs.lhs_offset = -P.weights.zero_point;
    outputs.rhs_offset = -P.values.zero_point;
    outputs.output_offset = P.outputs.zero_point;
    q::batch_matmul(outputs, product_multiplier(P.weights, P.values, P.outputs, 1.0), s.weights, {}, s.values, {},
                    s.outputs, n, n, d_v);
    return s;
}

/// Whether a qmatrix holds the integers of a flat array.
template <class M>
constexpr bool same_integers(const M& m, const std::int8_t* expected) {
    for (std::size_t i = 0; i < M::rows * M::cols; ++i) {
        if (m.elems[i] != expected[i]) return false;
    }
    return true;
}

template <class Steps, class Kernels>
constexpr bool steps_match(const Steps& s, const Kernels& k) {
    return same_integers(s.queries, k.queries) && same_integers(s.keys, k.keys) &&
           same_integers(s.values, k.values) && same_integers(s.scores, k.scores) &&
           same_integers(s.weights, k.weights) && same_integers(s.outputs, k.outputs);
}

/// The largest difference between the dequantized outputs and exact ones, in units of the output scale.
template <class Outputs, class Exact>
constexpr double error_in_output_steps(const Outputs& outputs, const Exact& exact) {
    const auto real = q::dequantize(outputs);
    double worst = 0.0;
    for (std::size_t i = 0; i < Outputs::rows; ++i) {
        for (std::size_t j = 0; j < Outputs::cols; ++j) {
            const double d = real(i, j) - exact(i, j);
            const double e = (d < 0 ? -d : d) / static_cast<double>(Outputs::quantization.scale());
            worst = e > worst ? e : worst;
        }
    }
    return worst;
}

}  // namespace quantized_seed
