// SPDX-License-Identifier: BSL-1.0
// Matrix arithmetic and comparisons (<cta/operations.hpp>, <cta/compare.hpp>): each result is checked against a value
// written here, at compile time, and at run time on copies read through a volatile, where it must also be bit for
// bit the compile-time result.
#include "catch.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/cta.hpp>

#include "at_run_time.hpp"

namespace {

using cta::matrix;
using test::at_run_time;

constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr double qnan = std::numeric_limits<double>::quiet_NaN();
constexpr float infinity_f = std::numeric_limits<float>::infinity();
constexpr float qnan_f = std::numeric_limits<float>::quiet_NaN();
// A quiet NaN with another payload than `qnan`.
constexpr double other_nan = std::bit_cast<double>(std::bit_cast<std::uint64_t>(qnan) | 1U);

constexpr matrix<int, 2, 3> a{{{1, 2, 3}, {4, 5, 6}}};
constexpr matrix<int, 3, 2> b{{{7, 8}, {9, 10}, {11, 12}}};

/// `m op= operand` on a copy of m, for op = '+', '-', '*' or '/': the same function at compile time and at run time.
template <char Op, class M, class Operand>
constexpr M in_place(M m, const Operand& operand) {
    if constexpr (Op == '+') m += operand;
    if constexpr (Op == '-') m -= operand;
    if constexpr (Op == '*') m *= operand;
    if constexpr (Op == '/') m /= operand;
    return m;
}

}  // namespace

TEST_CASE("matmul and operator* multiply matrices", "[operations]") {
    SECTION("int times int stays int") {
        constexpr auto c = cta::matmul(a, b);
        STATIC_REQUIRE(std::is_same_v<decltype(c), const matrix<int, 2, 2>>);
        constexpr matrix<int, 2, 2> expected{{{58, 64}, {139, 154}}};
        STATIC_REQUIRE(c == expected);
        const auto run = cta::matmul(at_run_time(a), at_run_time(b));
        CHECK(cta::identical(run, c));
        CHECK(run == expected);

        constexpr auto star = a * b;
        STATIC_REQUIRE(cta::identical(star, expected));
        const auto run_star = at_run_time(a) * at_run_time(b);
        CHECK(cta::identical(run_star, star));
        CHECK(run_star == expected);
    }
    SECTION("int times double is double") {
        constexpr matrix<int, 2, 2> x{{{1, 2}, {3, 4}}};
        constexpr matrix<double, 2, 2> y{{{0.5, 0.25}, {-1.5, 2.0}}};
        constexpr auto c = x * y;
        STATIC_REQUIRE(std::is_same_v<decltype(c), const matrix<double, 2, 2>>);
        constexpr matrix<double, 2, 2> expected{{{-2.5, 4.25}, {-4.5, 8.75}}};
        STATIC_REQUIRE(cta::identical(c, expected));
        const auto run = cta::matmul(at_run_time(x), at_run_time(y));
        CHECK(cta::identical(run, c));
        CHECK(cta::identical(run, expected));
    }
    SECTION("sums accumulate from +0 in the order k = 0, 1, ...") {
        // ((0 + 1) + 1e16) - 1e16 is 0, since 1 + 1e16 rounds to 1e16; summed from the other end, it would be 1.
        constexpr matrix<double, 1, 3> r{{{1.0, 1e16, -1e16}}};
        constexpr matrix<double, 3, 1> ones{{{1.0}, {1.0}, {1.0}}};
        // The sum starts from +0, so a single product -0 gives +0 (0 + -0 = +0).
        constexpr matrix<double, 1, 1> negative_zero{{{-0.0}}};
        constexpr matrix<double, 1, 1> one{{{1.0}}};
        constexpr matrix<double, 1, 1> zero{{{0.0}}};
        constexpr auto dot = r * ones;
        constexpr auto signed_zero = negative_zero * one;
        STATIC_REQUIRE(cta::identical(dot, zero));
        STATIC_REQUIRE(cta::identical(signed_zero, zero));
        const auto run_dot = at_run_time(r) * at_run_time(ones);
        const auto run_signed_zero = at_run_time(negative_zero) * at_run_time(one);
        CHECK(cta::identical(run_dot, dot));
        CHECK(cta::identical(run_dot, zero));
        CHECK(cta::identical(run_signed_zero, signed_zero));
        CHECK(cta::identical(run_signed_zero, zero));
    }
}

TEST_CASE("transpose and row", "[operations]") {
    constexpr auto t = cta::transpose(a);
    STATIC_REQUIRE(std::is_same_v<decltype(t), const matrix<int, 3, 2>>);
    constexpr matrix<int, 3, 2> expected_t{{{1, 4}, {2, 5}, {3, 6}}};
    STATIC_REQUIRE(t == expected_t);
    const auto run_t = cta::transpose(at_run_time(a));
    CHECK(cta::identical(run_t, t));
    CHECK(run_t == expected_t);

    constexpr matrix<double, 1, 2> d{{{-0.0, 1.5}}};
    constexpr matrix<double, 2, 1> expected_td{{{-0.0}, {1.5}}};
    constexpr auto td = cta::transpose(d);
    STATIC_REQUIRE(cta::identical(td, expected_td));
    const auto run_td = cta::transpose(at_run_time(d));
    CHECK(cta::identical(run_td, td));
    CHECK(cta::identical(run_td, expected_td));

    constexpr auto r = cta::row(a, 1);
    STATIC_REQUIRE(std::is_same_v<decltype(r), const matrix<int, 1, 3>>);
    constexpr matrix<int, 1, 3> expected_r{{{4, 5, 6}}};
    STATIC_REQUIRE(r == expected_r);
    const auto run_r = cta::row(at_run_time(a), at_run_time(std::size_t{1}));
    CHECK(cta::identical(run_r, r));
    CHECK(run_r == expected_r);
}

TEST_CASE("element-wise sum, difference and negation", "[operations]") {
    SECTION("int and int stay int") {
        constexpr matrix<int, 2, 2> x{{{1, -2}, {3, 4}}};
        constexpr matrix<int, 2, 2> y{{{10, 20}, {30, -40}}};
        constexpr auto sum = x + y;
        constexpr auto difference = x - y;
        STATIC_REQUIRE(std::is_same_v<decltype(sum), const matrix<int, 2, 2>>);
        STATIC_REQUIRE(std::is_same_v<decltype(difference), const matrix<int, 2, 2>>);
        constexpr matrix<int, 2, 2> expected_sum{{{11, 18}, {33, -36}}};
        constexpr matrix<int, 2, 2> expected_difference{{{-9, -22}, {-27, 44}}};
        STATIC_REQUIRE(sum == expected_sum);
        STATIC_REQUIRE(difference == expected_difference);
        const auto run_sum = at_run_time(x) + at_run_time(y);
        const auto run_difference = at_run_time(x) - at_run_time(y);
        CHECK(cta::identical(run_sum, sum));
        CHECK(run_sum == expected_sum);
        CHECK(cta::identical(run_difference, difference));
        CHECK(run_difference == expected_difference);
    }
    SECTION("int and double give double") {
        constexpr matrix<int, 1, 2> x{{{1, 2}}};
        constexpr matrix<double, 1, 2> y{{{0.5, -3.5}}};
        constexpr auto sum = x + y;
        constexpr auto difference = x - y;
        STATIC_REQUIRE(std::is_same_v<decltype(sum), const matrix<double, 1, 2>>);
        STATIC_REQUIRE(std::is_same_v<decltype(difference), const matrix<double, 1, 2>>);
        constexpr matrix<double, 1, 2> expected_sum{{{1.5, -1.5}}};
        constexpr matrix<double, 1, 2> expected_difference{{{0.5, 5.5}}};
        STATIC_REQUIRE(cta::identical(sum, expected_sum));
        STATIC_REQUIRE(cta::identical(difference, expected_difference));
        const auto run_sum = at_run_time(x) + at_run_time(y);
        const auto run_difference = at_run_time(x) - at_run_time(y);
        CHECK(cta::identical(run_sum, sum));
        CHECK(cta::identical(run_sum, expected_sum));
        CHECK(cta::identical(run_difference, difference));
        CHECK(cta::identical(run_difference, expected_difference));
    }
    SECTION("short and short give int, as the usual arithmetic conversions do") {
        constexpr matrix<short, 1, 2> x{{{30000, -30000}}};
        constexpr auto sum = x + x;
        constexpr auto negated = -x;
        STATIC_REQUIRE(std::is_same_v<decltype(sum), const matrix<int, 1, 2>>);
        STATIC_REQUIRE(std::is_same_v<decltype(negated), const matrix<int, 1, 2>>);
        constexpr matrix<int, 1, 2> expected_sum{{{60000, -60000}}};
        STATIC_REQUIRE(sum == expected_sum);
        const auto run_sum = at_run_time(x) + at_run_time(x);
        CHECK(cta::identical(run_sum, sum));
        CHECK(run_sum == expected_sum);
    }
    SECTION("unary minus") {
        constexpr matrix<int, 1, 3> x{{{1, -2, 0}}};
        constexpr auto negated = -x;
        STATIC_REQUIRE(std::is_same_v<decltype(negated), const matrix<int, 1, 3>>);
        constexpr matrix<int, 1, 3> expected{{{-1, 2, 0}}};
        STATIC_REQUIRE(negated == expected);
        const auto run = -at_run_time(x);
        CHECK(cta::identical(run, negated));
        CHECK(run == expected);

        // Negation flips the sign of zero (unlike 0 - x).
        constexpr matrix<double, 1, 3> y{{{0.0, -1.5, 2.25}}};
        constexpr auto negated_y = -y;
        constexpr matrix<double, 1, 3> expected_y{{{-0.0, 1.5, -2.25}}};
        STATIC_REQUIRE(cta::identical(negated_y, expected_y));
        const auto run_y = -at_run_time(y);
        CHECK(cta::identical(run_y, negated_y));
        CHECK(cta::identical(run_y, expected_y));
    }
}

TEST_CASE("scalar multiplication and division", "[operations]") {
    constexpr matrix<int, 2, 2> m{{{1, -2}, {3, 4}}};
    SECTION("int matrix times int scalar stays int, on either side") {
        constexpr auto right = m * 3;
        constexpr auto left = 3 * m;
        STATIC_REQUIRE(std::is_same_v<decltype(right), const matrix<int, 2, 2>>);
        STATIC_REQUIRE(std::is_same_v<decltype(left), const matrix<int, 2, 2>>);
        constexpr matrix<int, 2, 2> expected{{{3, -6}, {9, 12}}};
        STATIC_REQUIRE(right == expected);
        STATIC_REQUIRE(left == expected);
        const auto run_right = at_run_time(m) * at_run_time(3);
        const auto run_left = at_run_time(3) * at_run_time(m);
        CHECK(cta::identical(run_right, right));
        CHECK(run_right == expected);
        CHECK(cta::identical(run_left, left));
        CHECK(run_left == expected);
    }
    SECTION("int matrix times double scalar is double, on either side") {
        constexpr auto right = m * 0.5;
        constexpr auto left = 0.5 * m;
        STATIC_REQUIRE(std::is_same_v<decltype(right), const matrix<double, 2, 2>>);
        STATIC_REQUIRE(std::is_same_v<decltype(left), const matrix<double, 2, 2>>);
        constexpr matrix<double, 2, 2> expected{{{0.5, -1.0}, {1.5, 2.0}}};
        STATIC_REQUIRE(cta::identical(right, expected));
        STATIC_REQUIRE(cta::identical(left, expected));
        const auto run_right = at_run_time(m) * at_run_time(0.5);
        const auto run_left = at_run_time(0.5) * at_run_time(m);
        CHECK(cta::identical(run_right, right));
        CHECK(cta::identical(run_right, expected));
        CHECK(cta::identical(run_left, left));
        CHECK(cta::identical(run_left, expected));
    }
    SECTION("float matrix times float scalar stays float") {
        constexpr matrix<float, 1, 2> f{{{1.5F, -0.25F}}};
        constexpr auto scaled = 4.0F * f;
        STATIC_REQUIRE(std::is_same_v<decltype(scaled), const matrix<float, 1, 2>>);
        constexpr matrix<float, 1, 2> expected{{{6.0F, -1.0F}}};
        STATIC_REQUIRE(cta::identical(scaled, expected));
        const auto run = at_run_time(4.0F) * at_run_time(f);
        CHECK(cta::identical(run, scaled));
        CHECK(cta::identical(run, expected));
    }
    SECTION("division: integer division for int by int, else floating") {
        constexpr matrix<int, 1, 3> x{{{7, -7, 6}}};
        constexpr auto by_int = x / 2;
        constexpr auto by_double = x / 2.0;
        STATIC_REQUIRE(std::is_same_v<decltype(by_int), const matrix<int, 1, 3>>);
        STATIC_REQUIRE(std::is_same_v<decltype(by_double), const matrix<double, 1, 3>>);
        constexpr matrix<int, 1, 3> expected_int{{{3, -3, 3}}};  // truncated toward zero
        constexpr matrix<double, 1, 3> expected_double{{{3.5, -3.5, 3.0}}};
        STATIC_REQUIRE(by_int == expected_int);
        STATIC_REQUIRE(cta::identical(by_double, expected_double));
        const auto run_int = at_run_time(x) / at_run_time(2);
        const auto run_double = at_run_time(x) / at_run_time(2.0);
        CHECK(cta::identical(run_int, by_int));
        CHECK(run_int == expected_int);
        CHECK(cta::identical(run_double, by_double));
        CHECK(cta::identical(run_double, expected_double));

        constexpr matrix<double, 1, 3> y{{{1.0, 3.0, -0.0}}};
        constexpr auto quarter = y / 4.0;
        constexpr matrix<double, 1, 3> expected_quarter{{{0.25, 0.75, -0.0}}};
        STATIC_REQUIRE(cta::identical(quarter, expected_quarter));
        const auto run_quarter = at_run_time(y) / at_run_time(4.0);
        CHECK(cta::identical(run_quarter, quarter));
        CHECK(cta::identical(run_quarter, expected_quarter));
    }
}

TEST_CASE("compound assignments keep the left operand's type and give the bits of a = a op b", "[operations]") {
    SECTION("double, with double and int operands") {
        constexpr matrix<double, 2, 3> x{{{0.1, -0.0, infinity}, {1e-310, -2.5, 1e300}}};
        constexpr matrix<double, 2, 3> y{{{0.2, 0.0, 1.0}, {1e-310, 0.5, -1e300}}};
        constexpr matrix<int, 2, 3> n{{{1, -2, 3}, {-4, 5, -6}}};
        constexpr auto sum = in_place<'+'>(x, y);
        constexpr auto difference = in_place<'-'>(x, y);
        constexpr auto sum_int = in_place<'+'>(x, n);
        constexpr auto scaled = in_place<'*'>(x, 3.0);
        constexpr auto scaled_int = in_place<'*'>(x, 3);
        constexpr auto divided = in_place<'/'>(x, 0.1);
        STATIC_REQUIRE(std::is_same_v<decltype(sum_int), const matrix<double, 2, 3>>);
        STATIC_REQUIRE(cta::identical(sum, x + y));
        STATIC_REQUIRE(cta::identical(difference, x - y));
        STATIC_REQUIRE(cta::identical(sum_int, x + n));
        STATIC_REQUIRE(cta::identical(scaled, x * 3.0));
        STATIC_REQUIRE(cta::identical(scaled_int, x * 3));
        STATIC_REQUIRE(cta::identical(divided, x / 0.1));
        const auto rx = at_run_time(x);
        CHECK(cta::identical(in_place<'+'>(rx, at_run_time(y)), sum));
        CHECK(cta::identical(in_place<'-'>(rx, at_run_time(y)), difference));
        CHECK(cta::identical(in_place<'+'>(rx, at_run_time(n)), sum_int));
        CHECK(cta::identical(in_place<'*'>(rx, at_run_time(3.0)), scaled));
        CHECK(cta::identical(in_place<'*'>(rx, at_run_time(3)), scaled_int));
        CHECK(cta::identical(in_place<'/'>(rx, at_run_time(0.1)), divided));
    }
    SECTION("NaN payloads and infinities pass through as through a op b (at run time)") {
        constexpr matrix<double, 1, 4> x{{{qnan, other_nan, infinity, -infinity}}};
        constexpr matrix<double, 1, 4> y{{{1.0, -1.0, infinity, 2.0}}};
        const auto rx = at_run_time(x);
        const auto ry = at_run_time(y);
        CHECK(cta::identical(in_place<'+'>(rx, ry), rx + ry));  // inf + inf, -inf + 2
        CHECK(cta::identical(in_place<'-'>(rx, ry), rx - ry));  // inf - inf is a NaN
        CHECK(cta::identical(in_place<'*'>(rx, at_run_time(0.0)), rx * at_run_time(0.0)));
        CHECK(cta::identical(in_place<'/'>(rx, at_run_time(-0.5)), rx / at_run_time(-0.5)));
    }
    SECTION("float, with float and int operands") {
        constexpr matrix<float, 1, 3> x{{{0.1F, 1e38F, -1.5F}}};
        constexpr auto sum = in_place<'+'>(x, x);
        constexpr auto scaled = in_place<'*'>(x, 0.1F);
        constexpr auto divided = in_place<'/'>(x, 3);
        STATIC_REQUIRE(std::is_same_v<decltype(divided), const matrix<float, 1, 3>>);
        STATIC_REQUIRE(cta::identical(sum, x + x));
        STATIC_REQUIRE(cta::identical(scaled, x * 0.1F));
        STATIC_REQUIRE(cta::identical(divided, x / 3));
        const auto rx = at_run_time(x);
        CHECK(cta::identical(in_place<'+'>(rx, rx), sum));
        CHECK(cta::identical(in_place<'*'>(rx, at_run_time(0.1F)), scaled));
        CHECK(cta::identical(in_place<'/'>(rx, at_run_time(3)), divided));
    }
    SECTION("integers: integer division, and small types computed in int and converted back") {
        constexpr matrix<int, 1, 3> n{{{7, -7, 9}}};
        constexpr auto divided = in_place<'/'>(n, 2);
        STATIC_REQUIRE(divided == matrix<int, 1, 3>{{{3, -3, 4}}});
        CHECK(in_place<'/'>(at_run_time(n), at_run_time(2)) == divided);
        constexpr matrix<short, 1, 2> s{{{30000, -7}}};
        constexpr auto doubled = in_place<'+'>(s, s);
        STATIC_REQUIRE(std::is_same_v<decltype(doubled), const matrix<short, 1, 2>>);
        STATIC_REQUIRE(doubled == matrix<short, 1, 2>{{{static_cast<short>(-5536), -14}}});
        CHECK(cta::identical(in_place<'+'>(at_run_time(s), at_run_time(s)), doubled));
    }
    SECTION("each returns its left operand") {
        auto m = at_run_time(a);
        auto& same = ((m += a) -= a) *= 2;
        CHECK(&same == &m);
        CHECK(&(m /= 2) == &m);
        CHECK(m == a);
    }
}

TEST_CASE("== and != between element types compare values", "[operations]") {
    constexpr matrix<int, 1, 2> ints{{{1, 2}}};
    constexpr matrix<double, 1, 2> same{{{1.0, 2.0}}};
    constexpr matrix<double, 1, 2> different{{{1.0, 2.5}}};
    STATIC_REQUIRE(ints == same);
    STATIC_REQUIRE_FALSE(ints != same);
    STATIC_REQUIRE_FALSE(ints == different);
    STATIC_REQUIRE(ints != different);
    CHECK(at_run_time(ints) == at_run_time(same));
    CHECK_FALSE(at_run_time(ints) != at_run_time(same));
    CHECK_FALSE(at_run_time(ints) == at_run_time(different));
    CHECK(at_run_time(ints) != at_run_time(different));
    CHECK(at_run_time(same) == at_run_time(ints));  // either order
    CHECK(at_run_time(different) != at_run_time(ints));

    // float against double: compared in double, where 0.1F is not 0.1 but 0.5F is 0.5.
    constexpr matrix<float, 1, 1> tenth_f{{{0.1F}}};
    constexpr matrix<double, 1, 1> tenth{{{0.1}}};
    constexpr matrix<float, 1, 1> half_f{{{0.5F}}};
    constexpr matrix<double, 1, 1> half{{{0.5}}};
    STATIC_REQUIRE(tenth_f != tenth);
    STATIC_REQUIRE(half_f == half);
    CHECK(at_run_time(tenth_f) != at_run_time(tenth));
    CHECK(at_run_time(half_f) == at_run_time(half));

    // Values, not bits: -0.0 equals the int 0, and a NaN equals nothing, not even itself.
    constexpr matrix<int, 1, 1> zero_i{{{0}}};
    constexpr matrix<double, 1, 1> negative_zero{{{-0.0}}};
    constexpr matrix<double, 1, 1> not_a_number{{{qnan}}};
    STATIC_REQUIRE(zero_i == negative_zero);
    STATIC_REQUIRE(zero_i != not_a_number);
    STATIC_REQUIRE(not_a_number != not_a_number);
    CHECK(at_run_time(zero_i) == at_run_time(negative_zero));
    CHECK(at_run_time(zero_i) != at_run_time(not_a_number));
    CHECK(at_run_time(not_a_number) != at_run_time(not_a_number));
}

TEST_CASE("approx_equal", "[compare]") {
    SECTION("the tolerance is inclusive") {
        constexpr matrix<double, 1, 2> x{{{1.0, -2.0}}};
        constexpr matrix<double, 1, 2> y{{{1.5, -2.25}}};  // differences 0.5 and 0.25, exact
        constexpr double just_below_half = std::bit_cast<double>(std::bit_cast<std::uint64_t>(0.5) - 1);
        STATIC_REQUIRE(cta::approx_equal(x, y, 0.5));
        STATIC_REQUIRE(cta::approx_equal(y, x, 0.5));
        STATIC_REQUIRE_FALSE(cta::approx_equal(x, y, just_below_half));
        STATIC_REQUIRE_FALSE(cta::approx_equal(y, x, just_below_half));
        CHECK(cta::approx_equal(at_run_time(x), at_run_time(y), at_run_time(0.5)));
        CHECK(cta::approx_equal(at_run_time(y), at_run_time(x), at_run_time(0.5)));
        CHECK_FALSE(cta::approx_equal(at_run_time(x), at_run_time(y), at_run_time(just_below_half)));
        CHECK_FALSE(cta::approx_equal(at_run_time(y), at_run_time(x), at_run_time(just_below_half)));
    }
    SECTION("mixed element types compare in the common type") {
        constexpr matrix<int, 1, 2> i{{{1, 2}}};
        constexpr matrix<double, 1, 2> d{{{1.25, 2.0}}};
        STATIC_REQUIRE(cta::approx_equal(i, d, 0.25));
        STATIC_REQUIRE_FALSE(cta::approx_equal(i, d, 0.125));
        CHECK(cta::approx_equal(at_run_time(i), at_run_time(d), at_run_time(0.25)));
        CHECK_FALSE(cta::approx_equal(at_run_time(i), at_run_time(d), at_run_time(0.125)));

        constexpr matrix<int, 1, 2> p{{{10, -3}}};
        constexpr matrix<int, 1, 2> q{{{13, -3}}};
        STATIC_REQUIRE(cta::approx_equal(p, q, 3));
        STATIC_REQUIRE_FALSE(cta::approx_equal(p, q, 2));
        CHECK(cta::approx_equal(at_run_time(p), at_run_time(q), at_run_time(3)));
        CHECK_FALSE(cta::approx_equal(at_run_time(p), at_run_time(q), at_run_time(2)));
    }
    SECTION("a NaN is never approximately equal") {
        constexpr matrix<double, 1, 2> with_nan{{{1.0, qnan}}};
        constexpr matrix<double, 1, 2> ones{{{1.0, 1.0}}};
        STATIC_REQUIRE_FALSE(cta::approx_equal(with_nan, with_nan, infinity));
        STATIC_REQUIRE_FALSE(cta::approx_equal(with_nan, ones, infinity));
        STATIC_REQUIRE_FALSE(cta::approx_equal(ones, with_nan, infinity));
        CHECK_FALSE(cta::approx_equal(at_run_time(with_nan), at_run_time(with_nan), at_run_time(infinity)));
        CHECK_FALSE(cta::approx_equal(at_run_time(with_nan), at_run_time(ones), at_run_time(infinity)));
        CHECK_FALSE(cta::approx_equal(at_run_time(ones), at_run_time(with_nan), at_run_time(infinity)));
    }
    SECTION("equal infinities are equal; an infinity is far from everything else") {
        constexpr matrix<double, 1, 2> infinities{{{infinity, -infinity}}};
        constexpr matrix<double, 1, 2> swapped{{{-infinity, infinity}}};
        constexpr matrix<double, 1, 2> huge{{{1e308, -1e308}}};
        STATIC_REQUIRE(cta::approx_equal(infinities, infinities, 0.0));
        STATIC_REQUIRE_FALSE(cta::approx_equal(infinities, swapped, infinity));
        STATIC_REQUIRE_FALSE(cta::approx_equal(infinities, huge, infinity));
        STATIC_REQUIRE_FALSE(cta::approx_equal(huge, infinities, infinity));
        CHECK(cta::approx_equal(at_run_time(infinities), at_run_time(infinities), at_run_time(0.0)));
        CHECK_FALSE(cta::approx_equal(at_run_time(infinities), at_run_time(swapped), at_run_time(infinity)));
        CHECK_FALSE(cta::approx_equal(at_run_time(infinities), at_run_time(huge), at_run_time(infinity)));
        CHECK_FALSE(cta::approx_equal(at_run_time(huge), at_run_time(infinities), at_run_time(infinity)));

        constexpr matrix<float, 1, 1> inf_1{{{infinity_f}}};
        STATIC_REQUIRE(cta::approx_equal(inf_1, inf_1, 0.0F));
        CHECK(cta::approx_equal(at_run_time(inf_1), at_run_time(inf_1), at_run_time(0.0F)));
    }
}

TEST_CASE("comparisons of integers are exact and never overflow", "[compare]") {
    constexpr int int_max = std::numeric_limits<int>::max();
    constexpr int int_min = std::numeric_limits<int>::min();
    constexpr std::int64_t i64_min = std::numeric_limits<std::int64_t>::min();
    constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
    constexpr double two_64 = 0x1p64;
    constexpr double below_two_64 = 0x1.fffffffffffffp63;
    SECTION("approx_equal: distances beyond the element type") {
        constexpr matrix<int, 1, 1> top{{{int_max}}}, minus_one{{{-1}}}, bottom{{{int_min}}};
        // |INT_MAX - (-1)| = 2^31, |INT_MIN - INT_MAX| = 2^32 - 1: not computed in int.
        STATIC_REQUIRE_FALSE(cta::approx_equal(top, minus_one, 0));
        STATIC_REQUIRE_FALSE(cta::approx_equal(top, minus_one, int_max));
        STATIC_REQUIRE(cta::approx_equal(top, minus_one, 2147483648U));
        STATIC_REQUIRE(cta::approx_equal(bottom, top, 4294967295U));
        STATIC_REQUIRE_FALSE(cta::approx_equal(bottom, top, 4294967294U));
        CHECK_FALSE(cta::approx_equal(at_run_time(top), at_run_time(minus_one), at_run_time(0)));
        CHECK(cta::approx_equal(at_run_time(top), at_run_time(minus_one), at_run_time(2147483648U)));
        CHECK(cta::approx_equal(at_run_time(bottom), at_run_time(top), at_run_time(4294967295U)));
        CHECK_FALSE(cta::approx_equal(at_run_time(bottom), at_run_time(top), at_run_time(4294967294U)));
    }
    SECTION("approx_equal: signed and unsigned 64-bit integers, up to 2^65") {
        constexpr matrix<std::int64_t, 1, 1> lowest{{{i64_min}}}, minus_one{{{-1}}};
        constexpr matrix<std::uint64_t, 1, 1> highest{{{u64_max}}};
        // |-1 - (2^64 - 1)| = 2^64; |-2^63 - (2^64 - 1)| = 2^64 + 2^63 - 1.
        STATIC_REQUIRE(cta::approx_equal(minus_one, highest, two_64));
        STATIC_REQUIRE_FALSE(cta::approx_equal(minus_one, highest, below_two_64));
        STATIC_REQUIRE_FALSE(cta::approx_equal(minus_one, highest, u64_max));
        STATIC_REQUIRE(cta::approx_equal(lowest, highest, 0x1.8p64));
        STATIC_REQUIRE_FALSE(cta::approx_equal(lowest, highest, 0x1.7ffffffffffffp64));
        STATIC_REQUIRE(cta::approx_equal(highest, lowest, 0x1p65));
        CHECK(cta::approx_equal(at_run_time(minus_one), at_run_time(highest), at_run_time(two_64)));
        CHECK_FALSE(cta::approx_equal(at_run_time(minus_one), at_run_time(highest), at_run_time(below_two_64)));
        CHECK(cta::approx_equal(at_run_time(lowest), at_run_time(highest), at_run_time(0x1.8p64)));
        CHECK_FALSE(cta::approx_equal(at_run_time(lowest), at_run_time(highest), at_run_time(0x1.7ffffffffffffp64)));
    }
    SECTION("approx_equal: a negative or NaN tolerance holds nothing") {
        constexpr matrix<int, 1, 1> one{{{1}}};
        constexpr matrix<double, 1, 1> one_d{{{1.0}}};
        STATIC_REQUIRE_FALSE(cta::approx_equal(one, one, -1));
        STATIC_REQUIRE_FALSE(cta::approx_equal(one, one, qnan));
        STATIC_REQUIRE_FALSE(cta::approx_equal(one_d, one_d, -1.0));
        STATIC_REQUIRE_FALSE(cta::approx_equal(one_d, one_d, qnan));
        CHECK_FALSE(cta::approx_equal(at_run_time(one), at_run_time(one), at_run_time(-1)));
        CHECK_FALSE(cta::approx_equal(at_run_time(one_d), at_run_time(one_d), at_run_time(qnan)));
    }
    SECTION("== compares integers of different signedness as values") {
        constexpr matrix<int, 1, 2> minus_one{{{-1, 5}}};
        constexpr matrix<unsigned, 1, 2> wrapped{{{4294967295U, 5U}}};
        constexpr matrix<unsigned, 1, 2> same{{{0U, 5U}}};
        constexpr matrix<int, 1, 2> zero{{{0, 5}}};
        constexpr matrix<bool, 1, 2> flags{{{false, true}}};
        constexpr matrix<long, 1, 2> zero_one{{{0, 1}}};
        STATIC_REQUIRE_FALSE(minus_one == wrapped);
        STATIC_REQUIRE(minus_one != wrapped);
        STATIC_REQUIRE(zero == same);
        STATIC_REQUIRE(flags == zero_one);
        CHECK_FALSE(at_run_time(minus_one) == at_run_time(wrapped));
        CHECK(at_run_time(zero) == at_run_time(same));
        CHECK(at_run_time(flags) == at_run_time(zero_one));
    }
}

TEST_CASE("approx_equal of differences that overflow the floating type", "[compare]") {
    constexpr double dbl_max = std::numeric_limits<double>::max();
    constexpr float flt_max = std::numeric_limits<float>::max();
    static constexpr matrix<double, 1, 2> highest{{{dbl_max, 1.0}}}, lowest{{{-dbl_max, 1.0}}};
    constexpr matrix<float, 1, 1> highest_f{{{flt_max}}}, lowest_f{{{-flt_max}}};
    // The difference is 2 DBL_MAX: beyond every finite tolerance, within an infinite one (as at run time, where it
    // is +inf); computing it in a constant expression would not compile.
    STATIC_REQUIRE_FALSE(cta::approx_equal(highest, lowest, 1.0));
    STATIC_REQUIRE_FALSE(cta::approx_equal(lowest, highest, dbl_max));
    STATIC_REQUIRE(cta::approx_equal(highest, lowest, infinity));
    STATIC_REQUIRE_FALSE(cta::approx_equal(highest_f, lowest_f, flt_max));
    STATIC_REQUIRE(cta::approx_equal(highest_f, lowest_f, infinity_f));
    CHECK_FALSE(cta::approx_equal(at_run_time(highest), at_run_time(lowest), at_run_time(1.0)));
    CHECK_FALSE(cta::approx_equal(at_run_time(lowest), at_run_time(highest), at_run_time(dbl_max)));
    CHECK(cta::approx_equal(at_run_time(highest), at_run_time(lowest), at_run_time(infinity)));
    CHECK_FALSE(cta::approx_equal(at_run_time(highest_f), at_run_time(lowest_f), at_run_time(flt_max)));
    STATIC_REQUIRE(CTA_EXPECT_NEAR(highest, lowest, std::numeric_limits<double>::infinity()));
}

TEST_CASE("round_to rounds to decimals, halfway cases away from zero", "[compare]") {
    SECTION("one decimal") {
        constexpr matrix<double, 1, 6> x{{{0.25, -0.25, 0.75, 1.04, -1.06, -0.04}}};
        // -0.04 rounds to a zero that keeps its sign.
        constexpr matrix<double, 1, 6> expected{{{0.3, -0.3, 0.8, 1.0, -1.1, -0.0}}};
        constexpr auto r = cta::round_to(x, 1);
        STATIC_REQUIRE(std::is_same_v<decltype(r), const matrix<double, 1, 6>>);
        STATIC_REQUIRE(cta::identical(r, expected));
        const auto run = cta::round_to(at_run_time(x), at_run_time(1));
        CHECK(cta::identical(run, r));
        CHECK(cta::identical(run, expected));
    }
    SECTION("no decimals and two decimals") {
        // 0.49999999999999994 (the double below 0.5) rounds to 0: floor(x + 0.5) would give 1.
        constexpr matrix<double, 1, 6> x{{{2.5, -2.5, 0.5, -0.5, 1.5, 0.49999999999999994}}};
        constexpr matrix<double, 1, 6> expected{{{3.0, -3.0, 1.0, -1.0, 2.0, 0.0}}};
        constexpr auto r = cta::round_to(x, 0);
        STATIC_REQUIRE(cta::identical(r, expected));
        const auto run = cta::round_to(at_run_time(x), at_run_time(0));
        CHECK(cta::identical(run, r));
        CHECK(cta::identical(run, expected));

        // round(x * 100) / 100: 2.675 * 100 is 267.5 in double (although the double nearest 2.675 lies just below
        // it), so 2.675 gives 2.68, as the number reads.
        constexpr matrix<double, 1, 3> y{{{0.125, -0.375, 2.675}}};
        constexpr matrix<double, 1, 3> expected_y{{{0.13, -0.38, 2.68}}};
        constexpr auto r_y = cta::round_to(y, 2);
        STATIC_REQUIRE(cta::identical(r_y, expected_y));
        const auto run_y = cta::round_to(at_run_time(y), at_run_time(2));
        CHECK(cta::identical(run_y, r_y));
        CHECK(cta::identical(run_y, expected_y));
    }
    SECTION("NaN, infinities and values without a fraction are unchanged") {
        // 1e300 * 10^15 would overflow: such values are kept, never scaled.
        constexpr matrix<double, 1, 5> x{{{qnan, infinity, -infinity, 1e300, -4503599627370497.0}}};
        constexpr auto r = cta::round_to(x, 15);
        STATIC_REQUIRE(cta::identical(r, x));
        const auto run = cta::round_to(at_run_time(x), at_run_time(15));
        CHECK(cta::identical(run, r));
        CHECK(cta::identical(run, x));
    }
    SECTION("float") {
        constexpr matrix<float, 1, 6> x{{{0.25F, -2.5F, 0.04F, 3e38F, qnan_f, -infinity_f}}};
        constexpr matrix<float, 1, 6> expected{{{0.3F, -2.5F, 0.0F, 3e38F, qnan_f, -infinity_f}}};
        constexpr auto r = cta::round_to(x, 6);
        constexpr auto r1 = cta::round_to(x, 1);
        STATIC_REQUIRE(cta::identical(r1, expected));
        STATIC_REQUIRE(cta::identical(r, x));  // 0.25, -2.5 and 0.04F to six decimals are themselves
        const auto run1 = cta::round_to(at_run_time(x), at_run_time(1));
        const auto run = cta::round_to(at_run_time(x), at_run_time(6));
        CHECK(cta::identical(run1, r1));
        CHECK(cta::identical(run1, expected));
        CHECK(cta::identical(run, r));
        CHECK(cta::identical(run, x));
    }
    SECTION("integer matrices are returned as they are") {
        constexpr matrix<int, 1, 2> x{{{15, -7}}};
        constexpr auto r = cta::round_to(x, 1);
        STATIC_REQUIRE(std::is_same_v<decltype(r), const matrix<int, 1, 2>>);
        STATIC_REQUIRE(r == matrix<int, 1, 2>{{{15, -7}}});
        const auto run = cta::round_to(at_run_time(x), at_run_time(1));
        CHECK(cta::identical(run, r));
        CHECK(run == matrix<int, 1, 2>{{{15, -7}}});
    }
}

TEST_CASE("identical compares bits", "[compare]") {
    constexpr matrix<double, 1, 1> positive_zero{{{0.0}}};
    constexpr matrix<double, 1, 1> negative_zero{{{-0.0}}};
    constexpr matrix<double, 1, 2> with_nan{{{1.0, qnan}}};
    constexpr matrix<double, 1, 2> with_other_nan{{{1.0, other_nan}}};
    STATIC_REQUIRE(positive_zero == negative_zero);  // equal values ...
    STATIC_REQUIRE_FALSE(cta::identical(positive_zero, negative_zero));  // ... with different bits
    STATIC_REQUIRE(with_nan != with_nan);
    STATIC_REQUIRE(cta::identical(with_nan, with_nan));
    STATIC_REQUIRE_FALSE(cta::identical(with_nan, with_other_nan));
    CHECK(at_run_time(positive_zero) == at_run_time(negative_zero));
    CHECK_FALSE(cta::identical(at_run_time(positive_zero), at_run_time(negative_zero)));
    CHECK(cta::identical(at_run_time(with_nan), at_run_time(with_nan)));
    CHECK_FALSE(cta::identical(at_run_time(with_nan), at_run_time(with_other_nan)));

    constexpr matrix<float, 1, 2> f{{{-0.0F, qnan_f}}};
    constexpr matrix<float, 1, 2> g{{{0.0F, qnan_f}}};
    STATIC_REQUIRE(cta::identical(f, f));
    STATIC_REQUIRE_FALSE(cta::identical(f, g));
    CHECK(cta::identical(at_run_time(f), at_run_time(f)));
    CHECK_FALSE(cta::identical(at_run_time(f), at_run_time(g)));

    constexpr matrix<int, 1, 2> i{{{1, 2}}};
    constexpr matrix<int, 1, 2> j{{{1, 3}}};
    STATIC_REQUIRE(cta::identical(i, i));
    STATIC_REQUIRE_FALSE(cta::identical(i, j));
    CHECK(cta::identical(at_run_time(i), at_run_time(i)));
    CHECK_FALSE(cta::identical(at_run_time(i), at_run_time(j)));
}
