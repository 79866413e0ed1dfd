// SPDX-License-Identifier: BSL-1.0
// CTA_BENCH_CALLS calls of cta::sin(double) (CTA_BENCH_SIN) or cta::cos(double) (CTA_BENCH_COS) in one constant
// expression, on arguments spread evenly over (-10, 10) (Cody-Waite reduction; CTA_BENCH_SMALL) or over
// [1e300, 2e300) (Payne-Hanek reduction). Built with and without a function, the loop summing x instead: the
// difference between the smallest -fconstexpr-steps (Clang) or -fconstexpr-ops-limit (GCC) of the two, over the number
// of calls, is the cost of one call.
#include <cstddef>

#include <cta/math/trig.hpp>

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
        const double t = (static_cast<double>(i) + 0.5) / static_cast<double>(calls);
#ifdef CTA_BENCH_SMALL
        a.values[i] = -10.0 + 20.0 * t;
#else
        a.values[i] = 1e300 + 1e300 * t;
#endif
    }
    return a;
}

constexpr arguments_t arguments = make_arguments();

constexpr double sum() noexcept {
    double s = 0.0;
    for (const double x : arguments.values) {
#if defined(CTA_BENCH_SIN)
        s += cta::sin(x);
#elif defined(CTA_BENCH_COS)
        s += cta::cos(x);
#else
        s += x;
#endif
    }
    return s;
}

constexpr double total = sum();
static_assert(total == total);

}  // namespace
