// SPDX-License-Identifier: BSL-1.0
// quantize and dequantize at run time: ties, extremes and clamps of each type, with the values written out, each
// computed by the program on operands it reads through a volatile, and checked in a constant expression too.
#include "catch.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <cta/quantized/quantize.hpp>

#include "at_run_time.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

template <class Q, class Real>
struct quantize_case {
    Real value, scale;
    std::int32_t zero_point;
    Q expected;
};

template <class Q, class Real>
struct dequantize_case {
    Q quantized;
    Real scale;
    std::int32_t zero_point;
    Real expected;
};

template <class Real>
constexpr Real inf = std::numeric_limits<Real>::infinity();
template <class Real>
constexpr Real max = std::numeric_limits<Real>::max();
template <class Real>
constexpr Real tiny = std::numeric_limits<Real>::denorm_min();

/// Ties of every sign around 0 and around a zero point, ties next to the clamps, the clamps, infinities, the
/// largest and smallest values and scales: the same cases for float and double, each Q.
template <class Q, class Real>
constexpr quantize_case<Q, Real> quantize_cases[] = {
    {Real{0.5}, 1, 0, 1},   {Real{-0.5}, 1, 0, -1},  {Real{1.5}, 1, 0, 2},  {Real{-1.5}, 1, 0, -2},
    {Real{2.5}, 1, 0, 3},   {Real{-2.5}, 1, 0, -3},  {Real{0.5}, 1, -1, 0}, {Real{-0.5}, 1, 1, 0},
    {Real{1.25}, Real{0.5}, 7, 10},                  {Real{-1.25}, Real{0.5}, -7, -10},
    {Real{0.0}, static_cast<Real>(0.1), 0, 0},                    {-Real{0.0}, static_cast<Real>(0.1), 0, 0},
    // Ties at the ends of Q, and one further out.
    {static_cast<Real>(std::numeric_limits<Q>::max()) - Real{0.5}, 1, 0, std::numeric_limits<Q>::max()},
    {static_cast<Real>(std::numeric_limits<Q>::max()) + Real{0.5}, 1, 0, std::numeric_limits<Q>::max()},
    {static_cast<Real>(std::numeric_limits<Q>::min()) + Real{0.5}, 1, 0, std::numeric_limits<Q>::min()},
    {static_cast<Real>(std::numeric_limits<Q>::min()) - Real{0.5}, 1, 0, std::numeric_limits<Q>::min()},
    {Real{1}, Real{1}, std::numeric_limits<Q>::max(), std::numeric_limits<Q>::max()},
    {Real{-1}, Real{1}, std::numeric_limits<Q>::min(), std::numeric_limits<Q>::min()},
    {Real{-1}, Real{1}, std::numeric_limits<Q>::max(), static_cast<Q>(std::numeric_limits<Q>::max() - 1)},
    // Infinities, the largest values, the smallest scales: the ends.
    {inf<Real>, Real{0.5}, 0, std::numeric_limits<Q>::max()},
    {-inf<Real>, Real{0.5}, 0, std::numeric_limits<Q>::min()},
    {max<Real>, Real{1}, 0, std::numeric_limits<Q>::max()},
    {-max<Real>, tiny<Real>, 0, std::numeric_limits<Q>::min()},
    {Real{1}, tiny<Real>, 0, std::numeric_limits<Q>::max()},
    {tiny<Real>, tiny<Real>, 3, 4},
    {tiny<Real>, Real{1}, 3, 3},
    {Real{1}, max<Real>, -3, -3},
};

template <class Q, class Real>
constexpr dequantize_case<Q, Real> dequantize_cases[] = {
    {std::numeric_limits<Q>::max(), Real{0.5}, 0, static_cast<Real>(std::numeric_limits<Q>::max()) / 2},
    {std::numeric_limits<Q>::min(), Real{0.5}, 0, static_cast<Real>(std::numeric_limits<Q>::min()) / 2},
    {0, Real{0.25}, std::numeric_limits<Q>::max(), -static_cast<Real>(std::numeric_limits<Q>::max()) / 4},
    {5, static_cast<Real>(0.1), 5, Real{0}},
    {1, max<Real>, 0, max<Real>},
    {2, max<Real>, 0, inf<Real>},
    {-2, max<Real>, 0, -inf<Real>},
    {1, tiny<Real>, 0, tiny<Real>},
    {-1, tiny<Real>, 0, -tiny<Real>},
};

template <class Real>
constexpr bool same_bits(Real a, Real b) {
    if constexpr (sizeof(Real) == 4) {
        return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    } else {
        return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
    }
}

template <class Q, class Real>
constexpr bool all_quantize_cases_hold() {
    for (const auto& c : quantize_cases<Q, Real>) {
        if (q::quantize<Q>(c.value, c.scale, c.zero_point) != c.expected) {
            return false;
        }
    }
    for (const auto& c : dequantize_cases<Q, Real>) {
        if (!same_bits(q::dequantize(c.quantized, c.scale, c.zero_point), c.expected)) {
            return false;
        }
    }
    return true;
}

template <class Q, class Real>
void check_at_run_time() {
    STATIC_REQUIRE(all_quantize_cases_hold<Q, Real>());
    for (const auto& c : quantize_cases<Q, Real>) {
        INFO("value " << c.value << ", scale " << c.scale << ", zero point " << c.zero_point);
        CHECK(+q::quantize<Q>(at_run_time(c.value), at_run_time(c.scale), at_run_time(c.zero_point)) == +c.expected);
    }
    for (const auto& c : dequantize_cases<Q, Real>) {
        INFO("q " << +c.quantized << ", scale " << c.scale << ", zero point " << c.zero_point);
        const Real x = q::dequantize(at_run_time(c.quantized), at_run_time(c.scale), at_run_time(c.zero_point));
        CHECK(same_bits(x, c.expected));
    }
}

}  // namespace

TEMPLATE_TEST_CASE("quantize and dequantize from and to float: ties away from zero, clamps, extremes",
                   "[quantized][runtime]", std::int8_t, std::int16_t, std::int32_t) {
    check_at_run_time<TestType, float>();
}

TEMPLATE_TEST_CASE("quantize and dequantize from and to double: ties away from zero, clamps, extremes",
                   "[quantized][runtime]", std::int8_t, std::int16_t, std::int32_t) {
    check_at_run_time<TestType, double>();
}

TEST_CASE("the quotient is rounded in the value's type, as TensorFlow Lite's float input", "[quantized][runtime]") {
    // 0.0015F / 0.001F is 1.49999994... exactly: the float quotient is the tie 1.5 (2), the double one below it (1).
    CHECK(q::quantize<std::int8_t>(at_run_time(0.0015F), at_run_time(0.001F), 0) == 2);
    CHECK(q::quantize<std::int8_t>(at_run_time(static_cast<double>(0.0015F)), at_run_time(static_cast<double>(0.001F)),
                                   0) == 1);
    // A float scale's product with an int32 offset is rounded once from double: 3 * 16777217 -> 50331652.
    CHECK(q::dequantize(at_run_time(std::int32_t{16777217}), at_run_time(3.0F), 0) == 50331652.0F);
}

TEST_CASE("quantize and dequantize of whole matrices at run time", "[quantized][runtime]") {
    constexpr cta::matrix<float, 2, 3> x{{{0.0F, 0.25F, -0.75F}, {100.0F, -100.0F, 1.25F}}};
    constexpr auto compile_time = q::quantize<std::int8_t>(x, 0.5F, -1);
    const auto run_time = q::quantize<std::int8_t>(at_run_time(x), at_run_time(0.5F), at_run_time(-1));
    CHECK(run_time == compile_time);
    CHECK(run_time == cta::matrix<std::int8_t, 2, 3>{{{-1, 0, -3}, {127, -128, 2}}});
    constexpr auto back = q::dequantize(compile_time, 0.5F, -1);
    CHECK(q::dequantize(at_run_time(run_time), at_run_time(0.5F), at_run_time(-1)) == back);

    constexpr cta::matrix<double, 2, 2> y{{{-1e300, 1e-300}, {-0.5, 0.5}}};
    constexpr auto y_compile_time = q::quantize<std::int32_t>(y, 1e-9, 7);
    CHECK(q::quantize<std::int32_t>(at_run_time(y), at_run_time(1e-9), at_run_time(7)) == y_compile_time);
    CHECK(y_compile_time == cta::matrix<std::int32_t, 2, 2>{{{std::numeric_limits<std::int32_t>::min(), 7},
                                                             {-499999993, 500000007}}});
}
