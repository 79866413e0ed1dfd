/// @file
/// @brief `cta::matrix<T, Rows, Cols>`: a fixed-size matrix whose shape is part of its type.
#pragma once

#include <cstddef>
#include <type_traits>

namespace cta {

/// @brief A `Rows` x `Cols` matrix of `T`, stored row by row in a plain array.
///
/// A literal aggregate: it lives in constant expressions and at run time alike, never allocates, and copies like
/// a plain array. It reads like the tutorial's tables:
///
///     constexpr cta::matrix<int, 3, 4> inputs{{ {1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1} }};
///     constexpr cta::matrix w_key{{ {0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0} }};   // matrix<int, 4, 3>
///
/// `Axes` is empty for a plain matrix. It is reserved for named axes (two tag types, one per dimension), so that
/// `matrix<T, Rows, Cols>` keeps its meaning and spelling when they are used.
template <class T, std::size_t Rows, std::size_t Cols, class... Axes>
struct matrix {
    static_assert(Rows > 0 && Cols > 0, "cta::matrix<T, Rows, Cols>: both dimensions must be at least 1");
    static_assert(sizeof...(Axes) == 0 || sizeof...(Axes) == 2,
                  "cta::matrix<T, Rows, Cols, Axes...>: give no axis tag or one per dimension");

    using value_type = T;                          ///< the element type
    static constexpr std::size_t rows = Rows;      ///< number of rows
    static constexpr std::size_t cols = Cols;      ///< number of columns
    static constexpr std::size_t size = Rows * Cols;  ///< number of elements

    /// The elements, row by row. Public so that the matrix is an aggregate (brace initialisation, a literal
    /// type); prefer `m(i, j)`.
    T elems[Rows][Cols];

    /// @brief Element in row `i`, column `j` (both from 0).
    constexpr T& operator()(std::size_t i, std::size_t j) noexcept { return elems[i][j]; }
    /// @copydoc operator()(std::size_t, std::size_t)
    constexpr const T& operator()(std::size_t i, std::size_t j) const noexcept { return elems[i][j]; }

    /// @brief Element-wise equality of two matrices of the same type.
    friend constexpr bool operator==(const matrix&, const matrix&) = default;
};

/// Deduces `matrix<T, R, C>` from a braced table: `cta::matrix m{{ {1, 2}, {3, 4} }};` is a `matrix<int, 2, 2>`.
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

/// @brief The floating type in which softmax and attention compute: `Real` if given (not `void`), otherwise `T`
/// when `T` is floating, otherwise `double`.
template <class Real, class T>
using real_t = std::conditional_t<!std::is_void_v<Real>, Real,
                                  std::conditional_t<std::is_floating_point_v<T>, T, double>>;

}  // namespace cta
