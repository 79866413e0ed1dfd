// SPDX-License-Identifier: BSL-1.0
// cta::sqrt is correctly rounded: it must give the same bits as the hardware square root (IEEE 754 requires sqrt to
// be correctly rounded; x86-64's sqrtsd/sqrtss are). Checked at run time over a stride through every positive float
// bit pattern and many random doubles of every binade, subnormals included, and at compile time on a sample.
#include "../runtime/catch.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>

namespace {

// Squares of integers and halves: exact roots, checked at compile time.
static_assert(cta::sqrt(4.0) == 2.0 && cta::sqrt(0.25) == 0.5 && cta::sqrt(1.0) == 1.0 && cta::sqrt(0x1p1000) == 0x1p500);
static_assert(cta::sqrt(81.0F) == 9.0F && cta::sqrt(6.25F) == 2.5F);
// Correctly rounded values, written from their exact decimal expansions (sqrt(2) = 1.41421356237309504880...,
// sqrt(3) = 1.73205080756887729352...): the nearest double and float.
static_assert(cta::sqrt(2.0) == 0x1.6a09e667f3bcdp+0 && cta::sqrt(3.0) == 0x1.bb67ae8584caap+0);
static_assert(cta::sqrt(2.0F) == 0x1.6a09e6p+0F && cta::sqrt(3.0F) == 0x1.bb67aep+0F);
// Subnormal and extreme arguments: sqrt(2^-1074) = 2^-537, sqrt(2^-1022) = 2^-511, sqrt(largest) = 0x1.fffffffffffffp+511.
static_assert(cta::sqrt(0x1p-1074) == 0x1p-537 && cta::sqrt(0x1p-1022) == 0x1p-511);
static_assert(cta::sqrt(std::numeric_limits<double>::max()) == 0x1.fffffffffffffp+511);
static_assert(cta::sqrt(0x1p-149F) == 0x1.6a09e6p-75F);
// Special values.
static_assert(std::bit_cast<std::uint64_t>(cta::sqrt(-0.0)) == std::bit_cast<std::uint64_t>(-0.0));
static_assert(cta::sqrt(std::numeric_limits<double>::infinity()) == std::numeric_limits<double>::infinity());
static_assert(cta::isnan(cta::sqrt(-1.0)) && cta::isnan(cta::sqrt(std::numeric_limits<double>::quiet_NaN())));
static_assert(cta::isnan(cta::sqrt(-std::numeric_limits<float>::infinity())));

template <class F, class U>
bool same_bits(F a, F b) {
    return std::bit_cast<U>(a) == std::bit_cast<U>(b);
}

}  // namespace

TEST_CASE("sqrt(float) equals the hardware square root on a stride through all positive floats", "[sqrt]") {
    std::uint64_t checked = 0;
    std::uint64_t differing = 0;
    for (std::uint32_t u = 0; u < 0x7f800000U; u += 211) {  // 10 million points: every binade, subnormals included
        volatile float x = std::bit_cast<float>(u);
        differing += same_bits<float, std::uint32_t>(cta::sqrt(x), std::sqrt(x)) ? 0 : 1;
        ++checked;
    }
    INFO(checked << " floats checked");
    CHECK(checked > 10'000'000);
    CHECK(differing == 0);
}

TEST_CASE("sqrt(double) equals the hardware square root on random doubles of every binade", "[sqrt]") {
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    std::uint64_t differing = 0;
    constexpr std::uint64_t points = 4'000'000;
    for (std::uint64_t n = 0; n < points; ++n) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const std::uint64_t bits = state & 0x7fefffffffffffffULL;  // positive and finite (largest exponent excluded)
        volatile double x = std::bit_cast<double>(bits);
        differing += same_bits<double, std::uint64_t>(cta::sqrt(x), std::sqrt(x)) ? 0 : 1;
    }
    CHECK(differing == 0);
}

TEST_CASE("sqrt at run time gives the compile-time bits", "[sqrt]") {
    constexpr double args[] = {2.0, 3.0, 0x1p-1074, 1e-310, 12345.678, 1e308, 0.1};
    constexpr double roots[] = {cta::sqrt(2.0),      cta::sqrt(3.0),    cta::sqrt(0x1p-1074), cta::sqrt(1e-310),
                                cta::sqrt(12345.678), cta::sqrt(1e308), cta::sqrt(0.1)};
    for (std::size_t i = 0; i < std::size(args); ++i) {
        volatile double x = args[i];
        CHECK(same_bits<double, std::uint64_t>(cta::sqrt(x), roots[i]));
    }
}

TEST_CASE("sqrt of an integer is sqrt of the double, as exp of an integer is exp of the double", "[sqrt]") {
    STATIC_REQUIRE(std::is_same_v<decltype(cta::sqrt(2)), double>);
    STATIC_REQUIRE(std::is_same_v<decltype(cta::sqrt(2U)), decltype(cta::exp(2U))>);
    STATIC_REQUIRE(std::bit_cast<std::uint64_t>(cta::sqrt(2)) == std::bit_cast<std::uint64_t>(0x1.6a09e667f3bcdp+0));
    STATIC_REQUIRE(cta::sqrt(144) == 12.0 && cta::sqrt(std::uint64_t{1} << 62) == 0x1p31);
    // 2^53 + 1 is not a double: converted to 2^53, as std::sqrt converts it.
    constexpr std::int64_t beyond_doubles = (std::int64_t{1} << 53) + 1;
    STATIC_REQUIRE(cta::sqrt(beyond_doubles) == cta::sqrt(0x1p53));
    STATIC_REQUIRE(cta::isnan(cta::sqrt(-1)));
    constexpr long long args[] = {2, 3, 12345, -4, beyond_doubles, 0};
    for (const long long a : args) {
        volatile long long x = a;
        const double run = cta::sqrt(x);
        CHECK(same_bits<double, std::uint64_t>(run, cta::sqrt(static_cast<double>(a))));
        // (std::sqrt of a negative number gives a NaN of another sign on x86-64.)
        if (a >= 0) CHECK(same_bits<double, std::uint64_t>(run, std::sqrt(static_cast<double>(a))));
    }
}
