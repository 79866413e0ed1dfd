// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Self-attention over a batch of sequences of different lengths, given as a Boost.Hana tuple: one call,
/// and each result keeps its own length in its type.
#pragma once

#include <boost/hana/transform.hpp>
#include <boost/hana/tuple.hpp>

#include <cta/attention.hpp>
#include <cta/matrix.hpp>
#include <cta/detail/target.hpp>

namespace cta {

/// @brief `cta::self_attention(x, w_query, w_key, w_value, options...)` for each sequence x of the tuple, with the
/// same weights: `self_attention_batch(boost::hana::make_tuple(x2, x5), ...)` for a 2 x d and a 5 x d sequence
/// returns a tuple of a 2 x d_v and a 5 x d_v matrix. A mask matrix fits one length only: with sequences of
/// different lengths use `cta::causal`. Each sequence is checked by `self_attention`'s shape rule.
template <class Real = void, class... Sequences, matrix_type WQ, matrix_type WK, matrix_type WV,
          class... Options>
CTA_DETAIL_TARGET_TAG
constexpr auto self_attention_batch(const boost::hana::tuple<Sequences...>& sequences, const WQ& w_query,
                                    const WK& w_key, const WV& w_value, const Options&... options) noexcept {
    static_assert((matrix_type<Sequences> && ...), "cta::self_attention_batch: every sequence is a cta::matrix");
    if constexpr (!detail::check_options<op::self_attention, Options...>()) {
        return sequences;  // a placeholder: the build has stopped
    } else {
        return boost::hana::transform(sequences, [&](const auto& sequence) {
            return self_attention<Real>(sequence, w_query, w_key, w_value, options...);
        });
    }
}

}  // namespace cta
