// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `CTA_DETAIL_TARGET_TAG`: the library's functions are named after the instruction set they are compiled
/// for, so that translation units built for different instruction sets can be linked into one program.
///
/// A header-only library's functions are inline: every translation unit that uses one compiles its own copy, and
/// the linker keeps one of the copies for the whole program. With units built for different instruction sets
/// (a kernel compiled with `-mavx512f` next to the rest for the baseline, as libraries that dispatch on the
/// processor do), the copies differ (wider vectors, other instructions), and the one kept may be one that the
/// processor cannot run, called from a unit that was built not to need it: an illegal instruction. So every
/// function of the library carries an ABI tag (`[[gnu::abi_tag]]`, part of its mangled name, not of the names
/// diagnostics print) that names what its code depends on: the x86-64 level (`x86_64_v1` to `x86_64_v4`) and the
/// vector extensions beyond it, or `aarch64`, or `arm` with its FPU, `neon`, `fma` and `dsp`.
/// Units for different targets then call different functions, each the code of its own unit
/// (tests/mixed_targets). The types (matrices, records) are the same in every unit.
#pragma once

#define CTA_DETAIL_TARGET_STRING2(x) #x
#define CTA_DETAIL_TARGET_STRING(x) CTA_DETAIL_TARGET_STRING2(x)

// The instruction set: a level and what the unit has beyond it that changes the library's code.
#if defined(__x86_64__) || defined(__i386__)
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512CD__) && defined(__AVX512DQ__) &&              \
    defined(__AVX512VL__) && defined(__AVX2__) && defined(__FMA__) && defined(__BMI2__)
#define CTA_DETAIL_TARGET_LEVEL "x86_64_v4"
#elif defined(__AVX2__) && defined(__FMA__) && defined(__BMI__) && defined(__BMI2__) && defined(__F16C__) &&       \
    defined(__LZCNT__) && defined(__MOVBE__) && defined(__SSE4_2__) && defined(__POPCNT__)
#define CTA_DETAIL_TARGET_LEVEL "x86_64_v3"
#elif defined(__SSE4_2__) && defined(__SSE4_1__) && defined(__SSSE3__) && defined(__SSE3__) && defined(__POPCNT__)
#define CTA_DETAIL_TARGET_LEVEL "x86_64_v2"
#else
#define CTA_DETAIL_TARGET_LEVEL "x86_64_v1"
#endif
#if defined(__AVX512F__) && !defined(__AVX512VL__)
#define CTA_DETAIL_TARGET_AVX512 "_avx512f"
#else
#define CTA_DETAIL_TARGET_AVX512 ""
#endif
#if defined(__AVX__) && !(defined(__AVX2__) && defined(__FMA__) && defined(__BMI2__))
#define CTA_DETAIL_TARGET_AVX "_avx"
#else
#define CTA_DETAIL_TARGET_AVX ""
#endif
#if defined(__FMA__) && !(defined(__AVX2__) && defined(__BMI2__))
#define CTA_DETAIL_TARGET_FMA "_fma"
#else
#define CTA_DETAIL_TARGET_FMA ""
#endif
#if defined(__AVX512VNNI__) || defined(__AVXVNNI__)
#define CTA_DETAIL_TARGET_EXTRA "_vnni"
#else
#define CTA_DETAIL_TARGET_EXTRA ""
#endif
#define CTA_DETAIL_TARGET_NAME                                                                                    \
    CTA_DETAIL_TARGET_LEVEL CTA_DETAIL_TARGET_AVX CTA_DETAIL_TARGET_FMA CTA_DETAIL_TARGET_AVX512 CTA_DETAIL_TARGET_EXTRA
#elif defined(__aarch64__)
#if defined(__ARM_FEATURE_SVE)
#define CTA_DETAIL_TARGET_NAME "aarch64_sve"
#else
#define CTA_DETAIL_TARGET_NAME "aarch64"
#endif
#elif defined(__arm__)
#if defined(__ARM_NEON)
#define CTA_DETAIL_TARGET_ARM_NEON "_neon"
#else
#define CTA_DETAIL_TARGET_ARM_NEON ""
#endif
#if defined(__ARM_FEATURE_FMA)
#define CTA_DETAIL_TARGET_ARM_FMA "_fma"
#else
#define CTA_DETAIL_TARGET_ARM_FMA ""
#endif
#if defined(__ARM_FP)
#define CTA_DETAIL_TARGET_ARM_FP "_fp" CTA_DETAIL_TARGET_STRING(__ARM_FP)
#else
#define CTA_DETAIL_TARGET_ARM_FP ""
#endif
// The DSP extension (the Cortex-M4's SIMD instructions on 8- and 16-bit halves), which the quantized kernels use.
#if defined(__ARM_FEATURE_DSP)
#define CTA_DETAIL_TARGET_ARM_DSP "_dsp"
#else
#define CTA_DETAIL_TARGET_ARM_DSP ""
#endif
#define CTA_DETAIL_TARGET_NAME                                                                                    \
    "arm" CTA_DETAIL_TARGET_ARM_FP CTA_DETAIL_TARGET_ARM_NEON CTA_DETAIL_TARGET_ARM_FMA CTA_DETAIL_TARGET_ARM_DSP
#else
#define CTA_DETAIL_TARGET_NAME "generic"
#endif

/// CTA_DETAIL_TARGET_TAG: the attribute put on every function of the library (see above).
#if defined(__GNUC__)
#define CTA_DETAIL_TARGET_TAG [[gnu::abi_tag(CTA_DETAIL_TARGET_NAME)]]
#else
#define CTA_DETAIL_TARGET_TAG
#endif

namespace cta::detail {

/// `std::is_constant_evaluated()`, spelled with the builtin that both compilers have: libstdc++ 12 writes it in C++23
/// as `if consteval`, which Clang 14 takes as true at run time too, so that a test of it would run the
/// constant-evaluation code (and skip the run-time checks) in every program built so.
CTA_DETAIL_TARGET_TAG constexpr bool is_constant_evaluated() noexcept { return __builtin_is_constant_evaluated(); }

}  // namespace cta::detail

// CTA_DETAIL_NAN_FIRST: GCC 11 refuses an ordered comparison with NaN (`NaN > x`) in a constant expression, which
// GCC 12 and Clang allow. Where a constant evaluation may meet NaN, the library's code for GCC 11 tests for NaN
// first; the others keep the order whose constant-evaluation counts docs/performance.md gives (tests/budget).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 12
#define CTA_DETAIL_NAN_FIRST 1
#else
#define CTA_DETAIL_NAN_FIRST 0
#endif
