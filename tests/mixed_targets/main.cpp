// SPDX-License-Identifier: BSL-1.0
// The program of tests/mixed_targets, built for x86-64's baseline and linked with both units (the x86-64-v4 unit
// first, so that where the two define the same function the linker keeps the wide one). It calls only the baseline
// unit's functions, so it runs on every x86-64 processor if and only if those run baseline code
// (check_mixed_targets.cmake checks that in the program's code), and it checks their results against the
// compile-time ones.
#include <bit>
#include <cstdint>
#include <cstdio>

#define CTA_MIXED_PREFIX baseline_
#include "kernels.hpp"

namespace {

constexpr mixed::scores make_scores() {
    mixed::scores s{};
    for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = 0; j < 32; ++j) s.elems[i][j] = static_cast<float>((i * 7 + j * 5) % 13) / 4.0F - 1.5F;
    }
    return s;
}
constexpr mixed::inputs make_inputs() {
    mixed::inputs x{};
    for (std::size_t i = 0; i < 8; ++i) {
        for (std::size_t j = 0; j < 16; ++j) x.elems[i][j] = static_cast<float>((i * 3 + j * 11) % 9) / 8.0F - 0.5F;
    }
    return x;
}
constexpr mixed::weights make_weights() {
    mixed::weights w{};
    for (std::size_t i = 0; i < 16; ++i) {
        for (std::size_t j = 0; j < 16; ++j) w.elems[i][j] = static_cast<float>((i * 5 + j * 3) % 7) / 16.0F - 0.2F;
    }
    return w;
}

template <class M>
bool same_bits(const M& a, const M& b) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            if (std::bit_cast<std::uint32_t>(a.elems[i][j]) != std::bit_cast<std::uint32_t>(b.elems[i][j])) return false;
        }
    }
    return true;
}

}  // namespace

int main() {
    constexpr auto s = make_scores();
    constexpr auto x = make_inputs();
    constexpr auto w = make_weights();
    constexpr auto expected_w = cta::softmax(s);
    constexpr auto expected_o = cta::self_attention(x, w, w, w, cta::scaled, cta::causal);
    // Inputs the compiler cannot know.
    mixed::scores s_run = s;
    mixed::inputs x_run = x;
    const volatile float zero = 0.0F;
    s_run.elems[0][0] += zero;
    x_run.elems[0][0] += zero;
    mixed::scores w_run{};
    mixed::outputs o_run{};
    baseline_softmax(w_run, s_run);
    baseline_self_attention(o_run, x_run, w);
    const bool ok = same_bits(w_run, expected_w) && same_bits(o_run, expected_o);
    std::printf("baseline unit: softmax and self-attention %s the compile-time results\n",
                ok ? "equal" : "differ from");
    return ok ? 0 : 1;
}
