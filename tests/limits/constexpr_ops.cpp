// SPDX-License-Identifier: BSL-1.0
// Two nested loops of 1600 iterations each (each under GCC's loop limit) in a constant expression: about
// 44 million operations, over GCC's default operation limit (33,554,432) and within that of
// cta_raise_constexpr_limits. Built with GCC only (Clang has no operation limit; its step limit is tested by
// constexpr_loop.cpp).
#include <cstdint>

namespace {

constexpr std::uint64_t count_pairs(std::uint64_t n) {
    std::uint64_t count = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
        for (std::uint64_t j = 0; j < n; ++j) {
            count += 1;
        }
    }
    return count;
}

constexpr std::uint64_t pairs = count_pairs(1600);
static_assert(pairs == 2'560'000);

}  // namespace
