// SPDX-License-Identifier: BSL-1.0
// What the property tests share: a seeded random generator, matrices filled from it, the conversion of cta matrices
// to the long double reference, and comparisons that report the first element out of its bound.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include <cta/matrix.hpp>

#include "reference.hpp"

namespace property {

using reference::real;

/// SplitMix64: a small generator whose sequence is the same on every platform and standard library (the
/// distributions of <random> are not), so every case can be reproduced from its seed; `constexpr`, so that a
/// constant expression draws the same cases as the program.
class rng {
public:
    constexpr explicit rng(std::uint64_t seed) : state_(seed) {}

    constexpr std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31U);
    }
    /// Uniform in [0, 1), 53 random bits.
    constexpr double unit() { return static_cast<double>(next() >> 11U) * 0x1p-53; }
    /// Uniform in [lo, hi).
    constexpr double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
    /// Uniform in [0, n).
    constexpr std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
    /// True with probability `p`.
    constexpr bool chance(double p) { return unit() < p; }
    /// An integer in [lo, hi].
    constexpr long long integer(long long lo, long long hi) {
        return lo + static_cast<long long>(next() % static_cast<std::uint64_t>(hi - lo + 1));
    }

private:
    std::uint64_t state_;
};

/// A seed for case `index` of a test, from the test's own numbers: each case has its own stream.
inline std::uint64_t seed_of(std::uint64_t test, std::uint64_t index) {
    rng r(test * 0x100000001b3ULL + index);
    r.next();
    return r.next();
}

/// How the values of a case are drawn. Most cases are uniform in [-3, 3]; some have larger magnitudes, and some
/// spread over several binary orders of magnitude.
enum class magnitude { moderate, large, spread };

inline magnitude magnitude_of(std::size_t index) {
    switch (index % 8) {
    case 6:
        return magnitude::large;
    case 7:
        return magnitude::spread;
    default:
        return magnitude::moderate;
    }
}

inline double draw(rng& r, magnitude m) {
    switch (m) {
    case magnitude::large:
        return r.uniform(-30.0, 30.0);
    case magnitude::spread: {
        const double mantissa = r.uniform(1.0, 2.0);
        const auto exponent = static_cast<int>(r.integer(-10, 3));
        return (r.chance(0.5) ? -1.0 : 1.0) * std::ldexp(mantissa, exponent);
    }
    case magnitude::moderate:
        break;
    }
    return r.uniform(-3.0, 3.0);
}

/// A matrix of random values, converted to T (exactly for double; rounded for float).
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> random_matrix(rng& r, magnitude m) {
    cta::matrix<T, R, C> x;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) x(i, j) = static_cast<T>(draw(r, m));
    }
    return x;
}

/// A boolean mask keeping each entry with probability 3/4; with `empty_row`, row 0 keeps nothing.
template <std::size_t R, std::size_t C>
cta::matrix<bool, R, C> random_keep(rng& r, bool empty_row) {
    cta::matrix<bool, R, C> k;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) k(i, j) = !(empty_row && i == 0) && r.chance(0.75);
    }
    return k;
}

/// An additive mask: values in [-2, 2], -inf with probability 1/8; with `empty_row`, the last row is all -inf.
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> random_additive(rng& r, bool empty_row) {
    cta::matrix<T, R, C> a;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            const bool removed = (empty_row && i + 1 == R) || r.chance(0.125);
            a(i, j) = removed ? -std::numeric_limits<T>::infinity() : static_cast<T>(r.uniform(-2.0, 2.0));
        }
    }
    return a;
}

/// The cta matrix as a reference matrix (exact: long double holds every double and float).
template <class T, std::size_t R, std::size_t C, class... A>
reference::mat<R, C> to_ref(const cta::matrix<T, R, C, A...>& m) {
    reference::mat<R, C> r;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) r(i, j) = static_cast<real>(m(i, j));
    }
    return r;
}

/// The reference mask of a boolean mask, of an additive mask (-inf removes an entry), combined with `m`.
template <std::size_t R, std::size_t C>
void apply_keep(reference::mask<R, C>& m, const cta::matrix<bool, R, C>& keep) {
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) m.keep[i][j] = m.keep[i][j] && keep(i, j);
    }
}
template <class T, std::size_t R, std::size_t C>
void apply_additive(reference::mask<R, C>& m, const cta::matrix<T, R, C>& add) {
    m.additive = true;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            if (add(i, j) == -std::numeric_limits<T>::infinity()) {
                m.keep[i][j] = false;
            } else {
                m.add(i, j) = static_cast<real>(add(i, j));
            }
        }
    }
}

/// What a test has checked, and how close the results came to their bounds.
struct tally {
    std::size_t comparisons = 0;  ///< reference comparisons of whole matrices
    std::size_t elements = 0;     ///< elements compared
    real worst_ratio = 0;         ///< largest |result - reference| / bound over elements with a bound > 0
};

/// Empty if every element of `got` is within `bound` of `want` (|got - want| <= bound, so a bound of 0 asks for the
/// reference's value exactly, and NaN is never within); otherwise the first element that is not, described.
template <class T, std::size_t R, std::size_t C, class... A>
std::string within(const cta::matrix<T, R, C, A...>& got, const reference::mat<R, C>& want,
                   const reference::mat<R, C>& bound, tally& t) {
    ++t.comparisons;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            ++t.elements;
            const real x = static_cast<real>(got(i, j));
            const real d = std::fabs(x - want(i, j));
            if (!(d <= bound(i, j))) {
                std::ostringstream s;
                s.precision(std::numeric_limits<real>::max_digits10);
                s << "element (" << i << ", " << j << "): result " << x << ", reference " << want(i, j)
                  << ", difference " << d << ", bound " << bound(i, j);
                return s.str();
            }
            if (bound(i, j) > 0 && d / bound(i, j) > t.worst_ratio) t.worst_ratio = d / bound(i, j);
        }
    }
    return {};
}

/// Empty if every row of `w` that is not fully masked sums to 1 within n epsilon (summed in long double, so the
/// check adds no rounding of its own), and every row that is fully masked is 0.
template <class T, std::size_t R, std::size_t C, class... A>
std::string rows_sum_to_one(const cta::matrix<T, R, C, A...>& w, const std::array<bool, R>& fully_masked) {
    for (std::size_t i = 0; i < R; ++i) {
        real sum = 0;
        for (std::size_t j = 0; j < C; ++j) sum += static_cast<real>(w(i, j));
        const real expected = fully_masked[i] ? real(0) : real(1);
        const real allowed =
            fully_masked[i] ? real(0) : static_cast<real>(C) * static_cast<real>(std::numeric_limits<T>::epsilon());
        if (!(std::fabs(sum - expected) <= allowed)) {
            std::ostringstream s;
            s.precision(std::numeric_limits<real>::max_digits10);
            s << "row " << i << " of the weights sums to " << sum << ", not " << expected << " within " << allowed;
            return s.str();
        }
    }
    return {};
}

/// Empty if `w` is exactly 0 wherever the reference mask removes an entry.
template <class T, std::size_t R, std::size_t C, class... A>
std::string masked_are_zero(const cta::matrix<T, R, C, A...>& w, const reference::mask<R, C>& m) {
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            if (!m.keep[i][j] && !(w(i, j) == T(0))) {
                std::ostringstream s;
                s << "weight (" << i << ", " << j << ") is masked but is " << static_cast<real>(w(i, j));
                return s.str();
            }
        }
    }
    return {};
}

}  // namespace property
