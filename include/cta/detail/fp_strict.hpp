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
#pragma once

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
