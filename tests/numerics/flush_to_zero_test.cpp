// SPDX-License-Identifier: BSL-1.0
// Processor modes that flush subnormals (docs/numerics.md): FTZ (subnormal results become 0) and DAZ (subnormal
// operands are read as 0), switched on in MXCSR as -ffast-math's start-up code (crtfastmath.o) does on x86-64.
// (32-bit Arm's NEON arithmetic always flushes; cta uses no vectors there, tests/embedded/cortex-a15.) With both on,
// at run time:
// - cta::sqrt, which tells its cases apart by their bits and computes in integers, gives the compile-time bits of
//   subnormal arguments;
// - cta::exp gives the compile-time bits wherever the compile-time result is normal or 0, and +0 where it is
//   subnormal (double: arguments below about -708.4; float: below about -87.3): the one difference, counted here;
// - the tutorial's attention, whose values are far from the subnormals, gives the compile-time bits.
#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"
#include "seed.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

#include <cta/cta.hpp>

#if defined(__SSE2__) && defined(__GNUC__)
namespace {

/// FTZ and DAZ on while it lives (MXCSR bits 15 and 6), the previous mode restored after.
class flush_subnormals {
public:
    flush_subnormals() { __builtin_ia32_ldmxcsr(saved_ | 0x8040U); }
    ~flush_subnormals() { __builtin_ia32_ldmxcsr(saved_); }
    flush_subnormals(const flush_subnormals&) = delete;
    flush_subnormals& operator=(const flush_subnormals&) = delete;

private:
    unsigned saved_ = __builtin_ia32_stmxcsr();
};

using test::at_run_time;

template <class F, std::size_t N>
constexpr std::array<F, N> arguments(F from, F step) {
    std::array<F, N> a{};
    for (std::size_t i = 0; i < N; ++i) a[i] = from + step * static_cast<F>(i);
    return a;
}

template <class F, std::size_t N>
constexpr std::array<F, N> exps(const std::array<F, N>& x) {
    std::array<F, N> e{};
    for (std::size_t i = 0; i < N; ++i) e[i] = cta::exp(x[i]);
    return e;
}

/// The arguments whose run-time exp differs from the compile-time one other than as FTZ must (a subnormal to +0),
/// and how many compile-time results are subnormal.
template <class F, class U, std::size_t N>
std::pair<std::size_t, std::size_t> exp_under_flush(const std::array<F, N>& x, const std::array<F, N>& expected) {
    std::size_t unexplained = 0, flushed = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const F e = cta::exp(at_run_time(x[i]));
        // Told by the bits: with DAZ on, a comparison reads a subnormal as 0.
        const U bits = std::bit_cast<U>(expected[i]);
        const bool is_subnormal = (bits & std::bit_cast<U>(std::numeric_limits<F>::infinity())) == 0 && bits != 0;
        flushed += is_subnormal ? 1 : 0;
        const F wanted = is_subnormal ? F(0) : expected[i];
        if (std::bit_cast<U>(e) != std::bit_cast<U>(wanted)) {
            ++unexplained;
            UNSCOPED_INFO("exp(" << x[i] << ")");
        }
    }
    return {unexplained, flushed};
}

constexpr auto double_arguments = arguments<double, 241>(-760.0, 0.25);  // -760 .. -700
constexpr auto double_exps = exps(double_arguments);
constexpr auto float_arguments = arguments<float, 201>(-105.0F, 0.125F);  // -105 .. -80
constexpr auto float_exps = exps(float_arguments);

}  // namespace

TEST_CASE("with FTZ and DAZ on, sqrt keeps the bits of subnormal arguments", "[flush]") {
    constexpr double subnormals[] = {0x1p-1074, 0x1p-1070, 0x1.8p-1060, 0x0.fffffffffffffp-1022};
    constexpr float subnormals_f[] = {0x1p-149F, 0x1p-140F, 0x0.fffffep-126F};
    const flush_subnormals mode;
    REQUIRE(at_run_time(0x1p-1070) * at_run_time(1.0) == 0.0);  // the mode is on: a subnormal operand reads as 0
    for (const double x : subnormals) {
        CAPTURE(x);
        CHECK(std::bit_cast<std::uint64_t>(cta::sqrt(at_run_time(x))) == std::bit_cast<std::uint64_t>(cta::sqrt(x)));
    }
    for (const float x : subnormals_f) {
        CAPTURE(x);
        CHECK(std::bit_cast<std::uint32_t>(cta::sqrt(at_run_time(x))) == std::bit_cast<std::uint32_t>(cta::sqrt(x)));
    }
    CHECK(std::bit_cast<std::uint64_t>(cta::sqrt(at_run_time(-0x1p-1070))) ==
          std::bit_cast<std::uint64_t>(std::numeric_limits<double>::quiet_NaN()));
    static_assert(cta::sqrt(0x1p-1070) == 0x1p-535);
}

TEST_CASE("with FTZ and DAZ on, exp differs from compile time only where the result is subnormal", "[flush]") {
    const flush_subnormals mode;
    REQUIRE(at_run_time(0x1p-1070) * at_run_time(1.0) == 0.0);
    const auto [unexplained, flushed] = exp_under_flush<double, std::uint64_t>(double_arguments, double_exps);
    CHECK(unexplained == 0);
    CHECK(flushed > 0);  // the difference exists: subnormal results at compile time, +0 at run time
    const auto [unexplained_f, flushed_f] = exp_under_flush<float, std::uint32_t>(float_arguments, float_exps);
    CHECK(unexplained_f == 0);
    CHECK(flushed_f > 0);
}

TEST_CASE("with FTZ and DAZ on, the tutorial's attention gives the compile-time bits", "[flush]") {
    constexpr auto outputs = cta::self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    const flush_subnormals mode;
    CHECK(cta::identical(cta::self_attention(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                             at_run_time(seed::w_key), at_run_time(seed::w_value)),
                         outputs));
}
#endif
