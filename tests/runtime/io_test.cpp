// SPDX-License-Identifier: BSL-1.0
// Printing (<cta/io.hpp>): matrices one row per line as the seed prints them, a fixed number of decimals that leaves
// the stream as it was, and the steps of attention by name in the seed's order.
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ios>
#include <iomanip>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include <cta/cta.hpp>
#include <cta/io.hpp>

#include "at_run_time.hpp"
#include "print.hpp"
#include "seed.hpp"

namespace {

using cta::matrix;
using test::print;

}  // namespace

TEST_CASE("a matrix prints one row per line, without a newline after the last", "[io]") {
    CHECK(print(seed::inputs) == "[1, 0, 1, 0]\n[0, 2, 0, 2]\n[1, 1, 1, 1]");
    CHECK(print(matrix<int, 1, 1>{{{-7}}}) == "[-7]");
    CHECK(print(matrix<int, 3, 1>{{{1}, {2}, {3}}}) == "[1]\n[2]\n[3]");
    // Doubles in the stream's default format; small integer types as numbers, not characters.
    CHECK(print(matrix<double, 1, 3>{{{0.5, 2.0, -1.25}}}) == "[0.5, 2, -1.25]");
    CHECK(print(matrix<std::int8_t, 1, 2>{{{65, -1}}}) == "[65, -1]");
    CHECK(print(matrix<unsigned char, 1, 2>{{{48, 255}}}) == "[48, 255]");
}

TEST_CASE("a matrix prints with the stream's number format", "[io]") {
    std::ostringstream os;
    os << std::scientific << std::setprecision(2) << matrix<double, 1, 2>{{{1234.5, -0.001}}};
    CHECK(os.str() == "[1.23e+03, -1.00e-03]");
}

TEST_CASE("with_decimals prints a fixed number of decimals and restores the stream", "[io]") {
    CHECK(print(cta::with_decimals(matrix<double, 1, 3>{{{1.0, 4.0, 0.0}}}, 1)) == "[1.0, 4.0, 0.0]");
    CHECK(print(cta::with_decimals(matrix<double, 2, 2>{{{0.0634, -2.5}, {1.0, 7.0}}}, 3)) ==
          "[0.063, -2.500]\n[1.000, 7.000]");
    CHECK(print(cta::with_decimals(matrix<float, 1, 2>{{{0.5F, 1.25F}}}, 2)) == "[0.50, 1.25]");
    CHECK(print(cta::with_decimals(matrix<double, 1, 2>{{{2.0, 0.25}}}, 0)) == "[2, 0]");

    std::ostringstream os;
    os << std::scientific << std::showpos << std::setprecision(4);
    const auto flags = os.flags();
    os << cta::with_decimals(matrix<double, 1, 2>{{{1.0, 2.3}}}, 1);
    CHECK(os.flags() == flags);
    CHECK(os.precision() == 4);
    os << ' ' << 0.5;
    CHECK(os.str() == "[+1.0, +2.3] +5.0000e-01");

    std::ostringstream plain;
    plain << cta::with_decimals(matrix<double, 1, 1>{{{3.0}}}, 2) << ' ' << 3.0 << ' ' << 0.125;
    CHECK(plain.str() == "[3.00] 3 0.125");
}

TEST_CASE("with_decimals refers to a named matrix and holds a copy of a temporary", "[io]") {
    using m12 = matrix<double, 1, 2>;
    const m12 m{{{1.0, 2.0}}};
    STATIC_REQUIRE(std::is_same_v<decltype(cta::with_decimals(m, 1)), cta::fixed_decimals<const m12&>>);
    STATIC_REQUIRE(std::is_same_v<decltype(cta::with_decimals(m * 2.0, 1)), cta::fixed_decimals<m12>>);
    STATIC_REQUIRE(std::is_same_v<decltype(cta::with_decimals(std::move(m), 1)), cta::fixed_decimals<m12>>);
    const auto printer = cta::with_decimals(m, 1);
    CHECK(&printer.m == &m);
    CHECK(print(printer) == "[1.0, 2.0]");
}

TEST_CASE("with_decimals of a temporary keeps its own copy", "[io]") {
    // The product dies at the end of the first statement; the printer made from it must not refer to it. A
    // reference to it would be read after its scope (AddressSanitizer: stack-use-after-scope, preset sanitize).
    const matrix<double, 2, 2> a{{{1.0, 2.0}, {3.0, 4.0}}};
    const matrix<double, 2, 2> b{{{0.5, 0.0}, {0.25, 1.0}}};
    const auto printer = cta::with_decimals(test::at_run_time(a) * test::at_run_time(b), 2);
    CHECK(print(printer) == "[1.00, 2.00]\n[2.50, 4.00]");
}

TEST_CASE("an array of matrices prints each, numbered from 1", "[io]") {
    const std::array<matrix<int, 1, 2>, 2> ms{{matrix<int, 1, 2>{{{1, 2}}}, matrix<int, 1, 2>{{{3, 4}}}}};
    CHECK(print(ms) == "#1:\n[1, 2]\n\n#2:\n[3, 4]");
}

TEST_CASE("the steps of attention print by name, in the seed's order", "[io]") {
    const auto steps = cta::self_attention_steps(test::at_run_time(seed::inputs), test::at_run_time(seed::w_query),
                                                 test::at_run_time(seed::w_key), test::at_run_time(seed::w_value));
    std::ostringstream os;
    os << std::fixed << std::setprecision(2) << steps;
    const std::string text = os.str();

    // Each name starts a line, once, in this order (the first on the first line).
    const std::string lines = "\n" + text;
    const char* const names[] = {"queries", "keys", "values", "scores", "logits", "weights", "weighted_values",
                                 "outputs"};
    std::size_t previous = 0;
    for (std::size_t k = 0; k < std::size(names); ++k) {
        INFO(names[k]);
        const std::string line = std::string("\n") + names[k] + ":\n";
        const std::size_t at = lines.find(line);
        REQUIRE(at != std::string::npos);
        CHECK(lines.find(line, at + 1) == std::string::npos);
        CHECK((k == 0 ? at == 0 : at > previous));
        previous = at;
    }

    // The whole text. The integer steps are the seed's, the logits the same scores in double (no option); the
    // others are the 50-digit reference values (shared/reference/tutorial-values.md) rounded to two decimals, none
    // of them near a halfway case.
    CHECK(text ==
          "queries:\n[1, 0, 2]\n[2, 2, 2]\n[2, 1, 3]\n\n"
          "keys:\n[0, 1, 1]\n[4, 4, 0]\n[2, 3, 1]\n\n"
          "values:\n[1, 2, 3]\n[2, 8, 0]\n[2, 6, 3]\n\n"
          "scores:\n[2, 4, 4]\n[4, 16, 12]\n[4, 12, 10]\n\n"
          "logits:\n[2.00, 4.00, 4.00]\n[4.00, 16.00, 12.00]\n[4.00, 12.00, 10.00]\n\n"
          "weights:\n[0.06, 0.47, 0.47]\n[0.00, 0.98, 0.02]\n[0.00, 0.88, 0.12]\n\n"
          "weighted_values:\n"
          "#1:\n[0.06, 0.13, 0.19]\n[0.94, 3.75, 0.00]\n[0.94, 2.81, 1.40]\n\n"
          "#2:\n[0.00, 0.00, 0.00]\n[1.96, 7.86, 0.00]\n[0.04, 0.11, 0.05]\n\n"
          "#3:\n[0.00, 0.00, 0.00]\n[1.76, 7.04, 0.00]\n[0.24, 0.72, 0.36]\n\n"
          "outputs:\n[1.94, 6.68, 1.60]\n[2.00, 7.96, 0.05]\n[2.00, 7.76, 0.36]");
}
