// SPDX-License-Identifier: BSL-1.0
// Algebraic laws, for one shape, on random cases:
//   - the transpose of a product, (A B)^T = B^T A^T: exact for integers, and bit for bit for doubles too, because
//     both sides compute each element from the same products (x y and y x round alike) added in the same order;
//   - (A + B)^T = A^T + B^T and A (B + C) = A B + A C and (A B) C = A (B C), exact for integers;
//   - softmax(s + c_i per row) = softmax(s): bit for bit when the shifts are exact (integer scores and shifts, -inf
//     entries), and otherwise within the bound of the rounding of s + c (reference.hpp: a perturbation e of the
//     logits moves each weight by at most 2 max|e| relatively, plus the rounding of each softmax);
//   - rows of softmax sum to 1 within n epsilon, for scores up to +-1e300, in double and float, and match the long
//     double softmax within its bound;
//   - formulations that must give the same bits: the causal option and the boolean mask of the lower triangle, a
//     boolean mask and the additive mask of 0 and -inf with the same entries, cross-attention of a sequence with
//     itself and self-attention, one head with W_O = I and scaled self-attention (equal values);
//   - compound assignments and the operations they stand for (a += b and a = a + b, ...), bit for bit; a matrix
//     sorted with std::ranges::sort and its elements sorted in row-major order.
#pragma once

#include "catch.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <limits>
#include <string>

#include <cta/cta.hpp>

#include "attention_property.hpp"
#include "property.hpp"
#include "reference.hpp"

namespace property {

/// A random integer matrix with elements in [lo, hi].
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> random_integers(rng& r, long long lo, long long hi) {
    cta::matrix<T, R, C> m;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) m(i, j) = static_cast<T>(r.integer(lo, hi));
    }
    return m;
}

/// The number of ulps between two finite doubles of the same sign, or between a double and 0.
inline double ulps_between(double a, double b) {
    if (a == b) return 0;
    const double ulp = std::nextafter(std::fabs(a) > std::fabs(b) ? std::fabs(a) : std::fabs(b),
                                      std::numeric_limits<double>::infinity()) -
                       (std::fabs(a) > std::fabs(b) ? std::fabs(a) : std::fabs(b));
    return std::fabs(a - b) / ulp;
}

/// The softmax row rules checked on `s` in T: rows sum to 1 within n epsilon, and the weights match the long double
/// softmax within its bound.
template <class T, std::size_t R, std::size_t C>
std::string softmax_matches_reference(const cta::matrix<T, R, C>& s, tally& t) {
    const auto w = cta::softmax(s);
    reference::mat<R, C> bound;
    const auto ref = reference::softmax(to_ref(s), reference::precision_of<T, T>(), &bound);
    std::array<bool, R> fully_masked{};
    for (std::size_t i = 0; i < R; ++i) {
        fully_masked[i] = true;
        for (std::size_t j = 0; j < C; ++j) {
            if (s(i, j) != -std::numeric_limits<T>::infinity()) fully_masked[i] = false;
        }
    }
    auto message = rows_sum_to_one(w, fully_masked);
    if (message.empty()) message = within(w, ref, bound, t);
    return message;
}

template <class S>
void run_laws(std::size_t cases) {
    constexpr std::size_t NQ = S::n_q, NKV = S::n_kv, DQ = S::d_q, DKV = S::d_kv, DK = S::d_k, DV = S::d_v;
    constexpr auto p = reference::precision_of<double, double>();
    failures fail;
    tally t;
    std::size_t run = 0;
    double worst_shift_ulps = 0;
    for (std::size_t index = 0; index < cases; ++index) {
        const std::uint64_t seed = seed_of(S::id + 0x1a5, index);
        rng r(seed);
        const auto check = [&](const std::string& message, const char* law) { fail(message, law, index, seed); };
        const auto expect = [&](bool holds, const char* law) { check(holds ? "" : "does not hold", law); };

        // Transposes and products, exact in integers; the transpose of a product bit for bit in double.
        {
            const auto a = random_integers<int, NQ, DK>(r, -1000, 1000);
            const auto b = random_integers<int, DK, DV>(r, -1000, 1000);
            const auto a2 = random_integers<int, NQ, DK>(r, -1000, 1000);
            expect(cta::transpose(a * b) == cta::transpose(b) * cta::transpose(a), "(A B)^T = B^T A^T, int");
            expect(cta::transpose(a + a2) == cta::transpose(a) + cta::transpose(a2), "(A + B)^T = A^T + B^T, int");
            expect(cta::transpose(cta::transpose(a)) == a, "(A^T)^T = A, int");
            const auto x = random_integers<long long, NQ, DK>(r, -100, 100);
            const auto y = random_integers<long long, DK, DV>(r, -100, 100);
            const auto y2 = random_integers<long long, DK, DV>(r, -100, 100);
            const auto z = random_integers<long long, DV, DQ>(r, -100, 100);
            expect(x * (y + y2) == x * y + x * y2, "A (B + C) = A B + A C, long long");
            expect((x * y) * z == x * (y * z), "(A B) C = A (B C), long long");

            const auto c = random_matrix<double, NQ, DK>(r, magnitude_of(index));
            const auto d = random_matrix<double, DK, DV>(r, magnitude_of(index));
            check(same_bits(cta::transpose(c * d), cta::transpose(d) * cta::transpose(c)),
                  "(A B)^T = B^T A^T, double");
        }

        // Softmax is invariant to a constant per row: exactly, when the shifted scores are exact.
        {
            auto s = random_integers<double, NQ, NKV>(r, -40, 40);
            for (std::size_t i = 0; i < NQ; ++i) {
                for (std::size_t j = 0; j < NKV; ++j) {
                    if (r.chance(0.125)) s(i, j) = -std::numeric_limits<double>::infinity();
                }
            }
            auto shifted = s;
            for (std::size_t i = 0; i < NQ; ++i) {
                const auto c = static_cast<double>(r.integer(-1000000, 1000000));
                for (std::size_t j = 0; j < NKV; ++j) shifted(i, j) += c;
            }
            check(same_bits(cta::softmax(shifted), cta::softmax(s)), "softmax(s + c) = softmax(s), exact shifts");
        }
        // ... and within the bound of the rounding of s + c otherwise.
        {
            const auto s = random_matrix<double, NQ, NKV>(r, magnitude_of(index));
            auto shifted = s;
            reference::mat<NQ, NKV> exact_shifted;
            for (std::size_t i = 0; i < NQ; ++i) {
                const double c = draw(r, magnitude_of(index));
                for (std::size_t j = 0; j < NKV; ++j) {
                    shifted(i, j) += c;
                    exact_shifted(i, j) = static_cast<real>(s(i, j)) + static_cast<real>(c);
                }
            }
            const auto w = cta::softmax(s);
            const auto w_shifted = cta::softmax(shifted);
            reference::mat<NQ, NKV> bound;
            reference::mat<NQ, NKV> bound_shifted;
            const auto ref = reference::softmax(to_ref(s), p, &bound);
            reference::softmax(exact_shifted, p, &bound_shifted);
            for (std::size_t i = 0; i < NQ; ++i) {
                real e = 0;  // the largest rounding error of s + c in this row
                for (std::size_t j = 0; j < NKV; ++j) {
                    const real d = std::fabs(static_cast<real>(shifted(i, j)) - exact_shifted(i, j));
                    if (d > e) e = d;
                }
                for (std::size_t j = 0; j < NKV; ++j) {
                    bound(i, j) += bound_shifted(i, j) + reference::safety * 2 * e * ref(i, j);
                    worst_shift_ulps = std::max(worst_shift_ulps, ulps_between(w_shifted(i, j), w(i, j)));
                }
            }
            check(within(w_shifted, to_ref(w), bound, t), "softmax(s + c) = softmax(s), rounded shifts");
        }
        // Rows sum to 1 and match the long double softmax, from moderate scores to scores near +-1e300.
        {
            auto moderate = random_matrix<double, NQ, NKV>(r, magnitude::moderate);
            auto wide = moderate;
            auto huge = moderate;
            for (std::size_t i = 0; i < NQ; ++i) {
                for (std::size_t j = 0; j < NKV; ++j) {
                    wide(i, j) = r.uniform(-1000.0, 1000.0);
                    huge(i, j) = std::ldexp(r.uniform(-1.0, 1.0), static_cast<int>(r.integer(900, 996)));
                    if (r.chance(0.1)) moderate(i, j) = -std::numeric_limits<double>::infinity();
                }
            }
            check(softmax_matches_reference(moderate, t), "softmax rows, moderate scores and -inf");
            check(softmax_matches_reference(wide, t), "softmax rows, scores in [-1000, 1000]");
            check(softmax_matches_reference(huge, t), "softmax rows, scores near +-1e300");
            cta::matrix<float, NQ, NKV> f;
            for (std::size_t i = 0; i < NQ; ++i) {
                for (std::size_t j = 0; j < NKV; ++j) f(i, j) = static_cast<float>(r.uniform(-100.0, 100.0));
            }
            check(softmax_matches_reference(f, t), "softmax rows, float scores in [-100, 100]");
        }

        // Formulations that give the same bits.
        {
            const auto x = random_matrix<double, NKV, DKV>(r, magnitude_of(index));
            const auto wq = random_matrix<double, DKV, DK>(r, magnitude::moderate);
            const auto wk = random_matrix<double, DKV, DK>(r, magnitude::moderate);
            const auto wv = random_matrix<double, DKV, DV>(r, magnitude::moderate);
            const auto wvm = random_matrix<double, DKV, DK>(r, magnitude::moderate);
            cta::matrix<bool, NKV, NKV> lower;
            cta::matrix<double, NKV, NKV> zero_or_minus_inf;
            const auto keep = random_keep<NKV, NKV>(r, index % 3 == 0);
            for (std::size_t i = 0; i < NKV; ++i) {
                for (std::size_t j = 0; j < NKV; ++j) {
                    lower(i, j) = j <= i;
                    zero_or_minus_inf(i, j) = keep(i, j) ? 0.0 : -std::numeric_limits<double>::infinity();
                }
            }
            check(same_bits(cta::self_attention(x, wq, wk, wv, cta::causal), cta::self_attention(x, wq, wk, wv, lower)),
                  "causal = boolean mask of the lower triangle");
            check(same_bits(cta::self_attention(x, wq, wk, wv, cta::scaled, keep),
                            cta::self_attention(x, wq, wk, wv, cta::scaled, zero_or_minus_inf)),
                  "boolean mask = additive mask of 0 and -inf");
            check(same_bits(cta::cross_attention(x, x, wq, wk, wv, cta::scaled),
                            cta::self_attention(x, wq, wk, wv, cta::scaled)),
                  "cross_attention(x, x, ...) = self_attention(x, ...)");
            cta::matrix<double, DK, DK> identity{};
            for (std::size_t i = 0; i < DK; ++i) identity(i, i) = 1.0;
            expect(cta::multi_head_self_attention<1>(x, wq, wk, wvm, identity) ==
                       cta::self_attention(x, wq, wk, wvm, cta::scaled),
                   "one head with W_O = I = scaled self-attention");
        }

        // Compound assignments store the bits of the operations they stand for; sorting a matrix sorts its elements
        // in row-major order.
        {
            const auto c = random_matrix<double, NQ, DK>(r, magnitude_of(index));
            const auto d = random_matrix<double, NQ, DK>(r, magnitude_of(index));
            const auto f = random_matrix<float, NQ, DK>(r, magnitude_of(index));
            const auto n = random_integers<int, NQ, DK>(r, -1000, 1000);
            const double s = draw(r, magnitude_of(index));
            auto sum = c;
            auto difference = c;
            auto scaled = c;
            auto divided = c;
            auto sum_int = c;
            auto float_sum = f;
            sum += d;
            difference -= d;
            scaled *= s;
            divided /= s;
            sum_int += n;
            float_sum += f;
            check(same_bits(sum, c + d), "a += b is a = a + b, double");
            check(same_bits(difference, c - d), "a -= b is a = a - b, double");
            check(same_bits(scaled, c * s), "m *= s is m = m * s, double");
            check(same_bits(divided, c / s), "m /= s is m = m / s, double");
            check(same_bits(sum_int, c + n), "a += b is a = a + b, double and int");
            check(same_bits(float_sum, f + f), "a += b is a = a + b, float");
            auto sorted = c;
            std::ranges::sort(sorted);
            std::array<double, NQ * DK> elements{};
            for (std::size_t k = 0; k < NQ * DK; ++k) elements[k] = c(k / DK, k % DK);
            std::sort(elements.begin(), elements.end());
            expect(std::equal(sorted.begin(), sorted.end(), elements.begin(), elements.end()),
                   "std::ranges::sort(m) sorts the elements in row-major order");
        }
        ++run;
    }
    CHECK(fail.count() == 0);
    REQUIRE(run == cases);
    std::cout << "property laws: n_q " << NQ << " n_kv " << NKV << " d_k " << DK << " d_v " << DV << ": " << run
              << " cases, " << t.comparisons << " reference comparisons; largest error / bound "
              << static_cast<double>(t.worst_ratio) << ", softmax(s + c) vs softmax(s) at most " << worst_shift_ulps
              << " ulps\n";
}

}  // namespace property

/// The laws on one shape, with a fifth of its attention cases.
#define CTA_PROPERTY_LAWS_TEST(nq, nkv, dq, dkv, dk, dv, cases)                                                     \
    TEST_CASE("algebraic laws: n_q " #nq " n_kv " #nkv " d " #dq " d_kv " #dkv " d_k " #dk " d_v " #dv,            \
              "[property][laws]") {                                                                              \
        property::run_laws<property::shape<nq, nkv, dq, dkv, dk, dv>>((cases) / 5);                                \
    }
