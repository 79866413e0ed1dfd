// SPDX-License-Identifier: BSL-1.0
// The self-attention of bench_data.hpp's square_attention<N> (n = d = d_k = d_v = N) with each step a constant of its
// own, each evaluated within its own budget: the same bits as the attention in one constant expression.
#pragma once

#include <cstddef>

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
