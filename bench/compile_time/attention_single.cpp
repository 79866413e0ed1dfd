// SPDX-License-Identifier: BSL-1.0
// One self-attention of n = d = CTA_BENCH_N in a single constant expression: the inputs and weights are constants of
// their own, the attention (projections, scores, softmax, outputs) is one evaluation.
#include <cstddef>

#include <cta/cta.hpp>

#include "bench_data.hpp"

#ifndef CTA_BENCH_N
#error "define CTA_BENCH_N, the number of tokens and of features"
#endif

namespace {

constexpr std::size_t n = CTA_BENCH_N;
using operands = cta_bench::square_attention<n>;

constexpr auto outputs = cta::self_attention(operands::x, operands::w_query, operands::w_key, operands::w_value);
static_assert(cta::isfinite(outputs(n - 1, n - 1)));

}  // namespace
