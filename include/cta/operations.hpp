// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Matrix arithmetic, all `constexpr` and shape-checked: product, transpose, element-wise sum and
/// difference, scalar multiplication and division, their compound assignments (`+=`, `-=`, `*=` and `/=` by a
/// scalar), and equality across element types.
///
/// Mixed element types follow the usual arithmetic conversions: the result's element type is the type of
/// `a(i, j) * b(i, j)` (or `+`, `-`, `/`), so integer matrices stay exact integers. The element-wise and scalar
/// operations convert both operands to that type explicitly, as the conversions would (the same values, without the
/// warnings of -Wconversion about a conversion the operation makes anyway).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/detail/distance.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/detail/simd.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

// The functions with products (docs: include/cta/detail/fp_strict.hpp).
CTA_FP_PRODUCTS_BEGIN

namespace detail {

// ---- Products ------------------------------------------------------------------------------------------------------
//
// Every product element is accumulated in R from R{} in the order k = 0, 1, ...:
// c(i, j) = ((0 + a(i, 0) b(0, j)) + a(i, 1) b(1, j)) + ..., one rounding per multiplication and per addition, in
// constant evaluation and at run time alike. The two evaluate it in different shapes, chosen for their costs:
// - In constant evaluation, every statement costs Clang a step and every expression node costs GCC an operation, so
//   each element is one fold expression of up to `dot_chunk` terms with constant indices into row references:
//   acc + a_i[0] * b_j[0] + a_i[1] * b_j[1] + ..., left to right (`+` is left-associative), which is the order above.
// - At run time, blocks of rows by vectors of columns are accumulated in vector registers, one k at a time for all
//   of them ("Run-time products" below): each element still receives its terms one by one in k order, so the
//   results are the same bits.

/// The largest number of terms summed in one constant-evaluation statement (well below Clang's default
/// -fbracket-depth of 256, which also bounds fold expressions).
inline constexpr std::size_t dot_chunk = 64;

/// `std::index_sequence<Offset, ..., Offset + n - 1>` for `std::make_index_sequence<n>`.
template <std::size_t Offset, std::size_t... t>
CTA_DETAIL_TARGET_TAG constexpr std::index_sequence<Offset + t...> offset_sequence(std::index_sequence<t...>) noexcept {
    return {};
}

/// c(i, j) = sum_k a(i, k) bt(j, k) in the order above, for constant evaluation: `chunk` holds 0 .. dot_chunk - 1
/// (empty when K <= dot_chunk), `last` the indices of the last terms, from the last multiple of dot_chunk below K.
template <class R, class C, class A, class BT, std::size_t... u, std::size_t... t>
CTA_DETAIL_TARGET_TAG constexpr void dot_products(C& c, const A& a, const BT& bt, std::index_sequence<u...>,
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
CTA_DETAIL_TARGET_TAG constexpr void dot_products(C& c, const A& a, const BT& bt) noexcept {
    constexpr std::size_t K = A::cols;
    constexpr std::size_t whole = K <= dot_chunk ? 0 : K - K % dot_chunk;
    using chunk = std::make_index_sequence<K <= dot_chunk ? 0 : dot_chunk>;
    dot_products<R>(c, a, bt, chunk{}, offset_sequence<whole>(std::make_index_sequence<K - whole>{}));
}

// ---- Run-time products ---------------------------------------------------------------------------------------------
//
// Blocks of `block_rows` rows x `block_vectors` vectors of columns of c are accumulated in vector registers (GCC's
// and Clang's vector extensions: element-wise IEEE operations, the same roundings as the scalar ones), one k at a
// time for all of them, from a panel of b copied into contiguous vectors (or from b's rows themselves, where they
// are such vectors already); the columns left over take blocks of fewer and narrower vectors, the last columns a
// plain loop, as do element types without vectors (integers, long double). Every element still receives its terms
// one by one in k order.
//
// The kernels know the matrices by pointers, strides and extents, not by their types: c(i, j) is c[i * ldc + j],
// a(i, t) is a[i * lda + t], b(t, j) is b[t * b_row_stride + j * b_col_stride] (b's rows, or the rows of b^T for
// a * b^T); c is m x n, and each of its elements a sum of k terms. Their template arguments are the element types
// and the block shape, so that products of every shape share one compiled copy of each: a program with products of
// many shapes (self_attention_batch over many lengths) compiles them once per element type, where kernels over
// matrix types were compiled, and their code kept, once per shape. A matrix's elements are one array, row after row,
// so its rows are read through a pointer to its first element (at run time only: constant evaluation takes
// dot_products above). c overlaps neither a nor b. The smallest products are plain loops over the matrices, compiled
// where they are computed (multiply_run_time).

/// The deepest slice of k taken at once (a panel of b stays small, on the stack).
inline constexpr std::size_t panel_depth = 64;

/// The blocks' shape: 4 rows x 2 vectors of c, or 2 rows x 4 vectors where a vector filled with one element of a
/// takes two instructions (x86 before AVX: a load and a shuffle, where AVX has one broadcast load), so that each k
/// fills half as many; both keep 8 accumulators in registers.
#if defined(__SSE2__) && !defined(__AVX__)
inline constexpr std::size_t block_rows = 2, block_vectors = 4;
#else
inline constexpr std::size_t block_rows = 4, block_vectors = 2;
#endif

/// The scalar product, for what the vector blocks leave: columns j0 .. n - 1 of c = a b.
template <class R, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_plain(R* c, std::size_t ldc, const TA* a,
                                                                        std::size_t lda, const TB* b,
                                                                        std::size_t b_row_stride,
                                                                        std::size_t b_col_stride, std::size_t m,
                                                                        std::size_t n, std::size_t k,
                                                                        std::size_t j0) noexcept {
    for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t j = j0; j < n; ++j) {
            R acc{};
            for (std::size_t t = 0; t < k; ++t)
                acc += static_cast<R>(a[i * lda + t]) * static_cast<R>(b[t * b_row_stride + j * b_col_stride]);
            c[i * ldc + j] = acc;
        }
    }
}

#if CTA_HAVE_VECTORS
/// Rows 0 .. Rows - 1 of c (Rows = 1, 2 or 4) by Vectors vectors V of columns (Vectors = 1, 2 or 4; at most 8
/// accumulators), the terms of a from a on: from R{} when `first`, else added to what c holds. The Vectors vectors of
/// b for a's term t are at panel + t * panel_stride, for `depth` terms. The accumulators are named variables, not an
/// array, so that they stay in registers (GCC keeps an array of eight AVX vectors in memory). Always inlined: a call
/// per block costs more than the smallest products' arithmetic.
template <std::size_t Rows, std::size_t Vectors, class V, class R, class TA>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_block(R* c, std::size_t ldc, const TA* a,
                                                                        std::size_t lda, const R* panel,
                                                                        std::size_t panel_stride, std::size_t depth,
                                                                        bool first) noexcept {
    static_assert((Vectors == 1 && (Rows == 4 || Rows == 1)) || (Vectors == 2 && (Rows == 4 || Rows == 1)) ||
                  (Vectors == 4 && (Rows == 2 || Rows == 1)));
    constexpr std::size_t lanes = sizeof(V) / sizeof(R), count = Rows * Vectors;
    const TA *const a0 = a, *const a1 = Rows >= 2 ? a + lda : a, *const a2 = Rows == 4 ? a + 2 * lda : a,
                    *const a3 = Rows == 4 ? a + 3 * lda : a;
    // Accumulator n = 0 .. 7 (c00, c01, c10, c11, c20, c21, c30, c31) holds row n / Vectors, vector n % Vectors;
    // the first Rows x Vectors of them are used.
    V c00{}, c01{}, c10{}, c11{}, c20{}, c21{}, c30{}, c31{};
    const auto at = [&](std::size_t n) { return c + n / Vectors * ldc + n % Vectors * lanes; };
    const auto each = [](auto f, V& v0, V& v1, V& v2, V& v3, V& v4, V& v5, V& v6, V& v7) {
        f(v0, 0);
        if constexpr (count >= 2) f(v1, 1);
        if constexpr (count >= 4) {
            f(v2, 2);
            f(v3, 3);
        }
        if constexpr (count == 8) {
            f(v4, 4);
            f(v5, 5);
            f(v6, 6);
            f(v7, 7);
        }
    };
    if (!first) each([&](V& v, std::size_t n) { v = load_vector<V>(at(n)); }, c00, c01, c10, c11, c20, c21, c30, c31);
    for (std::size_t t = 0; t < depth; ++t) {
        // a(i, t) in every lane (x - 0 == x for every x, -0 and NaN included)
        const auto splat = [&](const TA* a_i) { return static_cast<R>(a_i[t]) - V{}; };
        // term t's vector v of b, kept in a register for the rows of the block
        const auto b_vector = [&](std::size_t v) {
            V loaded = load_vector<V>(panel + t * panel_stride + v * lanes);
            in_register(loaded);
            return loaded;
        };
        // Two accumulators of one row: p += x b, q += x b'
        const auto add_pair = [](const V x, const V b_this, const V b_next, V& p, V& q) {
            p = p + x * b_this;
            q = q + x * b_next;
        };
        if constexpr (Vectors == 1) {  // accumulator n holds row n
            const V b0 = b_vector(0);
            c00 = c00 + splat(a0) * b0;
            if constexpr (Rows == 4) {
                c01 = c01 + splat(a1) * b0;
                c10 = c10 + splat(a2) * b0;
                c11 = c11 + splat(a3) * b0;
            }
        } else if constexpr (Vectors == 2) {
            const V b0 = b_vector(0), b1 = b_vector(1);
            add_pair(splat(a0), b0, b1, c00, c01);
            if constexpr (Rows == 4) {
                add_pair(splat(a1), b0, b1, c10, c11);
                add_pair(splat(a2), b0, b1, c20, c21);
                add_pair(splat(a3), b0, b1, c30, c31);
            }
        } else {
            const V b0 = b_vector(0), b1 = b_vector(1), b2 = b_vector(2), b3 = b_vector(3);
            const V x0 = splat(a0);
            add_pair(x0, b0, b1, c00, c01);
            add_pair(x0, b2, b3, c10, c11);
            if constexpr (Rows == 2) {
                const V x1 = splat(a1);
                add_pair(x1, b0, b1, c20, c21);
                add_pair(x1, b2, b3, c30, c31);
            }
        }
    }
    each([&](V& v, std::size_t n) { store_vector(at(n), v); }, c00, c01, c10, c11, c20, c21, c30, c31);
}

/// The panel of b that a strip of Vectors vectors V of R copies a slice of k into: Depth rows (panel_depth in the
/// kernels, whatever k) of the strip's columns. Automatic storage, in the frame of the kernel.
template <class R, std::size_t Depth, std::size_t Vectors, class V = typename simd<R>::type>
using panel_t = R[Depth][Vectors * (sizeof(V) / sizeof(R))];

/// The columns of c = a b from j_from on that whole strips of Vectors vectors V fill, in blocks of Rows rows (the
/// rows left over one at a time), a slice of at most panel_depth terms at a time; returns the column after the
/// strips. b's vectors are read from b where its rows are vectors of R, else from a panel they are copied into.
template <std::size_t Rows, std::size_t Vectors, class V, class R, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline std::size_t multiply_strips(R* c, std::size_t ldc, const TA* a,
                                                                              std::size_t lda, const TB* b,
                                                                              std::size_t b_row_stride,
                                                                              std::size_t b_col_stride, std::size_t m,
                                                                              std::size_t n, std::size_t k,
                                                                              std::size_t j_from) noexcept {
    constexpr std::size_t width = Vectors * (sizeof(V) / sizeof(R));
    const std::size_t j_to = n - (n - j_from) % width, whole_rows = m - m % Rows;
    if (j_from == j_to) return j_to;
    const bool from_b = std::is_same_v<TB, R> && b_col_stride == 1;
    alignas(sizeof(V)) panel_t<R, panel_depth, Vectors, V> panel;
    for (std::size_t j0 = j_from; j0 < j_to; j0 += width) {
        for (std::size_t k0 = 0; k0 < k; k0 += panel_depth) {
            const std::size_t depth = k - k0 < panel_depth ? k - k0 : panel_depth;
            const TB* b_slice = b + k0 * b_row_stride + j0 * b_col_stride;
            const R* vectors = &panel[0][0];  // term t's vectors at vectors + t * stride
            std::size_t stride = width;
            if (from_b) {
                if constexpr (std::is_same_v<TB, R>) {
                    vectors = b_slice;
                    stride = b_row_stride;
                }
            } else {
                for (std::size_t t = 0; t < depth; ++t) {
                    for (std::size_t q = 0; q < width; ++q)
                        panel[t][q] = static_cast<R>(b_slice[t * b_row_stride + q * b_col_stride]);
                }
            }
            for (std::size_t i0 = 0; i0 < whole_rows; i0 += Rows) {
                multiply_block<Rows, Vectors, V>(c + i0 * ldc + j0, ldc, a + i0 * lda + k0, lda, vectors, stride,
                                                 depth, k0 == 0);
            }
            for (std::size_t i = whole_rows; i < m; ++i) {
                multiply_block<1, Vectors, V>(c + i * ldc + j0, ldc, a + i * lda + k0, lda, vectors, stride, depth,
                                              k0 == 0);
            }
        }
    }
    return j_to;
}
#endif

/// c = a b at run time (see above). For R = float or double: strips of the blocks' shape, then of 4 rows x 2
/// vectors, then of 4 rows x 1 vector, then, for the columns still left, of 4 rows x 1 vector half as wide, and so on
/// down to vectors of 16 bytes; then plain loops for the last column (double) or three (float). Plain loops for the
/// other element types. Always inlined: into multiply_kernel, the one compiled copy per element type that products
/// call, and, with the extents as constants, where the smallest products are computed.
template <class R, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_body(R* c, std::size_t ldc, const TA* a,
                                                                       std::size_t lda, const TB* b,
                                                                       std::size_t b_row_stride,
                                                                       std::size_t b_col_stride, std::size_t m,
                                                                       std::size_t n, std::size_t k) noexcept {
    std::size_t j = 0;  // the first column not computed yet
#if CTA_HAVE_VECTORS
    if constexpr (has_vectors<R>) {
        using V = typename simd<R>::type;
        using V32 = typename vector_of<R, vector_bytes >= 32 ? 32 : 16>::type;  // taken with 64-byte vectors only
        using V16 = typename vector_of<R, 16>::type;
        j = multiply_strips<block_rows, block_vectors, V>(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
        if constexpr (block_vectors != 2)
            j = multiply_strips<4, 2, V>(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
        j = multiply_strips<4, 1, V>(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
        if constexpr (vector_bytes >= 64)
            j = multiply_strips<4, 1, V32>(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
        if constexpr (vector_bytes >= 32)
            j = multiply_strips<4, 1, V16>(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
    }
#endif
    if (j != n) multiply_plain(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k, j);
}

/// multiply_body out of line: every product above the smallest runs this one copy per element type.
template <class R, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] void multiply_kernel(R* c, std::size_t ldc, const TA* a, std::size_t lda,
                                                             const TB* b, std::size_t b_row_stride,
                                                             std::size_t b_col_stride, std::size_t m, std::size_t n,
                                                             std::size_t k) noexcept {
    multiply_body(c, ldc, a, lda, b, b_row_stride, b_col_stride, m, n, k);
}

/// The most multiply-adds of a product computed where it is called, by multiply_body inlined with its extents as
/// constants (which the compiler folds into straight-line code of the strips the shape takes), rather than by a call
/// of multiply_kernel: for products this small the call and the loops over unknown extents cost as much as the
/// arithmetic.
inline constexpr std::size_t inline_product_terms = 64;

/// c = a b at run time, M x N elements of K terms each, the operands known by their first elements and strides (as
/// the kernels know them, above), as multiply_run_time below computes products of whole matrices: for operands that
/// are columns of wider matrices (the heads of an attention layer), with the wider matrices' strides, so that
/// nothing is copied. Always inlined, so that where multiply_body is inlined the extents and strides are constants.
template <class R, std::size_t M, std::size_t N, std::size_t K, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_at(R* c, std::size_t ldc, const TA* a,
                                                                     std::size_t lda, const TB* b,
                                                                     std::size_t b_row_stride,
                                                                     std::size_t b_col_stride) noexcept {
    if constexpr (M * N * K <= inline_product_terms) {
        multiply_body<R>(c, ldc, a, lda, b, b_row_stride, b_col_stride, M, N, K);
    } else {
        multiply_kernel<R>(c, ldc, a, lda, b, b_row_stride, b_col_stride, M, N, K);
    }
}

#if !CTA_HAVE_VECTORS
/// c = a b for the smallest products where there are no vectors (microcontrollers): the K terms of each element
/// written out, `acc += a(i, t) * b(t, j)` for t = 0, 1, ... (the loops' operations in their order), each operand
/// read at an offset the compiler knows. Compilers keep small loops rolled at -Os, which then spend as many
/// instructions counting and stepping as multiplying. With FromFirst, each sum starts from its first term (see
/// multiply_run_time). T holds 1, ..., K - 1.
template <class R, bool FromFirst, std::size_t M, std::size_t N, std::size_t Lda, std::size_t BRow, std::size_t BCol,
          class TA, class TB, std::size_t... T>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_unrolled(R* c, const TA* a, const TB* b,
                                                                           std::index_sequence<T...>) noexcept {
    for (std::size_t i = 0; i < M; ++i) {
        for (std::size_t j = 0; j < N; ++j) {
            R acc{};
            if constexpr (FromFirst) {
                acc = static_cast<R>(static_cast<R>(a[i * Lda]) * static_cast<R>(b[j * BCol]));
            } else {
                acc += static_cast<R>(a[i * Lda]) * static_cast<R>(b[j * BCol]);
            }
            ((acc += static_cast<R>(a[i * Lda + T]) * static_cast<R>(b[T * BRow + j * BCol])), ...);
            c[i * N + j] = acc;
        }
    }
}
#endif

#if CTA_HAVE_VECTORS
/// The bytes of one vector that holds a whole row of N elements of R and some lanes of padding, where the row is
/// narrower than 32 bytes, is not a whole number of 16-byte vectors and fills more than half of that vector (3
/// doubles in 32 bytes, 3, 5, 6 or 7 floats); else 0.
template <class R, std::size_t N>
inline constexpr std::size_t padded_row_bytes = [] {
    constexpr std::size_t row = N * sizeof(R), bytes = row <= 16 ? 16 : 32;
    return row % 16 != 0 && row < 32 && bytes <= vector_bytes && 2 * row > bytes ? bytes : std::size_t{0};
}();

/// The lanes of a padded row of `Lanes` lanes of R that multiply_small stores as one vector: the first half, where
/// that is 16 bytes or more, else none.
template <class R, std::size_t Lanes>
inline constexpr std::size_t half_lanes = Lanes / 2 * sizeof(R) >= 16 ? Lanes / 2 : 0;

/// The vector H of the first lanes of v.
template <class H, class V, std::size_t... l>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline H first_lanes(V v, std::index_sequence<l...>) noexcept {
    return H{v[l]...};
}

/// c = a b for the smallest products where there are vectors, M x N elements of K terms, with loops over constant
/// extents, each unrolled in full: for each row of c, its columns a vector at a time (vectors as wide as the columns
/// fill, down to 16 bytes), `acc += a(i, t) * b(t, j..)` for t = 0, 1, ... (the loops' operations in their order,
/// each lane those of its element), the columns left one at a time; or, where a row fits one vector with some
/// lanes of padding (padded_row_bytes), the whole row in that vector, b's rows padded with zeros, and the row's N
/// lanes stored (half_lanes of them as one vector). b's rows are read as vectors where they are rows of R and fill
/// them; else (b^T given, other element types, padded rows) each vector is built from its elements (lanes_from), in
/// registers: not copied into rows first, whose vectors, read just after their elements were written one at a time,
/// would wait until those writes were done. With FromFirst, each sum starts from its first term (see
/// multiply_run_time).
template <class R, bool FromFirst, std::size_t M, std::size_t N, std::size_t K, std::size_t Lda, std::size_t BRow,
          std::size_t BCol, class TA, class TB>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void multiply_small(R* c, const TA* a, const TB* b) noexcept {
    constexpr std::size_t padded = padded_row_bytes<R, N>;
    constexpr bool rows_of_r = BCol == 1 && std::is_same_v<TB, R> && padded == 0;
    constexpr std::size_t widest = padded != 0                                  ? padded
                                   : N * sizeof(R) >= 64 && vector_bytes >= 64 ? 64
                                   : N * sizeof(R) >= 32 && vector_bytes >= 32 ? 32
                                                                                : 16;
    using V = typename vector_of<R, widest>::type;
    constexpr std::size_t lanes = widest / sizeof(R), whole = padded != 0 ? lanes : N - N % lanes;
    // b(t, j), ..., b(t, j + lanes - 1), or b's row t padded
    const auto b_lanes = [b](std::size_t t, std::size_t j) __attribute__((always_inline)) {
        if constexpr (padded != 0) {
            return lanes_from<V, R, N>(&b[t * BRow], BCol, std::make_index_sequence<lanes>());
        } else if constexpr (rows_of_r) {
            return load_vector<V>(&b[t * BRow + j]);
        } else {
            return lanes_from<V, R>(&b[t * BRow + j * BCol], BCol, std::make_index_sequence<lanes>());
        }
    };
#pragma GCC unroll 64
    for (std::size_t i = 0; i < M; ++i) {
#pragma GCC unroll 64
        for (std::size_t j = 0; j < whole; j += lanes) {
            V acc{};
            if constexpr (FromFirst) {
                acc = static_cast<R>(a[i * Lda]) * b_lanes(0, j);
            } else {
                acc += static_cast<R>(a[i * Lda]) * b_lanes(0, j);
            }
#pragma GCC unroll 64
            for (std::size_t t = 1; t < K; ++t) acc += static_cast<R>(a[i * Lda + t]) * b_lanes(t, j);
            if constexpr (padded != 0) {
                // The first half of the lanes as one vector where that is 16 bytes or more, the rest an element
                // at a time. Stored an element at a time, the rows' lanes were merged by the compiler into wider
                // vectors assembled by shuffles (GCC with AVX-512: 8 of the 9 doubles of 3 rows of 3 in one
                // 64-byte store, 10 shuffles before it); these stores are 24 bytes apart and stay as they are.
                constexpr std::size_t half = half_lanes<R, lanes>;
#pragma GCC unroll 64
                for (std::size_t l = half; l < N; ++l) c[i * N + l] = acc[l];
                if constexpr (half != 0) {
                    using H = typename vector_of<R, half * sizeof(R)>::type;
                    store_vector(&c[i * N], first_lanes<H>(acc, std::make_index_sequence<half>()));
                }
            } else {
                store_vector(&c[i * N + j], acc);
            }
        }
#pragma GCC unroll 64
        for (std::size_t j = whole; j < N; ++j) {
            R acc{};
            if constexpr (FromFirst) {
                acc = static_cast<R>(a[i * Lda]) * static_cast<R>(b[j * BCol]);
            } else {
                acc += static_cast<R>(a[i * Lda]) * static_cast<R>(b[j * BCol]);
            }
#pragma GCC unroll 64
            for (std::size_t t = 1; t < K; ++t)
                acc += static_cast<R>(a[i * Lda + t]) * static_cast<R>(b[t * BRow + j * BCol]);
            c[i * N + j] = acc;
        }
    }
}
#endif

/// c = a b at run time for matrices c, a and b, or c = a b^T (`Transposed`: b holds the product's b^T): by
/// multiply_kernel, or, for the smallest products, where it is called: by multiply_small where c's rows fill a
/// vector or fit one with padding (padded_row_bytes), else by multiply_body (where there are no vectors, by
/// multiply_unrolled).
///
/// `FromFirst`: the smallest products written out (multiply_small, multiply_unrolled) start each sum from its first
/// term, `p0 + p1 + ...`, instead of `0 + p0 + p1 + ...`: one addition fewer in the chain of each element. The two
/// differ only where the sum is a zero: `0 + p0 + ...` is -0 for no terms, while `p0 + p1 + ...` is -0 where every
/// term is -0. For products whose zeros' signs cannot reach a result: the queries, keys and scores of the attention
/// functions that return the outputs alone, which only softmax reads (exp(+0) = exp(-0) = 1, a difference x - max
/// and a comparison are the same for either zero; a product's terms whose zeros differ in sign give sums whose
/// zeros differ in sign, and no other difference). Every other product, and constant evaluation, sums from 0.
template <class R, bool Transposed, bool FromFirst = false, class C, class A, class B>
CTA_DETAIL_TARGET_TAG
#if CTA_HAVE_VECTORS
[[gnu::always_inline]]  // the smallest products written out where they are computed
#endif
inline void multiply_run_time(C& c, const A& a, const B& b) noexcept {
    constexpr std::size_t b_row_stride = Transposed ? 1 : B::cols, b_col_stride = Transposed ? B::cols : 1;
    if constexpr (A::rows * C::cols * A::cols <= inline_product_terms) {
#if CTA_HAVE_VECTORS
        if constexpr (has_vectors<R> && (C::cols * sizeof(R) >= 16 || padded_row_bytes<R, C::cols> != 0)) {
            multiply_small<R, FromFirst, A::rows, C::cols, A::cols, A::cols, b_row_stride, b_col_stride>(
                &c.elems[0][0], &a.elems[0][0], &b.elems[0][0]);
        } else {
            multiply_body<R>(&c.elems[0][0], C::cols, &a.elems[0][0], A::cols, &b.elems[0][0], b_row_stride,
                             b_col_stride, A::rows, C::cols, A::cols);
        }
#else
        multiply_unrolled<R, FromFirst, A::rows, C::cols, A::cols, b_row_stride, b_col_stride>(
            &c.elems[0][0], &a.elems[0][0], &b.elems[0][0],
            offset_sequence<1>(std::make_index_sequence<A::cols - 1>{}));
#endif
    } else {
        multiply_kernel<R>(&c.elems[0][0], C::cols, &a.elems[0][0], A::cols, &b.elems[0][0], b_row_stride,
                           b_col_stride, A::rows, C::cols, A::cols);
    }
}

/// c = a * b with elements of type R (see "Products" above), written into c (a matrix of R, A::rows x B::cols).
template <class R, class C, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr void multiply_into(C& c, const A& a, const B& b) noexcept {
    if (detail::is_constant_evaluated()) {
        matrix<typename B::value_type, B::cols, B::rows> bt;  // b's columns as rows
        for (std::size_t k = 0; k < B::rows; ++k) {
            for (std::size_t j = 0; j < B::cols; ++j) bt.elems[j][k] = b.elems[k][j];
        }
        dot_products<R>(c, a, bt);
    } else {
        multiply_run_time<R, false>(c, a, b);
    }
}

/// The product a * b with elements of type R: multiply_into's statements, repeated rather than called (a call more
/// is a step more of GCC's constant-evaluation budget, which tests/budget counts exactly). FromFirst: see
/// multiply_run_time.
template <class R, bool FromFirst = false, class A, class B>
CTA_DETAIL_TARGET_TAG
constexpr matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> multiply(const A& a, const B& b) noexcept {
    matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>> c;
    if (detail::is_constant_evaluated()) {
        matrix<typename B::value_type, B::cols, B::rows> bt;  // b's columns as rows
        for (std::size_t k = 0; k < B::rows; ++k) {
            for (std::size_t j = 0; j < B::cols; ++j) bt.elems[j][k] = b.elems[k][j];
        }
        dot_products<R>(c, a, bt);
    } else {
        multiply_run_time<R, false, FromFirst>(c, a, b);
    }
    return c;
}

/// c = a * b^T, `c(i, j) = sum_k a(i, k) b(j, k)`, with the same operations in the same order as
/// `multiply<R>(a, transpose(b))` (so the same bits), without transposing b first; written into c. FromFirst: see
/// multiply_run_time.
template <class R, bool FromFirst = false, class C, class A, class B>
CTA_DETAIL_TARGET_TAG constexpr void multiply_transposed_into(C& c, const A& a, const B& b) noexcept {
    if (detail::is_constant_evaluated()) {
        dot_products<R>(c, a, b);
    } else {
        multiply_run_time<R, true, FromFirst>(c, a, b);
    }
}

/// The product a * b^T with elements of type R. FromFirst: see multiply_run_time.
template <class R, bool FromFirst = false, class A, class B>
CTA_DETAIL_TARGET_TAG
constexpr matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> multiply_transposed(const A& a,
                                                                                         const B& b) noexcept {
    matrix_t<R, A::rows, B::rows, row_axis_t<A>, row_axis_t<B>> c;
    multiply_transposed_into<R, FromFirst>(c, a, b);
    return c;
}

CTA_FP_PRODUCTS_END

/// `c(i, j) = f(m(i, j))`, with the element type of `f`'s result and the axes of `m`.
template <class M, class F>
CTA_DETAIL_TARGET_TAG constexpr auto map(const M& m, F f) noexcept {
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
CTA_DETAIL_TARGET_TAG constexpr elementwise_t<R, A, B> zip(const A& a, const B& b, F f) noexcept {
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
template <class T, class U>
using quotient_t = decltype(std::declval<T>() / std::declval<U>());

/// `a(i, j) = f(a(i, j), b(i, j))` in a's element type, for `a` and `b` of the same shape, with both elements
/// converted to R, the type of the operation, first.
template <class R, class A, class B, class F>
CTA_DETAIL_TARGET_TAG constexpr void assign_each(A& a, const B& b, F f) noexcept {
    for (std::size_t i = 0; i < A::rows; ++i) {
        for (std::size_t j = 0; j < A::cols; ++j) {
            a.elems[i][j] = static_cast<typename A::value_type>(f(static_cast<R>(a.elems[i][j]),
                                                                  static_cast<R>(b.elems[i][j])));
        }
    }
}

/// True if a compound assignment `x op= y` on elements of type T and U, whose operation `x op y` has type R, stores
/// what `x op y` computes: R is T; or U is T, as for small integer types, whose operations are computed in `int` and
/// converted back as the built-in compound assignment does.
template <class T, class U, class R>
inline constexpr bool keeps_element_type_v = std::is_same_v<R, T> || std::is_same_v<U, T>;

/// The shape rule of `a * b` for matrix types A and B.
template <class A, class B>
inline constexpr bool multipliable_v = A::cols == B::rows && axes_match_v<col_axis_t<A>, row_axis_t<B>>;

}  // namespace detail

// ---- Shape rules for generic code ----------------------------------------------------------------------------------
//
// An operation whose operands do not fit stops the build with a message that names it and its operands (a
// static_assert in its body: include/cta/detail/shape_check.hpp), so `requires { a * b; }` cannot ask whether it
// would compile: asking is itself that error. Generic code asks these concepts instead; the operations test the same
// conditions.

/// @brief True if `cta::matmul(a, b)` and `a * b` compile: `A` and `B` are matrices (cv-qualifiers and references
/// ignored), `A`'s column count is `B`'s row count and, with named axes, `A`'s column axis matches `B`'s row axis.
template <class A, class B>
concept multipliable =
    matrix_type<A> && matrix_type<B> && detail::multipliable_v<std::remove_cvref_t<A>, std::remove_cvref_t<B>>;

/// @brief True if `A` and `B` are matrices of the same shape with matching axes: the rule of `a + b`, `a - b`,
/// `a == b` and `cta::approx_equal(a, b, tolerance)`.
template <class A, class B>
concept same_shape = matrix_type<A> && matrix_type<B> && same_shape_v<A, B>;

CTA_FP_PRODUCTS_BEGIN

/// @brief Matrix product: for an R x K matrix `a` and a K x C matrix `b`, the R x C matrix
/// `c(i, j) = sum_k a(i, k) * b(k, j)` (seed sections 5 to 7 and 10).
///
/// Shape rule: `a`'s column count equals `b`'s row count, or the build fails naming `cta::op::matmul` and both
/// matrix types. With named axes, `a`'s column axis also matches `b`'s row axis, or the build fails naming
/// `cta::op::matmul` and both axes (a forgotten transpose).
template <matrix_type A, matrix_type B>
CTA_DETAIL_TARGET_TAG constexpr auto matmul(const A& a, const B& b) noexcept {
    using R = detail::product_t<typename A::value_type, typename B::value_type>;
    using C = matrix_t<R, A::rows, B::cols, row_axis_t<A>, col_axis_t<B>>;
    if constexpr (A::cols != B::rows) {  // the two conditions of detail::multipliable_v, each with its message
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
CTA_DETAIL_TARGET_TAG constexpr auto operator*(const A& a, const B& b) noexcept {
    return matmul(a, b);
}

CTA_FP_PRODUCTS_END

/// @brief The C x R matrix `t(j, i) = m(i, j)`, with the axes swapped.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto transpose(const M& m) noexcept {
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
CTA_DETAIL_TARGET_TAG constexpr auto row(const M& m, std::size_t i) noexcept {
    matrix_t<typename M::value_type, 1, M::cols, row_axis_t<M>, col_axis_t<M>> r;
    for (std::size_t j = 0; j < M::cols; ++j) {
        r.elems[0][j] = m.elems[i][j];
    }
    return r;
}

/// @brief Element-wise sum `c(i, j) = a(i, j) + b(i, j)`. Shape rule: same shape, or the build fails naming
/// `cta::op::add` and both matrix types.
template <matrix_type A, matrix_type B>
CTA_DETAIL_TARGET_TAG constexpr auto operator+(const A& a, const B& b) noexcept {
    using R = detail::sum_t<typename A::value_type, typename B::value_type>;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::add, A, B>, "cta: a + b needs a and b of the same shape (and axes)");
        return detail::elementwise_t<R, A, A>{};
    } else {
        return detail::zip<R>(a, b, [](const auto& x, const auto& y) { return static_cast<R>(x) + static_cast<R>(y); });
    }
}

/// @brief Element-wise difference `c(i, j) = a(i, j) - b(i, j)`. Shape rule: same shape, or the build fails
/// naming `cta::op::subtract` and both matrix types.
template <matrix_type A, matrix_type B>
CTA_DETAIL_TARGET_TAG constexpr auto operator-(const A& a, const B& b) noexcept {
    using R = detail::difference_t<typename A::value_type, typename B::value_type>;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::subtract, A, B>, "cta: a - b needs a and b of the same shape (and axes)");
        return detail::elementwise_t<R, A, A>{};
    } else {
        return detail::zip<R>(a, b, [](const auto& x, const auto& y) { return static_cast<R>(x) - static_cast<R>(y); });
    }
}

/// @brief Element-wise sum in place, `a(i, j) = a(i, j) + b(i, j)`: `a` keeps its type and gets the bits of `a + b`.
/// Shape rule: as `a + b` (tag `cta::op::add`). Element type rule: `a + b` has `a`'s element type, or `b` has it
/// (`short += short`, computed in `int` and converted back as the built-in `+=` does); otherwise (`int += double`
/// would truncate, `float += double` round twice) the build fails naming `cta::op::add` and both matrix types.
template <matrix_type A, matrix_type B>
    requires(!std::is_const_v<A>)
CTA_DETAIL_TARGET_TAG constexpr A& operator+=(A& a, const B& b) noexcept {
    using TA = typename A::value_type;
    using TB = typename B::value_type;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::add, A, B>, "cta: a += b needs a and b of the same shape (and axes)");
    } else if constexpr (!detail::keeps_element_type_v<TA, TB, detail::sum_t<TA, TB>>) {
        static_assert(element_types_agree<op::add, A, B>,
                      "cta: a += b keeps a's element type, which a + b (or b) must have");
    } else {
        detail::assign_each<detail::sum_t<TA, TB>>(a, b, [](const auto& x, const auto& y) { return x + y; });
    }
    return a;
}

/// @brief Element-wise difference in place, `a(i, j) = a(i, j) - b(i, j)`: `a` keeps its type and gets the bits of
/// `a - b`. Shape rule: as `a - b` (tag `cta::op::subtract`). Element type rule: as `+=`, naming
/// `cta::op::subtract`.
template <matrix_type A, matrix_type B>
    requires(!std::is_const_v<A>)
CTA_DETAIL_TARGET_TAG constexpr A& operator-=(A& a, const B& b) noexcept {
    using TA = typename A::value_type;
    using TB = typename B::value_type;
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::subtract, A, B>, "cta: a -= b needs a and b of the same shape (and axes)");
    } else if constexpr (!detail::keeps_element_type_v<TA, TB, detail::difference_t<TA, TB>>) {
        static_assert(element_types_agree<op::subtract, A, B>,
                      "cta: a -= b keeps a's element type, which a - b (or b) must have");
    } else {
        detail::assign_each<detail::difference_t<TA, TB>>(a, b, [](const auto& x, const auto& y) { return x - y; });
    }
    return a;
}

/// @brief Negation `c(i, j) = -m(i, j)`.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr auto operator-(const M& m) noexcept {
    return detail::map(m, [](const auto& x) { return -x; });
}

// Loops of their own rather than `map` with a lambda: where GCC compiles the products with options of their own, it
// does not inline a lambda so compiled into `map`, compiled without.
CTA_FP_PRODUCTS_BEGIN

/// @brief Scalar multiple `c(i, j) = m(i, j) * s`.
template <matrix_type M, scalar_type S>
CTA_DETAIL_TARGET_TAG
constexpr rebind_t<M, detail::product_t<typename M::value_type, S>> operator*(const M& m, S s) noexcept {
    using R = detail::product_t<typename M::value_type, S>;
    rebind_t<M, R> c;
    const auto r = static_cast<R>(s);
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) c.elems[i][j] = static_cast<R>(m.elems[i][j]) * r;
    }
    return c;
}

/// @brief Scalar multiple `c(i, j) = s * m(i, j)`.
template <scalar_type S, matrix_type M>
CTA_DETAIL_TARGET_TAG
constexpr rebind_t<M, detail::product_t<S, typename M::value_type>> operator*(S s, const M& m) noexcept {
    using R = detail::product_t<S, typename M::value_type>;
    rebind_t<M, R> c;
    const auto r = static_cast<R>(s);
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) c.elems[i][j] = r * static_cast<R>(m.elems[i][j]);
    }
    return c;
}

/// @brief Scalar multiple in place, `m(i, j) = m(i, j) * s`: `m` keeps its type and gets the bits of `m * s`.
/// Element type rule: `m * s` has `m`'s element type, or `s` has it; otherwise (`int` elements `*= 0.5`, `float`
/// elements `*= 0.5` where `0.5F` is meant) the build fails naming `cta::op::scalar_multiply`, the matrix type and
/// the scalar's.
template <matrix_type M, scalar_type S>
    requires(!std::is_const_v<M>)
CTA_DETAIL_TARGET_TAG constexpr M& operator*=(M& m, S s) noexcept {
    using T = typename M::value_type;
    if constexpr (!detail::keeps_element_type_v<T, S, detail::product_t<T, S>>) {
        static_assert(element_types_agree<op::scalar_multiply, M, S>,
                      "cta: m *= s keeps m's element type, which m * s (or s) must have");
    } else {
        using R = detail::product_t<T, S>;
        const auto r = static_cast<R>(s);
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) m.elems[i][j] = static_cast<T>(static_cast<R>(m.elems[i][j]) * r);
        }
    }
    return m;
}

CTA_FP_PRODUCTS_END

/// @brief Scalar quotient `c(i, j) = m(i, j) / s` (integer division for integer operands).
template <matrix_type M, scalar_type S>
CTA_DETAIL_TARGET_TAG constexpr auto operator/(const M& m, S s) noexcept {
    using R = detail::quotient_t<typename M::value_type, S>;
    return detail::map(m, [r = static_cast<R>(s)](const auto& x) { return static_cast<R>(x) / r; });
}

/// @brief Scalar quotient in place, `m(i, j) = m(i, j) / s`: `m` keeps its type and gets the bits of `m / s`.
/// Element type rule: as `*=`, naming `cta::op::scalar_divide`.
template <matrix_type M, scalar_type S>
    requires(!std::is_const_v<M>)
CTA_DETAIL_TARGET_TAG constexpr M& operator/=(M& m, S s) noexcept {
    using T = typename M::value_type;
    if constexpr (!detail::keeps_element_type_v<T, S, detail::quotient_t<T, S>>) {
        static_assert(element_types_agree<op::scalar_divide, M, S>,
                      "cta: m /= s keeps m's element type, which m / s (or s) must have");
    } else {
        using R = detail::quotient_t<T, S>;
        const auto r = static_cast<R>(s);
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) m.elems[i][j] = static_cast<T>(static_cast<R>(m.elems[i][j]) / r);
        }
    }
    return m;
}

/// @brief Element-wise equality of matrices of different types, comparing values
/// (`matrix<int, 1, 2>{{{1, 2}}} == matrix<double, 1, 2>{{{1.0, 2.0}}}`): integers of any types as values
/// (`-1` differs from `4294967295u`, which the usual arithmetic conversions would make equal), others in the common
/// type of the elements. Shape rule: same shape, or the build fails naming `cta::op::equal` and both matrix types.
/// (Two matrices of the same type compare with the defaulted `operator==`.)
template <matrix_type A, matrix_type B>
    requires(!std::is_same_v<A, B>)
CTA_DETAIL_TARGET_TAG constexpr bool operator==(const A& a, const B& b) noexcept {
    if constexpr (!same_shape_v<A, B>) {
        static_assert(shapes_agree<op::equal, A, B>, "cta: a == b needs a and b of the same shape (and axes)");
        return false;
    } else {
        using TA = typename A::value_type;
        using TB = typename B::value_type;
        using C = std::common_type_t<TA, TB>;
        for (std::size_t i = 0; i < A::rows; ++i) {
            for (std::size_t j = 0; j < A::cols; ++j) {
                if constexpr (std::is_integral_v<TA> && std::is_integral_v<TB>) {
                    if (!detail::integers_equal(a.elems[i][j], b.elems[i][j])) return false;
                } else {
                    if (!(static_cast<C>(a.elems[i][j]) == static_cast<C>(b.elems[i][j]))) return false;
                }
            }
        }
        return true;
    }
}

}  // namespace cta

CTA_FP_STRICT_END
