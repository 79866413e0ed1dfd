// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief From a model's last layer to tokens: `cta::argmax_rows(logits)` (the most likely token of each position)
/// and greedy decoding, `cta::greedy_decode<K>(prompt, next_token)`: k tokens, each the model's choice after the
/// prompt and the tokens chosen before it, in one constant expression.
#pragma once

#include <array>
#include <cstddef>

#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN

namespace cta {

/// @brief The column of the largest element of row `row` of `m`: the first among equal maxima, and the first NaN if
/// the row holds one (as `torch.argmax`, which takes NaN for the largest value).
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr std::size_t argmax(const M& m, std::size_t row) noexcept {
    const auto& r = m.elems[row];
    std::size_t best = 0;
    for (std::size_t j = 1; j < M::cols; ++j) {
        if constexpr (std::is_floating_point_v<typename M::value_type>) {
            if (isnan(r[best])) break;
            if (isnan(r[j]) || r[j] > r[best]) best = j;
        } else {
            if (r[j] > r[best]) best = j;
        }
    }
    return best;
}

/// @brief `cta::argmax(m, i)` for every row i: for a model's logits (n x vocabulary), the most likely token at each
/// position.
template <matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr std::array<std::size_t, M::rows> argmax_rows(const M& m) noexcept {
    std::array<std::size_t, M::rows> ids{};
    for (std::size_t i = 0; i < M::rows; ++i) ids[i] = argmax(m, i);
    return ids;
}

/// @brief Greedy decoding: the prompt followed by `K` tokens, token t being `next_token(ids)` for the ids before it
/// (a `std::array<std::size_t, L>`, L from N to N + K - 1). `next_token` is called with arrays of each length, so it
/// is generic (a lambda with an `auto` parameter): typically the argmax of the model's logits at the last position.
template <std::size_t K, std::size_t N, class NextToken>
CTA_DETAIL_TARGET_TAG constexpr std::array<std::size_t, N + K> greedy_decode(const std::array<std::size_t, N>& prompt,
                                                                           const NextToken& next_token) noexcept {
    if constexpr (K == 0) {
        return prompt;
    } else {
        std::array<std::size_t, N + 1> longer{};
        for (std::size_t i = 0; i < N; ++i) longer[i] = prompt[i];
        longer[N] = next_token(prompt);
        return greedy_decode<K - 1>(longer, next_token);
    }
}

}  // namespace cta

CTA_FP_STRICT_END
