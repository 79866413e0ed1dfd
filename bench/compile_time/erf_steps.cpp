// SPDX-License-Identifier: BSL-1.0
// The cost of cta::erf(double) (with CTA_BENCH_ERF) or cta::erfc(double) (with CTA_BENCH_ERFC) in constant
// evaluation, measured as exp_steps.cpp measures exp's: CTA_BENCH_CALLS calls in one constant expression, on
// arguments spread evenly over (-5, 5) (the polynomial below 1/4 in magnitude, e^(-x^2) G(x) above), summed; without
// either macro the loop sums the arguments. The difference between the smallest -fconstexpr-steps (Clang) or
// -fconstexpr-ops-limit (GCC) of the two, over the number of calls, is the cost of one call.
#include <cstddef>

#include <cta/math/erf.hpp>

#ifndef CTA_BENCH_CALLS
#error "define CTA_BENCH_CALLS, the number of calls"
#endif

namespace {

#if defined(CTA_BENCH_ERF)
constexpr double measured(double x) noexcept { return cta::erf(x); }
#elif defined(CTA_BENCH_ERFC)
constexpr double measured(double x) noexcept { return cta::erfc(x); }
#else
constexpr double measured(double x) noexcept { return x; }
#endif

constexpr double total = [] {
    constexpr std::size_t calls = CTA_BENCH_CALLS;
    double s = 0.0;
    for (std::size_t i = 0; i < calls; ++i) {
        s += measured(-5.0 + 10.0 * (static_cast<double>(i) + 0.5) / static_cast<double>(calls));
    }
    return s;
}();
static_assert(total == total);

}  // namespace
