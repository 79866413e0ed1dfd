// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Comparisons for checks in `static_assert` and tests: tolerance, bit identity, and rounding to decimals
/// as the seed prints its numbers.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/distance.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief True if `|a(i, j) - b(i, j)| <= tolerance` for every element; false if any element is NaN, or if the
/// tolerance is negative or NaN. Integers (of any types, signed and unsigned mixed) are compared exactly, as
/// values, without overflow; otherwise in the common type of the elements and the tolerance, where a difference
/// too large for that type (`DBL_MAX` and `-DBL_MAX`) is within an infinite tolerance only. Usable in
/// `static_assert`:
///
///     static_assert(cta::approx_equal(steps.weights, expected_weights, 1e-13));
///
/// Shape rule: same shape, or the build fails naming `cta::op::approx_equal` and both matrix types.
template <matrix_type A, matrix_type B, scalar_type Tol>
CTA_DETAIL_TARGET_TAG constexpr bool approx_equal(const A& a, const B& b, Tol tolerance) noexcept {
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::approx_equal, A, B>,
                      "cta::approx_equal(a, b, tolerance) needs a and b of the same shape (and axes)");
        return false;
    } else {
        using TA = typename A::value_type;
        using TB = typename B::value_type;
        using C = std::common_type_t<TA, TB, Tol>;
        for (std::size_t i = 0; i < A::rows; ++i) {
            for (std::size_t j = 0; j < A::cols; ++j) {
                if constexpr (std::is_integral_v<TA> && std::is_integral_v<TB>) {
                    if (!detail::within(detail::integer_distance(a.elems[i][j], b.elems[i][j]), tolerance))
                        return false;
                } else {  // at least one floating type, so C is floating
                    const auto x = static_cast<C>(a.elems[i][j]);
                    const auto y = static_cast<C>(b.elems[i][j]);
                    const auto tol = static_cast<C>(tolerance);
                    if (isnan(x) || isnan(y) || isnan(tol)) return false;
                    if (x == y) {
                        if (tol < C(0)) return false;
                        continue;  // also equal infinities, whose difference would be NaN
                    }
                    if (isinf(x) || isinf(y)) return false;
                    if (detail::difference_overflows(x, y)) {
                        if (!isinf(tol) || tol < C(0)) return false;
                        continue;
                    }
                    if (!(abs(x > y ? x - y : y - x) <= tol)) return false;
                }
            }
        }
        return true;
    }
}

/// @brief True if both matrices have the same type and every element has the same bit pattern (so -0 differs from
/// +0, and a NaN equals the same NaN): the test for "compile time and run time give the same result". For
/// `long double`, whose objects have padding bits, values are compared instead (NaN equals NaN, -0 equals +0).
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr bool identical(const M& a, const M& b) noexcept {
    using T = typename M::value_type;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const T x = a.elems[i][j];
            const T y = b.elems[i][j];
            if constexpr (std::is_same_v<T, double>) {
                if (std::bit_cast<std::uint64_t>(x) != std::bit_cast<std::uint64_t>(y)) return false;
            } else if constexpr (std::is_same_v<T, float>) {
                if (std::bit_cast<std::uint32_t>(x) != std::bit_cast<std::uint32_t>(y)) return false;
            } else if constexpr (std::is_floating_point_v<T>) {  // long double has padding bits: compare values
                if (!(x == y) && !(isnan(x) && isnan(y))) return false;
            } else {
                if (!(x == y)) return false;
            }
        }
    }
    return true;
}

CTA_FP_PRODUCTS_BEGIN

/// @brief Each element rounded to `decimals` decimal places, halfway cases away from zero (the seed's 四舍五入):
/// `round(x * 10^decimals) / 10^decimals`, for 0 <= decimals <= 15. Integer matrices are returned as they are.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr M round_to(const M& m, int decimals) noexcept {
    using T = typename M::value_type;
    if constexpr (!std::is_floating_point_v<T>) {
        (void)decimals;
        return m;
    } else {
        constexpr T no_fraction = T(std::uint64_t{1} << (std::numeric_limits<T>::digits - 1));
        T scale = 1;
        for (int d = 0; d < decimals; ++d) scale *= T(10);
        M r;
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) {
                const T x = m.elems[i][j];
                // Values from 2^(digits-1) on (and NaN, infinities) have no fraction: kept, never scaled.
                r.elems[i][j] = abs(x) < no_fraction ? round(x * scale) / scale : x;
            }
        }
        return r;
    }
}

CTA_FP_PRODUCTS_END

}  // namespace cta

CTA_FP_STRICT_END
