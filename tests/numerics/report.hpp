// SPDX-License-Identifier: BSL-1.0
// Bit patterns as text for the accuracy tests' messages.
#pragma once

#include <bit>
#include <cstdio>
#include <limits>
#include <string>

#include "ulp_distance.hpp"

namespace cta_numerics {

/// The bits in hex, zero-padded to the width of the type: "0x3ff0000000000000".
template <class U>
std::string hex(U bits) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(sizeof(U) * 2),
                  static_cast<unsigned long long>(bits));
    return text;
}

/// The bits in hex and the value they hold: "0x3ff0000000000000 (1)".
template <class F>
std::string describe(bits_t<F> bits) {
    char text[64];
    std::snprintf(text, sizeof text, "0x%0*llx (%.*g)", static_cast<int>(sizeof(F) * 2),
                  static_cast<unsigned long long>(bits), std::numeric_limits<F>::max_digits10,
                  static_cast<double>(std::bit_cast<F>(bits)));
    return text;
}

}  // namespace cta_numerics
