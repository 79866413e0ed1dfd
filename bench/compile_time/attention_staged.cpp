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
constexpr auto x = cta_bench::inputs<n, n>();
constexpr auto w_query = cta_bench::w_query<n, n>();
constexpr auto w_key = cta_bench::w_key<n, n>();
constexpr auto w_value = cta_bench::w_value<n, n>();

constexpr auto queries = x * w_query;
constexpr auto keys = x * w_key;
constexpr auto values = x * w_value;
constexpr auto scores = queries * cta::transpose(keys);
constexpr auto weights = cta::softmax(scores);
constexpr auto outputs = weights * values;
static_assert(cta::isfinite(outputs(n - 1, n - 1)));

}  // namespace
