// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Whole-matrix checks for `static_assert` that, when they fail, say which element differs and by how much.
///
///     static_assert(CTA_EXPECT_EQUAL(steps.keys, expected_keys));
///     static_assert(CTA_EXPECT_NEAR(steps.weights, reference_weights, 1e-13));
///
/// A plain `static_assert(a == b)` fails with "static assertion failed" and nothing more. These checks compare the
/// matrices in a constant evaluation and, at the first differing element (row by row), stop the build with an
/// error whose first lines carry the position and the values in a type, e.g. (Clang)
///
///     static_assert failed due to requirement 'elements_match<cta::at<2, 2>, cta::actual<cta::decimal<1, 0>>,
///     cta::expected<cta::decimal<2, 0>>, cta::by<cta::decimal<-1, 0>>>' "cta: CTA_EXPECT_EQUAL / CTA_EXPECT_NEAR:
///     the matrices differ at<row, column> (from 0); actual, expected and their difference (by) follow"
///
/// and, on GCC, `In instantiation of 'struct cta::elements_differ<cta::at<2, 2>, cta::actual<cta::decimal<1, 0> >,
/// ...>'` followed by the same message.
///
/// where `decimal<D, E>` stands for D x 10^E (about 16 significant digits).
///
/// The arguments are any constant expressions: namespace-scope variables, `constexpr` variables local to a function
/// (a Catch2 `TEST_CASE` too), literals, and expressions with commas of their own,
/// `CTA_EXPECT_EQUAL(m, cta::matrix<int, 2, 2>{{{1, 2}, {3, 4}}})`. The macros take their arguments as a list
/// (`...`) and pass it to a function call, where C++ rather than the preprocessor tells the arguments apart; that
/// call, a constant expression in the caller's scope, finds the first differing element, and its result, a class
/// of integers, becomes the template argument of the function that reports it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include <cta/detail/distance.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

/// @brief D x 10^E: a value shown in a diagnostic (integers exactly, floating values to about 16 digits).
template <std::int64_t D, int E>
struct decimal {};
/// @brief A NaN shown in a diagnostic.
struct not_a_number {};
/// @brief +inf (`Sign` = 1) or -inf (`Sign` = -1) shown in a diagnostic.
template <int Sign>
struct infinity {};
/// @brief A value that cannot be shown (a difference of infinities, or too large to compute).
struct not_shown {};

/// @brief Position (row, column, from 0) of the first differing element, in a diagnostic.
template <std::size_t Row, std::size_t Col>
struct at {};
/// @brief The checked matrix's value there.
template <class Value>
struct actual {};
/// @brief The expected matrix's value there.
template <class Value>
struct expected {};
/// @brief actual - expected.
template <class Value>
struct by {};

/// @brief Never true: the condition of the `static_assert` that reports the first differing element.
template <class Where, class Actual, class Expected, class By>
inline constexpr bool elements_match = false;

/// @brief Instantiated only to report the first differing element: its name and arguments are the first line of
/// the error on GCC, its condition the first line on Clang.
template <class Where, class Actual, class Expected, class By>
struct elements_differ {
    static_assert(elements_match<Where, Actual, Expected, By>,
                  "cta: CTA_EXPECT_EQUAL / CTA_EXPECT_NEAR: the matrices differ at<row, column> (from 0); actual, "
                  "expected and their difference (by) follow");
};

namespace detail {

/// A value as `decimal`, `infinity` or `not_a_number`: kind 0 finite, 1 NaN, 2 infinite, 3 not shown.
struct shown_value {
    int kind = 3;
    std::int64_t digits = 0;
    int exponent = 0;
};

template <class T>
CTA_DETAIL_TARGET_TAG constexpr shown_value show(T x) noexcept {
    if constexpr (std::is_integral_v<T>) {
        if (std::cmp_greater(widen(x), std::numeric_limits<std::int64_t>::max())) return {};  // not shown
        return {0, static_cast<std::int64_t>(x), 0};
    } else {
        if (isnan(x)) return {1, 0, 0};
        if (isinf(x)) return {2, x < T(0) ? -1 : 1, 0};
        if (x == T(0)) return {0, 0, 0};
        // Scale |x| into [1e15, 1e16) in long double, then keep those 16 digits without trailing zeros.
        long double m = x < T(0) ? -static_cast<long double>(x) : static_cast<long double>(x);
        int e = 0;
        while (m >= 1e16L) {
            m /= 10;
            ++e;
        }
        while (m < 1e15L) {
            m *= 10;
            --e;
        }
        auto d = static_cast<std::int64_t>(m + 0.5L);
        while (d % 10 == 0) {
            d /= 10;
            ++e;
        }
        return {0, x < T(0) ? -d : d, e};
    }
}

template <shown_value V>
struct shown_type_impl {
    using type = not_shown;
};
template <shown_value V>
    requires(V.kind == 0)
struct shown_type_impl<V> {
    using type = decimal<V.digits, V.exponent>;
};
template <shown_value V>
    requires(V.kind == 1)
struct shown_type_impl<V> {
    using type = not_a_number;
};
template <shown_value V>
    requires(V.kind == 2)
struct shown_type_impl<V> {
    using type = infinity<static_cast<int>(V.digits)>;
};

template <shown_value V>
using shown_type = typename shown_type_impl<V>::type;

/// The first element (row by row) where `a` and `b` differ by more than `tolerance` (or where either is NaN),
/// with the values shown.
struct first_difference {
    bool found = false;
    std::size_t row = 0;
    std::size_t col = 0;
    shown_value actual{};
    shown_value expected{};
    shown_value by{};
};

template <class A, class B, class Tol>
CTA_DETAIL_TARGET_TAG constexpr first_difference find_first_difference(const A& a, const B& b, Tol tolerance) noexcept {
    using TA = typename A::value_type;
    using TB = typename B::value_type;
    using C = std::common_type_t<TA, TB, Tol>;
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < A::cols; ++j) {
            if constexpr (std::is_integral_v<TA> && std::is_integral_v<TB>) {
                // Integers of any types, exactly and without overflow; the difference is shown when it fits.
                const integer_distance_t d = integer_distance(a.elems[i][j], b.elems[i][j]);
                if (within(d, tolerance)) continue;
                first_difference r{true, i, j, show(a.elems[i][j]), show(b.elems[i][j]), {}};
                constexpr auto largest = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
                if (!d.above_64_bits && d.low <= largest) {
                    const auto by = static_cast<std::int64_t>(d.low);
                    r.by = show(d.x_below_y ? -by : by);
                }
                return r;
            } else {
                // At least one floating type, so C is floating: compared in long double.
                const auto x = static_cast<C>(a.elems[i][j]);
                const auto y = static_cast<C>(b.elems[i][j]);
                const auto lx = static_cast<long double>(x), ly = static_cast<long double>(y);
                const auto tol = static_cast<long double>(tolerance);
                bool differs = false;
                bool difference_shown = false;
                if (isnan(x) || isnan(y)) {
                    differs = true;
                } else if (x != y) {
                    if (isinf(x) || isinf(y)) {
                        differs = true;
                    } else if (difference_overflows(lx, ly)) {  // where long double is double
                        differs = !(isinf(tol) && tol > 0);
                    } else {
                        const long double d = lx - ly;
                        differs = !((d < 0 ? -d : d) <= tol);
                        difference_shown = true;
                    }
                } else {
                    differs = isnan(tol) || tol < 0;
                    difference_shown = true;
                }
                if (differs) {
                    first_difference r{true, i, j, show(a.elems[i][j]), show(b.elems[i][j]), {}};
                    if (difference_shown) r.by = show(lx - ly);
                    return r;
                }
            }
        }
    }
    return {};
}

/// The first element where `a` and `b` differ by more than `tolerance`, after the rules: two matrices, of the same
/// shape. A broken rule stops the build here, naming both types, and gives "no difference" so that no other error
/// follows.
template <class A, class B, class Tol>
CTA_DETAIL_TARGET_TAG constexpr first_difference expect_difference(const A& a, const B& b, Tol tolerance) noexcept {
    static_assert(matrix_type<A> && matrix_type<B>, "CTA_EXPECT_EQUAL / CTA_EXPECT_NEAR compare two cta::matrix");
    if constexpr (!(matrix_type<A> && matrix_type<B>)) {
        return {};
    } else if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::approx_equal, A, B>,
                      "cta: CTA_EXPECT_EQUAL / CTA_EXPECT_NEAR need matrices of the same shape");
        return {};
    } else {
        return find_first_difference(a, b, tolerance);
    }
}

/// `CTA_EXPECT_EQUAL(...)`: its arguments, actual and expected, compared exactly.
template <class... Args>
CTA_DETAIL_TARGET_TAG constexpr first_difference expect_equal_difference(const Args&... args) noexcept {
    static_assert(sizeof...(Args) == 2,
                  "CTA_EXPECT_EQUAL(actual, expected) takes two matrices (CTA_EXPECT_NEAR takes a tolerance too)");
    if constexpr (sizeof...(Args) == 2) {
        return expect_difference(args..., 0);
    } else {
        return {};
    }
}

/// `CTA_EXPECT_NEAR(...)`: its arguments, actual, expected and tolerance.
template <class... Args>
CTA_DETAIL_TARGET_TAG constexpr first_difference expect_near_difference(const Args&... args) noexcept {
    static_assert(sizeof...(Args) == 3, "CTA_EXPECT_NEAR(actual, expected, tolerance) takes two matrices and a number");
    if constexpr (sizeof...(Args) == 3) {
        return expect_difference(args...);
    } else {
        return {};
    }
}

/// True; if `D` is a difference, instantiating `elements_differ` first stops the build with its position and values.
template <first_difference D>
CTA_DETAIL_TARGET_TAG constexpr bool expect_report() noexcept {
    if constexpr (D.found) {
        (void)sizeof(elements_differ<at<D.row, D.col>, actual<shown_type<D.actual>>, expected<shown_type<D.expected>>,
                                     by<shown_type<D.by>>>);
    }
    // A difference has stopped the build above; true keeps the caller's static_assert from adding an error.
    return true;
}

}  // namespace detail
}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END

/// @brief `CTA_EXPECT_EQUAL(actual, expected)`: true if the two matrices are equal element by element; otherwise
/// the build stops with the position and the values of the first differing element. Use it in `static_assert`. The
/// arguments are constant expressions; commas inside them need no parentheses.
#define CTA_EXPECT_EQUAL(...) \
    (::cta::detail::expect_report<::cta::detail::expect_equal_difference(__VA_ARGS__)>())

/// @brief `CTA_EXPECT_NEAR(actual, expected, tolerance)`: true if `|actual(i, j) - expected(i, j)| <= tolerance`
/// everywhere; otherwise the build stops with the position and the values of the first element out of tolerance
/// (or NaN). Use it in `static_assert`. The arguments are constant expressions; commas inside them need no
/// parentheses.
#define CTA_EXPECT_NEAR(...) \
    (::cta::detail::expect_report<::cta::detail::expect_near_difference(__VA_ARGS__)>())
