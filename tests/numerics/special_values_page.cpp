// SPDX-License-Identifier: BSL-1.0
// docs/numerics.md's table of special values, written by this test: each row is printed ("special row: | <call> |
// <result> |", page_row.hpp) after the test has checked what it states, and tests/docs_generated/check_accuracy.cmake
// (docs.accuracy) compares the rows with the page. Every threshold of the table comes from the build:
// - the constants below which a header returns the argument or 1 without computing (log1p, sin, cos, expm1, tanh)
//   and those from which expm1 and tanh return -1 or ±1, read from the headers' constants, with the function checked
//   on both sides of each;
// - the arguments from which a result overflows, underflows, becomes subnormal or rounds to ±1, -1 or 2 (exp,
//   expm1, tanh, erf, erfc), found by bisection on the bit patterns of the function's results, with the function
//   checked on both sides of the boundary found.
// Each function's special values are also asserted at compile time by its *_constexpr_sample.cpp.
#include "../runtime/catch.hpp"

#include <bit>
#include <cmath>
#include <limits>
#include <string>

#include <cta/math.hpp>
#include <cta/math/erf.hpp>
#include <cta/math/expm1.hpp>
#include <cta/math/log.hpp>
#include <cta/math/tanh.hpp>
#include <cta/math/trig.hpp>

#include "page_row.hpp"
#include "ulp_distance.hpp"

namespace {

using cta_numerics::bits_t;
using cta_numerics::page_digits;
using cta_numerics::page_number;
using cta_numerics::page_power_of_two;
using cta_numerics::print_special_row;

// The neighbour of x away from zero (away = true) or toward zero, by its bits.
template <class F>
F neighbour(F x, bool away) {
    const auto b = std::bit_cast<bits_t<F>>(x);
    return std::bit_cast<F>(static_cast<bits_t<F>>(away ? b + 1U : b - 1U));
}

// The last x from `from` toward `to` (both of the same sign) at which holds(x) is true, by bisection on the bit
// patterns: holds(from) must be true and holds(to) false.
template <class F, class Predicate>
F last_holding(F from, F to, Predicate holds) {
    REQUIRE(holds(from));
    REQUIRE_FALSE(holds(to));
    using U = bits_t<F>;
    U a = std::bit_cast<U>(from), b = std::bit_cast<U>(to);
    while (a < b ? b - a > 1U : a - b > 1U) {
        const U middle = a < b ? static_cast<U>(a + (b - a) / 2U) : static_cast<U>(b + (a - b) / 2U);
        (holds(std::bit_cast<F>(middle)) ? a : b) = middle;
    }
    return std::bit_cast<F>(a);
}

// 2^e for the bits of a power of two (the constants of the headers), checked to be one.
template <class F>
int power_of_two(bits_t<F> bits) {
    const F x = std::bit_cast<F>(bits);
    int e = 0;
    const F fraction = std::frexp(x, &e);
    REQUIRE(fraction == F(0.5));
    return e - 1;
}

// f(x) = x just below the threshold 2^e given by its bits (and for -x), and for the smallest subnormal.
template <class F, class Function>
void check_identity_below(bits_t<F> threshold, Function f) {
    const F below = neighbour(std::bit_cast<F>(threshold), false), tiny = std::numeric_limits<F>::denorm_min();
    CHECK(f(below) == below);
    CHECK(f(-below) == -below);
    CHECK(f(tiny) == tiny);
}

template <class F>
bool same_bits(F a, F b) {
    return std::bit_cast<bits_t<F>>(a) == std::bit_cast<bits_t<F>>(b);
}

constexpr int digits_double = 15, digits_float = 7;

// exp: the largest argument with a finite result, the smallest with a result above +0, the smallest with a normal
// result.
template <class F>
struct exp_thresholds {
    F overflow, zero, subnormal;
};

template <class F>
exp_thresholds<F> exp_thresholds_found() {
    const F largest = std::numeric_limits<F>::max(), smallest_normal = std::numeric_limits<F>::min();
    const auto finite = [](F x) { return cta::isfinite(cta::exp(x)); };
    const auto positive = [](F x) { return cta::exp(x) > F(0); };
    const auto normal = [=](F x) { return cta::exp(x) >= smallest_normal; };
    const exp_thresholds<F> found{last_holding(F(1), largest, finite), last_holding(F(-1), -largest, positive),
                                  last_holding(F(-1), -largest, normal)};
    CHECK(same_bits(cta::exp(neighbour(found.overflow, true)), std::numeric_limits<F>::infinity()));
    CHECK(same_bits(cta::exp(neighbour(found.zero, true)), F(0)));
    CHECK(cta::exp(neighbour(found.subnormal, true)) < smallest_normal);
    CHECK(cta::exp(neighbour(found.subnormal, true)) > F(0));
    return found;
}

// expm1: the largest argument whose result rounds to -1, as k ln 2 (k an integer) and as a number.
template <class F>
std::string expm1_minus_one_from() {
    using traits = cta::detail::expm1_traits<F>;
    const F from = last_holding(traits::minus_one, F(-1), [](F x) { return cta::expm1(x) == F(-1); });
    CHECK(cta::expm1(neighbour(from, false)) > F(-1));
    const double k = std::nearbyint(static_cast<double>(from) / 0.69314718055994530942);
    REQUIRE(std::fabs(static_cast<double>(from) - k * 0.69314718055994530942) < 1e-5);
    return page_digits(k, 3) + " ln 2 = " + page_number(static_cast<double>(from), 2);
}

}  // namespace

TEST_CASE("the special values of docs/numerics.md hold at the thresholds the page states", "[special][page]") {
    constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    constexpr float inf_f = std::numeric_limits<float>::infinity(), nan_f = std::numeric_limits<float>::quiet_NaN();

    CHECK((cta::isnan(cta::exp(nan)) && cta::isnan(cta::exp(nan_f)) && cta::isnan(cta::sqrt(nan)) &&
           cta::isnan(cta::sqrt(nan_f))));
    print_special_row("`exp(NaN)`, `sqrt(NaN)`", "NaN");
    CHECK((same_bits(cta::exp(inf), inf) && same_bits(cta::exp(-inf), 0.0) && same_bits(cta::exp(inf_f), inf_f) &&
           same_bits(cta::exp(-inf_f), 0.0F)));
    print_special_row("`exp(+inf)`, `exp(−inf)`", "+inf, +0");
    const auto exp_double = exp_thresholds_found<double>();
    const auto exp_float = exp_thresholds_found<float>();
    print_special_row("`exp(x)` above " + page_number(exp_double.overflow, 2) + " (`float`: " +
                          page_number(exp_float.overflow, 2) + ")",
                      "+inf");
    print_special_row("`exp(x)` below " + page_number(exp_double.zero, 2) + " (`float`: " +
                          page_number(exp_float.zero, 2) + ")",
                      "+0; between that and " + page_number(exp_double.subnormal, 1) + " (`float`: " +
                          page_number(exp_float.subnormal, 1) + ") a subnormal");
    CHECK((same_bits(cta::sqrt(0.0), 0.0) && same_bits(cta::sqrt(-0.0), -0.0) && same_bits(cta::sqrt(inf), inf) &&
           cta::isnan(cta::sqrt(-1.0)) && same_bits(cta::sqrt(-0.0F), -0.0F) && cta::isnan(cta::sqrt(-1.0F))));
    print_special_row("`sqrt(±0)`, `sqrt(+inf)`, `sqrt(x < 0)`", "±0, +inf, NaN");
    CHECK((same_bits(cta::log(0.0), -inf) && same_bits(cta::log(-0.0), -inf) && cta::isnan(cta::log(-1.0)) &&
           cta::isnan(cta::log(-inf)) && same_bits(cta::log(inf), inf) && cta::isnan(cta::log(nan)) &&
           same_bits(cta::log(1.0), 0.0) && same_bits(cta::log(1.0F), 0.0F)));
    print_special_row("`log(±0)`, `log(x < 0)`, `log(+inf)`, `log(NaN)`, `log(1)`",
                      "−inf, NaN (−inf included), +inf, NaN, +0");

    using log_double = cta::detail::log_traits<double>;
    using log_float = cta::detail::log_traits<float>;
    check_identity_below<double>(log_double::tiny, [](double x) { return cta::log1p(x); });
    check_identity_below<float>(log_float::tiny, [](float x) { return cta::log1p(x); });
    CHECK((same_bits(cta::log1p(-1.0), -inf) && cta::isnan(cta::log1p(-2.0)) && same_bits(cta::log1p(-0.0), -0.0) &&
           same_bits(cta::log1p(inf), inf) && cta::isnan(cta::log1p(nan))));
    print_special_row("`log1p(−1)`, `log1p(x < −1)`, `log1p(±0)`, `log1p(+inf)`, `log1p(NaN)`",
                      "−inf, NaN, ±0 (sign kept), +inf, NaN; x itself for \\|x\\| < " +
                          page_power_of_two(power_of_two<double>(log_double::tiny)) + " (`float`: " +
                          page_power_of_two(power_of_two<float>(log_float::tiny)) + ")");

    check_identity_below<double>(cta::detail::trig_sin_is_x, [](double x) { return cta::sin(x); });
    const double cos_below = neighbour(std::bit_cast<double>(cta::detail::trig_cos_is_one), false);
    CHECK((cta::cos(cos_below) == 1.0 && cta::cos(-cos_below) == 1.0 &&
           cta::cos(static_cast<float>(cos_below)) == 1.0F &&
           cta::sin(static_cast<float>(cos_below)) == static_cast<float>(cos_below)));
    CHECK((same_bits(cta::sin(-0.0), -0.0) && cta::cos(-0.0) == 1.0 && cta::isnan(cta::sin(inf)) &&
           cta::isnan(cta::cos(-inf)) && cta::isnan(cta::sin(nan))));
    print_special_row("`sin(±0)`, `cos(±0)`, `sin` and `cos` of ±inf and NaN",
                      "±0, 1, NaN; sin(x) = x for \\|x\\| < " +
                          page_power_of_two(power_of_two<double>(cta::detail::trig_sin_is_x)) +
                          " and cos(x) = 1 for \\|x\\| < " +
                          page_power_of_two(power_of_two<double>(cta::detail::trig_cos_is_one)) +
                          ", subnormals included");

    using expm1_double = cta::detail::expm1_traits<double>;
    using expm1_float = cta::detail::expm1_traits<float>;
    check_identity_below<double>(expm1_double::tiny, [](double x) { return cta::expm1(x); });
    check_identity_below<float>(expm1_float::tiny, [](float x) { return cta::expm1(x); });
    CHECK((same_bits(cta::expm1(-0.0), -0.0) && same_bits(cta::expm1(inf), inf) && cta::expm1(-inf) == -1.0 &&
           cta::isnan(cta::expm1(nan))));
    print_special_row("`expm1(±0)`, `expm1(+inf)`, `expm1(−inf)`, `expm1(NaN)`",
                      "±0 (sign kept), +inf, −1, NaN; x itself for \\|x\\| < " +
                          page_power_of_two(power_of_two<double>(expm1_double::tiny)) + " (`float`: " +
                          page_power_of_two(power_of_two<float>(expm1_float::tiny)) + "), subnormals included");
    CHECK((cta::isfinite(cta::expm1(expm1_double::overflow)) &&
           same_bits(cta::expm1(neighbour(expm1_double::overflow, true)), inf) &&
           cta::isfinite(cta::expm1(expm1_float::overflow)) &&
           same_bits(cta::expm1(neighbour(expm1_float::overflow, true)), inf_f)));
    print_special_row("`expm1(x)` above " + page_digits(expm1_double::overflow, digits_double) + " (`float`: " +
                          page_digits(expm1_float::overflow, digits_float) + ")",
                      "+inf (the largest x with a finite result is returned finite)");
    CHECK((cta::expm1(expm1_double::minus_one) == -1.0 &&
           cta::expm1(neighbour(expm1_double::minus_one, true)) == -1.0 &&
           cta::expm1(expm1_float::minus_one) == -1.0F &&
           cta::expm1(neighbour(expm1_float::minus_one, true)) == -1.0F));
    print_special_row("`expm1(x)` below " + page_digits(expm1_double::minus_one, digits_double) + " (`float`: " +
                          page_digits(expm1_float::minus_one, digits_float) + ")",
                      "−1 (the result rounds to −1 from " + expm1_minus_one_from<double>() + ", `float`: " +
                          expm1_minus_one_from<float>() + ", on)");

    check_identity_below<double>(expm1_double::tanh_tiny, [](double x) { return cta::tanh(x); });
    check_identity_below<float>(expm1_float::tanh_tiny, [](float x) { return cta::tanh(x); });
    CHECK((same_bits(cta::tanh(-0.0), -0.0) && cta::tanh(inf) == 1.0 && cta::tanh(-inf) == -1.0 &&
           cta::isnan(cta::tanh(nan))));
    print_special_row("`tanh(±0)`, `tanh(±inf)`, `tanh(NaN)`",
                      "±0 (sign kept), ±1, NaN; x itself for \\|x\\| < " +
                          page_power_of_two(power_of_two<double>(expm1_double::tanh_tiny)) + " (`float`: " +
                          page_power_of_two(power_of_two<float>(expm1_float::tanh_tiny)) + "), subnormals included");
    const double tanh_one = std::bit_cast<double>(expm1_double::tanh_one);
    const float tanh_one_f = std::bit_cast<float>(expm1_float::tanh_one);
    const double tanh_from = last_holding(tanh_one, 1.0, [](double x) { return cta::tanh(x) == 1.0; });
    const float tanh_from_f = last_holding(tanh_one_f, 1.0F, [](float x) { return cta::tanh(x) == 1.0F; });
    CHECK((cta::tanh(tanh_one) == 1.0 && cta::tanh(-neighbour(tanh_one, true)) == -1.0 &&
           cta::tanh(neighbour(tanh_from, false)) < 1.0 && cta::tanh(tanh_one_f) == 1.0F &&
           cta::tanh(neighbour(tanh_from_f, false)) < 1.0F));
    print_special_row("`tanh(x)` for \\|x\\| ≥ " + page_digits(tanh_one, digits_double) + " (`float`: " +
                          page_digits(tanh_one_f, digits_float) + ")",
                      "±1 (the result rounds to ±1 from " + page_number(tanh_from, 2) + ", `float`: " +
                          page_number(tanh_from_f, 2) + ", on)");

    // erf and erfc: every threshold found on the results.
    CHECK((same_bits(cta::erf(-0.0), -0.0) && cta::erf(inf) == 1.0 && cta::erf(-inf) == -1.0 &&
           cta::isnan(cta::erf(nan)) && cta::erfc(0.0) == 1.0 && cta::erfc(-0.0) == 1.0 &&
           same_bits(cta::erfc(inf), 0.0) && cta::erfc(-inf) == 2.0 && cta::isnan(cta::erfc(nan)) &&
           same_bits(cta::erfc(inf_f), 0.0F) && cta::erfc(-inf_f) == 2.0F));
    print_special_row("`erf(±0)`, `erf(±inf)`, `erf(NaN)`, `erfc(±0)`, `erfc(+inf)`, `erfc(−inf)`, `erfc(NaN)`",
                      "±0 (sign kept), ±1, NaN, 1, +0, 2, NaN");
    const double erf_one = last_holding(8.0, 1.0, [](double x) { return cta::erf(x) == 1.0; });
    const float erf_one_f = last_holding(8.0F, 1.0F, [](float x) { return cta::erf(x) == 1.0F; });
    CHECK((cta::erf(-erf_one) == -1.0 && cta::erf(neighbour(erf_one, false)) < 1.0 && cta::erf(-erf_one_f) == -1.0F &&
           cta::erf(neighbour(erf_one_f, false)) < 1.0F));
    const double erfc_two = last_holding(-8.0, -1.0, [](double x) { return cta::erfc(x) == 2.0; });
    const float erfc_two_f = last_holding(-8.0F, -1.0F, [](float x) { return cta::erfc(x) == 2.0F; });
    CHECK((cta::erfc(neighbour(erfc_two, false)) < 2.0 && cta::erfc(neighbour(erfc_two_f, false)) < 2.0F));
    print_special_row("`erf(x)` for \\|x\\| ≥ " + page_number(erf_one, 2) + " (`float`: " +
                          page_number(erf_one_f, 2) + "), `erfc(x)` for x ≤ " + page_number(erfc_two, 2) +
                          " (`float`: " + page_number(erfc_two_f, 2) + ")",
                      "±1, 2 (the results round to them from there on)");
    const auto positive = [](auto x) { return cta::erfc(x) > decltype(x)(0); };
    const double erfc_zero = last_holding(1.0, 64.0, positive);
    const float erfc_zero_f = last_holding(1.0F, 64.0F, positive);
    const double erfc_subnormal =
        last_holding(1.0, 64.0, [](double x) { return cta::erfc(x) >= std::numeric_limits<double>::min(); });
    const float erfc_subnormal_f =
        last_holding(1.0F, 64.0F, [](float x) { return cta::erfc(x) >= std::numeric_limits<float>::min(); });
    CHECK((same_bits(cta::erfc(neighbour(erfc_zero, true)), 0.0) &&
           same_bits(cta::erfc(neighbour(erfc_zero_f, true)), 0.0F) &&
           cta::erfc(neighbour(erfc_subnormal, true)) < std::numeric_limits<double>::min() &&
           cta::erfc(neighbour(erfc_subnormal_f, true)) < std::numeric_limits<float>::min()));
    print_special_row("`erfc(x)` above " + page_number(erfc_zero, 2) + " (`float`: " + page_number(erfc_zero_f, 2) +
                          ")",
                      "+0; above " + page_number(erfc_subnormal, 2) + " (`float`: " +
                          page_number(erfc_subnormal_f, 2) + ") a subnormal");
}
