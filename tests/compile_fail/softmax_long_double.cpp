// SPDX-License-Identifier: BSL-1.0
// softmax computes in double or float, the types of cta::exp: long double scores ask for double explicitly.
#include <cta/softmax.hpp>

constexpr cta::matrix<long double, 2, 3> scores{{{1.0L, 2.0L, 3.0L}, {0.5L, 0.25L, 0.0L}}};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto weights = cta::softmax(scores);  // would compute in long double
#else
[[maybe_unused]] constexpr auto weights = cta::softmax<double>(scores);
#endif
