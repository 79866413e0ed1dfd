// SPDX-License-Identifier: BSL-1.0
// The seed tutorial's self-attention on a Cortex-M4 (QEMU's mps2-an386 board), in double and in float.
//
// For each type the compiler computes the outputs while it builds this program (`constexpr`); the Cortex-M4
// computes them again when the program runs, from inputs and weights it reads through volatile, so that nothing of
// the computation can be done in advance. The program prints the outputs the target computed and compares them bit
// for bit with the compiler's. Exit code 0 if every bit agrees, 1 otherwise.
//
// No heap, no exceptions, no printf: lines are built in a fixed buffer and printed by semihosting.
#include <cstddef>

#include <cta/cta.hpp>

#include "line.hpp"
#include "seed.hpp"

namespace {

/// A copy of `m` read element by element through a volatile: its values are known only when the program runs.
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> at_run_time(const cta::matrix<T, R, C>& m) {
    cta::matrix<T, R, C> copy;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            volatile T v = m(i, j);
            copy(i, j) = v;
        }
    }
    return copy;
}

/// Computes the seed's self-attention in `Real` on the target, prints it and compares it with the compiler's.
template <class Real>
bool attention_matches_compile_time(const char* type_name) {
    constexpr auto expected = cta::self_attention<Real>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    const auto outputs = cta::self_attention<Real>(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                   at_run_time(seed::w_key), at_run_time(seed::w_value));
    const bool same = cta::identical(outputs, expected);

    (line{} << type_name << " outputs, computed on the target:").print();
    print_rows(outputs);
    if (same) {
        (line{} << type_name << ": identical to the compile-time outputs, bit for bit").print();
    } else {
        (line{} << type_name << ": DIFFERENT from the compile-time outputs, which are:").print();
        print_rows(expected);
    }
    return same;
}

}  // namespace

int main() {
    print_title("Cortex-M4: the seed's self-attention, computed at run time");

    const bool double_ok = attention_matches_compile_time<double>("double");
    const bool float_ok = attention_matches_compile_time<float>("float");
    const bool ok = double_ok && float_ok;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
