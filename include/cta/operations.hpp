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

// ---- Products ------------------------------------------------------------------------------------------------------
//
// Every product element is accumulated in R from R{} in the order k = 0, 1, ...:
// c(i, j) = ((0 + a(i, 0) b(0, j)) + a(i, 1) b(1, j)) + ..., one rounding per multiplication and per addition, in
// constant evaluation and at run time alike. The two evaluate it in different shapes, chosen for their costs:
// - In constant evaluation, every statement costs Clang a step and every expression node costs GCC an operation, so
//   each element is one fold expression of up to `dot_chunk` terms with constant indices into row references:
//   acc + a_i[0] * b_j[0] + a_i[1] * b_j[1] + ..., left to right (`+` is left-associative), which is the order above.
// - At run time, blocks of `block_rows` x `block_cols<R>` elements are accumulated in registers, one k at a time
//   for all of them, which the compilers vectorise across the columns: each element still receives its terms one
//   by one in k order, so the results are the same bits.

/// The largest number of terms summed in one constant-evaluation statement (well below Clang's default
/// -fbracket-depth of 256, which also bounds fold expressions).
inline constexpr std::size_t dot_chunk = 64;

/// `std::index_sequence<Offset, ..., Offset + n - 1>` for `std::make_index_sequence<n>`.
template <std::size_t Offset, std::size_t... t>
constexpr std::index_sequence<Offset + t...> offset_sequence(std::index_sequence<t...>) noexcept {
    return {};
}

/// c(i, j) = sum_k a(i, k) bt(j, k) in the order above, for constant evaluation: `chunk` holds 0 .. dot_chunk - 1
/// (empty when K <= dot_chunk), `last` the indices of the last terms, from the last multiple of dot_chunk below K.
template <class R, class C, class A, class BT, std::size_t... u, std::size_t... t>
constexpr void dot_products(C& c, const A& a, const BT& bt, std::index_sequence<u...>,
                            std::index_sequence<t...>) noexcept {
    constexpr std::size_t whole = A::cols - sizeof...(t);
    for (std::size_t i = 0; i < A::rows; ++i) {
        const auto& a_i = a.elems[i];
        for (std::size_t j = 0; j < BT::rows; ++j) {
            const auto& bt_j = bt.elems[j];
            R acc{};
            for (std::size_t k = 0; k < whole; k += sizeof...(u))
                acc = (acc + ... + (static_cast<R>(a_i[k + u]) * static_cast<R>(bt_j[k + u])));
            c.elems[i][j] = (acc + ... + (static_cast<R>(a_i[t]) * static_cast<R>(bt_j[t])));
        }
    }
}

/// `dot_products` with the index sequences for K = A::cols.
template <class R, class C, class A, class BT>
constexpr void dot_products(C& c, const A& a, const BT& bt) noexcept {
    constexpr std::size_t K = A::cols;
    constexpr std::size_t whole = K <= dot_chunk ? 0 : K - K % dot_chunk;
    using chunk = std::make_index_sequence<K <= dot_chunk ? 0 : dot_chunk>;
    dot_products<R>(c, a, bt, chunk{}, offset_sequence<whole>(std::make_index_sequence<K - whole>{}));
}

/// The register block of the run-time products: block_rows x block_cols<R> accumulators, two vector registers wide
/// (SSE2 by default on x86-64, AVX or AVX-512 when the target has them).
inline constexpr std::size_t block_rows = 4;
#if defined(__AVX512F__)
inline constexpr std::size_t vector_bytes = 64;
#elif defined(__AVX__)
inline constexpr std::size_t vector_bytes = 32;
#else
inline constexpr std::size_t vector_bytes = 16;
#endif
template <class R>
inline constexpr std::size_t block_cols = sizeof(R) < vector_bytes ? 2 * (vector_bytes / sizeof(R)) : 2;
/// The run-time products take k in slices of at most this many, so that a panel of b stays small (on the stack).
inline constexpr std::size_t panel_depth = 64;

/// Run time: c(i0 + r, j0 + q) for r < Rows, q < Cols, given its terms k0 .. k0 + depth - 1: from R{} for the first
/// slice (k0 == 0), else from the value c holds; `panel[k][q]` is b(k0 + k, j0 + q) in R.
template <std::size_t Rows, std::size_t Cols, bool First, class R, class C, class A>
inline void multiply_block(C& c, const A& a, const R (*panel)[Cols], std::size_t depth, std::size_t i0,
                           std::size_t j0, std::size_t k0) noexcept {
    R acc[Rows][Cols];
#pragma GCC unroll 16
    for (std::size_t r = 0; r < Rows; ++r) {
#pragma GCC unroll 16
        for (std::size_t q = 0; q < Cols; ++q) {
            if constexpr (First) {
                acc[r][q] = R{};
            } else {
                acc[r][q] = c.elems[i0 + r][j0 + q];
            }
        }
    }
    for (std::size_t k = 0; k < depth; ++k) {
#pragma GCC unroll 16
        for (std::size_t r = 0; r < Rows; ++r) {
            const R x = static_cast<R>(a.elems[i0 + r][k0 + k]);
#pragma GCC unroll 16
            for (std::size_t q = 0; q < Cols; ++q) acc[r][q] = acc[r][q] + x * panel[k][q];
        }
    }
#pragma GCC unroll 16
    for (std::size_t r = 0; r < Rows; ++r) {
#pragma GCC unroll 16
        for (std::size_t q = 0; q < Cols; ++q) c.elems[i0 + r][j0 + q] = acc[r][q];
    }
}

/// Run time: the terms k0 .. k0 + depth - 1 of the columns j0 .. j0 + Cols - 1 of c = a b, with `b_at(k, j)` giving
/// b(k, j); `panel` has room for depth x Cols elements.
template <std::size_t Cols, bool First, class R, class C, class A, class BAt>
inline void multiply_slice(C& c, const A& a, BAt b_at, R (*panel)[Cols], std::size_t depth, std::size_t j0,
                           std::size_t k0) noexcept {
    for (std::size_t k = 0; k < depth; ++k) {
        for (std::size_t q = 0; q < Cols; ++q) panel[k][q] = static_cast<R>(b_at(k0 + k, j0 + q));
    }
    constexpr std::size_t whole_rows = A::rows - A::rows % block_rows;
    if constexpr (whole_rows != 0) {
        for (std::size_t i0 = 0; i0 < whole_rows; i0 += block_rows) {
            multiply_block<block_rows, Cols, First>(c, a, panel, depth, i0, j0, k0);
        }
    }
    if constexpr (whole_rows != A::rows) {
        multiply_block<A::rows - whole_rows, Cols, First>(c, a, panel, depth, whole_rows, j0, k0);
    }
}

/// Run time: the columns j0 .. j0 + Cols - 1 of c = a b, with `b_at(k, j)` giving b(k, j), in slices of k.
template <std::size_t Cols, class R, class C, class A, class BAt>
inline void multiply_columns(C& c, const A& a, BAt b_at, std::size_t j0) noexcept {
    constexpr std::size_t K = A::cols;
    constexpr std::size_t depth_max = K < panel_depth ? K : panel_depth;
    R panel[depth_max][Cols];
    multiply_slice<Cols, true>(c, a, b_at, panel, depth_max, j0, 0);
    for (std::size_t k0 = depth_max; k0 < K; k0 += depth_max) {
        multiply_slice<Cols, false>(c, a, b_at, panel, K - k0 < depth_max ? K - k0 : depth_max, j0, k0);
    }
}

/// Run time: c = a b, with `b_at(k, j)` giving b(k, j), in column panels of block_cols<R>.
template <class R, class C, class A, class BAt>
inline void multiply_run_time(C& c, const A& a, BAt b_at) noexcept {
    constexpr std::size_t width = block_cols<R>;
    constexpr std::size_t whole_cols = C::cols - C::cols % width;
    if constexpr (whole_cols != 0) {
        for (std::size_t j0 = 0; j0 < whole_cols; j0 += width) multiply_columns<width, R>(c, a, b_at, j0);
    }
    if constexpr (whole_cols != C::cols) multiply_columns<C::cols - whole_cols, R>(c, a, b_at, whole_cols);
}

/// The product a * b with elements of type R (see "Products" above).
template <class R, class A, class B>
constexpr matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> multiply(const A& a, const B& b) noexcept {
    matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> c;
    if (std::is_constant_evaluated()) {
        matrix<typename B::value_type, B::cols, B::rows> bt;  // b's columns as rows
        for (std::size_t k = 0; k < B::rows; ++k) {
            for (std::size_t j = 0; j < B::cols; ++j) bt.elems[j][k] = b.elems[k][j];
        }
        dot_products<R>(c, a, bt);
    } else {
        multiply_run_time<R>(c, a, [&b](std::size_t k, std::size_t j) { return b.elems[k][j]; });
    }
    return c;
}

/// The product a * b^T, `c(i, j) = sum_k a(i, k) b(j, k)`, with the same operations in the same order as
/// `multiply<R>(a, transpose(b))` (so the same bits), without transposing b first.
template <class R, class A, class B>
constexpr matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> multiply_transposed(const A& a,
                                                                                         const B& b) noexcept {
    matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> c;
    if (std::is_constant_evaluated()) {
        dot_products<R>(c, a, b);
    } else {
        multiply_run_time<R>(c, a, [&b](std::size_t k, std::size_t j) { return b.elems[j][k]; });
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
