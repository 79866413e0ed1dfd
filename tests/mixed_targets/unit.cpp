// SPDX-License-Identifier: BSL-1.0
// One unit of tests/mixed_targets: kernels.hpp's functions, built once for the baseline (prefix baseline_) and
// once with -march=x86-64-v4 (prefix wide_).
#define CTA_MIXED_DEFINE
#include "kernels.hpp"
