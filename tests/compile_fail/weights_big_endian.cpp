// SPDX-License-Identifier: BSL-1.0
// cta::weights::load_npy<M>(bytes): the data is little-endian.
#include <cta/weights.hpp>

#include "../weights/files.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 1, 1>>(test::npy_big_endian);
#else
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4);
#endif
