// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `cta::matrix<T, Rows, Cols>`: a fixed-size matrix whose shape is part of its type.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>

namespace cta {

/// @brief The axis of an unnamed dimension: it matches every axis. Both axes of a plain `matrix<T, R, C>`.
struct any_axis {};

namespace detail {

/// True for the axes of `matrix<T, Rows, Cols, any_axis, any_axis>`, the plain matrix spelled out.
template <class... Axes>
inline constexpr bool both_axes_unnamed = sizeof...(Axes) == 2 && (std::is_same_v<Axes, any_axis> && ...);

/// True when both dimensions of the matrix type `M`, `Rows` x `Cols`, are at least 1: the condition of the matrix's
/// own check, spelled with its type, which every compiler then prints in the error's first line (Clang prints the
/// condition it evaluates, and Clang 22 only the failing part of `Rows > 0 && Cols > 0`, `'0UL > 0'`).
template <class M, std::size_t Rows, std::size_t Cols>
inline constexpr bool dimensions_at_least_1 = Rows > 0 && Cols > 0;

/// @brief The iterator of a matrix: a random-access iterator over its elements in row-major order, `E` being `T`
/// or `const T`.
///
/// It holds the rows and the index k of the element in that order, and reads `rows[k / Cols][k % Cols]`: each
/// access stays inside one row, as constant evaluation requires (a pointer into the first row cannot be moved to
/// the second there). It declares no iterator category: the standard then takes it for random access, as it checks
/// the operations below (`std::random_access_iterator`, and `std::iterator_traits` for the algorithms of
/// `<algorithm>`), so that the core headers need not include `<iterator>`.
template <class E, std::size_t Cols>
class row_major_iterator {
public:
    using value_type = std::remove_cv_t<E>;  ///< the element type
    using difference_type = std::ptrdiff_t;  ///< a distance in elements

    row_major_iterator() = default;
    /// @brief Element `index` (in row-major order) of the rows starting at `rows`.
    constexpr row_major_iterator(E (*rows)[Cols], difference_type index) noexcept : rows_(rows), index_(index) {}
    /// @brief An iterator as a `const` one.
    template <class F>
        requires std::is_same_v<const F, E> && (!std::is_same_v<F, E>)
    constexpr row_major_iterator(const row_major_iterator<F, Cols>& i) noexcept  // NOLINT(google-explicit-constructor)
        : rows_(i.rows_), index_(i.index_) {}

    constexpr E& operator*() const noexcept {
        const auto k = static_cast<std::size_t>(index_);
        return rows_[k / Cols][k % Cols];
    }
    constexpr E& operator[](difference_type n) const noexcept { return *(*this + n); }

    constexpr row_major_iterator& operator++() noexcept {
        ++index_;
        return *this;
    }
    constexpr row_major_iterator operator++(int) noexcept {
        row_major_iterator old = *this;
        ++index_;
        return old;
    }
    constexpr row_major_iterator& operator--() noexcept {
        --index_;
        return *this;
    }
    constexpr row_major_iterator operator--(int) noexcept {
        row_major_iterator old = *this;
        --index_;
        return old;
    }
    constexpr row_major_iterator& operator+=(difference_type n) noexcept {
        index_ += n;
        return *this;
    }
    constexpr row_major_iterator& operator-=(difference_type n) noexcept {
        index_ -= n;
        return *this;
    }
    friend constexpr row_major_iterator operator+(row_major_iterator i, difference_type n) noexcept { return i += n; }
    friend constexpr row_major_iterator operator+(difference_type n, row_major_iterator i) noexcept { return i += n; }
    friend constexpr row_major_iterator operator-(row_major_iterator i, difference_type n) noexcept { return i -= n; }
    friend constexpr difference_type operator-(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return a.index_ - b.index_;
    }

    friend constexpr bool operator==(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return a.index_ == b.index_;
    }
    friend constexpr bool operator<(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return a.index_ < b.index_;
    }
    friend constexpr bool operator>(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return b.index_ < a.index_;
    }
    friend constexpr bool operator<=(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return !(b.index_ < a.index_);
    }
    friend constexpr bool operator>=(const row_major_iterator& a, const row_major_iterator& b) noexcept {
        return !(a.index_ < b.index_);
    }

private:
    template <class, std::size_t>
    friend class row_major_iterator;

    E (*rows_)[Cols] = nullptr;
    difference_type index_ = 0;
};

}  // namespace detail

/// @brief A `Rows` x `Cols` matrix of `T`, stored row by row in a plain array.
///
/// A literal aggregate: it lives in constant expressions and at run time alike, never allocates, and copies like
/// a plain array. It reads like the tutorial's tables:
///
///     constexpr cta::matrix<int, 3, 4> inputs{{ {1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1} }};
///     constexpr cta::matrix w_key{{ {0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0} }};   // matrix<int, 4, 3>
///
/// (`cta::make_matrix<int, 3, 4>({...})` is the same with every row and column required.) It is a random-access
/// range of its elements in row-major order (`for (auto x : m)`, `std::ranges::sort(m)`, `m.size()`), and
/// `auto [a, b, c] = m` binds them in that order.
///
/// `Axes` is empty for a plain matrix, or names both dimensions: `matrix<int, 3, 4, axis::tokens, axis::model>` is
/// 3 tokens of 4 model features. Named axes make the operations check meaning as well as sizes: a product needs
/// the left column axis to match the right row axis, so `queries * keys` fails to build even when n == d_k
/// (`queries * transpose(keys)` is meant). A dimension named `any_axis` matches every axis; a plain matrix has
/// `any_axis` on both, and is only ever spelled `matrix<T, Rows, Cols>`.
template <class T, std::size_t Rows, std::size_t Cols, class... Axes>
struct matrix {
    static_assert(detail::dimensions_at_least_1<matrix, Rows, Cols>,
                  "cta::matrix<T, Rows, Cols>: both dimensions must be at least 1");
    static_assert(sizeof...(Axes) == 0 || sizeof...(Axes) == 2,
                  "cta::matrix<T, Rows, Cols, Axes...>: give no axis tag or one per dimension");
    static_assert(!detail::both_axes_unnamed<Axes...>,
                  "cta::matrix<T, Rows, Cols, cta::any_axis, cta::any_axis>: a matrix without named axes is "
                  "written cta::matrix<T, Rows, Cols> (one type, which the operations return)");

    using value_type = T;                                   ///< the element type
    using reference = T&;                                   ///< an element
    using const_reference = const T&;                       ///< an element of a `const` matrix
    using iterator = detail::row_major_iterator<T, Cols>;   ///< over the elements in row-major order
    using const_iterator = detail::row_major_iterator<const T, Cols>;  ///< the same, read-only
    using size_type = std::size_t;                          ///< a number of elements
    using difference_type = std::ptrdiff_t;                 ///< a distance between elements
    static constexpr std::size_t rows = Rows;               ///< number of rows
    static constexpr std::size_t cols = Cols;               ///< number of columns

    /// @brief The elements, row by row. Public so that the matrix is an aggregate (brace initialisation, a
    /// literal type); prefer `m(i, j)`.
    T elems[Rows][Cols];

    /// @brief Number of elements, `Rows * Cols` (a function, as the standard containers' `size()`).
    static constexpr std::size_t size() noexcept { return Rows * Cols; }

    /// @brief Element in row `i`, column `j` (both from 0).
    constexpr T& operator()(std::size_t i, std::size_t j) noexcept { return elems[i][j]; }
    /// @copydoc operator()(std::size_t, std::size_t)
    constexpr const T& operator()(std::size_t i, std::size_t j) const noexcept { return elems[i][j]; }

    /// @brief The first element, in row-major order (row 0, then row 1, ...).
    [[nodiscard]] constexpr iterator begin() noexcept { return iterator(elems, 0); }
    /// @copydoc begin()
    [[nodiscard]] constexpr const_iterator begin() const noexcept { return const_iterator(elems, 0); }
    /// @copydoc begin()
    [[nodiscard]] constexpr const_iterator cbegin() const noexcept { return begin(); }
    /// @brief Past the last element.
    [[nodiscard]] constexpr iterator end() noexcept {
        return iterator(elems, static_cast<difference_type>(Rows * Cols));
    }
    /// @copydoc end()
    [[nodiscard]] constexpr const_iterator end() const noexcept {
        return const_iterator(elems, static_cast<difference_type>(Rows * Cols));
    }
    /// @copydoc end()
    [[nodiscard]] constexpr const_iterator cend() const noexcept { return end(); }

    /// @brief A pointer to the first element, for passing the `Rows * Cols` elements to C functions at run time.
    /// In a constant expression only the first row can be reached through it (the language does not let a pointer
    /// leave the row it points into there): use `m(i, j)` or the iterators.
    [[nodiscard]] constexpr T* data() noexcept { return elems[0]; }
    /// @copydoc data()
    [[nodiscard]] constexpr const T* data() const noexcept { return elems[0]; }

    /// @brief Element-wise equality of two matrices of the same type.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const matrix&, const matrix&) = default;
};

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

// ---- Structured bindings -------------------------------------------------------------------------------------------

namespace detail {

/// Element I of m in row-major order (m a matrix, `const` or not).
template <std::size_t I, class M>
CTA_DETAIL_TARGET_TAG constexpr auto& element_at(M& m) noexcept {
    if constexpr (I >= M::size()) {
        static_assert(I < M::size(), "cta::get<I>(m): I must be below m.size(), the number of elements");
        return m.elems[0][0];
    } else {
        return m.elems[I / M::cols][I % M::cols];
    }
}

}  // namespace detail

///@{
/// @brief Element `I` of `m` in row-major order: the tuple protocol of the matrix (`std::tuple_size` is the number of
/// elements), so that `auto [a, b, c] = cta::row(m, 0);` binds the three elements of a row, and
/// `auto [a, b, c, d] = m;` the four of a 2 x 2 matrix in the order of its iterators.
template <std::size_t I, class T, std::size_t R, std::size_t C, class... A>
CTA_DETAIL_TARGET_TAG constexpr T& get(matrix<T, R, C, A...>& m) noexcept {
    return detail::element_at<I>(m);
}
// The same for a const, an rvalue and a const rvalue matrix.
template <std::size_t I, class T, std::size_t R, std::size_t C, class... A>
CTA_DETAIL_TARGET_TAG constexpr const T& get(const matrix<T, R, C, A...>& m) noexcept {
    return detail::element_at<I>(m);
}
template <std::size_t I, class T, std::size_t R, std::size_t C, class... A>
CTA_DETAIL_TARGET_TAG constexpr T&& get(matrix<T, R, C, A...>&& m) noexcept {
    return static_cast<T&&>(detail::element_at<I>(m));
}
template <std::size_t I, class T, std::size_t R, std::size_t C, class... A>
CTA_DETAIL_TARGET_TAG constexpr const T&& get(const matrix<T, R, C, A...>&& m) noexcept {
    return static_cast<const T&&>(detail::element_at<I>(m));
}
///@}

// ---- Literals and conversions --------------------------------------------------------------------------------------

/// @brief The number of rows of a literal given to `cta::make_matrix<T, R, C>`, as its errors print it.
template <std::size_t N>
struct literal_rows;
/// @brief The number of elements of a row of a literal given to `cta::make_matrix<T, R, C>`, as its errors print it.
template <std::size_t N>
struct literal_row_length;

namespace detail {

template <std::size_t, class T>
struct repeat {
    using type = T;
};

/// One row of the literal of `make_matrix<T, R, C>`, for the matrix type M: constructed from exactly M::cols
/// elements of its element type (a narrowing conversion does not compile, as in a braced initialiser); any other
/// number of elements stops the build.
template <class M, class = std::make_index_sequence<M::cols>>
struct literal_row;
template <class M, std::size_t... j>
struct literal_row<M, std::index_sequence<j...>> {
    typename M::value_type elems[M::cols]{};

    // NOLINTNEXTLINE(google-explicit-constructor): a row of a braced literal, {1, 2, 3}
    constexpr literal_row(typename repeat<j, typename M::value_type>::type... x) noexcept : elems{x...} {}

    template <class... U>
        requires(sizeof...(U) != M::cols)
    constexpr literal_row(const U&... /*elements*/) noexcept {  // NOLINT(google-explicit-constructor)
        static_assert(shapes_agree<op::make_matrix, M, literal_row_length<sizeof...(U)>>,
                      "cta::make_matrix<T, R, C>(rows): every row of the literal needs C elements");
    }
};

/// The type of an explicit template argument that make_matrix's deduced forms do not take, so that
/// `make_matrix<T, R, C>` can only be the form that checks the literal.
struct deduced_from_the_argument {};

}  // namespace detail

/// @brief The `R` x `C` matrix of a braced literal of exactly `R` rows of `C` elements each, written
/// `cta::make_matrix<int, 2, 2>({{1, 2}, {3, 4}})` (optionally with two axes after `C`). A missing or extra row or
/// element stops the build naming the matrix type and what the literal has: `literal_rows<N>` (N rows) or
/// `literal_row_length<N>` (a row of N elements), where a braced initialiser `matrix<int, 2, 2>{{{1, 2}}}` would
/// fill the rest with zeros. Elements convert to `T` as in a braced initialiser (no narrowing).
template <class T, std::size_t R, std::size_t C, class... Axes, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr matrix<T, R, C, Axes...> make_matrix(
    const detail::literal_row<matrix<T, R, C, Axes...>> (&rows)[N]) noexcept {
    if constexpr (N != R) {
        static_assert(shapes_agree<op::make_matrix, matrix<T, R, C, Axes...>, literal_rows<N>>,
                      "cta::make_matrix<T, R, C>(rows): the literal needs R rows");
        return matrix<T, R, C, Axes...>{};
    } else {
        matrix<T, R, C, Axes...> m;
        for (std::size_t i = 0; i < R; ++i) {
            for (std::size_t j = 0; j < C; ++j) m.elems[i][j] = rows[i].elems[j];
        }
        return m;
    }
}

/// @brief The matrix of a braced literal or of a `T[R][C]` array, its shape deduced:
/// `cta::make_matrix({{1, 2}, {3, 4}})` is a `matrix<int, 2, 2>`, `cta::make_matrix<double>({{1, 2}, {3, 4}})` a
/// `matrix<double, 2, 2>`. Rows of different lengths do not deduce (the build fails).
template <class T, detail::deduced_from_the_argument&..., std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr matrix<T, R, C> make_matrix(const T (&rows)[R][C]) noexcept {
    matrix<T, R, C> m;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) m.elems[i][j] = rows[i][j];
    }
    return m;
}

namespace detail {
/// A fixed-size array class such as `std::array<T, N>`: a size in `std::tuple_size`, a `value_type` and `a[i]`
/// (so that this header need not include `<array>`, which would double what it costs to read).
template <class A>
concept fixed_size_array = requires(const A& a, std::size_t i) {
    typename A::value_type;
    std::tuple_size<A>::value;
    a[i];
};
}  // namespace detail

/// @brief A `std::array<T, N>` (or another fixed-size array class) as a 1 x N matrix, a row (as `cta::row` gives),
/// and a `std::array` of `R` `std::array<T, C>` rows as an R x C matrix.
template <detail::deduced_from_the_argument&..., detail::fixed_size_array A>
CTA_DETAIL_TARGET_TAG constexpr auto make_matrix(const A& a) noexcept {
    using V = typename A::value_type;
    constexpr std::size_t R = std::tuple_size<A>::value;
    if constexpr (detail::fixed_size_array<V>) {
        constexpr std::size_t C = std::tuple_size<V>::value;
        matrix<typename V::value_type, R, C> m;
        for (std::size_t i = 0; i < R; ++i) {
            for (std::size_t j = 0; j < C; ++j) m.elems[i][j] = a[i][j];
        }
        return m;
    } else {
        matrix<V, 1, R> m;
        for (std::size_t j = 0; j < R; ++j) m.elems[0][j] = a[j];
        return m;
    }
}

/// @brief True for the specialisations of `cta::matrix`.
template <class M>
inline constexpr bool is_matrix_v = false;
/// @brief True for a `cta::matrix`.
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

/// The tuple protocol of `cta::matrix` (see `cta::get`): `R * C` elements of type `T`.
template <class T, std::size_t R, std::size_t C, class... A>
struct std::tuple_size<cta::matrix<T, R, C, A...>> : std::integral_constant<std::size_t, R * C> {};
/// The type of each element of `cta::matrix<T, R, C, A...>`: `T`.
template <std::size_t I, class T, std::size_t R, std::size_t C, class... A>
    requires(I < R * C)
struct std::tuple_element<I, cta::matrix<T, R, C, A...>> {
    /// @brief `T`.
    using type = T;
};
