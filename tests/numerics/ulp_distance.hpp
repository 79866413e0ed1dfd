// SPDX-License-Identifier: BSL-1.0
// Distances in ulps between floating-point values, on their bit patterns; usable in constant expressions. And bit
// patterns as text.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include <cta/math.hpp>

namespace cta_numerics {

template <class F>
struct float_traits;

template <>
struct float_traits<double> {
    using bits = std::uint64_t;
    static constexpr const char* name = "double";
};

template <>
struct float_traits<float> {
    using bits = std::uint32_t;
    static constexpr const char* name = "float";
};

template <class F>
using bits_t = typename float_traits<F>::bits;

/// The number of representable values from `b` to `a` (a positive count when a > b): 0 for identical values and for
/// +0 against -0, 1 between neighbours, 1 between the largest finite value and infinity. For non-NaN arguments.
template <class F>
constexpr std::int64_t signed_ulp_distance(F a, F b) noexcept {
    using U = bits_t<F>;
    constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
    const U ua = std::bit_cast<U>(a);
    const U ub = std::bit_cast<U>(b);
    const auto ma = static_cast<std::uint64_t>(ua & ~sign);
    const auto mb = static_cast<std::uint64_t>(ub & ~sign);
    const bool na = (ua & sign) != 0;
    const bool nb = (ub & sign) != 0;
    // Positions in the order of the values, as magnitudes with a sign; the distance saturates (it is only ever
    // compared with small numbers).
    std::uint64_t d = 0;
    bool a_above = false;
    if (na == nb) {
        d = ma > mb ? ma - mb : mb - ma;
        a_above = (ma > mb) != na;
    } else {
        d = ma + mb;
        a_above = nb;
    }
    constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const auto magnitude = static_cast<std::int64_t>(d > max ? max : d);
    return a_above ? magnitude : -magnitude;
}

/// |signed_ulp_distance(a, b)|, with NaN handling: 0 if both are NaN, the maximum if only one is.
template <class F>
constexpr std::uint64_t ulp_distance(F a, F b) noexcept {
    if (cta::isnan(a) || cta::isnan(b)) {
        return cta::isnan(a) && cta::isnan(b) ? 0 : std::numeric_limits<std::uint64_t>::max();
    }
    const std::int64_t d = signed_ulp_distance(a, b);
    return static_cast<std::uint64_t>(d < 0 ? -d : d);
}

/// The bit pattern `bits` in hexadecimal, with all its digits ("0x3ff0000000000000").
template <class U>
std::string hex(U bits) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(sizeof(U) * 2),
                  static_cast<unsigned long long>(bits));
    return text;
}

/// The bit pattern `bits` in hexadecimal and the value it holds ("0x3ff0000000000000 (1)").
template <class F>
std::string describe(bits_t<F> bits) {
    char text[64];
    std::snprintf(text, sizeof text, "0x%0*llx (%.*g)", static_cast<int>(sizeof(F) * 2),
                  static_cast<unsigned long long>(bits), std::numeric_limits<F>::max_digits10,
                  static_cast<double>(std::bit_cast<F>(bits)));
    return text;
}

}  // namespace cta_numerics
