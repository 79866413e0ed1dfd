// SPDX-License-Identifier: BSL-1.0
// The seed's self-attention in float and in double, scaled (cta::self_attention<Real>(..., cta::scaled)), on the
// seed's inputs and weights as matrices of that type: the real-valued twin of main.cpp's int8 seed attention, in a
// program of its own (main.cpp's must hold no floating point). On a Cortex-M3 (QEMU's mps2-an385: float and double
// are libgcc's software functions) and a Cortex-M4 (mps2-an386: float on the FPU, double in software), from the same
// source. Each type's outputs are computed on the target from copies of the inputs filled through volatile reads and
// compared bit for bit with the compiler's (constexpr); exit code 0 if both agree.
//
// With the command line `measure`, each type's call runs once between the marker functions cta_measure_begin and
// cta_measure_end, after a call with nothing between them, and a line `measure: <name>|<macs>|<outputs>` is printed
// for each, as main.cpp does: tests/embedded/quantized_figures.cmake counts the instructions between the markers.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/compare.hpp>
#include <cta/matrix.hpp>

#include "line.hpp"
#include "measure.hpp"
#include "../../examples/seed.hpp"

namespace {

/// `m` with its elements converted to `Real` (exactly: the seed's are small integers).
template <class Real, std::size_t R, std::size_t C>
constexpr cta::matrix<Real, R, C> as(const cta::matrix<int, R, C>& m) {
    cta::matrix<Real, R, C> result{};
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) result(i, j) = static_cast<Real>(m(i, j));
    return result;
}

/// The seed's inputs and weights in `Real`.
template <class Real>
struct seed_in {
    cta::matrix<Real, 3, 4> inputs;
    cta::matrix<Real, 4, 3> w_query;
    cta::matrix<Real, 4, 3> w_key;
    cta::matrix<Real, 4, 3> w_value;
};

template <class Real>
inline constexpr seed_in<Real> compile_time_seed{as<Real>(seed::inputs), as<Real>(seed::w_query),
                                                 as<Real>(seed::w_key), as<Real>(seed::w_value)};

/// The attention in `Real`, scaled, as main.cpp's int8 one is calibrated.
template <class Real>
constexpr auto attention(const seed_in<Real>& s) {
    return cta::self_attention<Real>(s.inputs, s.w_query, s.w_key, s.w_value, cta::scaled);
}

/// The case of one type: its compile-time outputs, a run-time copy of its inputs, and the target's outputs
/// (`output`).
template <class Real>
struct attention_case {
    static constexpr auto expected = attention(compile_time_seed<Real>);
    static inline seed_in<Real> inputs{};
    static inline std::remove_const_t<decltype(expected)> output{};
    static void prepare() {
        const auto* from = reinterpret_cast<const volatile unsigned char*>(&compile_time_seed<Real>);
        auto* to = reinterpret_cast<unsigned char*>(&inputs);
        for (std::size_t i = 0; i < sizeof inputs; ++i) to[i] = from[i];
    }
    static void compute() { output = attention(inputs); }
};

// Q, K, V: 3 x 4 x 3 each; the scores 3 x 3 x 3; the outputs 3 x 3 x 3 (main.cpp's count for the int8 one).
struct float_attention : attention_case<float> {
    static constexpr const char* name = "the seed's self-attention, float, scaled: 3 x 4 by 4 x 3";
    static constexpr std::uint32_t macs = 3 * 36 + 27 + 27;
    static constexpr std::size_t outputs = 9;
};
struct double_attention : attention_case<double> {
    static constexpr const char* name = "the seed's self-attention, double, scaled: 3 x 4 by 4 x 3";
    static constexpr std::uint32_t macs = float_attention::macs;
    static constexpr std::size_t outputs = 9;
};

template <class C>
bool check() {
    C::prepare();
    C::compute();
    const bool same = cta::identical(C::output, C::expected);
    line out;
    out << C::name << ": 9 outputs, ";
    (out << (same ? "identical to the compile-time outputs, bit for bit" : "DIFFERENT from the compile-time outputs"))
        .print();
    return same;
}

}  // namespace

int main() {
#if defined(__ARM_FP)
    print_title("Cortex-M (with an FPU): the seed's self-attention in float and double at run time");
#else
    print_title("Cortex-M (without an FPU): the seed's self-attention in float and double at run time");
#endif
    if (measuring()) {
        measure_markers();
        measure<float_attention>();
        measure<double_attention>();
        return 0;
    }
    const bool ok = check<float_attention>() & check<double_attention>();
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
