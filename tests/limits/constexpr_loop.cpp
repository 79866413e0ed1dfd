// SPDX-License-Identifier: BSL-1.0
// One loop of 1,000,000 iterations in a constant expression: over GCC's default loop limit (262,144 iterations;
// the loop's ~18 million operations stay under GCC's default operation limit) and over Clang's default step
// limit (1,048,576 steps; the loop takes about 2 million), within the limits of cta_raise_constexpr_limits.
#include <cstdint>

namespace {

constexpr std::uint64_t sum_below(std::uint64_t n) {
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        sum += i;
    }
    return sum;
}

constexpr std::uint64_t total = sum_below(1'000'000);
static_assert(total == 499'999'500'000);

}  // namespace
