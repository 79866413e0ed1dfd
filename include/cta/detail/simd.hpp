/// @file
/// @brief The vectors of the run-time products: GCC's and Clang's vector extensions, whose operations are element-wise
/// IEEE operations with the roundings of the scalar ones, so that the kernels give the bits of the `constexpr` code
/// they stand in for at run time. Not used in constant evaluation.
#pragma once

#include <cstddef>
#include <type_traits>

/// CTA_HAVE_VECTORS is 1 where the compiler has the vector extensions (GCC, Clang) and the target vector registers
/// (x86-64's SSE2, Arm's NEON), else 0: plain loops, which is also smaller code for microcontrollers without them.
#if defined(__GNUC__) && (defined(__SSE2__) || defined(__ARM_NEON) || defined(__aarch64__))
#define CTA_HAVE_VECTORS 1
#else
#define CTA_HAVE_VECTORS 0
#endif

namespace cta::detail {

/// The bytes of a vector register: 16 (SSE2, NEON), 32 with AVX, 64 with AVX-512.
#if defined(__AVX512F__)
inline constexpr std::size_t vector_bytes = 64;
#elif defined(__AVX__)
inline constexpr std::size_t vector_bytes = 32;
#else
inline constexpr std::size_t vector_bytes = 16;
#endif

/// Whether the run-time kernels have vectors of R: float and double.
template <class R>
inline constexpr bool has_vectors = CTA_HAVE_VECTORS && (std::is_same_v<R, float> || std::is_same_v<R, double>);

#if CTA_HAVE_VECTORS
/// A vector of R filling a vector register, and its number of lanes.
template <class R>
struct simd {
    typedef R type __attribute__((vector_size(vector_bytes)));  // NOLINT(modernize-use-using): the attribute needs it
    static constexpr std::size_t lanes = vector_bytes / sizeof(R);
};

/// A vector from the memory at p (which need not be aligned), and back.
template <class V, class R>
inline V load_vector(const R* p) noexcept {
    V v;
    __builtin_memcpy(&v, p, sizeof(V));
    return v;
}
template <class V, class R>
inline void store_vector(R* p, V v) noexcept {
    __builtin_memcpy(p, &v, sizeof(V));
}
#endif

}  // namespace cta::detail
