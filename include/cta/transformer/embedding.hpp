// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The embeddings at the entry of a Transformer: `cta::token_embedding(ids, table)` (PyTorch's `nn.Embedding`
/// lookup) and `cta::learned_positional_embedding(x, table)` (a learned position table added to the tokens, as
/// GPT-2's `wpe`).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/matrix.hpp>
#include <cta/operations.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief What a token id at or above the vocabulary size stops.
namespace precondition {

/// @brief One entry per token id of a vocabulary of `VocabularySize` ids, 0 .. VocabularySize - 1: reading entry
/// `id` is the check's error in a constant evaluation.
template <std::size_t VocabularySize>
inline constexpr bool token_ids_below[VocabularySize] = {};

/// @brief Called by `cta::token_embedding` for a token id `id` that is not below `VocabularySize`, the number of
/// rows of the table. In a constant evaluation it reads entry `id` of `token_ids_below<VocabularySize>`, which
/// does not exist: the build stops, and both compilers print the id and the vocabulary size (GCC: "array subscript
/// value '7' is outside the bounds of array 'cta::precondition::token_ids_below<5>' of type 'const bool [5]'";
/// Clang: "cannot refer to element 7 of array of 5 elements" and "in call to 'token_id_out_of_range(7)'"). At run
/// time it stops the program, in every build (`__builtin_trap`: an illegal instruction, SIGILL on a host, a fault on
/// a Cortex-M): an id outside the table is never read as a row.
template <std::size_t VocabularySize>
CTA_DETAIL_TARGET_TAG constexpr std::size_t token_id_out_of_range(std::size_t id) noexcept {
    if (detail::is_constant_evaluated()) return token_ids_below<VocabularySize>[id] ? id : VocabularySize;
    __builtin_trap();
}

}  // namespace precondition

/// @brief The token embedding (PyTorch's `nn.Embedding(vocabulary, d_model)` applied to ids): row `ids[i]` of
/// `table` for each i, an n x d_model matrix with `table`'s element type and column axis.
///
/// `ids` is a `std::array<std::size_t, n>`: token ids are indices, not numbers to compute with, so they are not a
/// matrix (whose arithmetic would accept them) and have the type of an index; n, the sequence length, is in the type
/// of the array and of the result. The vocabulary size is the row count of `table` (vocabulary x d_model), in its
/// type.
///
/// Precondition: every id is below the vocabulary size. In a constant evaluation an id at or above it stops the build
/// naming `token_id_out_of_range`, the id and the vocabulary size; at run time it stops the program
/// (`cta::precondition::token_id_out_of_range`). The elements are copied, not computed.
template <std::size_t N, matrix_type Table>
CTA_DETAIL_TARGET_TAG constexpr auto token_embedding(const std::array<std::size_t, N>& ids,
                                                     const Table& table) noexcept {
    matrix_t<typename Table::value_type, N, Table::cols, any_axis, col_axis_t<Table>> y;
    for (std::size_t i = 0; i < N; ++i) {
        const std::size_t id =
            ids[i] < Table::rows ? ids[i] : precondition::token_id_out_of_range<Table::rows>(ids[i]);
        for (std::size_t j = 0; j < Table::cols; ++j) y.elems[i][j] = table.elems[id][j];
    }
    return y;
}

namespace detail {
/// The shape rule of a positional table for `x`: at least as many rows as `x` (positions 0 .. n - 1 exist) and as
/// many columns (with named axes, the same column axis).
template <class X, class Table>
inline constexpr bool positions_fit_v = X::rows <= Table::rows && X::cols == Table::cols &&
                                        axes_match_v<col_axis_t<X>, col_axis_t<Table>>;
}  // namespace detail

/// @brief A learned positional embedding added to `x`: `y(i, j) = x(i, j) + table(i, j)` for the n rows of `x`,
/// rows 0 .. n - 1 of a max_len x d table (position i of the sequence takes row i), one rounded addition per
/// element in the type of `x(i, j) + table(i, j)`, as `a + b`.
///
/// Shape rule: n <= max_len and `table` has `x`'s column count d (with named axes, its column axis is `x`'s), or the
/// build fails naming `cta::op::positional_embedding` and both matrix types. The result has `x`'s shape and axes.
template <matrix_type X, matrix_type Table>
CTA_DETAIL_TARGET_TAG constexpr auto learned_positional_embedding(const X& x, const Table& table) noexcept {
    using R = detail::sum_t<typename X::value_type, typename Table::value_type>;
    rebind_t<X, R> y;
    if constexpr (!detail::positions_fit_v<X, Table>) {
        static_assert(shapes_agree<op::positional_embedding, X, Table>,
                      "cta::learned_positional_embedding(x, table): the table (max_len x d) needs at least as many "
                      "rows as x (n <= max_len) and as many columns, and with named axes x's column axis");
        return rebind_t<X, R>{};
    } else {
        for (std::size_t i = 0; i < X::rows; ++i) {
            for (std::size_t j = 0; j < X::cols; ++j)
                y.elems[i][j] = static_cast<R>(x.elems[i][j]) + static_cast<R>(table.elems[i][j]);
        }
        return y;
    }
}

}  // namespace cta

CTA_FP_STRICT_END
