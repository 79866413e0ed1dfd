// SPDX-License-Identifier: BSL-1.0
// NaN and infinities under the compilers' finite-math modes (docs/numerics.md): self-attention with cta::scaled,
// cta::causal and a boolean mask that removes every key of the first query, on finite inputs, must give that query
// the weights 0 and the output 0 at run time, the bits of compile time; cta::isnan of a NaN made from its bits is
// true; approx_equal of a matrix holding a NaN is false. Built with the flags under test (tests/finite_math); exits
// with 0 if all hold, else prints what failed and exits with 1.
#include <bit>
#include <cstdint>
#include <cstdio>

#include <cta/cta.hpp>

#include "../runtime/at_run_time.hpp"

namespace {

constexpr cta::matrix<double, 4, 4> inputs{{{1, 2, 3, 4}, {0, 1, 0, 1}, {2, 1, 0, 3}, {1, 1, 1, 1}}};
// The first query sees no key; the others see themselves (and, causal, nothing after themselves).
constexpr cta::matrix<bool, 4, 4> mask{{{false, false, false, false},
                                         {true, true, false, false},
                                         {true, true, true, false},
                                         {true, true, true, true}}};

}  // namespace

int main() {
    int failures = 0;
    const auto check = [&](bool ok, const char* what) {
        std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
        failures += ok ? 0 : 1;
    };

    constexpr auto steps = cta::self_attention_steps(inputs, inputs, inputs, inputs, cta::scaled, cta::causal, mask);
    const auto x = test::at_run_time(inputs);
    const auto run = cta::self_attention_steps(x, x, x, x, cta::scaled, cta::causal, mask);
    std::printf("weights of the query without keys at run time: %g %g %g %g\n", run.weights(0, 0),
                run.weights(0, 1), run.weights(0, 2), run.weights(0, 3));
    check(cta::identical(cta::row(run.weights, 0), cta::matrix<double, 1, 4>{}),
          "a query whose keys are all masked gets the weights 0");
    check(cta::identical(cta::row(run.outputs, 0), cta::matrix<double, 1, 4>{}), "and the output 0");
    check(cta::identical(run.weights, steps.weights) && cta::identical(run.outputs, steps.outputs),
          "run time gives the compile-time bits");

    volatile std::uint64_t nan_bits = 0x7ff8000000000000U;
    const double nan = std::bit_cast<double>(static_cast<std::uint64_t>(nan_bits));
    check(cta::isnan(nan), "cta::isnan of a NaN is true");
    const cta::matrix<double, 1, 2> with_nan{{{nan, 1.0}}};
    check(!cta::approx_equal(with_nan, with_nan, 1.0), "approx_equal of a matrix holding a NaN is false");
    return failures == 0 ? 0 : 1;
}
