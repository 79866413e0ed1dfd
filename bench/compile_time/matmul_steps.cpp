// SPDX-License-Identifier: BSL-1.0
// One CTA_BENCH_N x CTA_BENCH_N x CTA_BENCH_N product of doubles in a constant expression: the smallest
// -fconstexpr-steps (Clang) or -fconstexpr-ops-limit (GCC) that compiles it, over N^3, is the cost of a
// multiply-add.
#include <cstddef>

#include <cta/operations.hpp>

#include "bench_data.hpp"

#ifndef CTA_BENCH_N
#error "define CTA_BENCH_N, the size of the matrices"
#endif

namespace {

constexpr std::size_t n = CTA_BENCH_N;
constexpr auto a = cta_bench::random_matrix<n, n>(1, 1.0);
constexpr auto b = cta_bench::random_matrix<n, n>(2, 1.0);

constexpr auto product = a * b;
static_assert(product(n - 1, n - 1) == product(n - 1, n - 1));

}  // namespace
