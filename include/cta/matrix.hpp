// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `cta::matrix<T, Rows, Cols>`: a fixed-size matrix whose shape is part of its type.
#pragma once

#include <cstddef>
#include <type_traits>
#include <cta/detail/target.hpp>

namespace cta {

/// @brief A `Rows` x `Cols` matrix of `T`, stored row by row in a plain array.
///
/// A literal aggregate: it lives in constant expressions and at run time alike, never allocates, and copies like
/// a plain array. It reads like the tutorial's tables:
///
///     constexpr cta::matrix<int, 3, 4> inputs{{ {1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1} }};
///     constexpr cta::matrix w_key{{ {0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0} }};   // matrix<int, 4, 3>
///
/// `Axes` is empty for a plain matrix, or names both dimensions: `matrix<int, 3, 4, axis::tokens, axis::model>` is
/// 3 tokens of 4 model features. Named axes make the operations check meaning as well as sizes: a product needs
/// the left column axis to match the right row axis, so `queries * keys` fails to build even when n == d_k
/// (`queries * transpose(keys)` is meant). A dimension named `any_axis` matches every axis; a plain matrix has
/// `any_axis` on both.
template <class T, std::size_t Rows, std::size_t Cols, class... Axes>
struct matrix {
    static_assert(Rows > 0 && Cols > 0, "cta::matrix<T, Rows, Cols>: both dimensions must be at least 1");
    static_assert(sizeof...(Axes) == 0 || sizeof...(Axes) == 2,
                  "cta::matrix<T, Rows, Cols, Axes...>: give no axis tag or one per dimension");

    using value_type = T;                          ///< the element type
    static constexpr std::size_t rows = Rows;      ///< number of rows
    static constexpr std::size_t cols = Cols;      ///< number of columns
    static constexpr std::size_t size = Rows * Cols;  ///< number of elements

    /// @brief The elements, row by row. Public so that the matrix is an aggregate (brace initialisation, a
    /// literal type); prefer `m(i, j)`.
    T elems[Rows][Cols];

    /// @brief Element in row `i`, column `j` (both from 0).
    constexpr T& operator()(std::size_t i, std::size_t j) noexcept { return elems[i][j]; }
    /// @copydoc operator()(std::size_t, std::size_t)
    constexpr const T& operator()(std::size_t i, std::size_t j) const noexcept { return elems[i][j]; }

    /// @brief Element-wise equality of two matrices of the same type.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const matrix&, const matrix&) = default;
};

/// @brief The axis of an unnamed dimension: it matches every axis. Both axes of a plain `matrix<T, R, C>`.
struct any_axis {};

/// @brief Names for the axes of attention. Any type can name an axis; these are the ones the library's pipelines
/// are written with.
namespace axis {
struct tokens {};        ///< one row per token of a sequence (n)
struct query_tokens {};  ///< the tokens that attend, in cross-attention (n_q)
struct key_tokens {};    ///< the tokens attended to, in cross-attention (n_kv)
struct model {};         ///< the model's features: the inputs' columns (d, d_model)
struct key {};           ///< query and key features (d_k)
struct value {};         ///< value features (d_v)
}  // namespace axis

/// @brief Deduces `matrix<T, R, C>` from a braced table: `cta::matrix m{{ {1, 2}, {3, 4} }};` is a
/// `matrix<int, 2, 2>`.
template <class T, std::size_t R, std::size_t C>
matrix(const T (&)[R][C]) -> matrix<T, R, C>;

/// @brief True for the specialisations of `cta::matrix`.
template <class M>
inline constexpr bool is_matrix_v = false;
template <class T, std::size_t R, std::size_t C, class... A>
inline constexpr bool is_matrix_v<matrix<T, R, C, A...>> = true;

/// @brief A `cta::matrix` of any element type and shape (cv-qualifiers and references ignored).
template <class M>
concept matrix_type = is_matrix_v<std::remove_cvref_t<M>>;

/// @brief An arithmetic scalar, for `matrix * scalar` and `matrix / scalar`.
template <class S>
concept scalar_type = std::is_arithmetic_v<std::remove_cvref_t<S>>;

/// @brief The element type of a matrix type.
template <matrix_type M>
using element_t = typename std::remove_cvref_t<M>::value_type;

namespace detail {
template <class M>
struct axes_of;
template <class T, std::size_t R, std::size_t C>
struct axes_of<matrix<T, R, C>> {
    using row = any_axis;
    using col = any_axis;
};
template <class T, std::size_t R, std::size_t C, class RowAxis, class ColAxis>
struct axes_of<matrix<T, R, C, RowAxis, ColAxis>> {
    using row = RowAxis;
    using col = ColAxis;
};
}  // namespace detail

/// @brief The axis of a matrix type's rows (`any_axis` for a plain matrix).
template <matrix_type M>
using row_axis_t = typename detail::axes_of<std::remove_cvref_t<M>>::row;
/// @brief The axis of a matrix type's columns (`any_axis` for a plain matrix).
template <matrix_type M>
using col_axis_t = typename detail::axes_of<std::remove_cvref_t<M>>::col;

/// @brief True if two axes can meet in an operation: the same axis, or either is `any_axis`.
template <class A, class B>
inline constexpr bool axes_match_v = std::is_same_v<A, B> || std::is_same_v<A, any_axis> || std::is_same_v<B, any_axis>;

/// @brief True if two matrix types have the same number of rows and of columns, and matching axes: the rule of
/// the element-wise operations and comparisons.
template <matrix_type A, matrix_type B>
inline constexpr bool same_shape_v = std::remove_cvref_t<A>::rows == std::remove_cvref_t<B>::rows &&
                                     std::remove_cvref_t<A>::cols == std::remove_cvref_t<B>::cols &&
                                     axes_match_v<row_axis_t<A>, row_axis_t<B>> &&
                                     axes_match_v<col_axis_t<A>, col_axis_t<B>>;

/// @brief The axis that two matching axes make: the named one, if either is named.
template <class A, class B>
using common_axis_t = std::conditional_t<std::is_same_v<A, any_axis>, B, A>;

/// @brief `matrix<T, R, C>` if both axes are `any_axis`, otherwise `matrix<T, R, C, RowAxis, ColAxis>`: the type of
/// every result, so that plain operands give plain results.
template <class T, std::size_t R, std::size_t C, class RowAxis = any_axis, class ColAxis = any_axis>
using matrix_t = std::conditional_t<std::is_same_v<RowAxis, any_axis> && std::is_same_v<ColAxis, any_axis>,
                                    matrix<T, R, C>, matrix<T, R, C, RowAxis, ColAxis>>;

/// @brief The same type of matrix with elements of type `U`.
template <matrix_type M, class U>
using rebind_t = matrix_t<U, std::remove_cvref_t<M>::rows, std::remove_cvref_t<M>::cols, row_axis_t<M>, col_axis_t<M>>;

/// @brief A copy of `m` with its axes named `RowAxis` and `ColAxis` (`any_axis` unnames one):
/// `cta::with_axes<cta::axis::tokens, cta::axis::model>(inputs)`.
template <class RowAxis, class ColAxis, matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto with_axes(const M& m) noexcept {
    matrix_t<typename M::value_type, M::rows, M::cols, RowAxis, ColAxis> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            r.elems[i][j] = m.elems[i][j];
        }
    }
    return r;
}

/// @brief The floating type in which softmax and attention compute: `Real` if given (not `void`), otherwise `T`
/// when `T` is floating, otherwise `double`.
template <class Real, class T>
using real_t = std::conditional_t<!std::is_void_v<Real>, Real,
                                  std::conditional_t<std::is_floating_point_v<T>, T, double>>;

}  // namespace cta
