// SPDX-License-Identifier: BSL-1.0
// cta::scalbn(y, n) is y * 2^n rounded once, as std::scalbn, for every finite y and int n whose result is finite:
// checked at compile time on the extremes (a subnormal scaled to the largest binade and back, which takes two
// factors of 2^1023 or 2^127) and at run time against std::scalbn for every n from -2300 to 2300 (float: -400 to
// 400) and arguments across the range, subnormals included, wherever std::scalbn's result is finite.
#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

#include <cta/math.hpp>

namespace {

// The smallest subnormal to the largest binade and the largest double to the smallest subnormal.
static_assert(cta::scalbn(0x1p-1074, 2097) == 0x1p1023);
static_assert(cta::scalbn(0x1p-1074, 2046) == 0x1p972 && cta::scalbn(0x1p-1074, 1074) == 1.0);
static_assert(cta::scalbn(0x1.fffffffffffffp1023, -2097) == 0x1p-1073);  // (2 - 2^-52) 2^-1074: to the nearest, 2^-1073
static_assert(cta::scalbn(0x1p1023, -2097) == 0x1p-1074);
static_assert(cta::scalbn(0x1p-149F, 276) == 0x1p127F && cta::scalbn(0x1p127F, -276) == 0x1p-149F);
static_assert(cta::scalbn(0x1.fffffep127F, -277) == 0x1p-149F);
// One rounding only, into the subnormals: 1.5 * 2^-1074 is a tie between 2^-1074 and 2^-1073, to even.
static_assert(cta::scalbn(1.5, -1074) == 0x1p-1073 && cta::scalbn(0x1.8p-1000, -74) == 0x1p-1073);
static_assert(cta::scalbn(1.25, -1074) == 0x1p-1074);

using test::at_run_time;

/// How many (y, n) with n in [-n_max, n_max] and a finite std::scalbn(y, n) differ from cta::scalbn at run time
/// (each reported), and how many were compared.
template <class F, class U, std::size_t N>
std::pair<long, long> differences_from_std(const F (&ys)[N], int n_max) {
    long compared = 0, differing = 0;
    for (const F y : ys) {
        for (int n = -n_max; n <= n_max; ++n) {
            const F expected = std::scalbn(y, n);
            if (std::isinf(expected)) continue;
            ++compared;
            if (std::bit_cast<U>(cta::scalbn(at_run_time(y), at_run_time(n))) != std::bit_cast<U>(expected)) {
                ++differing;
                UNSCOPED_INFO("scalbn(" << y << ", " << n << ")");
            }
        }
    }
    return {compared, differing};
}

}  // namespace

TEST_CASE("scalbn(double) equals std::scalbn for every exponent where the result is finite", "[scalbn]") {
    const double ys[] = {0x1p-1074, 0x1.8p-1074, 0x0.fffffffffffffp-1022, 0x1p-1022, 0x1.23456789abcdep-700, 0.1, 1.0,
                         -1.5, 3.0, 0x1.fffffffffffffp0, 1e100, -0x1.fffffffffffffp1023, 0.0, -0.0};
    const auto [compared, differing] = differences_from_std<double, std::uint64_t>(ys, 2300);
    CHECK(compared > 40000);
    CHECK(differing == 0);
}

TEST_CASE("scalbn(float) equals std::scalbn for every exponent where the result is finite", "[scalbn]") {
    const float ys[] = {0x1p-149F, 0x1.8p-149F, 0x0.fffffep-126F, 0x1p-126F, 0x1.234566p-100F, 0.1F, 1.0F,
                        -1.5F, 3.0F, 0x1.fffffep0F, 1e30F, -0x1.fffffep127F, 0.0F, -0.0F};
    const auto [compared, differing] = differences_from_std<float, std::uint32_t>(ys, 400);
    CHECK(compared > 5000);
    CHECK(differing == 0);
}
