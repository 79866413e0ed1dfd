// SPDX-License-Identifier: BSL-1.0
// cta::exp in double and float: within 1 ulp of the correctly rounded e^x at a sample of points, the special values
// and the overflow and underflow thresholds exactly, and bit for bit the same at run time as at compile time.
//
// The expected values are e^x computed with mpmath at 50 digits and rounded to nearest (ties to even) to double and to
// float, subnormals included; each x is the double (float) nearest to the number in the comment. The tables below are
// the output of this Python 3 program (with mpmath installed):
//
//     from fractions import Fraction as Q
//     import mpmath
//     mpmath.mp.dps = 50
//
//     def rnd(q, p, emin):  # q rounded to nearest, ties to even, with p significant bits and exponents >= emin
//         if q < 0:
//             return -rnd(-q, p, emin)
//         e = q.numerator.bit_length() - q.denominator.bit_length()
//         e -= Q(2)**e > q  # now 2^e <= q < 2^(e+1)
//         ulp = Q(2)**(max(e, emin) - p + 1)
//         n = q / ulp
//         f = n.numerator // n.denominator
//         f += n - f > Q(1, 2) or (n - f == Q(1, 2) and f % 2 == 1)
//         return float(f * ulp)
//
//     def exact(v):  # an mpf as a Fraction
//         m, e = v.man_exp
//         return Q(m) * Q(2)**e if e >= 0 else Q(m, 2**-e)
//
//     def literal(v):
//         m, e = v.hex().split('p')
//         return m.rstrip('0').rstrip('.') + 'p' + e
//
//     double_xs = ('1 -1 0.5 -0.5 2 -2 -4 -8 -12 0.1 -0.1 1e-5 -1e-5 1e-9 -3e-9 1e-20 0.34 -0.34 0.35 -0.35 '
//                  '1.03 -1.03 1.04 -1.04 0.6931471805599453 3.5 -3.5 10 -10 20.5 -33.25 50 -50 100 -100 '
//                  '300.3 -300.3 700 -700 709.78 -708.5 -720 -740 -745 0x1.62e42fefa39efp+9 -0x1.74910d52d3051p+9')
//     float_xs = ('1 -1 0.5 -0.5 2 -2 -4 -8 -12 0.1 -0.1 1e-4 -1e-4 1e-5 0.34 -0.34 0.35 -0.35 1.03 -1.03 1.04 '
//                 '-1.04 0.6931472 3.5 -3.5 10 -10 20.5 -33.25 50 -50 80 -80 87.5 88.72 -87.5 -88 -90 -100 -103.9 '
//                 '0x1.62e42ep+6 -0x1.9fe368p+6')
//     for p, emin, suffix, xs in [(53, -1022, '', double_xs), (24, -126, 'F', float_xs)]:
//         for s in xs.split():
//             x = rnd(Q(float.fromhex(s)) if 'x' in s else Q(s), p, emin)  # as the compiler reads s
//             y = rnd(exact(mpmath.exp(mpmath.mpf(x))), p, emin)
//             print(f'{{{literal(x)}{suffix}, {literal(y)}{suffix}}},  // exp({s})')
#include "catch.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>

#include "at_run_time.hpp"

namespace {

using test::at_run_time;

template <class F>
struct point {
    F x;         // the argument
    F expected;  // e^x correctly rounded
};

// clang-format off
constexpr point<double> double_points[] = {
    {0x1p+0, 0x1.5bf0a8b145769p+1},  // exp(1)
    {-0x1p+0, 0x1.78b56362cef38p-2},  // exp(-1)
    {0x1p-1, 0x1.a61298e1e069cp+0},  // exp(0.5)
    {-0x1p-1, 0x1.368b2fc6f960ap-1},  // exp(-0.5)
    {0x1p+1, 0x1.d8e64b8d4ddaep+2},  // exp(2)
    {-0x1p+1, 0x1.152aaa3bf81ccp-3},  // exp(-2)
    {-0x1p+2, 0x1.2c155b8213cf4p-6},  // exp(-4)
    {-0x1p+3, 0x1.5fc21041027adp-12},  // exp(-8)
    {-0x1.8p+3, 0x1.9c54c3b43bc8bp-18},  // exp(-12)
    {0x1.999999999999ap-4, 0x1.1aec7b35a00d4p+0},  // exp(0.1)
    {-0x1.999999999999ap-4, 0x1.cf46d99d52b3ap-1},  // exp(-0.1)
    {0x1.4f8b588e368f1p-17, 0x1.0000a7c5e340ep+0},  // exp(1e-5)
    {-0x1.4f8b588e368f1p-17, 0x1.fffeb07515653p-1},  // exp(-1e-5)
    {0x1.12e0be826d695p-30, 0x1.000000044b83p+0},  // exp(1e-9)
    {-0x1.9c511dc3a41dfp-29, 0x1.ffffffe63aee2p-1},  // exp(-3e-9)
    {0x1.79ca10c924223p-67, 0x1p+0},  // exp(1e-20)
    {0x1.5c28f5c28f5c3p-2, 0x1.67aaa532108bdp+0},  // exp(0.34)
    {-0x1.5c28f5c28f5c3p-2, 0x1.6c6d28e50ebb5p-1},  // exp(-0.34)
    {0x1.6666666666666p-2, 0x1.6b4802c805decp+0},  // exp(0.35)
    {-0x1.6666666666666p-2, 0x1.68cce09671f71p-1},  // exp(-0.35)
    {0x1.07ae147ae147bp+0, 0x1.66895344fcdccp+1},  // exp(1.03)
    {-0x1.07ae147ae147bp+0, 0x1.6d933b905afb6p-2},  // exp(-1.03)
    {0x1.0a3d70a3d70a4p+0, 0x1.6a23c87af69e8p+1},  // exp(1.04)
    {-0x1.0a3d70a3d70a4p+0, 0x1.69f0062e862fep-2},  // exp(-1.04)
    {0x1.62e42fefa39efp-1, 0x1p+1},  // exp(0.6931471805599453)
    {0x1.cp+1, 0x1.08ec721396bdbp+5},  // exp(3.5)
    {-0x1.cp+1, 0x1.eec1018e4ff66p-6},  // exp(-3.5)
    {0x1.4p+3, 0x1.5829dcf95056p+14},  // exp(10)
    {-0x1.4p+3, 0x1.7cd79b5647c9bp-15},  // exp(-10)
    {0x1.48p+4, 0x1.7d6c4f0bcdd5cp+29},  // exp(20.5)
    {-0x1.0ap+5, 0x1.057322ef4a1c2p-48},  // exp(-33.25)
    {0x1.9p+5, 0x1.19103e4080b45p+72},  // exp(50)
    {-0x1.9p+5, 0x1.d257d547e083fp-73},  // exp(-50)
    {0x1.9p+6, 0x1.3494a9b171bf5p+144},  // exp(100)
    {-0x1.9p+6, 0x1.a8c1f14e2af5dp-145},  // exp(-100)
    {0x1.2c4cccccccccdp+8, 0x1.2e9c6cabf8f3fp+433},  // exp(300.3)
    {-0x1.2c4cccccccccdp+8, 0x1.b1230ad551394p-434},  // exp(-300.3)
    {0x1.5ep+9, 0x1.d945df4f8ec8ep+1009},  // exp(700)
    {-0x1.5ep+9, 0x1.14f2b0fb9307fp-1010},  // exp(-700)
    {0x1.62e3d70a3d70ap+9, 0x1.fe9ce5c4c52b4p+1023},  // exp(709.78)
    {-0x1.624p+9, 0x0.e6cf6d08897acp-1022},  // exp(-708.5)
    {-0x1.68p+9, 0x0.0000993b4dc95p-1022},  // exp(-720)
    {-0x1.72p+9, 0x0.0000000000055p-1022},  // exp(-740)
    {-0x1.748p+9, 0x0.0000000000001p-1022},  // exp(-745)
    {0x1.62e42fefa39efp+9, 0x1.fffffffffff2ap+1023},  // exp(0x1.62e42fefa39efp+9)
    {-0x1.74910d52d3051p+9, 0x0.0000000000001p-1022},  // exp(-0x1.74910d52d3051p+9)
};

constexpr point<float> float_points[] = {
    {0x1p+0F, 0x1.5bf0a8p+1F},  // exp(1)
    {-0x1p+0F, 0x1.78b564p-2F},  // exp(-1)
    {0x1p-1F, 0x1.a61298p+0F},  // exp(0.5)
    {-0x1p-1F, 0x1.368b3p-1F},  // exp(-0.5)
    {0x1p+1F, 0x1.d8e64cp+2F},  // exp(2)
    {-0x1p+1F, 0x1.152aaap-3F},  // exp(-2)
    {-0x1p+2F, 0x1.2c155cp-6F},  // exp(-4)
    {-0x1p+3F, 0x1.5fc21p-12F},  // exp(-8)
    {-0x1.8p+3F, 0x1.9c54c4p-18F},  // exp(-12)
    {0x1.99999ap-4F, 0x1.1aec7cp+0F},  // exp(0.1)
    {-0x1.99999ap-4F, 0x1.cf46dap-1F},  // exp(-0.1)
    {0x1.a36e2ep-14F, 0x1.00068ep+0F},  // exp(1e-4)
    {-0x1.a36e2ep-14F, 0x1.fff2e4p-1F},  // exp(-1e-4)
    {0x1.4f8b58p-17F, 0x1.0000a8p+0F},  // exp(1e-5)
    {0x1.5c28f6p-2F, 0x1.67aaa6p+0F},  // exp(0.34)
    {-0x1.5c28f6p-2F, 0x1.6c6d28p-1F},  // exp(-0.34)
    {0x1.666666p-2F, 0x1.6b4802p+0F},  // exp(0.35)
    {-0x1.666666p-2F, 0x1.68ccep-1F},  // exp(-0.35)
    {0x1.07ae14p+0F, 0x1.668952p+1F},  // exp(1.03)
    {-0x1.07ae14p+0F, 0x1.6d933cp-2F},  // exp(-1.03)
    {0x1.0a3d7p+0F, 0x1.6a23c8p+1F},  // exp(1.04)
    {-0x1.0a3d7p+0F, 0x1.69f008p-2F},  // exp(-1.04)
    {0x1.62e43p-1F, 0x1p+1F},  // exp(0.6931472)
    {0x1.cp+1F, 0x1.08ec72p+5F},  // exp(3.5)
    {-0x1.cp+1F, 0x1.eec102p-6F},  // exp(-3.5)
    {0x1.4p+3F, 0x1.5829dcp+14F},  // exp(10)
    {-0x1.4p+3F, 0x1.7cd79cp-15F},  // exp(-10)
    {0x1.48p+4F, 0x1.7d6c5p+29F},  // exp(20.5)
    {-0x1.0ap+5F, 0x1.057322p-48F},  // exp(-33.25)
    {0x1.9p+5F, 0x1.19103ep+72F},  // exp(50)
    {-0x1.9p+5F, 0x1.d257d6p-73F},  // exp(-50)
    {0x1.4p+6F, 0x1.55779cp+115F},  // exp(80)
    {-0x1.4p+6F, 0x1.7fd974p-116F},  // exp(-80)
    {0x1.5ep+6F, 0x1.2d7566p+126F},  // exp(87.5)
    {0x1.62e148p+6F, 0x1.fe8c9p+127F},  // exp(88.72)
    {-0x1.5ep+6F, 0x1.b2cafp-127F},  // exp(-87.5)
    {-0x1.6p+6F, 0x1.07b71p-127F},  // exp(-88)
    {-0x1.68p+6F, 0x1.1d85p-130F},  // exp(-90)
    {-0x1.9p+6F, 0x1.bp-145F},  // exp(-100)
    {-0x1.9f999ap+6F, 0x1p-149F},  // exp(-103.9)
    {0x1.62e42ep+6F, 0x1.ffff08p+127F},  // exp(0x1.62e42ep+6)
    {-0x1.9fe368p+6F, 0x1p-149F},  // exp(-0x1.9fe368p+6)
};
// clang-format on

/// The bits of `x`.
constexpr std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }
constexpr std::uint32_t bits(float x) { return std::bit_cast<std::uint32_t>(x); }

/// `x`'s position on the number line counted in ulps: consecutive floating values (of the same type) get consecutive
/// integers, and -0 and +0 both get 0.
template <class F>
constexpr std::int64_t ordinal(F x) {
    constexpr auto sign = decltype(bits(x)){1} << (sizeof(F) * 8 - 1);
    const auto b = bits(x);
    const auto magnitude = static_cast<std::int64_t>(b & ~sign);
    return (b & sign) != 0 ? -magnitude : magnitude;
}

/// How many ulps apart two finite floating values (or infinities) are.
template <class F>
constexpr std::int64_t ulp_distance(F a, F b) {
    const std::int64_t d = ordinal(a) - ordinal(b);
    return d < 0 ? -d : d;
}

/// The largest ulp distance between cta::exp(x) and the expected value over a table.
template <class F, std::size_t N>
constexpr std::int64_t max_ulp_error(const point<F> (&points)[N]) {
    std::int64_t worst = 0;
    for (const auto& p : points) {
        const std::int64_t d = ulp_distance(cta::exp(p.x), p.expected);
        worst = d > worst ? d : worst;
    }
    return worst;
}

/// cta::exp over a table, for a compile-time copy of the results.
template <class F, std::size_t N>
struct results {
    F values[N];
};
template <class F, std::size_t N>
constexpr results<F, N> exp_of(const point<F> (&points)[N]) {
    results<F, N> r{};
    for (std::size_t i = 0; i < N; ++i) r.values[i] = cta::exp(points[i].x);
    return r;
}

constexpr auto double_results = exp_of(double_points);
constexpr auto float_results = exp_of(float_points);

template <class F>
constexpr F inf_v = std::numeric_limits<F>::infinity();
template <class F>
constexpr F nan_v = std::numeric_limits<F>::quiet_NaN();
template <class F>
constexpr F min_subnormal = std::numeric_limits<F>::denorm_min();

}  // namespace

TEST_CASE("ulp_distance counts representable values", "[exp]") {
    STATIC_REQUIRE(ulp_distance(1.0, 1.0) == 0);
    STATIC_REQUIRE(ulp_distance(1.0, 1.0 + std::numeric_limits<double>::epsilon()) == 1);
    STATIC_REQUIRE(ulp_distance(1.0F, 1.0F - std::numeric_limits<float>::epsilon() / 2) == 1);
    STATIC_REQUIRE(ulp_distance(0.0, -0.0) == 0);
    STATIC_REQUIRE(ulp_distance(min_subnormal<double>, -min_subnormal<double>) == 2);
    STATIC_REQUIRE(ulp_distance(std::numeric_limits<float>::max(), inf_v<float>) == 1);
}

TEST_CASE("exp(double) is within 1 ulp of e^x, and the same at run time", "[exp]") {
    STATIC_REQUIRE(max_ulp_error(double_points) <= 1);
    for (std::size_t i = 0; i < std::size(double_points); ++i) {
        const auto& p = double_points[i];
        const double run = cta::exp(at_run_time(p.x));
        INFO("exp(" << p.x << ") = " << run << ", expected " << p.expected << ", compile time "
                    << double_results.values[i]);
        CHECK(bits(run) == bits(double_results.values[i]));
        CHECK(ulp_distance(run, p.expected) <= 1);
    }
}

TEST_CASE("exp(float) is within 1 ulp of e^x, and the same at run time", "[exp]") {
    STATIC_REQUIRE(max_ulp_error(float_points) <= 1);
    for (std::size_t i = 0; i < std::size(float_points); ++i) {
        const auto& p = float_points[i];
        const float run = cta::exp(at_run_time(p.x));
        INFO("exp(" << p.x << "F) = " << run << ", expected " << p.expected << ", compile time "
                    << float_results.values[i]);
        CHECK(bits(run) == bits(float_results.values[i]));
        CHECK(ulp_distance(run, p.expected) <= 1);
    }
}

TEMPLATE_TEST_CASE("exp of special values", "[exp]", float, double) {
    using F = TestType;
    STATIC_REQUIRE(std::is_same_v<decltype(cta::exp(F(1))), F>);

    constexpr F of_nan = cta::exp(nan_v<F>);
    constexpr F of_negative_nan = cta::exp(-nan_v<F>);
    constexpr F of_inf = cta::exp(inf_v<F>);
    constexpr F of_negative_inf = cta::exp(-inf_v<F>);
    constexpr F of_zero = cta::exp(F(0));
    constexpr F of_negative_zero = cta::exp(-F(0));
    STATIC_REQUIRE(cta::isnan(of_nan));
    STATIC_REQUIRE(cta::isnan(of_negative_nan));
    STATIC_REQUIRE(of_inf == inf_v<F>);
    STATIC_REQUIRE(bits(of_negative_inf) == bits(F(0)));  // +0, not -0
    STATIC_REQUIRE(bits(of_zero) == bits(F(1)));
    STATIC_REQUIRE(bits(of_negative_zero) == bits(F(1)));

    const F run_nan = cta::exp(at_run_time(nan_v<F>));
    const F run_negative_nan = cta::exp(at_run_time(-nan_v<F>));
    const F run_inf = cta::exp(at_run_time(inf_v<F>));
    const F run_negative_inf = cta::exp(at_run_time(-inf_v<F>));
    const F run_zero = cta::exp(at_run_time(F(0)));
    const F run_negative_zero = cta::exp(at_run_time(-F(0)));
    CHECK(cta::isnan(run_nan));
    CHECK(cta::isnan(run_negative_nan));
    CHECK(bits(run_nan) == bits(of_nan));
    CHECK(bits(run_negative_nan) == bits(of_negative_nan));
    CHECK(run_inf == inf_v<F>);
    CHECK(bits(run_negative_inf) == bits(F(0)));
    CHECK(bits(run_zero) == bits(F(1)));
    CHECK(bits(run_negative_zero) == bits(F(1)));
}

TEST_CASE("exp(double) overflows and underflows exactly at the thresholds", "[exp]") {
    // e^709.78 is finite, e^709.79 is not. 0x1.62e42fefa39efp+9 (709.782712893384) is the largest double whose e^x
    // rounds to a finite double; the next double up gives +inf.
    constexpr double largest = 0x1.62e42fefa39efp+9;
    constexpr double above_largest = 0x1.62e42fefa39f0p+9;
    STATIC_REQUIRE(cta::isfinite(cta::exp(709.78)));
    STATIC_REQUIRE(cta::exp(709.79) == inf_v<double>);
    STATIC_REQUIRE(cta::isfinite(cta::exp(largest)));
    STATIC_REQUIRE(cta::exp(above_largest) == inf_v<double>);
    CHECK(cta::isfinite(cta::exp(at_run_time(709.78))));
    CHECK(cta::exp(at_run_time(709.79)) == inf_v<double>);
    CHECK(cta::isfinite(cta::exp(at_run_time(largest))));
    CHECK(cta::exp(at_run_time(above_largest)) == inf_v<double>);

    // Subnormal results: e^-740 = 0x0.0000000000055p-1022 (in the table above). -0x1.74910d52d3051p+9
    // (-745.133219101941) is the smallest double whose e^x rounds to the smallest subnormal rather than to 0; e^-746
    // is 0.
    constexpr double smallest = -0x1.74910d52d3051p+9;
    constexpr double below_smallest = -0x1.74910d52d3052p+9;
    STATIC_REQUIRE(bits(cta::exp(-740.0)) == bits(0x0.0000000000055p-1022));
    STATIC_REQUIRE(bits(cta::exp(smallest)) == bits(min_subnormal<double>));
    STATIC_REQUIRE(bits(cta::exp(below_smallest)) == bits(0.0));
    STATIC_REQUIRE(bits(cta::exp(-746.0)) == bits(0.0));
    CHECK(bits(cta::exp(at_run_time(-740.0))) == bits(0x0.0000000000055p-1022));
    CHECK(bits(cta::exp(at_run_time(smallest))) == bits(min_subnormal<double>));
    CHECK(bits(cta::exp(at_run_time(below_smallest))) == bits(0.0));
    CHECK(bits(cta::exp(at_run_time(-746.0))) == bits(0.0));
}

TEST_CASE("exp(float) overflows and underflows exactly at the thresholds", "[exp]") {
    // e^88.72F is finite, e^88.73F is not. 0x1.62e42ep+6 (88.7228317) is the largest float whose e^x rounds to a
    // finite float; the next float up gives +inf.
    constexpr float largest = 0x1.62e42ep+6F;
    constexpr float above_largest = 0x1.62e43p+6F;
    STATIC_REQUIRE(cta::isfinite(cta::exp(88.72F)));
    STATIC_REQUIRE(cta::exp(88.73F) == inf_v<float>);
    STATIC_REQUIRE(cta::isfinite(cta::exp(largest)));
    STATIC_REQUIRE(cta::exp(above_largest) == inf_v<float>);
    CHECK(cta::isfinite(cta::exp(at_run_time(88.72F))));
    CHECK(cta::exp(at_run_time(88.73F)) == inf_v<float>);
    CHECK(cta::isfinite(cta::exp(at_run_time(largest))));
    CHECK(cta::exp(at_run_time(above_largest)) == inf_v<float>);

    // Subnormal results: e^-103.9F is the smallest subnormal, 2^-149. -0x1.9fe368p+6 (-103.972076) is the smallest
    // float whose e^x rounds to it rather than to 0; e^-104F is 0.
    constexpr float smallest = -0x1.9fe368p+6F;
    constexpr float below_smallest = -0x1.9fe36ap+6F;
    STATIC_REQUIRE(bits(cta::exp(-103.9F)) == bits(min_subnormal<float>));
    STATIC_REQUIRE(bits(cta::exp(-90.0F)) == bits(0x1.1d85p-130F));
    STATIC_REQUIRE(bits(cta::exp(smallest)) == bits(min_subnormal<float>));
    STATIC_REQUIRE(bits(cta::exp(below_smallest)) == bits(0.0F));
    STATIC_REQUIRE(bits(cta::exp(-104.0F)) == bits(0.0F));
    CHECK(bits(cta::exp(at_run_time(-103.9F))) == bits(min_subnormal<float>));
    CHECK(bits(cta::exp(at_run_time(-90.0F))) == bits(0x1.1d85p-130F));
    CHECK(bits(cta::exp(at_run_time(smallest))) == bits(min_subnormal<float>));
    CHECK(bits(cta::exp(at_run_time(below_smallest))) == bits(0.0F));
    CHECK(bits(cta::exp(at_run_time(-104.0F))) == bits(0.0F));
}

TEST_CASE("exp of an integer is exp of the double", "[exp]") {
    STATIC_REQUIRE(std::is_same_v<decltype(cta::exp(1)), double>);
    STATIC_REQUIRE(bits(cta::exp(-12)) == bits(cta::exp(-12.0)));
    STATIC_REQUIRE(bits(cta::exp(1)) == bits(cta::exp(1.0)));
    STATIC_REQUIRE(ulp_distance(cta::exp(1), 0x1.5bf0a8b145769p+1) <= 1);  // e, correctly rounded
    CHECK(bits(cta::exp(at_run_time(1))) == bits(cta::exp(1.0)));
    CHECK(bits(cta::exp(at_run_time(-12))) == bits(cta::exp(-12.0)));
}
