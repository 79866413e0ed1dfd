// SPDX-License-Identifier: BSL-1.0
// same_bits(a, b): whether two matrices have the same element type, shape and bits (floats compared by their bits, so
// that NaN payloads, -0 and subnormals count), in constant evaluation: the proofs that two routes to a file's tensors
// give the same matrices (generator/generator_proof.cpp, embed_proof.cpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace test {

/// Whether a and b have the same element type, shape and bits.
template <class A, class B>
constexpr bool same_bits(const A& a, const B& b) {
    if constexpr (!std::is_same_v<A, B>) {
        return false;
    } else {
        using T = typename A::value_type;
        for (std::size_t i = 0; i < A::rows; ++i) {
            for (std::size_t j = 0; j < A::cols; ++j) {
                if constexpr (std::is_floating_point_v<T>) {
                    using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
                    if (std::bit_cast<U>(a(i, j)) != std::bit_cast<U>(b(i, j))) return false;
                } else if (a(i, j) != b(i, j)) {
                    return false;
                }
            }
        }
        return true;
    }
}

}  // namespace test
