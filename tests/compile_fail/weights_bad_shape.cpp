// SPDX-License-Identifier: BSL-1.0
// cta::weights::load_npy<M>(bytes): every dimension is a non-negative integer.
#include <cta/weights.hpp>

#include "../weights/files.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 1, 1>>(test::npy_negative_shape);
#else
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4);
#endif
