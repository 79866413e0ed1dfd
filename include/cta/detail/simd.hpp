// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The vectors of the run-time products: GCC's and Clang's vector extensions, whose operations are element-wise
/// IEEE operations with the roundings of the scalar ones, so that the kernels give the bits of the `constexpr` code
/// they stand in for at run time. Not used in constant evaluation.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <cta/detail/target.hpp>

/// @def CTA_HAVE_VECTORS
/// CTA_HAVE_VECTORS is 1 where the compiler has the vector extensions (GCC, Clang) and the target has vector
/// registers whose arithmetic is IEEE's, subnormals included (x86-64's SSE2; AArch64's Advanced SIMD, which follows
/// FPCR as its scalar instructions do), else 0: plain loops, which is also smaller code for microcontrollers without
/// them. 32-bit Arm has plain loops: its NEON (Advanced SIMD in AArch32 state) ignores FPSCR and flushes subnormal
/// operands and results to zero, where the VFP's scalar instructions keep them (FPSCR.FZ = 0), so vectors would give
/// 0 for a result that is subnormal at compile time (tests/embedded/cortex-a15 shows both); CTA_HAVE_VECTORS=1 is
/// refused there. Define it as 0 before including cta (or with -DCTA_HAVE_VECTORS=0) for plain loops everywhere; the
/// results are the same bits (tests/identity's `scalar` variant). Every translation unit of a program must see the
/// same value.
#if defined(__GNUC__) && (defined(__SSE2__) || defined(__aarch64__))
#define CTA_DETAIL_TARGET_HAS_VECTORS 1
#else
#define CTA_DETAIL_TARGET_HAS_VECTORS 0
#endif
#ifndef CTA_HAVE_VECTORS
#define CTA_HAVE_VECTORS CTA_DETAIL_TARGET_HAS_VECTORS
#elif CTA_HAVE_VECTORS && defined(__arm__) && defined(__ARM_NEON)
#error "CTA_HAVE_VECTORS=1 on 32-bit Arm: NEON flushes subnormals to zero (it ignores FPSCR), so subnormal results would not be the compile-time ones; cta uses plain loops there"
#elif CTA_HAVE_VECTORS && !CTA_DETAIL_TARGET_HAS_VECTORS
#error "CTA_HAVE_VECTORS=1 needs GCC's or Clang's vector extensions and a target with SSE2 or AArch64's Advanced SIMD"
#endif

namespace cta::detail {

/// The bytes of a vector register: 16 (SSE2, Advanced SIMD), 32 with AVX, 64 with AVX-512.
#if defined(__AVX512F__)
inline constexpr std::size_t vector_bytes = 64;
#elif defined(__AVX__)
inline constexpr std::size_t vector_bytes = 32;
#else
inline constexpr std::size_t vector_bytes = 16;
#endif

/// Whether the run-time kernels have vectors of R: of float and of double on every target with vectors.
template <class R>
inline constexpr bool has_vectors = CTA_HAVE_VECTORS && (std::is_same_v<R, float> || std::is_same_v<R, double>);

#if CTA_HAVE_VECTORS
/// The masks that comparisons of vectors of double and of float give, taken from comparisons (outside a template,
/// where GCC types them as vectors): GCC's 64-bit lanes are `long` on LP64 targets where Clang's are `long long`,
/// and `-flax-vector-conversions=none` allows no conversion between the two.
typedef double double_vector __attribute__((vector_size(vector_bytes)));  // NOLINT(modernize-use-using)
typedef float float_vector __attribute__((vector_size(vector_bytes)));    // NOLINT(modernize-use-using)
using double_mask = decltype(double_vector{} < double_vector{});
using float_mask = decltype(float_vector{} < float_vector{});
template <class V>
auto lane_of(V v) -> std::remove_cvref_t<decltype(v[0])>;  // the type of a lane of V (for decltype only)

/// A vector of R of `Bytes` (by default filling a vector register), the signed integer vector of the same lanes
/// (what comparisons give), the unsigned one (for arithmetic on the bits, which wraps around), and the number of
/// lanes.
template <class R, std::size_t Bytes = vector_bytes>
struct simd {
    static_assert(Bytes >= 16 && Bytes <= vector_bytes);
    typedef R type __attribute__((vector_size(Bytes)));  // NOLINT(modernize-use-using)
    using bits_t = decltype(lane_of(std::declval<std::conditional_t<sizeof(R) == 8, double_mask, float_mask>&>()));
    typedef bits_t mask_type __attribute__((vector_size(Bytes)));  // NOLINT(modernize-use-using)
    using unsigned_bits_t = std::make_unsigned_t<bits_t>;
    typedef unsigned_bits_t bits_type __attribute__((vector_size(Bytes)));  // NOLINT(modernize-use-using)
    static constexpr std::size_t lanes = Bytes / sizeof(R);
    static_assert(sizeof(bits_t) == sizeof(R) && sizeof(mask_type) == sizeof(type));
    static_assert(std::is_same_v<mask_type, decltype(type{} < type{})>);
};

/// A vector of `Bytes / sizeof(R)` lanes of R, for Bytes = 16 up to vector_bytes: the products' narrower blocks, for
/// fewer columns than a vector register holds (include/cta/operations.hpp).
template <class R, std::size_t Bytes>
struct vector_of {
    static_assert(Bytes >= 16 && Bytes <= vector_bytes && Bytes % sizeof(R) == 0);
    typedef R type __attribute__((vector_size(Bytes)));  // NOLINT(modernize-use-using)
};

/// A vector from the memory at p (which need not be aligned), and back.
template <class V, class R>
CTA_DETAIL_TARGET_TAG inline V load_vector(const R* p) noexcept {
    V v;
    __builtin_memcpy(&v, p, sizeof(V));
    return v;
}
template <class V, class R>
CTA_DETAIL_TARGET_TAG inline void store_vector(R* p, V v) noexcept {
    __builtin_memcpy(p, &v, sizeof(V));
}

/// Keeps v in a register where it is used several times. (GCC otherwise reloads it from memory at every use, as
/// an operand of each arithmetic instruction: in a product's block, two loads per multiplication instead of one
/// per row.) An empty `asm` that takes v in a vector register and gives it back; no instruction.
template <class V>
CTA_DETAIL_TARGET_TAG inline void in_register(V& v) noexcept {
#if defined(__GNUC__) && !defined(__clang__) && (defined(__x86_64__) || defined(__i386__))
    __asm__("" : "+x"(v));
#elif defined(__GNUC__) && !defined(__clang__) && defined(__aarch64__)
    __asm__("" : "+w"(v));
#else
    (void)v;
#endif
}

/// The vector of lanes p[0], p[stride], p[2 stride], ... as R, built from the elements (where they are in registers,
/// without memory) rather than read from memory as one vector; with N, the first N of them and then zeros (lanes
/// past N read nothing).
template <class V, class R, std::size_t N = ~std::size_t{0}, class T, std::size_t... l>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline V lanes_from(const T* p, std::size_t stride,
                                                                 std::index_sequence<l...>) noexcept {
    return V{(l < N ? static_cast<R>(p[l * stride]) : R(0))...};
}

/// The element at p as R, read on its own: an empty `asm` takes the value in a vector register and gives it back (no
/// instruction), so the compiler cannot merge the reads of neighbouring elements into one vector read. A vector
/// read of memory that narrower stores have just written (a matrix whose rows of 3 were written a vector of 2 and
/// an element at a time) cannot take its value from those stores, and waits until they are done; reads of one
/// element each take it from the store that wrote it.
template <class R, class T>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline R read_alone(const T* p) noexcept {
    R x = static_cast<R>(*p);
#if defined(__x86_64__) || defined(__i386__)
    __asm__("" : "+x"(x));
#elif defined(__aarch64__)
    __asm__("" : "+w"(x));
#endif
    return x;
}

/// m ? a : b, lane by lane, for a mask m of all-ones or all-zeros lanes (as comparisons give).
template <class V, class M>
CTA_DETAIL_TARGET_TAG inline V select(M m, V a, V b) noexcept {
    return reinterpret_cast<V>((reinterpret_cast<M>(a) & m) | (reinterpret_cast<M>(b) & ~m));
}
#endif

}  // namespace cta::detail
