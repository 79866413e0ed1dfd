// SPDX-License-Identifier: BSL-1.0
// include/cta/detail/fp_strict.hpp for targets where Clang ignores `#pragma float_control` (32-bit Arm, Cortex-M)
// and where its SLP vectoriser gives float arithmetic to 32-bit Arm's NEON: checked with -fsyntax-only for those
// targets (no library or sysroot is needed), see CMakeLists.txt.
#include <cta/detail/fp_strict.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN
inline float fused_or_not(float a, float b, float c) { return a * b + c; }
CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END

float use(float a) { return fused_or_not(a, a, a); }
