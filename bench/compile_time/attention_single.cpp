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
constexpr auto x = cta_bench::inputs<n, n>();
constexpr auto w_query = cta_bench::w_query<n, n>();
constexpr auto w_key = cta_bench::w_key<n, n>();
constexpr auto w_value = cta_bench::w_value<n, n>();

constexpr auto outputs = cta::self_attention(x, w_query, w_key, w_value);
static_assert(cta::isfinite(outputs(n - 1, n - 1)));

}  // namespace
