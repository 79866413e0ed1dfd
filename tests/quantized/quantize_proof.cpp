// SPDX-License-Identifier: BSL-1.0
// quantize and dequantize on worked values, proven while this file compiles (static.quantized_quantize):
// TensorFlow Lite's rounding (the quotient in the value's type, ties away from zero), the clamps, the extremes of
// each type, and whole matrices.
#include <cta/quantized/quantize.hpp>

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace q = cta::quantized;

namespace {

template <class Real>
constexpr bool same_bits(Real a, Real b) {
    if constexpr (std::is_same_v<Real, float>) {
        return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
    } else {
        return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
    }
}

constexpr float inf = std::numeric_limits<float>::infinity();
constexpr float float_max = std::numeric_limits<float>::max();
constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();

}  // namespace

// q = round(x / scale) + zero point.
static_assert(q::quantize<std::int8_t>(0.5F, 0.1F, 3) == 8);    // 0.5F / 0.1F is 5.0F
static_assert(q::quantize<std::int8_t>(-1.0F, 0.25F, 10) == 6);
static_assert(q::quantize<std::int8_t>(0.0F, 0.5F, -128) == -128);
static_assert(q::quantize<std::int8_t>(0.3, 0.1, 0) == 3);      // 2.9999999999999996 in double: to nearest

// Ties go away from zero (not to even): 0.5 -> 1, 1.5 -> 2, 2.5 -> 3, and their negatives.
static_assert(q::quantize<std::int8_t>(0.25F, 0.5F, 0) == 1 && q::quantize<std::int8_t>(-0.25F, 0.5F, 0) == -1);
static_assert(q::quantize<std::int8_t>(0.75F, 0.5F, 0) == 2 && q::quantize<std::int8_t>(-0.75F, 0.5F, 0) == -2);
static_assert(q::quantize<std::int8_t>(1.25F, 0.5F, 0) == 3 && q::quantize<std::int8_t>(-1.25F, 0.5F, 0) == -3);
static_assert(q::quantize<std::int16_t>(2.5, 1.0, 100) == 103 && q::quantize<std::int16_t>(-2.5, 1.0, 100) == 97);
// The tie is decided before the zero point is added: -0.5 -> -1, then + 1 gives 0 (not round(0.5) = 1).
static_assert(q::quantize<std::int8_t>(-0.5F, 1.0F, 1) == 0);
// Just below a tie: to nearest. 0.49999999999999994 + 0.5 is 1.0 in double, so floor(x + 0.5) would give 1.
static_assert(q::quantize<std::int8_t>(0.49999999999999994, 1.0, 0) == 0);
static_assert(q::quantize<std::int8_t>(0.49999997F, 1.0F, 0) == 0);

// The quotient is a float for a float value, as in TensorFlow Lite: 0.0015F / 0.001F is 1.4999999417923418 exactly,
// which rounds to the float 1.5, a tie, so 2; the same numbers in double give 1.
static_assert(q::quantize<std::int8_t>(0.0015F, 0.001F, 0) == 2);
static_assert(q::quantize<std::int8_t>(static_cast<double>(0.0015F), static_cast<double>(0.001F), 0) == 1);

// Clamps to the range of the type, after the zero point.
static_assert(q::quantize<std::int8_t>(127.5F, 1.0F, 0) == 127);    // 128: above
static_assert(q::quantize<std::int8_t>(126.5F, 1.0F, 0) == 127);    // 127: in
static_assert(q::quantize<std::int8_t>(-128.5F, 1.0F, 0) == -128);  // -129: below
static_assert(q::quantize<std::int8_t>(-0.25F, 0.5F, -128) == -128);  // -1 - 128 = -129
static_assert(q::quantize<std::int8_t>(1000.0F, 1.0F, 0) == 127 && q::quantize<std::int8_t>(-1000.0F, 1.0F, 0) == -128);
static_assert(q::quantize<std::int16_t>(1.0F, 1.0F / 32768, 0) == 32767);   // 32768: above
static_assert(q::quantize<std::int16_t>(-1.0F, 1.0F / 32768, 0) == -32768);
// int32: the largest float below 2^31 plus a zero point, in double, without overflow.
static_assert(q::quantize<std::int32_t>(2147483520.0F, 1.0F, 126) == int32_max - 1);
static_assert(q::quantize<std::int32_t>(2147483520.0F, 1.0F, 127) == int32_max);
static_assert(q::quantize<std::int32_t>(2147483520.0F, 1.0F, 128) == int32_max);  // clamped
static_assert(q::quantize<std::int32_t>(-2147483648.0F, 1.0F, 0) == int32_min);
static_assert(q::quantize<std::int32_t>(-2147483648.0F, 1.0F, -1) == int32_min);  // clamped
static_assert(q::quantize<std::int32_t>(4294967296.0, 1.0, int32_min) == int32_max);

// Infinities and quotients beyond the largest float go to the ends; subnormals to the zero point.
static_assert(q::quantize<std::int8_t>(inf, 0.5F, 0) == 127 && q::quantize<std::int8_t>(-inf, 0.5F, 0) == -128);
static_assert(q::quantize<std::int16_t>(float_max, 1e-10F, 0) == 32767);
static_assert(q::quantize<std::int32_t>(-float_max, std::numeric_limits<float>::denorm_min(), 0) == int32_min);
static_assert(q::quantize<std::int8_t>(std::numeric_limits<float>::denorm_min(), 1.0F, 5) == 5);
static_assert(q::quantize<std::int8_t>(1.0F, float_max, -7) == -7);
static_assert(q::quantize<std::int8_t>(-0.0F, 1.0F, 0) == 0);

// dequantize: scale * (q - zero point), in double, rounded once to the result type.
static_assert(same_bits(q::dequantize(std::int8_t{8}, 0.5F, 3), 2.5F));
static_assert(same_bits(q::dequantize(std::int8_t{-128}, 0.5F, 127), -127.5F));
static_assert(same_bits(q::dequantize(std::int8_t{127}, 0.5F, -128), 127.5F));
static_assert(same_bits(q::dequantize(std::int8_t{3}, 0.1F, 3), 0.0F));
static_assert(same_bits(q::dequantize(std::int16_t{-32768}, 1.0F / 32768, 0), -1.0F));
static_assert(same_bits(q::dequantize(std::int8_t{3}, 0.1, 0), 0.30000000000000004));
// int32: the offset is computed in 64 bits (INT32_MIN - INT32_MAX does not fit in 32), and the product of a float
// scale is rounded once from double: 3 * 16777217 = 50331651 gives the float 50331652, where a product in float
// (of 16777217 rounded to 16777216) would give 50331648.
static_assert(same_bits(q::dequantize(int32_min, 1.0, int32_max), -4294967295.0));
static_assert(same_bits(q::dequantize(std::int32_t{16777217}, 3.0F, 0), 50331652.0F));
// A product beyond the largest float by half an ulp (2^103) or more is infinity; below that, the largest float.
static_assert(same_bits(q::dequantize(std::int8_t{2}, float_max, 0), inf));
static_assert(same_bits(q::dequantize(std::int8_t{-2}, float_max, 0), -inf));
static_assert(same_bits(q::dequantize(std::int8_t{1}, float_max, 0), float_max));
static_assert(same_bits(q::dequantize(std::int8_t{2}, std::numeric_limits<double>::max(), 0),
                        std::numeric_limits<double>::infinity()));
static_assert(same_bits(q::dequantize(std::int8_t{1}, std::numeric_limits<double>::max(), 0),
                        std::numeric_limits<double>::max()));

// Round trips: values on the grid of the scale come back exactly.
static_assert(q::dequantize(q::quantize<std::int8_t>(-1.75F, 0.25F, 4), 0.25F, 4) == -1.75F);
static_assert(q::quantize<std::int8_t>(q::dequantize(std::int8_t{-77}, 0.0390625F, -3), 0.0390625F, -3) == -77);

// Whole matrices: each element as the scalar functions, shape and axes kept.
constexpr cta::matrix<float, 2, 3> real{{{0.0F, 0.25F, -0.75F}, {100.0F, -100.0F, 1.25F}}};
constexpr auto quantized = q::quantize<std::int8_t>(real, 0.5F, -1);
static_assert(std::is_same_v<decltype(quantized), const cta::matrix<std::int8_t, 2, 3>>);
static_assert(quantized == cta::matrix<std::int8_t, 2, 3>{{{-1, 0, -3}, {127, -128, 2}}});
constexpr auto dequantized = q::dequantize(quantized, 0.5F, -1);
static_assert(std::is_same_v<decltype(dequantized), const cta::matrix<float, 2, 3>>);
static_assert(dequantized == cta::matrix<float, 2, 3>{{{0.0F, 0.5F, -1.0F}, {64.0F, -63.5F, 1.5F}}});

constexpr cta::matrix<double, 1, 2, cta::axis::tokens, cta::axis::model> named{{{-3.0, 3.0}}};
constexpr auto named_quantized = q::quantize<std::int16_t>(named, 0.001, 0);
static_assert(std::is_same_v<decltype(named_quantized),
                             const cta::matrix<std::int16_t, 1, 2, cta::axis::tokens, cta::axis::model>>);
static_assert(named_quantized(0, 0) == -3000 && named_quantized(0, 1) == 3000);
static_assert(std::is_same_v<decltype(q::dequantize(named_quantized, 0.001, 0)),
                             cta::matrix<double, 1, 2, cta::axis::tokens, cta::axis::model>>);

// The types: Q is int8_t, int16_t or int32_t, the real type float or double.
template <class Q, class Real>
concept quantizes = requires(Real x) { q::quantize<Q>(x, x, 0); };
static_assert(quantizes<std::int8_t, float> && quantizes<std::int16_t, double> && quantizes<std::int32_t, float>);
static_assert(!quantizes<std::uint8_t, float> && !quantizes<std::int64_t, double>);
static_assert(!quantizes<std::int8_t, long double> && !quantizes<std::int8_t, int>);
