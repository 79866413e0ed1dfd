// SPDX-License-Identifier: BSL-1.0
// The work per self-attention on a Cortex-M4 (QEMU's mps2-an386: float on the FPU, double in libgcc's software
// functions): cta::self_attention(x, w_query, w_key, w_value), the operation docs/performance.md's host benchmark
// times, against the same attention as plain loops (attention.hpp), for the seed's shape (its 3 x 4 inputs and
// 4 x 3 weights) and n = d = d_k = 8 and 16 (bench/bench_data.hpp's operands), in float and double. Three functions
// per case, each a symbol of its own that is never inlined into its caller nor specialised for it:
//   cta_attention:             cta::self_attention;
//   same_operations_attention: the plain loops with cta::exp, without contraction (same_operations.cpp);
//   textbook_attention:        the plain loops with std::exp (newlib's exp and expf), compiled with the
//                              toolchain's defaults (GCC contracts a float product and sum into vfma.f32).
// Each runs on copies of the operands filled through volatile reads. The program checks that cta's outputs are
// the compiler's (constexpr) bit for bit, that the same-operations loops give cta's bits, and that the textbook
// loops stay within `textbook_bound` units of epsilon of the largest output of cta's; exit code 0 if all hold.
//
// With the command line `measure`, each function runs once between the marker functions of measure.hpp, and a line
// `measure: <implementation>, <type>, <shape>|<multiply-adds>|<outputs>` is printed for each:
// tests/embedded/attention_figures.cmake counts the instructions between the markers.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/attention.hpp>
#include <cta/compare.hpp>
#include <cta/matrix.hpp>

#include "attention.hpp"
#include "bench_data.hpp"
#include "line.hpp"
#include "measure.hpp"
#include "seed.hpp"

namespace bench {

template <class Real, std::size_t N, std::size_t D, std::size_t DK>
[[gnu::noipa]] void cta_attention(const operands<Real, N, D, DK>& o, outputs<Real, N, DK>& out) {
    out = cta::self_attention(o.x, o.w_query, o.w_key, o.w_value);
}

template <class Real, std::size_t N, std::size_t D, std::size_t DK>
[[gnu::noipa]] void textbook_attention(const operands<Real, N, D, DK>& o, outputs<Real, N, DK>& out) {
    plain_loops(o.x.elems, o.w_query.elems, o.w_key.elems, o.w_value.elems, out.elems,
                [](Real e) { return std::exp(e); });
}

}  // namespace bench

namespace {

/// `m` with its elements converted to `Real` (rounded to nearest for double to float).
template <class Real, class T, std::size_t R, std::size_t C>
constexpr cta::matrix<Real, R, C> as(const cta::matrix<T, R, C>& m) {
    cta::matrix<Real, R, C> result{};
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) result(i, j) = static_cast<Real>(m(i, j));
    return result;
}

/// The operands of a shape in Real: the seed's (3 x 4 inputs, 4 x 3 weights), or bench_data.hpp's with
/// n = d = d_k.
template <class Real, std::size_t N, std::size_t D, std::size_t DK>
constexpr bench::operands<Real, N, D, DK> make_operands() {
    if constexpr (N == 3) {
        return {as<Real>(seed::inputs), as<Real>(seed::w_query), as<Real>(seed::w_key), as<Real>(seed::w_value)};
    } else {
        return {as<Real>(cta_bench::inputs<N, D>()), as<Real>(cta_bench::w_query<D, DK>()),
                as<Real>(cta_bench::w_key<D, DK>()), as<Real>(cta_bench::w_value<D, DK>())};
    }
}

enum class implementation { cta, same_operations, textbook };
inline constexpr implementation implementations[] = {implementation::cta, implementation::same_operations,
                                                     implementation::textbook};

const char* name_of(implementation which) {
    switch (which) {
        case implementation::cta: return "cta";
        case implementation::same_operations: return "same operations";
        case implementation::textbook: return "textbook";
    }
    return "";
}

/// The largest difference allowed between the textbook loops' outputs and cta's, in units of epsilon of the type
/// times the largest output of cta's: newlib's exp and cta::exp each err by less than one unit in the last place,
/// and contraction rounds a product and its sum once instead of twice.
inline constexpr double textbook_bound = 16;

/// One case: a type and shape, its compile-time operands and cta's compile-time outputs, a run-time copy of the
/// operands, and each implementation's outputs.
template <class Real, std::size_t N, std::size_t D, std::size_t DK>
struct shape_case {
    static constexpr auto compile_time = make_operands<Real, N, D, DK>();
    static constexpr auto expected =
        cta::self_attention(compile_time.x, compile_time.w_query, compile_time.w_key, compile_time.w_value);
    static inline bench::operands<Real, N, D, DK> inputs{};
    static inline bench::outputs<Real, N, DK> results[3]{};
    static constexpr const char* type = std::is_same_v<Real, float> ? "float" : "double";
    static constexpr const char* shape = N == 3 ? "the seed's shape" : (N == 8 ? "n = d = 8" : "n = d = 16");
    // Q, K, V: n d d_k each; the scores and the outputs: n n d_k each.
    static constexpr std::uint64_t macs = 3 * N * D * DK + 2 * N * N * DK;

    static void prepare() {
        const auto* from = reinterpret_cast<const volatile unsigned char*>(&compile_time);
        auto* to = reinterpret_cast<unsigned char*>(&inputs);
        for (std::size_t i = 0; i < sizeof inputs; ++i) to[i] = from[i];
    }
    /// The three functions, in the order of `implementations`.
    using function = void (*)(const bench::operands<Real, N, D, DK>&, bench::outputs<Real, N, DK>&);
    static constexpr function functions[] = {&bench::cta_attention<Real, N, D, DK>,
                                             &bench::same_operations_attention<Real, N, D, DK>,
                                             &bench::textbook_attention<Real, N, D, DK>};
    static void run(implementation which) {
        functions[static_cast<int>(which)](inputs, results[static_cast<int>(which)]);
    }

    /// Each implementation once between the markers, and its line.
    static void measure() {
        for (const implementation which : implementations) {
            prepare();
            // The function and its arguments chosen first: between the markers, the call alone.
            const function f = functions[static_cast<int>(which)];
            auto& out = results[static_cast<int>(which)];
            cta_measure_begin();
            f(inputs, out);
            cta_measure_end();
            line text;
            text << "measure: " << name_of(which) << ", " << type << ", " << shape << '|';
            text.decimal(macs) << '|';
            text.decimal(N * DK).print();
        }
    }

    /// Each implementation once, and the checks of their outputs; true if all hold.
    static bool check() {
        prepare();
        for (const implementation which : implementations) run(which);
        const auto& cta = results[static_cast<int>(implementation::cta)];
        const bool compiler = cta::identical(cta, expected);
        const bool same = cta::identical(results[static_cast<int>(implementation::same_operations)], cta);
        // The textbook loops' largest difference from cta, in units of epsilon times cta's largest output.
        const auto& textbook = results[static_cast<int>(implementation::textbook)];
        double largest = 0, difference = 0;
        for (std::size_t i = 0; i < N; ++i) {
            for (std::size_t j = 0; j < DK; ++j) {
                const double value = static_cast<double>(cta(i, j));
                const double apart = static_cast<double>(textbook(i, j)) - value;
                if (value > largest || -value > largest) largest = value < 0 ? -value : value;
                if (apart > difference || -apart > difference) difference = apart < 0 ? -apart : apart;
            }
        }
        const double units =
            difference / (largest * static_cast<double>(std::numeric_limits<Real>::epsilon()));
        const bool close = units <= textbook_bound;
        line out;
        out << type << ", " << shape << ": cta " << (compiler ? "=" : "DIFFERENT from")
            << " compile time, bit for bit; same operations " << (same ? "=" : "DIFFERENT from")
            << " cta, bit for bit; textbook - cta: ";
        out.fixed(units, 2) << " epsilon (at most ";
        out.fixed(textbook_bound, 0) << ')';
        out.print();
        return compiler && same && close;
    }
};

using seed_float = shape_case<float, 3, 4, 3>;
using float8 = shape_case<float, 8, 8, 8>;
using float16 = shape_case<float, 16, 16, 16>;
using seed_double = shape_case<double, 3, 4, 3>;
using double8 = shape_case<double, 8, 8, 8>;
using double16 = shape_case<double, 16, 16, 16>;

}  // namespace

int main() {
    print_title("Cortex-M4: the work per self-attention, cta against plain loops");
    if (measuring()) {
        measure_markers();
        seed_float::measure();
        float8::measure();
        float16::measure();
        seed_double::measure();
        double8::measure();
        double16::measure();
        return 0;
    }
    const bool ok = seed_float::check() & float8::check() & float16::check() & seed_double::check() &
                    double8::check() & double16::check();
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
