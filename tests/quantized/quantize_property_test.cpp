// SPDX-License-Identifier: BSL-1.0
// quantize and dequantize of <cta/quantized/quantize.hpp> against TensorFlow Lite's formulas written with the
// standard library at run time (std::round of the quotient in the value's type, then + zero point and the clamp in
// double; the product in double rounded to the result type), for each quantized type and each real type, on seeded
// random operands drawn so that ties, clamps, infinities, subnormals and the ends of the zero point come often.
#include "catch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>

#include <cta/quantized/quantize.hpp>

#include "draws.hpp"

namespace {

namespace q = cta::quantized;

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559,
              "the references convert a double beyond float's range to infinity, as IEEE 754 does");

constexpr long cases = 100000;
constexpr long min_edge_hits = 500;  // each edge, of 100,000 draws

template <class Q, class Real>
Q reference_quantize(Real value, Real scale, std::int32_t zero_point) {
    const Real rounded = std::round(value / scale);  // in Real, as TensorFlow Lite's float input
    const double unclamped = static_cast<double>(rounded) + static_cast<double>(zero_point);
    const double lo = std::numeric_limits<Q>::min();
    const double hi = std::numeric_limits<Q>::max();
    return static_cast<Q>(unclamped < lo ? lo : unclamped > hi ? hi : unclamped);
}

template <class Real, class Q>
Real reference_dequantize(Q quantized, Real scale, std::int32_t zero_point) {
    return static_cast<Real>(static_cast<double>(scale) * static_cast<double>(std::int64_t{quantized} - zero_point));
}

template <class T>
T bits_of(T x) {
    return x;
}
std::uint32_t bits_of(float x) { return std::bit_cast<std::uint32_t>(x); }
std::uint64_t bits_of(double x) { return std::bit_cast<std::uint64_t>(x); }

/// A positive finite scale: a power of two 2^k, k in [-24, 8] (quotients of multiples of scale / 2 are then exact:
/// ties), any positive finite Real, uniform in [2^-12, 4), near the largest (max / 2^k, k in [0, 40)) or near the
/// smallest (a small multiple of the smallest subnormal).
template <class Real>
Real scale_of(property::rng& r) {
    switch (r.below(6)) {
    case 0:
        return std::ldexp(Real{1}, static_cast<int>(r.below(33)) - 24);
    case 1: {
        const Real s = std::fabs(draws::any_finite<Real>(r));
        return s == 0 ? std::numeric_limits<Real>::denorm_min() : s;
    }
    case 2:
        return std::ldexp(std::numeric_limits<Real>::max(), -static_cast<int>(r.below(40)));
    case 3:
        return std::numeric_limits<Real>::denorm_min() * static_cast<Real>(1 + r.below(1000));
    default:
        return static_cast<Real>(r.uniform(0x1p-12, 4.0));
    }
}

template <class Q, class Real>
void quantize_against_reference(std::uint64_t seed, const std::string& name) {
    property::rng r(seed);
    long ties_positive = 0, ties_negative = 0, clamped_low = 0, clamped_high = 0, infinite = 0, subnormal = 0,
         zero_point_end = 0, quotient_overflows = 0;
    constexpr Real inf = std::numeric_limits<Real>::infinity();
    const auto lo = static_cast<double>(std::numeric_limits<Q>::min());
    const auto hi = static_cast<double>(std::numeric_limits<Q>::max());
    // Multiples of 1/2 that a Real holds exactly, as far as the range of Q needs.
    constexpr double half_steps = std::is_same_v<Real, float> ? 0x1p22 : 0x1p33;
    for (long i = 0; i < cases; ++i) {
        const auto kind = r.below(6);
        // Ties: k / 2 times a power of two.
        const Real scale = kind == 1 ? std::ldexp(Real{1}, static_cast<int>(r.below(33)) - 24) : scale_of<Real>(r);
        const std::int32_t zero_point = draws::zero_point<Q>(r);
        Real value{};
        switch (kind) {
        case 0:
            value = draws::any_finite<Real>(r);
            break;
        case 1: {  // k / 2 times the scale, a power of two, k anywhere a Real holds k / 2 exactly
            const double k = std::floor(r.uniform(-half_steps, half_steps)) / 2;
            value = static_cast<Real>(k) * scale;
            break;
        }
        case 2: {  // around the clamps: the ends of Q minus the zero point, +- 0, 1/2, 1, times the scale
            const double end = (r.below(2) == 0 ? lo : hi) - zero_point;
            value = static_cast<Real>(end + (static_cast<double>(r.below(5)) - 2) / 2) * scale;
            break;
        }
        case 3: {
            constexpr Real special[] = {inf, -inf, Real{0}, -Real{0}, std::numeric_limits<Real>::denorm_min(),
                                        std::numeric_limits<Real>::max(), -std::numeric_limits<Real>::max()};
            value = special[r.below(std::size(special))];
            break;
        }
        default:
            value = static_cast<Real>(r.uniform(lo - zero_point - 4, hi - zero_point + 4)) * scale;
            break;
        }
        const Q expected = reference_quantize<Q>(value, scale, zero_point);
        const Q actual = q::quantize<Q>(value, scale, zero_point);
        if (actual != expected) {
            INFO(name << ": value " << std::hexfloat << value << ", scale " << scale << std::defaultfloat
                      << ", zero point " << zero_point << ": expected " << +expected << ", got " << +actual);
            REQUIRE(actual == expected);
        }
        const Real quotient = value / scale;
        const double unclamped = static_cast<double>(std::round(quotient)) + zero_point;
        const bool tie = std::isfinite(quotient) && std::fabs(quotient - std::trunc(quotient)) == Real{0.5};
        ties_positive += tie && quotient > 0 ? 1 : 0;
        ties_negative += tie && quotient < 0 ? 1 : 0;
        clamped_low += unclamped < lo ? 1 : 0;
        clamped_high += unclamped > hi ? 1 : 0;
        infinite += std::isinf(value) ? 1 : 0;
        subnormal += value != 0 && std::fabs(value) < std::numeric_limits<Real>::min() ? 1 : 0;
        zero_point_end += zero_point == lo || zero_point == hi ? 1 : 0;
        quotient_overflows += std::isinf(quotient) && std::isfinite(value) ? 1 : 0;
    }
    std::cout << name << ": " << cases << " values; ties " << ties_positive << " positive, " << ties_negative
              << " negative; clamped " << clamped_low << " low, " << clamped_high << " high; infinite "
              << infinite << "; subnormal " << subnormal << "; zero point at an end " << zero_point_end
              << "; quotient overflows " << quotient_overflows << '\n';
    for (const long hits : {ties_positive, ties_negative, clamped_low, clamped_high, infinite, subnormal,
                            zero_point_end, quotient_overflows}) {
        INFO(name);
        CHECK(hits >= min_edge_hits);
    }
}

template <class Q, class Real>
void dequantize_against_reference(std::uint64_t seed, const std::string& name) {
    property::rng r(seed);
    long ends = 0, overflows = 0, subnormal = 0, above_max_kept = 0;
    for (long i = 0; i < cases; ++i) {
        const std::int32_t zero_point = draws::zero_point<Q>(r);
        Q quantized{};
        const auto kind = r.below(4);
        if (kind == 0) {
            quantized = r.below(2) == 0 ? std::numeric_limits<Q>::min() : std::numeric_limits<Q>::max();
        } else if (kind == 1) {  // within 3 of the zero point (small results: subnormal for the smallest scales)
            const std::int64_t near = zero_point + static_cast<std::int64_t>(r.below(7)) - 3;
            quantized = static_cast<Q>(std::clamp<std::int64_t>(near, std::numeric_limits<Q>::min(),
                                                                std::numeric_limits<Q>::max()));
        } else {
            quantized = static_cast<Q>(static_cast<std::make_unsigned_t<Q>>(r.next()));
        }
        const auto offset = static_cast<double>(std::int64_t{quantized} - zero_point);
        Real scale = scale_of<Real>(r);
        if (offset != 0 && r.below(2) == 0) {
            // Within 4 ulps of max / |offset|: products on either side of the largest Real and of the point half
            // an ulp above it, from which on they round to infinity.
            scale = static_cast<Real>(static_cast<double>(std::numeric_limits<Real>::max()) / std::fabs(offset));
            const auto steps = static_cast<int>(r.below(9)) - 4;
            for (int k = 0; k < (steps < 0 ? -steps : steps); ++k) {
                scale = std::nextafter(scale, steps < 0 ? Real{0} : std::numeric_limits<Real>::max());
            }
        }
        const Real expected = reference_dequantize(quantized, scale, zero_point);
        const Real actual = q::dequantize(quantized, scale, zero_point);
        if (bits_of(actual) != bits_of(expected)) {
            INFO(name << ": " << +quantized << ", scale " << std::hexfloat << scale << ", zero point " << zero_point
                      << ": expected " << expected << ", got " << actual);
            REQUIRE(bits_of(actual) == bits_of(expected));
        }
        if constexpr (std::is_same_v<Real, float> && sizeof(Q) <= 2) {
            // q - zero point and scale are exact in float and their product in double: one rounding, the same as
            // the product in float.
            const Real in_float = scale * static_cast<float>(std::int32_t{quantized} - zero_point);
            REQUIRE(bits_of(actual) == bits_of(in_float));
        }
        ends += quantized == std::numeric_limits<Q>::min() || quantized == std::numeric_limits<Q>::max() ? 1 : 0;
        overflows += std::isinf(actual) ? 1 : 0;
        // |scale * offset| above the largest Real (exactly: fma rounds only the difference), rounded down to it.
        const double max = std::numeric_limits<Real>::max();
        above_max_kept += std::fma(static_cast<double>(scale), std::fabs(offset), -max) > 0 && !std::isinf(actual);
        subnormal += actual != 0 && std::fabs(actual) < std::numeric_limits<Real>::min() ? 1 : 0;
    }
    std::cout << name << ": " << cases << " values; at an end of the type " << ends << "; overflow to infinity "
              << overflows << "; above the largest, rounded to it " << above_max_kept << "; subnormal results "
              << subnormal << '\n';
    for (const long hits : {ends, overflows, above_max_kept, subnormal}) {
        INFO(name);
        CHECK(hits >= min_edge_hits);
    }
}

/// detail::round_half_away_from_zero against std::round, bit for bit (the sign of zero too), on any finite value,
/// on integers and halves (k / 2 for k up to 2^(digits + 1), so that the largest are integers of the type), on the
/// neighbours of halves, and on infinities.
template <class Real>
void round_against_std(std::uint64_t seed, const std::string& name) {
    property::rng r(seed);
    long halves = 0, neighbours_of_halves = 0, negative_zero = 0;
    constexpr auto digits = std::numeric_limits<Real>::digits;
    for (long i = 0; i < cases; ++i) {
        Real x{};
        switch (r.below(4)) {
        case 0:
            x = draws::any_finite<Real>(r);
            break;
        case 1:
        case 2: {
            const Real k = std::ldexp(static_cast<Real>(r.unit()), static_cast<int>(r.below(digits + 2)));
            const Real half = static_cast<Real>(std::floor(k)) / 2 * (r.below(2) == 0 ? 1 : -1);
            x = r.below(2) == 0 ? half : std::nextafter(half, r.below(2) == 0 ? Real{0} : 2 * half);
            break;
        }
        default: {
            constexpr Real special[] = {std::numeric_limits<Real>::infinity(), -std::numeric_limits<Real>::infinity(),
                                        Real{0}, -Real{0}, Real{0.5}, Real{-0.5}};
            x = special[r.below(std::size(special))];
            break;
        }
        }
        const Real expected = std::round(x);
        const Real actual = cta::quantized::detail::round_half_away_from_zero(x);
        if (bits_of(actual) != bits_of(expected)) {
            INFO(name << ": " << std::hexfloat << x << ": expected " << expected << ", got " << actual);
            REQUIRE(bits_of(actual) == bits_of(expected));
        }
        const bool is_half = std::isfinite(x) && std::fabs(x - std::trunc(x)) == Real{0.5};
        halves += is_half ? 1 : 0;
        neighbours_of_halves +=
            !is_half && std::isfinite(x) && std::fabs(std::fabs(x - std::trunc(x)) - Real{0.5}) < Real{0x1p-20} ? 1
                                                                                                              : 0;
        negative_zero += expected == 0 && std::signbit(expected) ? 1 : 0;
    }
    std::cout << name << ": " << cases << " values; halves " << halves << "; next to a half "
              << neighbours_of_halves << "; rounded to -0 " << negative_zero << '\n';
    for (const long hits : {halves, neighbours_of_halves, negative_zero}) {
        INFO(name);
        CHECK(hits >= min_edge_hits);
    }
}

template <class Q>
std::string bits_name() {
    return "int" + std::to_string(8 * sizeof(Q));
}

}  // namespace

TEMPLATE_TEST_CASE("quantize from float is std::round of the float quotient, + zero point, clamped",
                   "[quantized][property]", std::int8_t, std::int16_t, std::int32_t) {
    quantize_against_reference<TestType, float>(0x5146 + sizeof(TestType),
                                                "quantize float to " + bits_name<TestType>());
}

TEMPLATE_TEST_CASE("quantize from double is std::round of the double quotient, + zero point, clamped",
                   "[quantized][property]", std::int8_t, std::int16_t, std::int32_t) {
    quantize_against_reference<TestType, double>(0x5144 + sizeof(TestType),
                                                 "quantize double to " + bits_name<TestType>());
}

TEMPLATE_TEST_CASE("dequantize is scale * (q - zero point) in double, rounded to the result type",
                   "[quantized][property]", std::int8_t, std::int16_t, std::int32_t) {
    dequantize_against_reference<TestType, float>(0x4446 + sizeof(TestType),
                                                  "dequantize " + bits_name<TestType>() + " to float");
    dequantize_against_reference<TestType, double>(0x4444 + sizeof(TestType),
                                                   "dequantize " + bits_name<TestType>() + " to double");
}

TEST_CASE("the rounding of quantize is std::round, bit for bit", "[quantized][property]") {
    round_against_std<float>(0x52464c54, "round float");
    round_against_std<double>(0x52444242, "round double");
}
