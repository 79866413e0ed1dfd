// SPDX-License-Identifier: BSL-1.0
// The quantized arithmetic written again from its definitions, in plain 64-bit and 128-bit integers, without the
// library: what the property tests compare <cta/quantized/fixed_point.hpp> and <cta/quantized/quantize.hpp> with.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace integer_reference {

__extension__ typedef __int128 wide;  // __extension__: no -Wpedantic warning

inline constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();

/// floor(n / d) for d > 0 (C++'s division truncates toward zero).
constexpr wide floor_divide(wide n, wide d) {
    const wide q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}

/// The 32-bit number `v` stands for, or a failed check (a 64-bit value that does not fit is a bug of the reference).
constexpr std::int32_t to_int32(wide v, bool& fits) {
    fits = v >= int32_min && v <= int32_max;
    return fits ? static_cast<std::int32_t>(v) : 0;
}

/// round(2ab / 2^32) with ties up: floor((2ab + 2^31) / 2^32); a = b = INT32_MIN, whose result 2^31 does not fit,
/// gives INT32_MAX.
constexpr std::int32_t high_mul(std::int32_t a, std::int32_t b, bool& fits) {
    if (a == int32_min && b == int32_min) {
        fits = true;
        return int32_max;
    }
    const wide twice = 2 * wide{a} * wide{b};
    return to_int32(floor_divide(twice + (wide{1} << 31), wide{1} << 32), fits);
}

/// x / 2^e to the nearest integer, ties away from zero: |x| / 2^e rounded half up, with the sign of x.
constexpr std::int32_t divide_by_pot(std::int32_t x, int e, bool& fits) {
    const wide magnitude = x < 0 ? -wide{x} : wide{x};
    const wide d = wide{1} << e;
    wide q = magnitude / d;
    if (2 * (magnitude % d) >= d) {
        ++q;
    }
    return to_int32(x < 0 ? -q : q, fits);
}

/// x * 2^left reduced modulo 2^32 to [-2^31, 2^31): the processor's 32-bit left shift.
constexpr std::int32_t wrapping_shift_left(std::int32_t x, int left) {
    const wide m = wide{1} << 32;
    wide v = (wide{x} * (wide{1} << left)) % m;  // in (-2^32, 2^32)
    if (v < 0) {
        v += m;
    }
    return static_cast<std::int32_t>(v >= (wide{1} << 31) ? v - m : v);
}

/// The requantization: x shifted left by max(shift, 0) in 32 bits, the high multiply, the divide by
/// 2^max(-shift, 0).
constexpr std::int32_t requantize(std::int32_t x, std::int32_t multiplier, int shift, bool& fits) {
    const int left = shift > 0 ? shift : 0;
    const int right = shift > 0 ? 0 : -shift;
    bool high_fits = false;
    const std::int32_t high = high_mul(wrapping_shift_left(x, left), multiplier, high_fits);
    const std::int32_t result = divide_by_pot(high, right, fits);
    fits = fits && high_fits;
    return result;
}

struct multiplier_and_shift {
    std::int32_t multiplier;
    int shift;
    bool rounded_up;  // the mantissa rounded to 2^31 (halved, shift + 1)
    bool flushed;     // the shift was below -31 (multiplier 0)
};

/// TensorFlow Lite's QuantizeMultiplier restated with the standard library at run time: M = q 2^shift with q in
/// [0.5, 1) (std::frexp), q 2^31 rounded half away from zero (std::round); 2^31 halved with the shift raised; a
/// shift below -31 flushed to {0, 0}.
inline multiplier_and_shift quantize_multiplier(double m) {
    if (m == 0.0) {
        return {0, 0, false, false};
    }
    int shift = 0;
    const double q = std::frexp(m, &shift);
    auto fixed = static_cast<std::int64_t>(std::round(q * 2147483648.0));
    bool rounded_up = false;
    if (fixed == (std::int64_t{1} << 31)) {
        fixed /= 2;
        ++shift;
        rounded_up = true;
    }
    if (shift < -31) {
        return {0, 0, rounded_up, true};
    }
    return {static_cast<std::int32_t>(fixed), shift, rounded_up, false};
}

}  // namespace integer_reference
