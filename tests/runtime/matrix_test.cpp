// SPDX-License-Identifier: BSL-1.0
// The matrix as the standard library sees it, at run time (<cta/matrix.hpp>): range-for, sorting, structured
// bindings, data(), the literals of cta::make_matrix and the conversions from std::array, on values read through a
// volatile, each against the same computation in a constant expression, bit for bit.
// (tests/static/matrix_proof.cpp proves the same at compile time.)
#include "catch.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <limits>
#include <ranges>
#include <type_traits>

#include <cta/cta.hpp>

#include "at_run_time.hpp"

namespace {

using cta::matrix;
using test::at_run_time;

constexpr double infinity = std::numeric_limits<double>::infinity();
constexpr matrix<double, 2, 3> values{{{0.5, -0.0, 1e-310}, {-infinity, 3.25, 0.0}}};

/// The elements of m in the order of its range, as an array.
template <class T, std::size_t R, std::size_t C>
constexpr std::array<T, R * C> elements_of(const matrix<T, R, C>& m) {
    std::array<T, R * C> a{};
    std::size_t k = 0;
    for (const T& x : m) a[k++] = x;
    return a;
}

template <class T, std::size_t N>
bool same_bits(const std::array<T, N>& a, const std::array<T, N>& b) {
    return std::memcmp(a.data(), b.data(), sizeof(a)) == 0;
}

}  // namespace

TEST_CASE("a matrix is a range of its elements in row-major order", "[matrix]") {
    SECTION("range-for reads row by row, at run time as at compile time") {
        constexpr auto expected = elements_of(values);
        STATIC_REQUIRE(expected[1] == 0.0 && expected[3] == -infinity && expected[4] == 3.25);
        const auto run = elements_of(at_run_time(values));
        CHECK(same_bits(run, expected));
        for (std::size_t k = 0; k < run.size(); ++k) CHECK(std::memcmp(&run[k], &values(k / 3, k % 3), 8) == 0);
    }
    SECTION("elements are written through the iterators") {
        constexpr auto doubled = [] {
            auto m = values;
            for (double& x : m) x *= 2;
            return m;
        }();
        STATIC_REQUIRE(cta::identical(doubled, values * 2.0));
        auto run = at_run_time(values);
        for (double& x : run) x *= 2;
        CHECK(cta::identical(run, doubled));
        std::ranges::fill(run, 1.5);
        CHECK(run == matrix<double, 2, 3>{{{1.5, 1.5, 1.5}, {1.5, 1.5, 1.5}}});
    }
    SECTION("std::ranges::sort and std::sort sort the elements, row-major") {
        static constexpr matrix<double, 2, 3> shuffled{{{2.5, -1.0, 7.0}, {0.25, -3.0, 1.0}}};
        constexpr auto sorted = [] {
            auto m = shuffled;
            std::ranges::sort(m);
            return m;
        }();
        STATIC_REQUIRE(sorted == matrix<double, 2, 3>{{{-3.0, -1.0, 0.25}, {1.0, 2.5, 7.0}}});
        auto run = at_run_time(shuffled);
        std::ranges::sort(run);
        CHECK(cta::identical(run, sorted));
        std::sort(run.begin(), run.end(), std::greater<>{});
        CHECK(run == matrix<double, 2, 3>{{{7.0, 2.5, 1.0}, {0.25, -1.0, -3.0}}});
        // A row of it: cta::row copies, the copy is sorted.
        auto row = cta::row(at_run_time(shuffled), 1);
        std::ranges::sort(row);
        CHECK(row == matrix<double, 1, 3>{{{-3.0, 0.25, 1.0}}});
    }
    SECTION("data() points to the Rows * Cols elements, for C functions") {
        const auto run = at_run_time(values);
        double copied[6];
        std::memcpy(copied, run.data(), run.size() * sizeof(double));
        for (std::size_t k = 0; k < 6; ++k) CHECK(std::memcmp(&copied[k], &values(k / 3, k % 3), 8) == 0);
        CHECK(static_cast<const void*>(run.data()) == static_cast<const void*>(&run));
        CHECK(run.data() == &*run.begin());
    }
}

TEST_CASE("structured bindings name the elements in row-major order", "[matrix]") {
    const auto [a, b, c] = cta::row(at_run_time(values), 1);
    CHECK(a == -infinity);
    CHECK(b == 3.25);
    CHECK(c == 0.0);
    auto m = at_run_time(values);
    auto& [p, q, r, s, t, u] = m;
    u = 9.0;
    CHECK(m(1, 2) == 9.0);
    CHECK(&p == &m(0, 0));
    CHECK(&q == &m(0, 1));
    CHECK(&r == &m(0, 2));
    CHECK(&s == &m(1, 0));
    CHECK(&t == &m(1, 1));
    CHECK(&cta::get<4>(m) == &m(1, 1));
}

TEST_CASE("make_matrix builds matrices from literals and std::array, at run time as at compile time", "[matrix]") {
    SECTION("an explicit shape, from values known at run time only") {
        constexpr auto expected = cta::make_matrix<double, 2, 2>({{0.5, -0.0}, {1e-310, -infinity}});
        STATIC_REQUIRE(std::is_same_v<decltype(expected), const matrix<double, 2, 2>>);
        const auto run = cta::make_matrix<double, 2, 2>(
            {{at_run_time(0.5), at_run_time(-0.0)}, {at_run_time(1e-310), at_run_time(-infinity)}});
        CHECK(cta::identical(run, expected));
        CHECK(cta::identical(run, matrix<double, 2, 2>{{{0.5, -0.0}, {1e-310, -infinity}}}));
    }
    SECTION("a deduced shape") {
        constexpr auto expected = cta::make_matrix({{1, 2, 3}, {4, 5, 6}});
        STATIC_REQUIRE(std::is_same_v<decltype(expected), const matrix<int, 2, 3>>);
        const int three = at_run_time(3);
        CHECK(cta::make_matrix({{1, 2, three}, {4, 5, 6}}) == expected);
        const double half = at_run_time(6.5);
        CHECK(cta::make_matrix<double>({{1, 2, 3}, {4, 5, half}}) == matrix<double, 2, 3>{{{1, 2, 3}, {4, 5, 6.5}}});
    }
    SECTION("std::array: a row, and an array of rows") {
        constexpr std::array<float, 3> token{0.5F, -1.0F, 2.0F};
        constexpr std::array<std::array<float, 3>, 2> tokens{{{0.5F, -1.0F, 2.0F}, {1.0F, 0.0F, -0.0F}}};
        constexpr auto row = cta::make_matrix(token);
        constexpr auto table = cta::make_matrix(tokens);
        STATIC_REQUIRE(std::is_same_v<decltype(row), const matrix<float, 1, 3>>);
        STATIC_REQUIRE(std::is_same_v<decltype(table), const matrix<float, 2, 3>>);
        std::array<float, 3> run_token{};
        std::array<std::array<float, 3>, 2> run_tokens{};
        for (std::size_t j = 0; j < 3; ++j) {
            run_token[j] = at_run_time(token[j]);
            for (std::size_t i = 0; i < 2; ++i) run_tokens[i][j] = at_run_time(tokens[i][j]);
        }
        CHECK(cta::identical(cta::make_matrix(run_token), row));
        CHECK(cta::identical(cta::make_matrix(run_tokens), table));
        CHECK(cta::identical(cta::row(table, 0), row));
    }
}
