// SPDX-License-Identifier: BSL-1.0
// A recursion 900 calls deep in a constant expression: over the compilers' default depth (512 calls) and
// within that of cta_raise_constexpr_limits (1024).
#include <cstdint>

namespace {

constexpr std::uint64_t depth(std::uint64_t n) { return n == 0 ? 0 : 1 + depth(n - 1); }

constexpr std::uint64_t calls = depth(900);
static_assert(calls == 900);

}  // namespace
