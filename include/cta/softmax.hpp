/// @file
/// @brief Row-wise softmax, numerically stable, `constexpr` (seed section 8).
#pragma once

#include <cstddef>
#include <limits>

#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief Row-wise softmax: `w(i, j) = exp(s(i, j) - m_i) / sum_k exp(s(i, k) - m_i)` with `m_i = max_k s(i, k)`.
///
/// Subtracting the row maximum changes nothing mathematically and keeps every exponent <= 0, so no `exp`
/// overflows and the largest term is exactly 1. Computed in `real_t<Real, T>`: `Real` if given, else `T` if `T` is
/// floating, else `double` (`cta::softmax<float>(scores)` asks for `float`).
///
/// Rows with special values (documented in docs/numerics.md):
/// - an entry of -inf gets weight exactly 0 (a masked entry);
/// - a row whose entries are all -inf (fully masked) gets weight 0 everywhere: it attends to nothing;
/// - a row with +inf entries shares weight 1 equally among them, 0 elsewhere (the limit of a huge score);
/// - a row with a NaN entry is NaN everywhere.
/// Entries more than the `exp` underflow threshold below the row maximum get weight 0 without computing the
/// difference, so rows that span the whole double range (±1e308) neither overflow nor produce NaN.
template <class Real = void, matrix_type M>
constexpr auto softmax(const M& s) noexcept {
    using R = real_t<Real, typename M::value_type>;
    static_assert(std::is_floating_point_v<R>, "cta::softmax<Real>(s): Real must be a floating-point type");
    constexpr R inf = std::numeric_limits<R>::infinity();
    // exp(d) == 0 for every d below this (d < -745.14 for double, < -103.98 for float).
    constexpr R underflow = std::numeric_limits<R>::digits > 24 ? R(-746) : R(-104);

    rebind_t<M, R> w;
    for (std::size_t i = 0; i < M::rows; ++i) {
        R max = -inf;
        bool nan = false;
        std::size_t infinities = 0;
        for (std::size_t j = 0; j < M::cols; ++j) {
            const auto x = static_cast<R>(s.elems[i][j]);
            if (x > max) {
                max = x;
            } else if (x != x) {
                nan = true;
            }
            if (x == inf) ++infinities;
        }
        if (nan || max == -inf || max == inf) {
            // Special rows: every weight is 0, 1/count or NaN; nothing is computed from the infinities.
            for (std::size_t j = 0; j < M::cols; ++j) {
                const auto x = static_cast<R>(s.elems[i][j]);
                w.elems[i][j] = nan ? std::numeric_limits<R>::quiet_NaN()
                                    : (x == inf ? R(1) / static_cast<R>(infinities) : R(0));
            }
            continue;
        }
        // One statement per element (a statement is a step of Clang's constant-evaluation budget):
        // w(i, j) = e = exp(x - max), or 0 below the underflow threshold; sum += e.
        R sum = 0;
        for (std::size_t j = 0; j < M::cols; ++j)
            sum += (w.elems[i][j] = static_cast<R>(s.elems[i][j]) < max + underflow
                                        ? R(0)
                                        : exp(static_cast<R>(s.elems[i][j]) - max));
        for (std::size_t j = 0; j < M::cols; ++j) w.elems[i][j] /= sum;
    }
    return w;
}

}  // namespace cta

CTA_FP_STRICT_END
