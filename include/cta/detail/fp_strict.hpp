// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `CTA_FP_STRICT_BEGIN` / `CTA_FP_STRICT_END` and `CTA_FP_PRODUCTS_BEGIN` / `CTA_FP_PRODUCTS_END`: the
/// library's arithmetic keeps IEEE semantics whatever the user's flags, so that run-time results equal compile-time
/// results bit for bit.
///
/// Constant evaluation rounds every operation as written. At run time, compilers may fuse `a * b + c` into one
/// FMA instruction (a single rounding) when the target has one (`-march=native` on x86-64, ARMv8, Cortex-M4's
/// `vfma`), and `-ffast-math` allows reassociation and assumes no NaN.
///
/// Clang: between the two macros (wrapped around the definitions of every header that computes) Clang compiles with
/// `float_control(precise, on)` and `fp contract(off)`. Clang keeps these per expression, also where the library is
/// inlined into user code, which keeps its own flags.
///
/// GCC keeps options per function only, and does not inline a function with options of its own into one without
/// (an `optimize` pragma on every function made every call from user code into the library a call, and a loop of
/// 2 x 2 additions several times slower). So GCC takes the pragma (`-fno-fast-math -ffp-contract=off`) only where
/// the user's flags can change what an operation gives: `-ffast-math` or any of its parts that change values
/// (finite math only, associative or reciprocal math, no signed zeros), which GCC announces by macros; and targets
/// with FMA (`__FP_FAST_FMA`, `__FP_FAST_FMAF`: `-march=native` on most x86-64 processors, `-march=x86-64-v3`,
/// AArch64, Cortex-M4), where GCC's default for C++ is `-ffp-contract=fast`. Elsewhere (x86-64's baseline, SSE2)
/// GCC has nothing to fuse, and with the usual flags nothing else to change: the library's functions are compiled
/// with the user's flags and inlined like the user's own (tests/inlining). Within the pragma, functions without
/// products (sums, comparisons, `isnan`) are left out where only FMA calls for it (`CTA_FP_PRODUCTS_BEGIN` /
/// `CTA_FP_PRODUCTS_END` mark the functions with products), so that they are inlined there too. (GCC 12's
/// `__builtin_assoc_barrier` would keep a product from being fused where it is written, but GCC 12's vectoriser
/// drops it: a loop of `barrier(a[i] * s) + b[i]` is fused once vectorised.)
///
/// NaN and infinities: the library's special values (a masked score is -inf, a NaN score gives a NaN row, `isnan`)
/// need them. GCC's pragma and Clang 14's bring them back under `-ffinite-math-only` (which `-ffast-math` implies).
/// Newer Clangs do not: they fold `x != x` and `__builtin_isnan` to false and take every infinity for undefined
/// behaviour in the whole translation unit, whatever the pragmas (Clang 22 gives a fully masked attention row
/// weights other than 0; tests/finite_math). Those Clangs know it, and warn
/// (`-Wnan-infinity-disabled`); with them, a translation unit that includes a computing header of cta and does
/// not honour NaN and infinities does not compile. The fix is `-fno-finite-math-only` (after `-ffast-math`, whose
/// other parts may stay), or, for `-fno-honor-nans` or `-fno-honor-infinities`, leaving them out.
#pragma once

#if defined(__clang__) && defined(__has_warning)
#if __has_warning("-Wnan-infinity-disabled")
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
#error "cta needs NaN and infinities, which this Clang drops under -ffinite-math-only (and -ffast-math) whatever the library's pragmas: add -fno-finite-math-only for the translation units that include cta (docs/numerics.md)"
#endif
// -fno-honor-nans and -fno-honor-infinities alone define no macro: Clang's own warning, made an error here, names
// this line.
#pragma clang diagnostic push
#pragma clang diagnostic error "-Wnan-infinity-disabled"
namespace cta::detail {
inline constexpr double needs_nan_and_infinities[] = {__builtin_nan(""), __builtin_inf()};
}  // namespace cta::detail
#pragma clang diagnostic pop
#endif
#endif

// CTA_DETAIL_GCC_FAST_MATH: GCC with flags that change what an operation gives; CTA_DETAIL_GCC_FMA: GCC for a target
// with fused multiply-add.
#if defined(__GNUC__) && !defined(__clang__)
#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__) ||                          \
    defined(__ASSOCIATIVE_MATH__) || defined(__RECIPROCAL_MATH__) || defined(__NO_SIGNED_ZEROS__)
#define CTA_DETAIL_GCC_FAST_MATH 1
#else
#define CTA_DETAIL_GCC_FAST_MATH 0
#endif
#if defined(__FP_FAST_FMA) || defined(__FP_FAST_FMAF)
#define CTA_DETAIL_GCC_FMA 1
#else
#define CTA_DETAIL_GCC_FMA 0
#endif
#endif

#define CTA_DETAIL_GCC_STRICT_BEGIN                                                                           \
    _Pragma("GCC push_options") _Pragma("GCC optimize(\"no-fast-math\", \"fp-contract=off\")")
#define CTA_DETAIL_GCC_STRICT_END _Pragma("GCC pop_options")

// Clang supports `#pragma float_control` on x86, on AArch64 from Clang 16 and on RISC-V from Clang 19 (Clang 14, 16,
// 19 and 22 measured); elsewhere (32-bit Arm, Cortex-M) it ignores it with a warning. There the library takes
// `#pragma clang fp contract(off)` alone, which Clang applies but cannot restore at the end of a header (it has no
// push), so it stays in effect for the rest of the translation unit; and, since nothing there can undo fast-math
// flags for the library, it refuses them.
#if defined(__clang__)
#if defined(__x86_64__) || defined(__i386__) || (defined(__aarch64__) && __clang_major__ >= 16) ||                \
    (defined(__riscv) && __clang_major__ >= 19)
#define CTA_DETAIL_CLANG_FLOAT_CONTROL 1
#else
#define CTA_DETAIL_CLANG_FLOAT_CONTROL 0
#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "cta: this Clang ignores #pragma float_control on this target, so the library's arithmetic cannot keep IEEE semantics under -ffast-math or -ffinite-math-only: build the translation units that include cta without them (docs/numerics.md)"
#endif
#endif
// Clang before 22 gives the arithmetic of neighbouring elements written one by one (its SLP vectoriser) to 32-bit
// Arm's NEON, which flushes subnormals to zero whatever FPSCR says: element-wise sums of subnormals give 0 at run
// time (tests/embedded/cortex-a15). -fno-slp-vectorize prevents it; no macro tells, so the build says it with
// CTA_NO_SLP_VECTORIZE.
#if defined(__arm__) && !defined(__aarch64__) && defined(__ARM_NEON) && __clang_major__ < 22 &&                    \
    defined(__OPTIMIZE__) && !defined(CTA_NO_SLP_VECTORIZE)
#error "cta: Clang before 22 gives element-wise float arithmetic to 32-bit Arm's NEON (SLP vectoriser), which flushes subnormals to zero: compile with -fno-slp-vectorize and define CTA_NO_SLP_VECTORIZE to say so (docs/numerics.md)"
#endif
#endif

#if defined(__clang__) && CTA_DETAIL_CLANG_FLOAT_CONTROL
#define CTA_FP_STRICT_BEGIN                                                                                   \
    _Pragma("float_control(push)") _Pragma("float_control(precise, on)") _Pragma("clang fp contract(off)")
#define CTA_FP_STRICT_END _Pragma("float_control(pop)")
#define CTA_FP_PRODUCTS_BEGIN
#define CTA_FP_PRODUCTS_END
#elif defined(__clang__)
#define CTA_FP_STRICT_BEGIN _Pragma("clang fp contract(off)")
#define CTA_FP_STRICT_END
#define CTA_FP_PRODUCTS_BEGIN
#define CTA_FP_PRODUCTS_END
#elif defined(__GNUC__) && CTA_DETAIL_GCC_FAST_MATH
#define CTA_FP_STRICT_BEGIN CTA_DETAIL_GCC_STRICT_BEGIN
#define CTA_FP_STRICT_END CTA_DETAIL_GCC_STRICT_END
#define CTA_FP_PRODUCTS_BEGIN
#define CTA_FP_PRODUCTS_END
#elif defined(__GNUC__) && CTA_DETAIL_GCC_FMA
#define CTA_FP_STRICT_BEGIN
#define CTA_FP_STRICT_END
#define CTA_FP_PRODUCTS_BEGIN CTA_DETAIL_GCC_STRICT_BEGIN
#define CTA_FP_PRODUCTS_END CTA_DETAIL_GCC_STRICT_END
#else
#define CTA_FP_STRICT_BEGIN
#define CTA_FP_STRICT_END
#define CTA_FP_PRODUCTS_BEGIN
#define CTA_FP_PRODUCTS_END
#endif
