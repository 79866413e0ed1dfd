// SPDX-License-Identifier: BSL-1.0
// The quantized functions give the same results in a constant expression as at run time: tables of cases, drawn as
// the property tests draw them (draws.hpp) and computed while this file compiles, against the same functions run
// by the program on the operands read through a volatile (test::at_run_time).
#include "catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/quantize.hpp>

#include "at_run_time.hpp"
#include "draws.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

constexpr std::size_t table_size = 384;

struct high_mul_case {
    std::int32_t a, b, result;
};
struct divide_case {
    std::int32_t x;
    int exponent;
    std::int32_t result;
};
struct requantize_case {
    std::int32_t x, multiplier;
    int shift;
    std::int32_t result;
};
struct multiplier_case {
    double m;
    q::quantized_multiplier result;
};

/// `table_size` cases, each made by `make` from the generator seeded with `seed`, in a constant expression.
template <class Case, class Make>
constexpr std::array<Case, table_size> table(std::uint64_t seed, Make make) {
    property::rng r(seed);
    std::array<Case, table_size> t{};
    for (auto& c : t) c = make(r);
    return t;
}

constexpr auto high_mul_table = table<high_mul_case>(0x43484d, [](property::rng& r) {
    const auto [a, b] = draws::high_mul_operands(r);
    return high_mul_case{a, b, q::saturating_rounding_doubling_high_mul(a, b)};
});

constexpr auto divide_table = table<divide_case>(0x434450, [](property::rng& r) {
    const auto [x, e] = draws::divide_by_pot_operands(r);
    return divide_case{x, e, q::rounding_divide_by_pot(x, e)};
});

constexpr auto requantize_table = table<requantize_case>(0x435251, [](property::rng& r) {
    const auto [x, multiplier, shift] = draws::requantize_draw(r);
    return requantize_case{x, multiplier, shift, q::multiply_by_quantized_multiplier(x, multiplier, shift)};
});

constexpr auto multiplier_table = table<multiplier_case>(0x434d55, [](property::rng& r) {
    const double m = draws::real_multiplier(r);
    return multiplier_case{m, q::quantize_multiplier(m)};
});

/// Quantize and dequantize cases of Q from Real: any finite value (subnormals, zeros, the largest), or a value
/// near a tie or a clamp, scales from 2^-20 to 2^4 or any positive finite, zero points anywhere in Q.
template <class Q, class Real>
struct quantize_case {
    Real value, scale;
    std::int32_t zero_point;
    Q quantized;
    Real dequantized;
};

template <class Q, class Real>
constexpr auto quantize_table(std::uint64_t seed) {
    return table<quantize_case<Q, Real>>(seed, [](property::rng& r) {
        quantize_case<Q, Real> c{};
        switch (r.below(4)) {
        case 0: {
            const Real s = draws::any_finite<Real>(r);
            c.scale = s < 0 ? -s : s == 0 ? Real{1} : s;
            break;
        }
        case 1:  // 2^k, k in [-12, 3]: multiples of scale / 2 are ties
            c.scale = static_cast<Real>(0x1p-12 * static_cast<double>(std::uint64_t{1} << r.below(16)));
            break;
        default:
            c.scale = static_cast<Real>(r.uniform(0x1p-20, 0x1p4));
            break;
        }
        c.zero_point = draws::zero_point<Q>(r);
        const auto lo = static_cast<std::int64_t>(std::numeric_limits<Q>::min());
        const auto hi = static_cast<std::int64_t>(std::numeric_limits<Q>::max());
        // Multiples of a moderate scale only: a product beyond the largest Real is not a constant expression.
        switch (c.scale < 16 ? r.below(3) : 0) {
        case 0:
            c.value = draws::any_finite<Real>(r);
            break;
        case 1:  // a multiple of scale / 2 near 0
            c.value = static_cast<Real>(static_cast<double>(r.below(41)) - 20.0) * c.scale / 2;
            break;
        default:  // near the clamps
            c.value = static_cast<Real>((static_cast<double>(r.below(2) == 0 ? lo : hi) - c.zero_point +
                                         (static_cast<double>(r.below(5)) - 2.0) / 2) *
                                        static_cast<double>(c.scale));
            break;
        }
        c.quantized = q::quantize<Q>(c.value, c.scale, c.zero_point);
        c.dequantized = q::dequantize(c.quantized, c.scale, c.zero_point);
        return c;
    });
}

constexpr auto quantize_int8_float = quantize_table<std::int8_t, float>(0x435138);
constexpr auto quantize_int16_float = quantize_table<std::int16_t, float>(0x513136);
constexpr auto quantize_int32_float = quantize_table<std::int32_t, float>(0x513332);
constexpr auto quantize_int8_double = quantize_table<std::int8_t, double>(0x443138);
constexpr auto quantize_int32_double = quantize_table<std::int32_t, double>(0x443332);

template <class Q, class Real>
void check_quantize_table(const std::array<quantize_case<Q, Real>, table_size>& table) {
    for (const auto& c : table) {
        INFO("value " << c.value << ", scale " << c.scale << ", zero point " << c.zero_point);
        const Q quantized = q::quantize<Q>(at_run_time(c.value), at_run_time(c.scale), at_run_time(c.zero_point));
        CHECK(quantized == c.quantized);
        const Real dequantized =
            q::dequantize(at_run_time(c.quantized), at_run_time(c.scale), at_run_time(c.zero_point));
        CHECK(std::bit_cast<std::uint64_t>(static_cast<double>(dequantized)) ==
              std::bit_cast<std::uint64_t>(static_cast<double>(c.dequantized)));
    }
}

}  // namespace

TEST_CASE("the fixed-point primitives give the same results at run time as in a constant expression",
          "[quantized][property]") {
    for (const auto& c : high_mul_table) {
        INFO("a = " << c.a << ", b = " << c.b);
        CHECK(q::saturating_rounding_doubling_high_mul(at_run_time(c.a), at_run_time(c.b)) == c.result);
    }
    for (const auto& c : divide_table) {
        INFO("x = " << c.x << ", exponent = " << c.exponent);
        CHECK(q::rounding_divide_by_pot(at_run_time(c.x), at_run_time(c.exponent)) == c.result);
    }
    for (const auto& c : requantize_table) {
        INFO("x = " << c.x << ", multiplier = " << c.multiplier << ", shift = " << c.shift);
        CHECK(q::multiply_by_quantized_multiplier(at_run_time(c.x), at_run_time(c.multiplier), at_run_time(c.shift)) ==
              c.result);
    }
    for (const auto& c : multiplier_table) {
        INFO("M = " << c.m);
        CHECK(q::quantize_multiplier(at_run_time(c.m)) == c.result);
    }
}

TEST_CASE("quantize and dequantize give the same bits at run time as in a constant expression",
          "[quantized][property]") {
    check_quantize_table(quantize_int8_float);
    check_quantize_table(quantize_int16_float);
    check_quantize_table(quantize_int32_float);
    check_quantize_table(quantize_int8_double);
    check_quantize_table(quantize_int32_double);
}
