// SPDX-License-Identifier: BSL-1.0
// The self-attention of attention_single.cpp with each step in its own constant: six evaluations, each within its
// own budget, giving the same bits as the single one.
#include <cstddef>

#include <cta/cta.hpp>

#include "bench_data.hpp"

#ifndef CTA_BENCH_N
#error "define CTA_BENCH_N, the number of tokens and of features"
#endif

namespace {

constexpr std::size_t n = CTA_BENCH_N;
using operands = cta_bench::square_attention<n>;

constexpr auto queries = operands::x * operands::w_query;
constexpr auto keys = operands::x * operands::w_key;
constexpr auto values = operands::x * operands::w_value;
constexpr auto scores = queries * cta::transpose(keys);
constexpr auto weights = cta::softmax(scores);
constexpr auto outputs = weights * values;
static_assert(cta::isfinite(outputs(n - 1, n - 1)));

}  // namespace
