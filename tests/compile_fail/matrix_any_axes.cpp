// SPDX-License-Identifier: BSL-1.0
// A matrix without named axes has one spelling, matrix<T, Rows, Cols>, the type the operations return (so that
// a = a + a compiles): matrix<T, Rows, Cols, any_axis, any_axis> does not.
#include <cta/matrix.hpp>

#ifdef CTA_COMPILE_FAIL
using plain = cta::matrix<double, 2, 3, cta::any_axis, cta::any_axis>;
#else
using plain = cta::matrix<double, 2, 3>;
#endif
[[maybe_unused]] constexpr plain a{};
