// SPDX-License-Identifier: BSL-1.0
// The self-attention of attention_single.cpp with each step in its own constant: six evaluations, each within its
// own budget, giving the same bits as the single one (staged_attention.hpp).
#include <cstddef>

#include <cta/cta.hpp>

#include "staged_attention.hpp"

#ifndef CTA_BENCH_N
#error "define CTA_BENCH_N, the number of tokens and of features"
#endif

namespace {

constexpr std::size_t n = CTA_BENCH_N;
using steps = cta_bench::staged_attention<n>;
static_assert(cta::isfinite(steps::outputs(n - 1, n - 1)));

}  // namespace
