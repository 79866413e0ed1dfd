/// @file
/// @brief `CTA_FP_STRICT_BEGIN` / `CTA_FP_STRICT_END`: the library's arithmetic is compiled with IEEE semantics
/// whatever the user's flags, so that run-time results equal compile-time results bit for bit.
///
/// Constant evaluation rounds every operation as written. At run time, compilers may fuse `a * b + c` into one
/// FMA instruction (a single rounding) when the target has one (`-march=native` on x86-64, ARMv8, Cortex-M4's
/// `vfma`), and `-ffast-math` allows reassociation and assumes no NaN. Between these two macros (wrapped around the
/// definitions of every header that computes), GCC compiles with `-fno-fast-math -ffp-contract=off` and Clang with
/// `float_control(precise, on)` and `fp contract(off)`; code outside, the user's own, keeps its flags. (On GCC a
/// function inside cannot be inlined into one outside, so a call from user code into the library stays a call.)
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

#if defined(__clang__)
#define CTA_FP_STRICT_BEGIN                                                                                   \
    _Pragma("float_control(push)") _Pragma("float_control(precise, on)") _Pragma("clang fp contract(off)")
#define CTA_FP_STRICT_END _Pragma("float_control(pop)")
#elif defined(__GNUC__)
#define CTA_FP_STRICT_BEGIN                                                                                   \
    _Pragma("GCC push_options") _Pragma("GCC optimize(\"no-fast-math\", \"fp-contract=off\")")
#define CTA_FP_STRICT_END _Pragma("GCC pop_options")
#else
#define CTA_FP_STRICT_BEGIN
#define CTA_FP_STRICT_END
#endif
