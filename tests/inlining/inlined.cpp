// SPDX-License-Identifier: BSL-1.0
// The library's functions without products (sums, differences, comparisons, isnan) are inlined into user code like
// the user's own (include/cta/detail/fp_strict.hpp): without fast-math flags this object defines none of cta's
// functions (tests/inlining/check_object.cmake lists its symbols), also for a target with FMA, where GCC compiles
// the library's products with options of their own.
#include <cta/compare.hpp>
#include <cta/math.hpp>
#include <cta/operations.hpp>

#define CTA_INLINED_EXPORT extern "C" [[gnu::used]]

namespace {
using m2 = cta::matrix<double, 2, 2>;
}  // namespace

CTA_INLINED_EXPORT void inlined_sum(m2& acc, const m2& m, int n) {
    for (int i = 0; i < n; ++i) acc = acc + m;
}
CTA_INLINED_EXPORT void inlined_difference(m2& acc, const m2& m) { acc = -(acc - m); }
CTA_INLINED_EXPORT int inlined_count_nan(const double* x, int n) {
    int count = 0;
    for (int i = 0; i < n; ++i) count += cta::isnan(x[i]) ? 1 : 0;
    return count;
}
CTA_INLINED_EXPORT bool inlined_equal(const m2& a, const m2& b) { return a == b; }
