// SPDX-License-Identifier: BSL-1.0
// The self-attention of bench_data.hpp's square_attention<N> (n = d = d_k = d_v = N) with each step a constant of its
// own, each evaluated within its own budget: the same bits as the attention in one constant expression.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/operations.hpp>
#include <cta/softmax.hpp>

#include "bench_data.hpp"

namespace cta_bench {

template <std::size_t N>
struct staged_attention {
    using operands = square_attention<N>;
    static constexpr auto queries = operands::x * operands::w_query;
    static constexpr auto keys = operands::x * operands::w_key;
    static constexpr auto values = operands::x * operands::w_value;
    static constexpr auto scores = queries * cta::transpose(keys);
    static constexpr auto weights = cta::softmax(scores);
    static constexpr auto outputs = weights * values;
};

}  // namespace cta_bench

namespace cta_bench {

/// Rows [First, First + Count) of `m`.
template <std::size_t First, std::size_t Count, class T, std::size_t R, std::size_t C>
constexpr cta::matrix<T, Count, C> rows_of(const cta::matrix<T, R, C>& m) noexcept {
    static_assert(First + Count <= R);
    cta::matrix<T, Count, C> block{};
    for (std::size_t i = 0; i < Count; ++i) {
        for (std::size_t j = 0; j < C; ++j) block.elems[i][j] = m.elems[First + i][j];
    }
    return block;
}

/// The steps of staged_attention<N>, the same bits, with each step computed in blocks of `Rows` rows (the last one
/// shorter), each block a constant of its own, and the blocks put together into each step's matrix: the form in
/// which a step too large for one budget (a product of doubles of n = d = 128 costs GCC more than its default
/// operations) is still a constant. An element of a product or a row of softmax is computed alone, in the same
/// order, whichever rows are computed with it.
template <std::size_t N, std::size_t Rows>
struct staged_attention_by_rows {
    using operands = square_attention<N>;
    static constexpr std::size_t blocks = (N + Rows - 1) / Rows;

    /// The projections of block B's rows.
    template <std::size_t B>
    struct projections {
        static constexpr std::size_t first = B * Rows;
        static constexpr std::size_t count = N - first < Rows ? N - first : Rows;
        static constexpr auto x = rows_of<first, count>(operands::x);
        static constexpr auto queries = x * operands::w_query;
        static constexpr auto keys = x * operands::w_key;
        static constexpr auto values = x * operands::w_value;
    };

    /// The matrix of a step, its blocks' rows (`Select` gives a block's matrix) put together.
    template <template <std::size_t> class Block, class Select, std::size_t... B>
    static constexpr cta::matrix<double, N, N> stacked(Select select, std::index_sequence<B...>) noexcept {
        cta::matrix<double, N, N> m{};
        (
            [&m](std::size_t first, const auto& block) {
                for (std::size_t i = 0; i < std::remove_cvref_t<decltype(block)>::rows; ++i) {
                    for (std::size_t j = 0; j < N; ++j) m.elems[first + i][j] = block.elems[i][j];
                }
            }(Block<B>::first, select(Block<B>{})),
            ...);
        return m;
    }

    static constexpr auto queries =
        stacked<projections>([](auto b) { return decltype(b)::queries; }, std::make_index_sequence<blocks>{});
    static constexpr auto keys =
        stacked<projections>([](auto b) { return decltype(b)::keys; }, std::make_index_sequence<blocks>{});
    static constexpr auto values =
        stacked<projections>([](auto b) { return decltype(b)::values; }, std::make_index_sequence<blocks>{});

    /// The scores, weights and outputs of block B's rows.
    template <std::size_t B>
    struct attended {
        static constexpr std::size_t first = projections<B>::first;
        static constexpr auto scores = projections<B>::queries * cta::transpose(keys);
        static constexpr auto weights = cta::softmax(scores);
        static constexpr auto outputs = weights * values;
    };

    static constexpr auto scores =
        stacked<attended>([](auto b) { return decltype(b)::scores; }, std::make_index_sequence<blocks>{});
    static constexpr auto outputs =
        stacked<attended>([](auto b) { return decltype(b)::outputs; }, std::make_index_sequence<blocks>{});
};

}  // namespace cta_bench
