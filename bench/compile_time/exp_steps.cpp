// SPDX-License-Identifier: BSL-1.0
// CTA_BENCH_CALLS calls of cta::exp(double) in one constant expression, on arguments spread evenly over [-10, 0)
// (the range of softmax's x - max). Built twice: with CTA_BENCH_EXP the loop sums exp(x), without it the loop sums
// x; the difference between the smallest -fconstexpr-steps (Clang) or -fconstexpr-ops-limit (GCC) of the two, over
// the number of calls, is the cost of one call.
#include <cstddef>

#include <cta/math.hpp>

#ifndef CTA_BENCH_CALLS
#error "define CTA_BENCH_CALLS, the number of calls"
#endif

namespace {

constexpr std::size_t calls = CTA_BENCH_CALLS;

struct arguments_t {
    double values[calls];
};

constexpr arguments_t make_arguments() noexcept {
    arguments_t a{};
    for (std::size_t i = 0; i < calls; ++i) {
        a.values[i] = -10.0 * (static_cast<double>(i) + 0.5) / static_cast<double>(calls);
    }
    return a;
}

constexpr arguments_t arguments = make_arguments();

constexpr double sum() noexcept {
    double s = 0.0;
    for (std::size_t i = 0; i < calls; ++i) {
#ifdef CTA_BENCH_EXP
        s += cta::exp(arguments.values[i]);
#else
        s += arguments.values[i];
#endif
    }
    return s;
}

constexpr double total = sum();
static_assert(total == total);

}  // namespace
