// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief PyTorch's masks in the library's meaning. PyTorch's boolean `attn_mask` (`src_mask`, `tgt_mask`,
/// `memory_mask`) marks with `True` what is *not allowed*, and `key_padding_mask` marks with `True` the keys to
/// *ignore*; the library's boolean masks keep what is `true`. So `cta::pytorch::attn_mask(m)` is the negation of a
/// boolean (or 0/1 integer) mask, and `cta::pytorch::key_padding_mask<n_q>(p)` the n_q x n_kv mask whose column j is
/// `!p[j]`. A floating `attn_mask` means the same in both (it is added to the scaled scores), so `attn_mask` returns
/// it as it is. Several masks given to one call combine: an entry is kept when every mask keeps it.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>

namespace cta::pytorch {

/// @brief PyTorch's boolean `attn_mask` (`true` or nonzero: attention not allowed) as the library's boolean mask
/// (`true`: kept): the negation, element by element.
template <class T, std::size_t R, std::size_t C>
    requires(std::is_same_v<T, bool> || std::is_integral_v<T>)
CTA_DETAIL_TARGET_TAG constexpr matrix<bool, R, C> attn_mask(const matrix<T, R, C>& m) noexcept {
    matrix<bool, R, C> keep{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) keep.elems[i][j] = m.elems[i][j] == T(0);
    }
    return keep;
}

/// @brief PyTorch's floating `attn_mask`, added to the scaled scores (`-inf` removes an entry): the library's
/// additive mask, the same matrix.
template <class T, std::size_t R, std::size_t C>
    requires std::is_floating_point_v<T>
CTA_DETAIL_TARGET_TAG constexpr matrix<T, R, C> attn_mask(const matrix<T, R, C>& m) noexcept {
    return m;
}

/// @brief PyTorch's `key_padding_mask` of one sequence (one row of n_kv; `true` or nonzero: the key is ignored) as
/// the library's boolean mask of `NQ` queries by n_kv keys (`true`: kept).
template <std::size_t NQ, class T, std::size_t S>
    requires(std::is_same_v<T, bool> || std::is_integral_v<T>)
CTA_DETAIL_TARGET_TAG constexpr matrix<bool, NQ, S> key_padding_mask(const matrix<T, 1, S>& padding) noexcept {
    matrix<bool, NQ, S> keep{};
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t j = 0; j < S; ++j) keep.elems[i][j] = padding.elems[0][j] == T(0);
    }
    return keep;
}

/// @brief The same from an array of n_kv flags.
template <std::size_t NQ, std::size_t S>
CTA_DETAIL_TARGET_TAG constexpr matrix<bool, NQ, S> key_padding_mask(const std::array<bool, S>& padding) noexcept {
    matrix<bool, NQ, S> keep{};
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t j = 0; j < S; ++j) keep.elems[i][j] = !padding[j];
    }
    return keep;
}

}  // namespace cta::pytorch
