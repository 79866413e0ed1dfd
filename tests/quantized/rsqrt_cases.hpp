// SPDX-License-Identifier: BSL-1.0
// The cases of the int8 RSQRT (<cta/quantized/rsqrt.hpp>), shared by rsqrt_proof.cpp (each result in a constant
// expression, checked with static_assert) and rsqrt_test.cpp (the same functions at run time on inputs read through
// volatile):
// - rsqrt_reference: TensorFlow Lite Micro's int8 RSQRT written again from its description (elementwise.cc's
//   SetRsqrtOutputMultiplier and RsqrtEvalQuantized, common.h's GetInvSqrtQuantizedMultiplierExp) on
//   integer_reference.hpp's arithmetic, without the library;
// - seeded random quantizations (property::rng), each checked on every int8 value that is not below the input's zero
//   point: zero points at -128 and 127, the value 0 (the largest output), the value 1, outputs that saturate.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/quantized/rsqrt.hpp>

#include "integer_reference.hpp"
#include "mean_cases.hpp"  // mean_reference::quantize_multiplier, mean_cases::zero_point and scale
#include "property.hpp"

namespace rsqrt_reference {

using integer_reference::wide;
using mean_reference::multiplier_and_shift;

/// The float nearest sqrt(x), x > 0 finite: a float near the double square root found by Newton's iteration, moved
/// until x lies between the squares of the midpoints to its neighbours (each midpoint has 25 significant bits, its
/// square 50: exact in double). sqrt(x) is never a midpoint.
constexpr float sqrt_float(float x) {
    const double d = static_cast<double>(x);
    double g = d > 1.0 ? d : 1.0;
    for (int i = 0; i < 200; ++i) g = (g + d / g) / 2.0;
    auto r = static_cast<float>(g);
    for (int i = 0; i < 8; ++i) {
        const auto bits = std::bit_cast<std::uint32_t>(r);
        const double below = (static_cast<double>(std::bit_cast<float>(bits - 1U)) + static_cast<double>(r)) / 2.0;
        const double above = (static_cast<double>(r) + static_cast<double>(std::bit_cast<float>(bits + 1U))) / 2.0;
        if (d < below * below) {
            r = std::bit_cast<float>(bits - 1U);
        } else if (d > above * above) {
            r = std::bit_cast<float>(bits + 1U);
        }
    }
    return r;
}

/// The multiplier of RSQRT's Prepare: 1.0 / double(sqrtf(input_scale) * output_scale), the product in float.
constexpr multiplier_and_shift prepared(float input_scale, float output_scale) {
    const float product = sqrt_float(input_scale) * output_scale;
    return mean_reference::quantize_multiplier(1.0 / static_cast<double>(product));
}

/// x 2^e for e > 0, saturated to int32 (gemmlowp's SaturatingRoundingMultiplyByPOT with a positive exponent).
constexpr std::int32_t times_pot_saturating(std::int32_t x, int e) {
    const wide v = wide{x} * (wide{1} << e);
    return static_cast<std::int32_t>(v > integer_reference::int32_max   ? wide{integer_reference::int32_max}
                                     : v < integer_reference::int32_min ? wide{integer_reference::int32_min}
                                                                        : v);
}

/// GetInvSqrtQuantizedMultiplierExp(x, -1): 1/sqrt(x) as multiplier 2^(shift - 31). x <= 1 gives {INT32_MAX, 0}.
/// Else x is brought into [2^27, 2^29) by divisions by 4 (each raising the right shift, from 11, by one) or
/// multiplications by 4 (each lowering it); Newton's iteration for 1/sqrt with 3 integer bits (raw / 2^28), input
/// (x / 2) / 2^28, five times from 1; times sqrt(2)/2; a negative right shift moved into the multiplier.
constexpr multiplier_and_shift inv_sqrt(std::int32_t x, bool& fits) {
    fits = true;
    if (x <= 1) {
        return {integer_reference::int32_max, 0};
    }
    int right = 11;
    while (x >= (1 << 29)) {
        x /= 4;
        ++right;
    }
    while (x < (1 << 27)) {
        x *= 4;
        --right;
    }
    bool f = true;
    const std::int32_t input = x / 2;
    const std::int32_t half_input = integer_reference::divide_by_pot(input, 1, f);
    fits = fits && f;
    std::int32_t z = 1 << 28;
    for (int i = 0; i < 5; ++i) {
        const std::int32_t z2 = integer_reference::high_mul(z, z, f);  // 6 integer bits
        fits = fits && f;
        const std::int32_t z3 = integer_reference::high_mul(z2, z, f);  // 9
        fits = fits && f;
        const std::int32_t z3_in_3 = times_pot_saturating(z3, 6);
        const std::int32_t a = integer_reference::high_mul((1 << 28) + (1 << 27), z, f);  // 3/2 z, 6 integer bits
        fits = fits && f;
        const std::int32_t b = integer_reference::high_mul(half_input, z3_in_3, f);  // 6 integer bits
        fits = fits && f;
        z = times_pot_saturating(a - b, 3);
    }
    std::int32_t m = integer_reference::high_mul(z, 1518500250, f);  // round(2^31 sqrt(2) / 2)
    fits = fits && f;
    if (right < 0) {
        m = static_cast<std::int32_t>(wide{m} * (wide{1} << -right));
        right = 0;
    }
    return {m, -right};
}

/// RSQRT of one int8 `q` (q not below the input's zero point): 127 for q - zero point = 0; else
/// 1/sqrt(q - zero point) in units of 2^-20 (requantize(1, inv_sqrt, shift + 20)), requantized by the prepared
/// multiplier with its shift minus 20, plus the output's zero point, clamped to int8.
constexpr std::int8_t rsqrt(std::int8_t q, std::int32_t input_zero_point, multiplier_and_shift m,
                            std::int32_t output_zero_point, bool& fits) {
    const std::int32_t v = q - input_zero_point;
    fits = true;
    if (v == 0) {
        return 127;
    }
    bool f = true;
    const multiplier_and_shift s = inv_sqrt(v, f);
    fits = fits && f;
    const std::int32_t d = integer_reference::requantize(1, s.multiplier, s.shift + 20, f);
    fits = fits && f;
    const wide out = wide{integer_reference::requantize(d, m.multiplier, m.shift - 20, f)} + output_zero_point;
    fits = fits && f;
    return static_cast<std::int8_t>(out < -128 ? -128 : out > 127 ? 127 : out);
}

}  // namespace rsqrt_reference

namespace rsqrt_cases {

namespace q = cta::quantized;

/// One random quantization of input and output.
struct draw {
    std::int32_t input_zero_point = 0, output_zero_point = 0;
    float input_scale = 1.0F, output_scale = 1.0F;
};

/// Case `index`: zero points (-128 or 127 in 1/4 of the draws each); the input's scale in [2^-12, 2^3); the output's by
/// kind: near 1/sqrt of the input's largest value over 127 (outputs spread over the range), much smaller (outputs
/// saturate at 127), much larger (outputs near the zero point), or any, keeping the multiplier in [2^-12, 2^29].
constexpr draw make(std::uint64_t index) {
    property::rng r(0x7273717274ULL * 0x100000001b3ULL + index);  // each case its own stream
    r.next();
    draw d;
    d.input_zero_point = mean_cases::zero_point(r);
    d.output_zero_point = mean_cases::zero_point(r);
    d.input_scale = mean_cases::scale(r, -12, 2);
    // 1 / sqrt(input_scale), roughly: the real value of the input level 1.
    const float top = 1.0F / rsqrt_reference::sqrt_float(d.input_scale);
    switch (r.below(4)) {
    case 0:
        d.output_scale = top / 127.0F * mean_cases::scale(r, -1, 0);
        break;
    case 1:
        d.output_scale = top / 127.0F * mean_cases::scale(r, -8, -3);
        break;
    case 2:
        d.output_scale = top * mean_cases::scale(r, 2, 9);
        break;
    default:
        d.output_scale = top * mean_cases::scale(r, -20, 9);
        break;
    }
    return d;
}

/// What cases [first, first + count) cover, and how many outputs differ from the reference's.
struct tally {
    std::size_t mismatches = 0, outputs = 0, not_fitting = 0, multiplier_mismatches = 0;
    std::size_t zero_values = 0, saturated_low = 0, saturated_high = 0, zero_point_min = 0, zero_point_max = 0;
    /// Both counts together, field by field.
    constexpr tally& operator+=(const tally& o) { return *this = mean_cases::add_counts(*this, o); }
};

/// Every int8 value not below the input's zero point, by the library and by the reference.
constexpr tally check(std::uint64_t first, std::uint64_t count) {
    tally t;
    for (std::uint64_t index = first; index < first + count; ++index) {
        const draw d = make(index);
        const auto m = rsqrt_reference::prepared(d.input_scale, d.output_scale);
        const q::rsqrt_params p{d.input_zero_point, q::prepare_rsqrt(d.input_scale, d.output_scale),
                                d.output_zero_point};
        t.multiplier_mismatches += p.multiplier.multiplier != m.multiplier || p.multiplier.shift != m.shift ? 1U : 0U;
        t.zero_point_min += d.input_zero_point == -128 || d.output_zero_point == -128 ? 1U : 0U;
        t.zero_point_max += d.input_zero_point == 127 || d.output_zero_point == 127 ? 1U : 0U;
        std::int8_t in[256] = {};
        std::int8_t got[256] = {};
        const std::size_t n = static_cast<std::size_t>(128 - d.input_zero_point);
        for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<std::int8_t>(d.input_zero_point + static_cast<int>(i));
        q::rsqrt(p, in, n, got);
        for (std::size_t i = 0; i < n; ++i) {
            bool fits = true;
            const std::int8_t want = rsqrt_reference::rsqrt(in[i], d.input_zero_point, m, d.output_zero_point, fits);
            ++t.outputs;
            t.not_fitting += fits ? 0U : 1U;
            t.mismatches += got[i] != want ? 1U : 0U;
            t.zero_values += i == 0 ? 1U : 0U;
            t.saturated_low += want == -128 ? 1U : 0U;
            t.saturated_high += want == 127 && i != 0 ? 1U : 0U;
        }
    }
    return t;
}

/// inv_sqrt_quantized_multiplier against the reference for x = first, ..., first + count - 1, and for `count`
/// random int32 values (any 32 bits, negatives included) drawn with seed `first`: how many differ.
constexpr std::size_t inv_sqrt_mismatches(std::int32_t first, std::int32_t count) {
    std::size_t mismatches = 0;
    property::rng r(static_cast<std::uint64_t>(static_cast<std::uint32_t>(first)) * std::uint64_t{0x100000001b3} +
                    std::uint64_t{0x69737172});
    for (std::int32_t k = 0; k < count; ++k) {
        for (const std::int32_t x : {first + k, static_cast<std::int32_t>(static_cast<std::uint32_t>(r.next()))}) {
            bool fits = true;
            const auto want = rsqrt_reference::inv_sqrt(x, fits);
            const auto got = q::inv_sqrt_quantized_multiplier(x);
            mismatches += !fits || got.multiplier != want.multiplier || got.shift != want.shift ? 1U : 0U;
        }
    }
    return mismatches;
}

}  // namespace rsqrt_cases
