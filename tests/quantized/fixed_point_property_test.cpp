// SPDX-License-Identifier: BSL-1.0
// The primitives of <cta/quantized/fixed_point.hpp> against their definitions in plain integers
// (integer_reference.hpp), on seeded random operands drawn so that the edges come often (draws.hpp). Each test
// counts the edges its draws reached and requires every one of them to have been reached many times: a change of
// the draws that loses an edge fails the test, not only a wrong result.
#include "catch.hpp"

#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>

#include <cta/quantized/fixed_point.hpp>

#include "draws.hpp"
#include "integer_reference.hpp"

namespace {

namespace q = cta::quantized;
namespace ref = integer_reference;
using ref::wide;

constexpr long cases = 200000;
constexpr long min_edge_hits = 1000;  // each edge, of 200,000 draws

/// Named counters of the edges a test's draws reached, printed and checked at the end.
class edge_counts {
public:
    void hit(const char* name, bool reached) {
        for (auto& e : edges_) {
            if (e.name == name) {
                e.count += reached ? 1 : 0;
                return;
            }
        }
        edges_[size_++] = {name, reached ? 1L : 0L};
    }
    void check(const char* test, long at_least) const {
        std::cout << test << ": " << cases << " operands;";
        for (std::size_t i = 0; i < size_; ++i) std::cout << ' ' << edges_[i].name << ' ' << edges_[i].count << ';';
        std::cout << '\n';
        for (std::size_t i = 0; i < size_; ++i) {
            INFO(test << ": edge " << edges_[i].name);
            CHECK(edges_[i].count >= at_least);
        }
    }

private:
    struct edge {
        std::string name;
        long count = 0;
    };
    edge edges_[16];
    std::size_t size_ = 0;
};

bool is_end(std::int32_t v) { return v == ref::int32_min || v == ref::int32_max; }

/// Requires the reference's value to fit in 32 bits and the library's to equal it; `operands` (a function that
/// prints them) says which case failed.
template <class Print>
void require_same(std::int32_t actual, std::int32_t expected, bool fits, Print operands) {
    if (!fits || actual != expected) {
        std::ostringstream text;
        operands(text);
        INFO(text.str() << ": expected " << expected << ", got " << actual);
        REQUIRE(fits);
        REQUIRE(actual == expected);
    }
}

}  // namespace

TEST_CASE("saturating_rounding_doubling_high_mul is floor((2ab + 2^31) / 2^32), INT32_MAX for INT32_MIN twice",
          "[quantized][property]") {
    property::rng r(0x5244484d);
    edge_counts edges;
    for (long i = 0; i < cases; ++i) {
        const draws::int32_pair operands = draws::high_mul_operands(r);
        const std::int32_t a = operands.a;  // not bindings: Clang 14 captures no structured binding
        const std::int32_t b = operands.b;
        bool fits = false;
        const std::int32_t expected = ref::high_mul(a, b, fits);
        require_same(q::saturating_rounding_doubling_high_mul(a, b), expected, fits,
                     [&](std::ostream& o) { o << "a = " << a << ", b = " << b; });
        const wide ab = wide{a} * wide{b};
        const bool tie = (2 * ab) % (wide{1} << 32) == (ab < 0 ? -(wide{1} << 31) : (wide{1} << 31));
        edges.hit("saturating", a == ref::int32_min && b == ref::int32_min);
        edges.hit("tie_positive_product", tie && ab > 0);
        edges.hit("tie_negative_product", tie && ab < 0);
        edges.hit("int32_min_operand", a == ref::int32_min || b == ref::int32_min);
        edges.hit("int32_max_operand", a == ref::int32_max || b == ref::int32_max);
        edges.hit("plus_minus_one_operand", a == 1 || a == -1 || b == 1 || b == -1);
        edges.hit("zero_operand", a == 0 || b == 0);
    }
    edges.check("saturating_rounding_doubling_high_mul", min_edge_hits);
}

TEST_CASE("rounding_divide_by_pot is x / 2^e to nearest, ties away from zero, for e in [0, 31]",
          "[quantized][property]") {
    property::rng r(0x52444250);
    edge_counts edges;
    for (long i = 0; i < cases; ++i) {
        const draws::divide_operands operands = draws::divide_by_pot_operands(r);
        const std::int32_t x = operands.x;
        const int e = operands.exponent;
        bool fits = false;
        const std::int32_t expected = ref::divide_by_pot(x, e, fits);
        require_same(q::rounding_divide_by_pot(x, e), expected, fits,
                     [&](std::ostream& o) { o << "x = " << x << ", exponent = " << e; });
        const bool tie = e >= 1 && (wide{x} * 2) % (wide{1} << e) == 0 && wide{x} % (wide{1} << e) != 0;
        edges.hit("tie_positive", tie && x > 0);
        edges.hit("tie_negative", tie && x < 0);
        edges.hit("exponent_0", e == 0);
        edges.hit("exponent_31", e == 31);
        edges.hit("int32_min", x == ref::int32_min);
        edges.hit("int32_max", x == ref::int32_max);
    }
    edges.check("rounding_divide_by_pot", min_edge_hits);
}

TEST_CASE("multiply_by_quantized_multiplier is the wrapping left shift, the high multiply and the divide, within "
          "1/2 + 2^-(right shift + 1) of x * M",
          "[quantized][property]") {
    property::rng r(0x52455155);
    edge_counts edges;
    for (long i = 0; i < cases; ++i) {
        const draws::requantize_operands operands = draws::requantize_draw(r);
        const std::int32_t x = operands.x;
        const std::int32_t multiplier = operands.multiplier;
        const int shift = operands.shift;
        bool fits = false;
        const std::int32_t expected = ref::requantize(x, multiplier, shift, fits);
        const std::int32_t actual = q::multiply_by_quantized_multiplier(x, multiplier, shift);
        require_same(actual, expected, fits, [&](std::ostream& o) {
            o << "x = " << x << ", multiplier = " << multiplier << ", shift = " << shift;
        });
        const int left = shift > 0 ? shift : 0;
        const int right = shift > 0 ? 0 : -shift;
        const std::int32_t shifted = ref::wrapping_shift_left(x, left);
        const bool wrapped = wide{shifted} != wide{x} * (wide{1} << left);
        if (!wrapped) {
            // Two roundings, each within half a unit of its own result: |actual - x M| <= 1/2 + 1/2^(right + 1),
            // with x M = shifted * multiplier / 2^(31 + right), compared in integers times 2^(31 + right).
            const wide exact = wide{shifted} * wide{multiplier};
            const wide scaled = wide{actual} * (wide{1} << (31 + right));
            const wide error = scaled > exact ? scaled - exact : exact - scaled;
            INFO("x = " << x << ", multiplier = " << multiplier << ", shift = " << shift << ": " << actual);
            REQUIRE(error <= (wide{1} << (30 + right)) + (wide{1} << 30));
        }
        bool high_fits = false;
        const std::int32_t high = ref::high_mul(shifted, multiplier, high_fits);
        const wide product = wide{shifted} * wide{multiplier};
        edges.hit("shift_minus_31", shift == -31);
        edges.hit("shift_30", shift == 30);
        edges.hit("shift_0", shift == 0);
        edges.hit("left_shift_wraps", wrapped);
        edges.hit("high_mul_tie", (2 * product) % (wide{1} << 32) != 0 &&
                                      (2 * product) % (wide{1} << 31) == 0);
        edges.hit("divide_tie", right >= 1 && (wide{high} * 2) % (wide{1} << right) == 0 &&
                                    wide{high} % (wide{1} << right) != 0);
        edges.hit("multiplier_0", multiplier == 0);
        edges.hit("multiplier_int32_max", multiplier == ref::int32_max);
        edges.hit("x_int32_end", is_end(x));
    }
    edges.check("multiply_by_quantized_multiplier", min_edge_hits);
}

TEST_CASE("quantize_multiplier gives TensorFlow Lite's multiplier and shift (std::frexp and std::round at run time)",
          "[quantized][property]") {
    property::rng r(0x514d554c);
    edge_counts edges;
    for (long i = 0; i < cases; ++i) {
        const double m = draws::real_multiplier(r);
        const ref::multiplier_and_shift expected = ref::quantize_multiplier(m);
        INFO("M = " << std::hexfloat << m << std::defaultfloat << ": expected {" << expected.multiplier << ", "
                    << expected.shift << "}");
        REQUIRE(expected.shift <= 30);  // the draws stay within the precondition
        const q::quantized_multiplier actual = q::quantize_multiplier(m);
        INFO("got {" << actual.multiplier << ", " << actual.shift << "}");
        REQUIRE(actual.multiplier == expected.multiplier);
        REQUIRE(actual.shift == expected.shift);
        int exponent = 0;
        const double mantissa = std::frexp(m, &exponent);
        const double scaled = mantissa * 2147483648.0;
        edges.hit("subnormal", m > 0 && m < 0x1p-1022);
        edges.hit("power_of_two", m > 0 && mantissa == 0.5);
        edges.hit("tie_kept", !expected.flushed && m > 0 && scaled - std::floor(scaled) == 0.5);
        edges.hit("rounds_up_to_2_to_the_31_kept", !expected.flushed && expected.rounded_up);
        edges.hit("flushed_below_shift_minus_31", expected.flushed && m > 0);
        edges.hit("shift_minus_31", !expected.flushed && expected.shift == -31);
        edges.hit("shift_30", expected.shift == 30);
        edges.hit("zero", m == 0);
    }
    edges.check("quantize_multiplier", min_edge_hits);
}
