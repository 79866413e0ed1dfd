// SPDX-License-Identifier: BSL-1.0
// The cost of cta::log(double) (with CTA_BENCH_LOG) or cta::log1p(double) (with CTA_BENCH_LOG1P) in constant
// evaluation, measured as exp_steps.cpp measures exp's: CTA_BENCH_CALLS calls in one constant expression, on
// arguments spread evenly over (0, 10), summed; without either macro the loop sums the arguments (function_calls.hpp).
#include <cta/math/log.hpp>

#include "function_calls.hpp"

namespace {

#if defined(CTA_BENCH_LOG)
constexpr double measured(double x) noexcept { return cta::log(x); }
#elif defined(CTA_BENCH_LOG1P)
constexpr double measured(double x) noexcept { return cta::log1p(x); }
#else
constexpr double measured(double x) noexcept { return x; }
#endif

constexpr double total = cta_bench::sum_of_calls([](double x) { return measured(x); }, 0.0, 10.0);
static_assert(total == total);

}  // namespace
