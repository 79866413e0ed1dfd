/// @file
/// @brief Matrix arithmetic, all `constexpr` and shape-checked: product, transpose, element-wise sum and
/// difference, scalar multiplication and division, and equality across element types.
///
/// Mixed element types follow the usual arithmetic conversions: the result's element type is the type of
/// `a(i, j) * b(i, j)` (or `+`, `-`, `/`), so integer matrices stay exact integers.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

namespace detail {

/// The product a * b with elements of type R, accumulated in R from R{} in the order k = 0, 1, ...:
/// c(i, j) = ((0 + a(i, 0) b(0, j)) + a(i, 1) b(1, j)) + ...  Plain loops over the plain arrays: in constant
/// evaluation every function call in the inner loop costs budget.
template <class R, class A, class B>
constexpr matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> multiply(const A& a, const B& b) noexcept {
    matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> c;
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < B::cols; ++j) {
            R acc{};
            for (std::size_t k = 0; k < A::cols; ++k) {
                acc += static_cast<R>(a.elems[i][k]) * static_cast<R>(b.elems[k][j]);
            }
            c.elems[i][j] = acc;
        }
    }
    return c;
}

/// The product a * b^T, `c(i, j) = sum_k a(i, k) b(j, k)`, with the same operations in the same order as
/// `multiply<R>(a, transpose(b))` (so the same bits), without the transposed copy.
template <class R, class A, class B>
constexpr matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> multiply_transposed(const A& a,
                                                                                         const B& b) noexcept {
    matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> c;
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < B::rows; ++j) {
            R acc{};
            for (std::size_t k = 0; k < A::cols; ++k) {
                acc += static_cast<R>(a.elems[i][k]) * static_cast<R>(b.elems[j][k]);
            }
            c.elems[i][j] = acc;
        }
    }
    return c;
}

/// `c(i, j) = f(m(i, j))`, with the element type of `f`'s result and the axes of `m`.
template <class M, class F>
constexpr auto map(const M& m, F f) noexcept {
    rebind_t<M, decltype(f(m.elems[0][0]))> c;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            c.elems[i][j] = f(m.elems[i][j]);
        }
    }
    return c;
}

/// The type of an element-wise result: the shape of `A`, the common axes of `A` and `B`.
template <class R, class A, class B>
using elementwise_t = matrix_t<R, A::rows, A::cols, common_axis_t<row_axis_t<A>, row_axis_t<B>>,
                               common_axis_t<col_axis_t<A>, col_axis_t<B>>>;

/// `c(i, j) = f(a(i, j), b(i, j))` as an `R` matrix, for `a` and `b` of the same shape.
template <class R, class A, class B, class F>
constexpr elementwise_t<R, A, B> zip(const A& a, const B& b, F f) noexcept {
    elementwise_t<R, A, B> c;
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < A::cols; ++j) {
            c.elems[i][j] = f(a.elems[i][j], b.elems[i][j]);
        }
    }
    return c;
}

/// The element type of `a op b` for elements `T` and `U`.
template <class T, class U>
using product_t = decltype(std::declval<T>() * std::declval<U>());
template <class T, class U>
using sum_t = decltype(std::declval<T>() + std::declval<U>());
template <class T, class U>
using difference_t = decltype(std::declval<T>() - std::declval<U>());

}  // namespace detail

/// @brief Matrix product: for an R x K matrix `a` and a K x C matrix `b`, the R x C matrix
/// `c(i, j) = sum_k a(i, k) * b(k, j)` (seed sections 5 to 7 and 10).
///
/// Shape rule: `a`'s column count equals `b`'s row count, or the build fails naming `cta::op::matmul` and both
/// matrix types. With named axes, `a`'s column axis also matches `b`'s row axis, or the build fails naming
/// `cta::op::matmul` and both axes (a forgotten transpose).
template <matrix_type A, matrix_type B>
constexpr auto matmul(const A& a, const B& b) noexcept {
    using R = detail::product_t<typename A::value_type, typename B::value_type>;
    using C = matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>>;
    if constexpr (A::cols != B::rows) {
        static_assert(shapes_agree<op::matmul, A, B>,
                      "cta::matmul(a, b) and a * b: a's column count must equal b's row count");
        return C{};
    } else if constexpr (!axes_match_v<col_axis_t<A>, row_axis_t<B>>) {
        static_assert(axes_agree<op::matmul, col_axis_t<A>, row_axis_t<B>>,
                      "cta::matmul(a, b) and a * b: a's column axis must be b's row axis (a forgotten transpose?)");
        return C{};
    } else {
        return detail::multiply<R>(a, b);
    }
}

/// @brief `a * b` is `cta::matmul(a, b)`.
template <matrix_type A, matrix_type B>
constexpr auto operator*(const A& a, const B& b) noexcept {
    return matmul(a, b);
}

/// @brief The C x R matrix `t(j, i) = m(i, j)`, with the axes swapped.
template <matrix_type M>
constexpr auto transpose(const M& m) noexcept {
    matrix_t<typename M::value_type, M::cols, M::rows, col_axis_t<M>, row_axis_t<M>> t;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            t.elems[j][i] = m.elems[i][j];
        }
    }
    return t;
}

/// @brief Row `i` of `m` (from 0) as a 1 x C matrix: `cta::row(inputs, 0)` is the seed's "Input 1".
template <matrix_type M>
constexpr auto row(const M& m, std::size_t i) noexcept {
    matrix_t<typename M::value_type, 1, M::cols, row_axis_t<M>, col_axis_t<M>> r;
    for (std::size_t j = 0; j < M::cols; ++j) {
        r.elems[0][j] = m.elems[i][j];
    }
    return r;
}

/// @brief Element-wise sum `c(i, j) = a(i, j) + b(i, j)`. Shape rule: same shape, or the build fails naming
/// `cta::op::add` and both matrix types.
template <matrix_type A, matrix_type B>
constexpr auto operator+(const A& a, const B& b) noexcept {
    using R = detail::sum_t<typename A::value_type, typename B::value_type>;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::add, A, B>, "cta: a + b needs a and b of the same shape (and axes)");
        return detail::elementwise_t<R, A, A>{};
    } else {
        return detail::zip<R>(a, b, [](const auto& x, const auto& y) { return x + y; });
    }
}

/// @brief Element-wise difference `c(i, j) = a(i, j) - b(i, j)`. Shape rule: same shape, or the build fails
/// naming `cta::op::subtract` and both matrix types.
template <matrix_type A, matrix_type B>
constexpr auto operator-(const A& a, const B& b) noexcept {
    using R = detail::difference_t<typename A::value_type, typename B::value_type>;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::subtract, A, B>, "cta: a - b needs a and b of the same shape (and axes)");
        return detail::elementwise_t<R, A, A>{};
    } else {
        return detail::zip<R>(a, b, [](const auto& x, const auto& y) { return x - y; });
    }
}

/// @brief Negation `c(i, j) = -m(i, j)`.
template <matrix_type M>
constexpr auto operator-(const M& m) noexcept {
    return detail::map(m, [](const auto& x) { return -x; });
}

/// @brief Scalar multiple `c(i, j) = m(i, j) * s`.
template <matrix_type M, scalar_type S>
constexpr auto operator*(const M& m, S s) noexcept {
    return detail::map(m, [s](const auto& x) { return x * s; });
}

/// @brief Scalar multiple `c(i, j) = s * m(i, j)`.
template <scalar_type S, matrix_type M>
constexpr auto operator*(S s, const M& m) noexcept {
    return detail::map(m, [s](const auto& x) { return s * x; });
}

/// @brief Scalar quotient `c(i, j) = m(i, j) / s` (integer division for integer operands).
template <matrix_type M, scalar_type S>
constexpr auto operator/(const M& m, S s) noexcept {
    return detail::map(m, [s](const auto& x) { return x / s; });
}

/// @brief Element-wise equality of matrices of different types, comparing values as the usual arithmetic
/// conversions do (`matrix<int, 1, 2>{{{1, 2}}} == matrix<double, 1, 2>{{{1.0, 2.0}}}`). Shape rule: same shape,
/// or the build fails naming `cta::op::equal` and both matrix types. (Two matrices of the same type compare with
/// the defaulted `operator==`.)
template <matrix_type A, matrix_type B>
    requires(!std::is_same_v<A, B>)
constexpr bool operator==(const A& a, const B& b) noexcept {
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::equal, A, B>, "cta: a == b needs a and b of the same shape (and axes)");
        return false;
    } else {
        using C = std::common_type_t<typename A::value_type, typename B::value_type>;
        for (std::size_t i = 0; i < A::rows; ++i) {
            for (std::size_t j = 0; j < A::cols; ++j) {
                if (!(static_cast<C>(a.elems[i][j]) == static_cast<C>(b.elems[i][j]))) return false;
            }
        }
        return true;
    }
}

}  // namespace cta

CTA_FP_STRICT_END
