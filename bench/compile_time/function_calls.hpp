// SPDX-License-Identifier: BSL-1.0
// The loop that log_steps.cpp, expm1_steps.cpp, tanh_steps.cpp and erf_steps.cpp evaluate in one constant expression:
// CTA_BENCH_CALLS calls of a function on arguments spread evenly over (low, high), summed. Each translation unit is
// built with and without the function (the loop summing the arguments instead); the difference between the smallest
// -fconstexpr-steps (Clang) or -fconstexpr-ops-limit (GCC) of the two, over the number of calls, is the cost of one
// call (bench/regenerate.py, tests/budget).
#pragma once

#include <cstddef>

#ifndef CTA_BENCH_CALLS
#error "define CTA_BENCH_CALLS, the number of calls"
#endif

namespace cta_bench {

template <class Function>
constexpr double sum_of_calls(Function function, double low, double high) noexcept {
    constexpr std::size_t calls = CTA_BENCH_CALLS;
    double s = 0.0;
    for (std::size_t i = 0; i < calls; ++i) {
        s += function(low + (high - low) * (static_cast<double>(i) + 0.5) / static_cast<double>(calls));
    }
    return s;
}

}  // namespace cta_bench
