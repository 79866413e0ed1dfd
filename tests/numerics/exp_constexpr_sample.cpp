// SPDX-License-Identifier: BSL-1.0
// cta::exp in constant evaluation on the sample points of exp_sample.hpp (written by make_exp_tables.py from the
// same 60-digit references as the tables): within 1 ulp of the correctly rounded value, proven by static_assert;
// and at run time the same bits as at compile time at every sample point.
#include "../runtime/catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/math.hpp>

#include "exp_sample.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::hex;
using cta_numerics::bits_t;
using cta_numerics::exp_point;
using cta_numerics::exp_sample_double;
using cta_numerics::exp_sample_float;

// The largest ulp distance between cta::exp and the reference over sample[begin, end).
template <class F, std::size_t N>
constexpr std::uint64_t max_ulps(const std::array<exp_point<bits_t<F>>, N>& sample, std::size_t begin,
                                 std::size_t end) {
    std::uint64_t worst = 0;
    for (std::size_t i = begin; i < end && i < N; ++i) {
        const F got = cta::exp(std::bit_cast<F>(sample[i].x));
        const std::uint64_t ulps = cta_numerics::ulp_distance(got, std::bit_cast<F>(sample[i].y));
        worst = ulps > worst ? ulps : worst;
    }
    return worst;
}

static_assert(exp_sample_double.size() == 256 && exp_sample_float.size() == 256);
// exp(double)'s table: 128 pairs of doubles, 2 KiB of read-only data (docs/embedded.md).
static_assert(sizeof(cta::detail::exp_table) == 2048);

// One constant evaluation per 64 points, well within the default limits of both compilers.
static_assert(max_ulps<double>(exp_sample_double, 0, 64) <= 1);
static_assert(max_ulps<double>(exp_sample_double, 64, 128) <= 1);
static_assert(max_ulps<double>(exp_sample_double, 128, 192) <= 1);
static_assert(max_ulps<double>(exp_sample_double, 192, 256) <= 1);
static_assert(max_ulps<float>(exp_sample_float, 0, 64) <= 1);
static_assert(max_ulps<float>(exp_sample_float, 64, 128) <= 1);
static_assert(max_ulps<float>(exp_sample_float, 128, 192) <= 1);
static_assert(max_ulps<float>(exp_sample_float, 192, 256) <= 1);

// cta::exp at the sample points, computed by the compiler.
template <class F, std::size_t N>
constexpr std::array<bits_t<F>, N> exp_bits(const std::array<exp_point<bits_t<F>>, N>& sample) {
    std::array<bits_t<F>, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = std::bit_cast<bits_t<F>>(cta::exp(std::bit_cast<F>(sample[i].x)));
    return out;
}

constexpr auto compile_time_double = exp_bits<double>(exp_sample_double);
constexpr auto compile_time_float = exp_bits<float>(exp_sample_float);

// cta::exp at run time: the argument goes through a volatile, so the compiler cannot fold the call.
template <class F, std::size_t N>
void check_run_time(const std::array<exp_point<bits_t<F>>, N>& sample, const std::array<bits_t<F>, N>& expected) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const volatile bits_t<F> argument = sample[i].x;
        const bits_t<F> got = std::bit_cast<bits_t<F>>(cta::exp(std::bit_cast<F>(static_cast<bits_t<F>>(argument))));
        if (got != expected[i]) {
            ++mismatches;
            INFO("x = " << hex(sample[i].x) << ": run time " << hex(got) << ", compile time " << hex(expected[i]));
            CHECK(got == expected[i]);
        }
    }
    CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("exp(double) at run time gives the compile-time bits on the sample", "[exp][double][constexpr]") {
    check_run_time<double>(exp_sample_double, compile_time_double);
}

TEST_CASE("exp(float) at run time gives the compile-time bits on the sample", "[exp][float][constexpr]") {
    check_run_time<float>(exp_sample_float, compile_time_float);
}
