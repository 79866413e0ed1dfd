// SPDX-License-Identifier: BSL-1.0
// Row-wise softmax (<cta/softmax.hpp>): rows sum to 1, shifting a row changes nothing, and the documented special
// rows (-inf, +inf, NaN, scores spanning the whole double range). Each result is checked at compile time and at run
// time, where it must be bit for bit the compile-time result; in double and in float.
#include "catch.hpp"

#include <cstddef>
#include <limits>
#include <type_traits>

#include <cta/cta.hpp>

#include "at_run_time.hpp"

namespace {

using cta::matrix;
using test::at_run_time;

template <class F>
constexpr F inf_v = std::numeric_limits<F>::infinity();
template <class F>
constexpr F nan_v = std::numeric_limits<F>::quiet_NaN();

// True if every row of `w` sums to 1 within n epsilon (n terms, each addition rounding by at most half an ulp, and
// the division by the sum rounding each term).
template <class F, std::size_t R, std::size_t C>
constexpr bool rows_sum_to_one(const matrix<F, R, C>& w) {
    for (std::size_t i = 0; i < R; ++i) {
        F sum = 0;
        for (std::size_t j = 0; j < C; ++j) sum += w(i, j);
        if (!(cta::abs(sum - F(1)) <= F(C) * std::numeric_limits<F>::epsilon())) return false;
    }
    return true;
}

// True if every element of `w` is NaN.
template <class F, std::size_t R, std::size_t C>
constexpr bool all_nan(const matrix<F, R, C>& w) {
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j)
            if (!cta::isnan(w(i, j))) return false;
    return true;
}

constexpr matrix<double, 4, 5> scores{{
    {2.0, 4.0, 4.0, -1.0, 0.5},
    {0.1, 0.2, 0.3, 0.4, 0.5},
    {-30.0, 12.5, 7.25, 12.5, -0.001},
    {1e-3, -1e-3, 700.0, 699.0, -700.0},
}};
constexpr matrix<float, 4, 5> scores_f{{
    {2.0F, 4.0F, 4.0F, -1.0F, 0.5F},
    {0.1F, 0.2F, 0.3F, 0.4F, 0.5F},
    {-30.0F, 12.5F, 7.25F, 12.5F, -0.001F},
    {1e-3F, -1e-3F, 80.0F, 79.0F, -80.0F},
}};

}  // namespace

TEST_CASE("softmax computes in double for int and double scores, in float when asked", "[softmax]") {
    constexpr matrix<int, 1, 4> ones{{{1, 1, 1, 1}}};
    constexpr auto w = cta::softmax(ones);
    constexpr auto w_f = cta::softmax<float>(ones);
    STATIC_REQUIRE(std::is_same_v<decltype(w), const matrix<double, 1, 4>>);
    STATIC_REQUIRE(std::is_same_v<decltype(w_f), const matrix<float, 1, 4>>);
    STATIC_REQUIRE(std::is_same_v<decltype(cta::softmax(scores_f)), matrix<float, 4, 5>>);
    // Equal scores share the weight equally: exp(0) = 1 each, 1 / 4 exactly.
    constexpr matrix<double, 1, 4> quarters{{{0.25, 0.25, 0.25, 0.25}}};
    STATIC_REQUIRE(cta::identical(w, quarters));
    STATIC_REQUIRE(w_f == quarters);
    const auto run = cta::softmax(at_run_time(ones));
    const auto run_f = cta::softmax<float>(at_run_time(ones));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run_f, w_f));
    CHECK(cta::identical(run, quarters));

    // softmax([2, 4, 4]) against the 50-digit reference (shared/reference/tutorial-values.md), within 1e-16: two ulps
    // of 0.468, fourteen of 0.0634.
    constexpr matrix<int, 1, 3> seed_row{{{2, 4, 4}}};
    constexpr matrix<double, 1, 3> reference{
        {{0.063378938333037618189, 0.46831053083348119091, 0.46831053083348119091}}};
    STATIC_REQUIRE(cta::approx_equal(cta::softmax(seed_row), reference, 1e-16));
    CHECK(cta::approx_equal(cta::softmax(at_run_time(seed_row)), reference, 1e-16));
}

TEST_CASE("softmax rows sum to 1 within n epsilon", "[softmax]") {
    constexpr auto w = cta::softmax(scores);
    constexpr auto w_f = cta::softmax(scores_f);
    STATIC_REQUIRE(rows_sum_to_one(w));
    STATIC_REQUIRE(rows_sum_to_one(w_f));
    const auto run = cta::softmax(at_run_time(scores));
    const auto run_f = cta::softmax(at_run_time(scores_f));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run_f, w_f));
    CHECK(rows_sum_to_one(run));
    CHECK(rows_sum_to_one(run_f));
}

TEST_CASE("softmax is invariant to adding a constant to a row", "[softmax]") {
    // Bound asserted: 0 ulps. When the scores and the shifted scores are exactly representable, each difference
    // x - max(row) is computed exactly, so exp gets the same arguments and the weights are bit for bit the same.
    constexpr matrix<int, 3, 3> s{{{2, 4, 4}, {4, 16, 12}, {-3, 0, 7}}};
    constexpr auto shifted = s + matrix<int, 3, 3>{{{100, 100, 100}, {100, 100, 100}, {100, 100, 100}}};
    STATIC_REQUIRE(shifted == matrix<int, 3, 3>{{{102, 104, 104}, {104, 116, 112}, {97, 100, 107}}});
    STATIC_REQUIRE(cta::identical(cta::softmax(s), cta::softmax(shifted)));
    STATIC_REQUIRE(cta::identical(cta::softmax<float>(s), cta::softmax<float>(shifted)));
    const auto run = cta::softmax(at_run_time(s));
    const auto run_shifted = cta::softmax(at_run_time(shifted));
    CHECK(cta::identical(run, run_shifted));
    CHECK(cta::identical(run, cta::softmax(s)));
    const auto run_f = cta::softmax<float>(at_run_time(s));
    const auto run_shifted_f = cta::softmax<float>(at_run_time(shifted));
    CHECK(cta::identical(run_f, run_shifted_f));
    CHECK(cta::identical(run_f, cta::softmax<float>(s)));

    // Fractions with few bits, shifted by 1024 and by -1024 (all sums exact).
    constexpr matrix<double, 1, 4> x{{{0.5, -1.25, 3.75, 3.0}}};
    constexpr matrix<double, 1, 4> up{{{1024.5, 1022.75, 1027.75, 1027.0}}};
    constexpr matrix<double, 1, 4> down{{{-1023.5, -1025.25, -1020.25, -1021.0}}};
    STATIC_REQUIRE(cta::identical(cta::softmax(x), cta::softmax(up)));
    STATIC_REQUIRE(cta::identical(cta::softmax(x), cta::softmax(down)));
    CHECK(cta::identical(cta::softmax(at_run_time(up)), cta::softmax(x)));
    CHECK(cta::identical(cta::softmax(at_run_time(down)), cta::softmax(x)));
}

TEMPLATE_TEST_CASE("softmax: an entry of -inf gets weight exactly 0", "[softmax]", float, double) {
    using F = TestType;
    // The two finite entries are equal: 1 / (1 + 1) each.
    constexpr matrix<F, 2, 4> s{{{F(1), -inf_v<F>, F(1), -inf_v<F>}, {-inf_v<F>, F(3), F(3), F(3)}}};
    constexpr matrix<F, 2, 4> expected{{{F(0.5), F(0), F(0.5), F(0)}, {F(0), F(1) / F(3), F(1) / F(3), F(1) / F(3)}}};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(cta::identical(w, expected));
    const auto run = cta::softmax(at_run_time(s));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run, expected));
}

TEMPLATE_TEST_CASE("softmax: a row of -inf only gets weight 0 everywhere", "[softmax]", float, double) {
    using F = TestType;
    constexpr matrix<F, 2, 3> s{{{-inf_v<F>, -inf_v<F>, -inf_v<F>}, {F(0), F(0), -inf_v<F>}}};
    constexpr matrix<F, 2, 3> expected{{{F(0), F(0), F(0)}, {F(0.5), F(0.5), F(0)}}};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(cta::identical(w, expected));
    const auto run = cta::softmax(at_run_time(s));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run, expected));
}

TEMPLATE_TEST_CASE("softmax: +inf entries share weight 1 equally", "[softmax]", float, double) {
    using F = TestType;
    constexpr F big = std::numeric_limits<F>::max();
    constexpr matrix<F, 3, 4> s{{
        {inf_v<F>, F(1), inf_v<F>, -inf_v<F>},
        {F(-5), big, inf_v<F>, F(0)},
        {inf_v<F>, inf_v<F>, inf_v<F>, inf_v<F>},
    }};
    constexpr matrix<F, 3, 4> expected{{
        {F(0.5), F(0), F(0.5), F(0)},
        {F(0), F(0), F(1), F(0)},
        {F(0.25), F(0.25), F(0.25), F(0.25)},
    }};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(cta::identical(w, expected));
    const auto run = cta::softmax(at_run_time(s));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run, expected));

    constexpr matrix<F, 1, 3> three{{{inf_v<F>, inf_v<F>, inf_v<F>}}};
    constexpr matrix<F, 1, 3> thirds{{{F(1) / F(3), F(1) / F(3), F(1) / F(3)}}};
    STATIC_REQUIRE(cta::identical(cta::softmax(three), thirds));
    CHECK(cta::identical(cta::softmax(at_run_time(three)), thirds));
}

TEMPLATE_TEST_CASE("softmax: a NaN entry makes its row NaN, and only its row", "[softmax]", float, double) {
    using F = TestType;
    constexpr matrix<F, 4, 3> s{{
        {F(1), nan_v<F>, F(2)},
        {nan_v<F>, F(1), F(1)},
        {inf_v<F>, -inf_v<F>, nan_v<F>},
        {F(0), F(0), F(0)},
    }};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(all_nan(cta::row(w, 0)));
    STATIC_REQUIRE(all_nan(cta::row(w, 1)));
    STATIC_REQUIRE(all_nan(cta::row(w, 2)));
    STATIC_REQUIRE(cta::identical(cta::row(w, 3), matrix<F, 1, 3>{{{F(1) / F(3), F(1) / F(3), F(1) / F(3)}}}));
    const auto run = cta::softmax(at_run_time(s));
    CHECK(cta::identical(run, w));
    CHECK(all_nan(cta::row(run, 0)));
    CHECK(all_nan(cta::row(run, 1)));
    CHECK(all_nan(cta::row(run, 2)));
    CHECK(cta::identical(cta::row(run, 3), matrix<F, 1, 3>{{{F(1) / F(3), F(1) / F(3), F(1) / F(3)}}}));
}

TEST_CASE("softmax: scores spanning the whole range give no NaN or infinity", "[softmax]") {
    constexpr matrix<double, 4, 3> s{{
        {1e308, -1e308, 0.0},
        {-1e308, -1e308, -1.7e308},
        {1.7e308, -1.7e308, 1.7e308},
        {-1.7976931348623157e308, 1.7976931348623157e308, 1e308},
    }};
    constexpr matrix<double, 4, 3> expected{{
        {1.0, 0.0, 0.0},
        {0.5, 0.5, 0.0},
        {0.5, 0.0, 0.5},
        {0.0, 1.0, 0.0},
    }};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(cta::identical(w, expected));
    const auto run = cta::softmax(at_run_time(s));
    CHECK(cta::identical(run, w));
    CHECK(cta::identical(run, expected));

    constexpr matrix<float, 3, 3> s_f{{
        {3e38F, -3e38F, 0.0F},
        {-3e38F, -3e38F, -3.4e38F},
        {3.4028235e38F, -3.4028235e38F, 3.4028235e38F},
    }};
    constexpr matrix<float, 3, 3> expected_f{{
        {1.0F, 0.0F, 0.0F},
        {0.5F, 0.5F, 0.0F},
        {0.5F, 0.0F, 0.5F},
    }};
    constexpr auto w_f = cta::softmax(s_f);
    STATIC_REQUIRE(cta::identical(w_f, expected_f));
    const auto run_f = cta::softmax(at_run_time(s_f));
    CHECK(cta::identical(run_f, w_f));
    CHECK(cta::identical(run_f, expected_f));
}

TEST_CASE("softmax: entries far below the row maximum get weight 0, near it they count", "[softmax]") {
    // exp(-746) is 0 in double, exp(-740) is the subnormal 0x0.0000000000055p-1022; likewise -104 and -100 in float.
    constexpr matrix<double, 1, 3> s{{{0.0, -746.0, -740.0}}};
    constexpr auto w = cta::softmax(s);
    STATIC_REQUIRE(cta::identical(w, matrix<double, 1, 3>{{{1.0, 0.0, 0x0.0000000000055p-1022}}}));
    CHECK(cta::identical(cta::softmax(at_run_time(s)), w));

    constexpr matrix<float, 1, 3> s_f{{{0.0F, -104.0F, -100.0F}}};
    constexpr auto w_f = cta::softmax(s_f);
    STATIC_REQUIRE(cta::identical(w_f, matrix<float, 1, 3>{{{1.0F, 0.0F, 0x1.bp-145F}}}));
    CHECK(cta::identical(cta::softmax(at_run_time(s_f)), w_f));
}
