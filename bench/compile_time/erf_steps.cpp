// SPDX-License-Identifier: BSL-1.0
// The cost of cta::erf(double) (with CTA_BENCH_ERF) or cta::erfc(double) (with CTA_BENCH_ERFC) in constant
// evaluation, measured as exp_steps.cpp measures exp's: CTA_BENCH_CALLS calls in one constant expression, on
// arguments spread evenly over (-5, 5) (the polynomial below 1/4 in magnitude, e^(-x^2) G(x) above), summed; without
// either macro the loop sums the arguments (function_calls.hpp).
#include <cta/math/erf.hpp>

#include "function_calls.hpp"

namespace {

#if defined(CTA_BENCH_ERF)
constexpr double measured(double x) noexcept { return cta::erf(x); }
#elif defined(CTA_BENCH_ERFC)
constexpr double measured(double x) noexcept { return cta::erfc(x); }
#else
constexpr double measured(double x) noexcept { return x; }
#endif

constexpr double total = cta_bench::sum_of_calls([](double x) { return measured(x); }, -5.0, 5.0);
static_assert(total == total);

}  // namespace
