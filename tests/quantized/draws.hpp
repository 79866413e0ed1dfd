// SPDX-License-Identifier: BSL-1.0
// The operands of the quantized property tests, drawn from a seeded generator (property::rng, SplitMix64) so that
// the edges of each function come often: INT32_MIN and INT32_MAX, 0 and +-1, powers of two and their neighbours,
// exact ties of each rounding, every shift and exponent, doubles that are subnormal, near a power of two or whose
// mantissa rounds up. Every function is constexpr: tests/quantized/compile_time_test.cpp draws the same cases in a
// constant expression.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "property.hpp"

namespace draws {

using property::rng;

inline constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();

/// A 32-bit two's complement number from the low 32 bits of `bits`.
constexpr std::int32_t low_int32(std::uint64_t bits) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(bits));
}

/// +1 or -1, each with probability 1/2.
constexpr std::int64_t sign(rng& r) { return (r.next() & 1U) != 0 ? -1 : 1; }

/// `v` if it fits in 32 bits, else the nearest end of the range.
constexpr std::int32_t clamp_int32(std::int64_t v) {
    return v < int32_min ? int32_min : v > int32_max ? int32_max : static_cast<std::int32_t>(v);
}

/// A 32-bit integer: one of the ends (INT32_MIN, INT32_MIN + 1, INT32_MAX - 1, INT32_MAX), 0 or +-1 (1/8 of the
/// draws); +-2^k, k in [0, 31], or a neighbour of it (1/4); a small number in [-300, 300] (1/8); any 32 bits (1/2).
constexpr std::int32_t int32(rng& r) {
    switch (r.below(8)) {
    case 0: {
        constexpr std::int32_t special[] = {int32_min, int32_min + 1, int32_max - 1, int32_max, 0, 1, -1};
        return special[r.below(sizeof(special) / sizeof(special[0]))];
    }
    case 1:
    case 2: {
        const std::int64_t power = std::int64_t{1} << r.below(32);
        return clamp_int32(sign(r) * power + static_cast<std::int64_t>(r.below(3)) - 1);
    }
    case 3:
        return static_cast<std::int32_t>(static_cast<std::int64_t>(r.below(601)) - 300);
    default:
        return low_int32(r.next());
    }
}

/// An odd number in [1, 2^bits - 1], times a random sign.
constexpr std::int64_t odd(rng& r, int bits) {
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    return sign(r) * static_cast<std::int64_t>((r.next() & mask) | 1U);
}

struct int32_pair {
    std::int32_t a;
    std::int32_t b;
};

/// Operands of the saturating rounding doubling high multiply: INT32_MIN twice, the one product that does not fit
/// (1/16 of the draws); an exact tie, a * b an odd multiple of 2^30, so that 2ab / 2^32 is an integer and a half
/// (1/4); else two int32() draws.
constexpr int32_pair high_mul_operands(rng& r) {
    const auto kind = r.below(16);
    if (kind == 0) {
        return {int32_min, int32_min};
    }
    if (kind <= 4) {
        const int j = static_cast<int>(r.below(31));                  // b = odd * 2^j, a = odd * 2^(30 - j)
        const std::int64_t b = odd(r, 31 - j) * (std::int64_t{1} << j);  // |b| < 2^31
        const std::int64_t a = odd(r, j + 1) * (std::int64_t{1} << (30 - j));
        return (r.next() & 1U) != 0 ? int32_pair{static_cast<std::int32_t>(a), static_cast<std::int32_t>(b)}
                                    : int32_pair{static_cast<std::int32_t>(b), static_cast<std::int32_t>(a)};
    }
    return {int32(r), int32(r)};
}

struct divide_operands {
    std::int32_t x;
    int exponent;
};

/// Operands of the rounding divide by 2^exponent: exponent uniform in [0, 31]; x an exact tie, an odd multiple of
/// 2^(exponent - 1) (1/3 of the draws with exponent >= 1), else int32().
constexpr divide_operands divide_by_pot_operands(rng& r) {
    const int exponent = static_cast<int>(r.below(32));
    if (exponent >= 1 && r.below(3) == 0) {
        const std::int64_t x = odd(r, 32 - exponent) * (std::int64_t{1} << (exponent - 1));  // |x| < 2^31
        return {static_cast<std::int32_t>(x), exponent};
    }
    return {int32(r), exponent};
}

struct requantize_operands {
    std::int32_t x;
    std::int32_t multiplier;
    int shift;
};

/// Operands of the requantization: x = int32(); multiplier 0, 1, 2^30, 2^30 + 1 or INT32_MAX (1/8 of the draws),
/// else uniform in [2^30, 2^31) as quantize_multiplier gives; shift uniform in [-31, 30].
constexpr requantize_operands requantize_draw(rng& r) {
    const std::int32_t x = int32(r);
    std::int32_t multiplier = 0;
    if (r.below(8) == 0) {
        constexpr std::int32_t special[] = {0, 1, 1 << 30, (1 << 30) + 1, int32_max};
        multiplier = special[r.below(sizeof(special) / sizeof(special[0]))];
    } else {
        multiplier = static_cast<std::int32_t>((std::uint32_t{1} << 30) | (r.next() & 0x3fffffffU));
    }
    const int shift = static_cast<int>(r.below(62)) - 31;
    return {x, multiplier, shift};
}

/// A double from its sign, biased exponent field and fraction field.
constexpr double make_double(std::uint64_t exponent_field, std::uint64_t fraction) {
    return std::bit_cast<double>((exponent_field << 52) | (fraction & ((std::uint64_t{1} << 52) - 1)));
}

/// The exponent field of 2^30: real multipliers stay below it (the largest shift is 30).
inline constexpr std::uint64_t exponent_of_2_to_the_30 = 1023 + 30;
/// The exponent field of 2^-34: below it every multiplier is flushed to {0, 0}.
inline constexpr std::uint64_t exponent_of_2_to_the_minus_34 = 1023 - 34;

/// An exponent field in [2^-34's, last]: multipliers that are not all flushed.
constexpr std::uint64_t kept_exponent(rng& r, std::uint64_t last) {
    return exponent_of_2_to_the_minus_34 + r.below(last - exponent_of_2_to_the_minus_34 + 1);
}

/// A real multiplier in [0, 2^30) for quantize_multiplier, by kind (r.below(8)):
///   0  any double in [2^-34, 2^30) (random exponent and fraction)
///   1  a subnormal
///   2  a power of two 2^k, k in [-1074, 29], or one of the 3 doubles on either side of it
///   3  in [2^-34, 2^29), a fraction whose top 30 bits are ones and whose 31st is one: q * 2^31 rounds up to 2^31
///      (shift + 1)
///   4  in [2^-34, 2^30), an exact tie: q * 2^31 is an integer and a half (rounds away from zero)
///   5  near the smallest multiplier kept, in [2^-34, 2^-31) (below 2^-32 or so the multiplier is flushed)
///   6  in [2^29, 2^30), whose shift is 30, the largest
///   7  0, the smallest subnormal, the smallest normal, 0.5, 1, and the largest multiplier with shift 30
constexpr double real_multiplier(rng& r) {
    const std::uint64_t fraction = r.next();
    const std::uint64_t top30 = (fraction >> 34) << 22;  // random top 30 bits of a fraction field
    const std::uint64_t low22 = fraction & 0x3fffffU;    // random low 22 bits
    constexpr std::uint64_t ones30 = std::uint64_t{0x3fffffff} << 22;
    switch (r.below(8)) {
    case 0:
        return make_double(kept_exponent(r, exponent_of_2_to_the_30 - 1), fraction);
    case 1:
        return make_double(0, fraction | 1U);
    case 2: {
        const auto k = static_cast<int>(r.below(1104)) - 1074;  // [-1074, 29]
        const std::uint64_t bits =
            k >= -1022 ? static_cast<std::uint64_t>(k + 1023) << 52 : std::uint64_t{1} << (k + 1074);
        const auto delta = static_cast<std::int64_t>(r.below(7)) - 3;
        const std::uint64_t nudged = delta < 0 && bits < static_cast<std::uint64_t>(-delta)
                                         ? bits
                                         : bits + static_cast<std::uint64_t>(delta);
        return std::bit_cast<double>(nudged);
    }
    case 3:  // below 2^30's binade: rounding up raises the shift by one, to 30 at most
        return make_double(kept_exponent(r, exponent_of_2_to_the_30 - 2),
                           ones30 | (std::uint64_t{1} << 21) | (fraction & 0x1fffffU));
    case 4:  // the top 30 bits not all ones, so that the tie does not round up to 2^30 in the last binade
        return make_double(kept_exponent(r, exponent_of_2_to_the_30 - 1),
                           (top30 == ones30 ? 0 : top30) | (std::uint64_t{1} << 21));
    case 5:
        return make_double(exponent_of_2_to_the_minus_34 + r.below(3), fraction);
    case 6:  // the top 30 bits not all ones, so that it does not round up to 2^30
        return make_double(exponent_of_2_to_the_30 - 1, (top30 == ones30 ? 0 : top30) | low22);
    default: {
        constexpr double special[] = {0.0,
                                      0x1p-1074,
                                      0x1p-1022,
                                      0.5,
                                      1.0,
                                      // q * 2^31 = 2^31 - 1/2 - 2^-22, the largest below the tie that rounds up
                                      0x1.fffffffbfffffp29};
        return special[r.below(sizeof(special) / sizeof(special[0]))];
    }
    }
}

/// A zero point of Q: its lowest or its highest value (1/4 of the draws), else anywhere in its range.
template <class Q>
constexpr std::int32_t zero_point(rng& r) {
    const std::int64_t lo = std::numeric_limits<Q>::min();
    const std::int64_t hi = std::numeric_limits<Q>::max();
    switch (r.below(8)) {
    case 0:
        return static_cast<std::int32_t>(lo);
    case 1:
        return static_cast<std::int32_t>(hi);
    default:
        const auto count = static_cast<std::size_t>(hi - lo + 1);
        return static_cast<std::int32_t>(lo + static_cast<std::int64_t>(r.below(count)));
    }
}

/// A value of type Real with a random sign, exponent field and fraction: every finite value, subnormals and zeros
/// included (infinities and NaN excluded).
template <class Real>
constexpr Real any_finite(rng& r) {
    using bits_t = std::conditional_t<std::is_same_v<Real, float>, std::uint32_t, std::uint64_t>;
    constexpr int fraction_bits = std::numeric_limits<Real>::digits - 1;
    constexpr bits_t exponent_mask = static_cast<bits_t>((bits_t{1} << (sizeof(bits_t) * 8 - 1)) -
                                                         (bits_t{1} << fraction_bits));  // the exponent field
    auto bits = static_cast<bits_t>(r.next());
    if ((bits & exponent_mask) == exponent_mask) {
        bits &= static_cast<bits_t>(~(bits_t{1} << fraction_bits));  // largest exponent field: one binade lower
    }
    return std::bit_cast<Real>(bits);
}

}  // namespace draws
