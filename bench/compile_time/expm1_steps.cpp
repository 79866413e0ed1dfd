// SPDX-License-Identifier: BSL-1.0
// The cost of cta::expm1(double) in constant evaluation (with CTA_BENCH_EXPM1), measured as exp_steps.cpp measures
// exp's: CTA_BENCH_CALLS calls in one constant expression, on arguments spread evenly over (-10, 10), summed; without
// the macro the loop sums the arguments (function_calls.hpp).
#include <cta/math/expm1.hpp>

#include "function_calls.hpp"

#if defined(CTA_BENCH_EXPM1)
constexpr double expm1_total = cta_bench::sum_of_calls([](double x) { return cta::expm1(x); }, -10.0, 10.0);
#else
constexpr double expm1_total = cta_bench::sum_of_calls([](double x) { return x; }, -10.0, 10.0);
#endif
static_assert(expm1_total == expm1_total);
