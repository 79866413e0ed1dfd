// SPDX-License-Identifier: BSL-1.0
// A reference for attention in long double, written without the library, and a bound on how far a computation in
// double or float may be from it. Used by the property tests (tests/property) and the fuzz target (tests/fuzz).
//
// The reference computes softmax(mask(Q K^T / sqrt(d_k))) V with loops in long double (64-bit significand, unit
// roundoff 2^-64, 2^11 times finer than double's), so its own rounding is negligible next to the bound.
//
// The bound. Let u_p be the unit roundoff (half an ulp of 1) of the type in which the projections and scores are
// computed, u_r that of the type of softmax and the outputs (Real), n = n_kv, and gamma_m ~ m u the error factor of a
// sum of m products: |fl(sum_k a_k b_k) - sum_k a_k b_k| <= gamma_m sum_k |a_k b_k| (Higham, Accuracy and Stability
// of Numerical Algorithms, 3.1), plus an absolute tiny (the type's smallest subnormal) per rounding for results
// that underflow. First-order propagation through the pipeline:
//   projections   |dQ| <= d (u_p |X| |W_Q| + tiny_p)             (likewise K, V; 0 for given Q, K, V)
//   scores        |dS_ij| <= sum_k (|dq_ik| |k_jk| + |q_ik| |dk_jk|) + d_k (u_p sum_k |q_ik| |k_jk| + tiny_p)
//   logits        |dL_ij| <= |dS_ij| / r + 3 u_r |L_ij| + u_r |A_ij| + 2 tiny   (r = sqrt(d_k) if scaled, else 1;
//                 the 3 u_r cover the conversion to Real, sqrt and the division; A is an additive mask)
//   weights       softmax has relative condition 2 max_k |dL_ik| per row (e_i = max over kept k of the logit bound):
//                 rho_ij = 2 e_i + u_r |L_ij - m_i| + 2 u_r   (the subtraction of the row maximum m_i, exp within
//                 1 ulp), and the sum of n positive terms adds (n - 1) u_r and the division u_r, so
//                 |dW_ij| <= W_ij (rho_ij + sum_k W_ik rho_ik + n u_r) + 2 tiny (tiny: Real's smallest subnormal,
//                 for weights that underflow)
//   outputs       |dO_ic| <= sum_j W_ij ((rel_ij + (n + 2) u_r) (|V_jc| + |dV_jc|) + |dV_jc|)
//                            + 2 tiny sum_j (|V_jc| + 1)
// The tolerance is `safety` (2) times this first-order bound: the factor covers the second-order terms, which stay
// small next to the first-order ones wherever the bound is small enough to mean anything. Masked entries have weight
// exactly 0 in the reference and a bound of 0, and a fully masked row has outputs exactly 0 and a bound of 0: those
// are checked exactly. The bound is linear in the sums of absolute values, not in the outputs themselves, so
// cancellation in an output does not make it unfairly tight.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

namespace reference {

using real = long double;

/// A dense R x C matrix of long double.
template <std::size_t R, std::size_t C>
struct mat {
    std::array<std::array<real, C>, R> e{};
    real& operator()(std::size_t i, std::size_t j) { return e[i][j]; }
    const real& operator()(std::size_t i, std::size_t j) const { return e[i][j]; }
};

inline constexpr real safety = 2;

/// a b
template <std::size_t R, std::size_t K, std::size_t C>
mat<R, C> product(const mat<R, K>& a, const mat<K, C>& b) {
    mat<R, C> c;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            real s = 0;
            for (std::size_t k = 0; k < K; ++k) s += a(i, k) * b(k, j);
            c(i, j) = s;
        }
    }
    return c;
}

/// |a| |b|
template <std::size_t R, std::size_t K, std::size_t C>
mat<R, C> abs_product(const mat<R, K>& a, const mat<K, C>& b) {
    mat<R, C> c;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            real s = 0;
            for (std::size_t k = 0; k < K; ++k) s += std::fabs(a(i, k)) * std::fabs(b(k, j));
            c(i, j) = s;
        }
    }
    return c;
}

/// Columns `start` to `start + Count - 1`.
template <std::size_t Count, std::size_t R, std::size_t C>
mat<R, Count> columns(const mat<R, C>& a, std::size_t start) {
    mat<R, Count> c;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < Count; ++j) c(i, j) = a(i, start + j);
    }
    return c;
}

/// The unit roundoffs of a computation and the smallest subnormal of its Real.
struct precision {
    real u_p;     ///< of the projections and scores
    real u_r;     ///< of softmax and the outputs
    real tiny_p;  ///< the smallest subnormal of the projections' type
    real tiny;    ///< Real's smallest subnormal
};

template <class Projection, class Real>
constexpr precision precision_of() {
    return {static_cast<real>(std::numeric_limits<Projection>::epsilon()) / 2,
            static_cast<real>(std::numeric_limits<Real>::epsilon()) / 2,
            static_cast<real>(std::numeric_limits<Projection>::denorm_min()),
            static_cast<real>(std::numeric_limits<Real>::denorm_min())};
}

/// A value and a bound on the absolute error with which it is computed.
template <std::size_t R, std::size_t C>
struct with_error {
    mat<R, C> value;
    mat<R, C> error;
};

/// x w, and the bound d (u_p |x| |w| + tiny_p) on the error of computing it in the projections' type (d = x's
/// columns).
template <std::size_t R, std::size_t K, std::size_t C>
with_error<R, C> projection(const mat<R, K>& x, const mat<K, C>& w, const precision& p) {
    with_error<R, C> r{product(x, w), abs_product(x, w)};
    for (auto& row : r.error.e) {
        for (auto& v : row) v = static_cast<real>(K) * (p.u_p * v + p.tiny_p);
    }
    return r;
}

/// A value given exactly.
template <std::size_t R, std::size_t C>
with_error<R, C> exact(const mat<R, C>& x) {
    return {x, mat<R, C>{}};
}

/// The masks of one attention computation: entry (i, j) takes part if keep(i, j); add(i, j) is added to the
/// (scaled) scores of the kept entries when `additive`. (An additive -inf is a false keep.)
template <std::size_t NQ, std::size_t NKV>
struct mask {
    std::array<std::array<bool, NKV>, NQ> keep{};
    mat<NQ, NKV> add{};
    bool additive = false;
};

template <std::size_t NQ, std::size_t NKV>
mask<NQ, NKV> keep_all() {
    mask<NQ, NKV> m;
    for (auto& row : m.keep) row.fill(true);
    return m;
}

/// Query i keeps keys j <= i.
template <std::size_t NQ, std::size_t NKV>
void apply_causal(mask<NQ, NKV>& m) {
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t j = i + 1; j < NKV; ++j) m.keep[i][j] = false;
    }
}

/// The reference and the bounds of one attention computation.
template <std::size_t NQ, std::size_t NKV, std::size_t DV>
struct result {
    mat<NQ, NKV> logits;        ///< scaled scores plus the additive mask (meaningful where kept)
    mat<NQ, NKV> weights;       ///< 0 where masked
    mat<NQ, NKV> weight_bound;  ///< 0 where masked
    mat<NQ, DV> outputs;
    mat<NQ, DV> bound;
    std::array<bool, NQ> fully_masked{};
};

/// softmax(mask(Q K^T / r)) V in long double, with the bound described at the top of this file.
template <std::size_t NQ, std::size_t NKV, std::size_t DK, std::size_t DV>
result<NQ, NKV, DV> attention(const with_error<NQ, DK>& q, const with_error<NKV, DK>& k,
                              const with_error<NKV, DV>& v, bool scaled, const mask<NQ, NKV>& m,
                              const precision& p) {
    result<NQ, NKV, DV> r;
    const real root = scaled ? std::sqrt(static_cast<real>(DK)) : real(1);
    const auto n = static_cast<real>(NKV);
    mat<NQ, NKV> logit_error;
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t j = 0; j < NKV; ++j) {
            real s = 0;
            real propagated = 0;
            real magnitude = 0;
            for (std::size_t kk = 0; kk < DK; ++kk) {
                s += q.value(i, kk) * k.value(j, kk);
                propagated += q.error(i, kk) * std::fabs(k.value(j, kk)) + std::fabs(q.value(i, kk)) * k.error(j, kk) +
                              q.error(i, kk) * k.error(j, kk);
                magnitude +=
                    (std::fabs(q.value(i, kk)) + q.error(i, kk)) * (std::fabs(k.value(j, kk)) + k.error(j, kk));
            }
            const real l = s / root;
            const real a = m.additive ? m.add(i, j) : real(0);
            r.logits(i, j) = l + a;
            logit_error(i, j) = (propagated + static_cast<real>(DK) * (p.u_p * magnitude + p.tiny_p)) / root +
                                3 * p.u_r * std::fabs(l) + p.u_r * std::fabs(a) + 2 * p.tiny;
        }
    }
    for (std::size_t i = 0; i < NQ; ++i) {
        bool any = false;
        real max = 0;
        real e = 0;
        for (std::size_t j = 0; j < NKV; ++j) {
            if (!m.keep[i][j]) continue;
            if (!any || r.logits(i, j) > max) max = r.logits(i, j);
            if (!any || logit_error(i, j) > e) e = logit_error(i, j);
            any = true;
        }
        r.fully_masked[i] = !any;
        if (!any) continue;  // weights, outputs and bounds stay 0
        real sum = 0;
        std::array<real, NKV> rho{};
        for (std::size_t j = 0; j < NKV; ++j) {
            if (!m.keep[i][j]) continue;
            r.weights(i, j) = std::exp(r.logits(i, j) - max);
            sum += r.weights(i, j);
            rho[j] = 2 * e + p.u_r * std::fabs(r.logits(i, j) - max) + 2 * p.u_r;
        }
        real mean_rho = 0;
        for (std::size_t j = 0; j < NKV; ++j) {
            r.weights(i, j) /= sum;
            mean_rho += r.weights(i, j) * rho[j];
        }
        std::array<real, NKV> relative{};
        for (std::size_t j = 0; j < NKV; ++j) {
            if (!m.keep[i][j]) continue;
            relative[j] = rho[j] + mean_rho + n * p.u_r;
            r.weight_bound(i, j) = safety * r.weights(i, j) * relative[j] + 2 * p.tiny;
        }
        for (std::size_t c = 0; c < DV; ++c) {
            real o = 0;
            real b = 0;
            for (std::size_t j = 0; j < NKV; ++j) {
                if (!m.keep[i][j]) continue;
                const real w = r.weights(i, j);
                const real vv = std::fabs(v.value(j, c)) + v.error(j, c);
                o += w * v.value(j, c);
                b += w * ((relative[j] + (n + 2) * p.u_r) * vv + v.error(j, c)) + 2 * p.tiny * vv + 2 * p.tiny;
            }
            r.outputs(i, c) = o;
            r.bound(i, c) = safety * b;
        }
    }
    return r;
}

/// Multi-head attention with H heads: head h attends, scaled, with columns h d_k to (h + 1) d_k - 1 of the
/// projections (d_k = d_model / H); the heads side by side times W_O (given exactly) are the outputs. The bound of
/// the last product: sum_m |dC_im| |W_O(m, c)| + (d_model + 1) u_r sum_m (|C_im| + |dC_im|) |W_O(m, c)|, times
/// `safety`.
template <std::size_t H, std::size_t NQ, std::size_t NKV, std::size_t DM, std::size_t DOUT>
with_error<NQ, DOUT> multi_head(const with_error<NQ, DM>& q, const with_error<NKV, DM>& k,
                                const with_error<NKV, DM>& v, const mat<DM, DOUT>& w_out, const mask<NQ, NKV>& m,
                                const precision& p) {
    constexpr std::size_t dk = DM / H;
    with_error<NQ, DM> concatenated;
    for (std::size_t h = 0; h < H; ++h) {
        const auto head = attention(with_error<NQ, dk>{columns<dk>(q.value, h * dk), columns<dk>(q.error, h * dk)},
                                    with_error<NKV, dk>{columns<dk>(k.value, h * dk), columns<dk>(k.error, h * dk)},
                                    with_error<NKV, dk>{columns<dk>(v.value, h * dk), columns<dk>(v.error, h * dk)},
                                    true, m, p);
        for (std::size_t i = 0; i < NQ; ++i) {
            for (std::size_t j = 0; j < dk; ++j) {
                concatenated.value(i, h * dk + j) = head.outputs(i, j);
                concatenated.error(i, h * dk + j) = head.bound(i, j);
            }
        }
    }
    with_error<NQ, DOUT> r;
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t c = 0; c < DOUT; ++c) {
            real o = 0;
            real b = 0;
            for (std::size_t mm = 0; mm < DM; ++mm) {
                const real w = std::fabs(w_out(mm, c));
                o += concatenated.value(i, mm) * w_out(mm, c);
                b += concatenated.error(i, mm) * w +
                     static_cast<real>(DM + 1) * p.u_r * (std::fabs(concatenated.value(i, mm)) +
                                                          concatenated.error(i, mm)) * w +
                     2 * p.tiny;
            }
            r.value(i, c) = o;
            r.error(i, c) = safety * b;
        }
    }
    return r;
}

/// Row-wise softmax of finite and -inf entries (-inf: masked), in long double; rows of -inf only are 0. `bound`
/// gets safety (u_r |s_ij - m_i| + 2 u_r + sum_k W_ik (u_r |s_ik - m_i| + 2 u_r) + n u_r) W_ij + 2 tiny: the rounding
/// of a softmax computed in Real from exact scores.
template <std::size_t R, std::size_t C>
mat<R, C> softmax(const mat<R, C>& s, const precision& p, mat<R, C>* bound = nullptr) {
    mat<R, C> w;
    for (std::size_t i = 0; i < R; ++i) {
        real max = -std::numeric_limits<real>::infinity();
        for (std::size_t j = 0; j < C; ++j) {
            if (s(i, j) > max) max = s(i, j);
        }
        if (max == -std::numeric_limits<real>::infinity()) continue;
        real sum = 0;
        std::array<real, C> rho{};
        for (std::size_t j = 0; j < C; ++j) {
            if (s(i, j) == -std::numeric_limits<real>::infinity()) continue;
            w(i, j) = std::exp(s(i, j) - max);
            sum += w(i, j);
            rho[j] = p.u_r * std::fabs(s(i, j) - max) + 2 * p.u_r;
        }
        real mean_rho = 0;
        for (std::size_t j = 0; j < C; ++j) {
            w(i, j) /= sum;
            mean_rho += w(i, j) * rho[j];
        }
        if (bound != nullptr) {
            for (std::size_t j = 0; j < C; ++j) {
                if (s(i, j) == -std::numeric_limits<real>::infinity()) continue;
                (*bound)(i, j) =
                    safety * w(i, j) * (rho[j] + mean_rho + static_cast<real>(C) * p.u_r) + 2 * p.tiny;
            }
        }
    }
    return w;
}

}  // namespace reference
