// SPDX-License-Identifier: BSL-1.0
// What the two translation units of the Cortex-M4 attention benchmark share (attention.cpp, same_operations.cpp):
// the operands and outputs of one self-attention, n tokens of d features and d x d_k weights (d_v = d_k), and the
// attention written as plain loops the obvious way, over the matrices' arrays:
//   Q = X W_Q, K = X W_K, V = X W_V (a sum of products per element, from 0, in the order of the terms);
//   S = Q K^T (the same); each row of S: its maximum m, w_j = exp(s_j - m), their sum, w_j / sum;
//   O = W V (the same).
// These are cta::self_attention's operations in its order, so with cta::exp and without contraction of a product
// and a sum into one fused instruction the outputs are cta's bit for bit (same_operations.cpp, compiled with
// -ffp-contract=off); attention.cpp compiles the same loops with the toolchain's defaults and newlib's exp.
#pragma once

#include <cstddef>
#include <limits>

#include <cta/matrix.hpp>

namespace bench {

/// The operands of a self-attention in Real: n x d inputs, d x d_k weights.
template <class Real, std::size_t N, std::size_t D, std::size_t DK>
struct operands {
    cta::matrix<Real, N, D> x;
    cta::matrix<Real, D, DK> w_query;
    cta::matrix<Real, D, DK> w_key;
    cta::matrix<Real, D, DK> w_value;
};

template <class Real, std::size_t N, std::size_t DK>
using outputs = cta::matrix<Real, N, DK>;

/// The self-attention as plain loops, e^x computed by `exp`.
template <class Real, std::size_t N, std::size_t D, std::size_t DK, class Exp>
inline void plain_loops(const Real (&x)[N][D], const Real (&wq)[D][DK], const Real (&wk)[D][DK],
                        const Real (&wv)[D][DK], Real (&out)[N][DK], Exp exp) {
    Real q[N][DK], k[N][DK], v[N][DK], w[N][N];
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < DK; ++j) {
            Real sum = 0;
            for (std::size_t t = 0; t < D; ++t) sum += x[i][t] * wq[t][j];
            q[i][j] = sum;
        }
    }
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < DK; ++j) {
            Real sum = 0;
            for (std::size_t t = 0; t < D; ++t) sum += x[i][t] * wk[t][j];
            k[i][j] = sum;
        }
    }
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < DK; ++j) {
            Real sum = 0;
            for (std::size_t t = 0; t < D; ++t) sum += x[i][t] * wv[t][j];
            v[i][j] = sum;
        }
    }
    for (std::size_t i = 0; i < N; ++i) {
        Real max = -std::numeric_limits<Real>::infinity();
        for (std::size_t j = 0; j < N; ++j) {
            Real s = 0;
            for (std::size_t t = 0; t < DK; ++t) s += q[i][t] * k[j][t];
            w[i][j] = s;
            if (s > max) max = s;
        }
        Real sum = 0;
        for (std::size_t j = 0; j < N; ++j) {
            w[i][j] = exp(w[i][j] - max);
            sum += w[i][j];
        }
        for (std::size_t j = 0; j < N; ++j) w[i][j] /= sum;
    }
    for (std::size_t i = 0; i < N; ++i) {
        for (std::size_t j = 0; j < DK; ++j) {
            Real sum = 0;
            for (std::size_t t = 0; t < N; ++t) sum += w[i][t] * v[t][j];
            out[i][j] = sum;
        }
    }
}

/// The plain loops with cta::exp, compiled without contraction (same_operations.cpp): cta's outputs, bit for bit.
template <class Real, std::size_t N, std::size_t D, std::size_t DK>
void same_operations_attention(const operands<Real, N, D, DK>& o, outputs<Real, N, DK>& out);

}  // namespace bench
