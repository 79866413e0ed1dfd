// SPDX-License-Identifier: BSL-1.0
// cta::sin and cta::cos in constant evaluation on the sample points of trig_sample.hpp (written by
// make_trig_tables.py from the same references as the tables, the hardest arguments for the argument reduction among
// them): within 1 ulp of the correctly rounded value, proven by static_assert; at run time the same bits as at
// compile time at every sample point; and the special values, at compile time and at run time.
#include "../runtime/catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cta/math/trig.hpp>

#include "trig_sample.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::bits_t;
using cta_numerics::hex;
using cta_numerics::trig_point;
using cta_numerics::trig_sample_double;
using cta_numerics::trig_sample_float;

// The largest ulp distance between cta::sin or cta::cos and the reference over sample[begin, end).
template <class F, std::size_t N>
constexpr std::uint64_t max_ulps(const std::array<trig_point<bits_t<F>>, N>& sample, std::size_t begin,
                                 std::size_t end) {
    std::uint64_t worst = 0;
    for (std::size_t i = begin; i < end && i < N; ++i) {
        const F x = std::bit_cast<F>(sample[i].x);
        const std::uint64_t s = cta_numerics::ulp_distance(cta::sin(x), std::bit_cast<F>(sample[i].sin));
        const std::uint64_t c = cta_numerics::ulp_distance(cta::cos(x), std::bit_cast<F>(sample[i].cos));
        worst = s > worst ? s : worst;
        worst = c > worst ? c : worst;
    }
    return worst;
}

static_assert(trig_sample_double.size() == 256 && trig_sample_float.size() == 256);

// One constant evaluation per 64 points of a type (128 calls), well within the default limits of both compilers.
template <std::size_t Begin>
constexpr bool within_1_ulp = max_ulps<double>(trig_sample_double, Begin, Begin + 64) <= 1;
template <std::size_t Begin>
constexpr bool within_1_ulp_float = max_ulps<float>(trig_sample_float, Begin, Begin + 64) <= 1;
static_assert(within_1_ulp<0> && within_1_ulp<64> && within_1_ulp<128> && within_1_ulp<192>);
static_assert(within_1_ulp_float<0> && within_1_ulp_float<64> && within_1_ulp_float<128> && within_1_ulp_float<192>);

// The special values.
template <class F>
constexpr bool special_values() {
    constexpr F inf = std::numeric_limits<F>::infinity();
    constexpr F nan = std::numeric_limits<F>::quiet_NaN();
    constexpr F denorm = std::numeric_limits<F>::denorm_min();
    using U = bits_t<F>;
    return std::bit_cast<U>(cta::sin(F(0))) == std::bit_cast<U>(F(0)) &&
           std::bit_cast<U>(cta::sin(-F(0))) == std::bit_cast<U>(-F(0)) && cta::cos(F(0)) == F(1) &&
           cta::cos(-F(0)) == F(1) && cta::isnan(cta::sin(inf)) && cta::isnan(cta::sin(-inf)) &&
           cta::isnan(cta::cos(inf)) && cta::isnan(cta::cos(-inf)) && cta::isnan(cta::sin(nan)) &&
           cta::isnan(cta::cos(nan)) && cta::sin(denorm) == denorm && cta::sin(-denorm) == -denorm &&
           cta::sin(std::numeric_limits<F>::min() / F(4)) == std::numeric_limits<F>::min() / F(4) &&
           cta::cos(denorm) == F(1);
}
static_assert(special_values<double>());
static_assert(special_values<float>());
// Integers are computed in double.
static_assert(cta::sin(3) == cta::sin(3.0) && cta::cos(-7L) == cta::cos(-7.0));

// cta::sin and cta::cos at the sample points, computed by the compiler.
template <class F, std::size_t N>
struct sample_bits {
    std::array<bits_t<F>, N> sin{};
    std::array<bits_t<F>, N> cos{};
};

template <class F, std::size_t N>
constexpr sample_bits<F, N> trig_bits(const std::array<trig_point<bits_t<F>>, N>& sample, std::size_t begin,
                                      std::size_t end, sample_bits<F, N> out) {
    for (std::size_t i = begin; i < end; ++i) {
        out.sin[i] = std::bit_cast<bits_t<F>>(cta::sin(std::bit_cast<F>(sample[i].x)));
        out.cos[i] = std::bit_cast<bits_t<F>>(cta::cos(std::bit_cast<F>(sample[i].x)));
    }
    return out;
}

// In steps of 64 points, one constant evaluation each.
constexpr auto compile_time_double_1 = trig_bits<double>(trig_sample_double, 0, 64, {});
constexpr auto compile_time_double_2 = trig_bits<double>(trig_sample_double, 64, 128, compile_time_double_1);
constexpr auto compile_time_double_3 = trig_bits<double>(trig_sample_double, 128, 192, compile_time_double_2);
constexpr auto compile_time_double = trig_bits<double>(trig_sample_double, 192, 256, compile_time_double_3);
constexpr auto compile_time_float_1 = trig_bits<float>(trig_sample_float, 0, 64, {});
constexpr auto compile_time_float_2 = trig_bits<float>(trig_sample_float, 64, 128, compile_time_float_1);
constexpr auto compile_time_float_3 = trig_bits<float>(trig_sample_float, 128, 192, compile_time_float_2);
constexpr auto compile_time_float = trig_bits<float>(trig_sample_float, 192, 256, compile_time_float_3);

// cta::sin and cta::cos at run time: the argument goes through a volatile, so the compiler cannot fold the call.
template <class F, std::size_t N>
void check_run_time(const std::array<trig_point<bits_t<F>>, N>& sample, const sample_bits<F, N>& expected) {
    std::size_t mismatches = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const volatile bits_t<F> argument = sample[i].x;
        const F x = std::bit_cast<F>(static_cast<bits_t<F>>(argument));
        const auto s = std::bit_cast<bits_t<F>>(cta::sin(x));
        const auto c = std::bit_cast<bits_t<F>>(cta::cos(x));
        if (s != expected.sin[i] || c != expected.cos[i]) {
            ++mismatches;
            INFO("x = " << hex(sample[i].x) << ": run time " << hex(s) << " " << hex(c) << ", compile time "
                        << hex(expected.sin[i]) << " " << hex(expected.cos[i]));
            CHECK(false);
        }
    }
    CHECK(mismatches == 0);
}

template <class F>
void check_special_values_at_run_time() {
    const volatile F zero = F(0);
    const volatile F inf = std::numeric_limits<F>::infinity();
    const volatile F nan = std::numeric_limits<F>::quiet_NaN();
    const volatile F denorm = std::numeric_limits<F>::denorm_min();
    CHECK(std::bit_cast<bits_t<F>>(cta::sin(F(zero))) == std::bit_cast<bits_t<F>>(F(0)));
    CHECK(std::bit_cast<bits_t<F>>(cta::sin(F(-zero))) == std::bit_cast<bits_t<F>>(-F(0)));
    CHECK(cta::cos(F(zero)) == F(1));
    CHECK(cta::cos(F(-zero)) == F(1));
    CHECK(cta::isnan(cta::sin(F(inf))));
    CHECK(cta::isnan(cta::sin(F(-inf))));
    CHECK(cta::isnan(cta::cos(F(inf))));
    CHECK(cta::isnan(cta::cos(F(-inf))));
    CHECK(cta::isnan(cta::sin(F(nan))));
    CHECK(cta::isnan(cta::cos(F(nan))));
    CHECK(cta::sin(F(denorm)) == F(denorm));
    CHECK(cta::sin(F(-denorm)) == -F(denorm));
    CHECK(cta::cos(F(denorm)) == F(1));
}

}  // namespace

TEST_CASE("sin(double) and cos(double) at run time give the compile-time bits on the sample",
          "[sin][cos][double][constexpr]") {
    check_run_time<double>(trig_sample_double, compile_time_double);
}

TEST_CASE("sin(float) and cos(float) at run time give the compile-time bits on the sample",
          "[sin][cos][float][constexpr]") {
    check_run_time<float>(trig_sample_float, compile_time_float);
}

TEST_CASE("sin and cos special values at run time", "[sin][cos][special]") {
    check_special_values_at_run_time<double>();
    check_special_values_at_run_time<float>();
}
