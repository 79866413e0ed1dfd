// SPDX-License-Identifier: BSL-1.0
// cta::weights::load_npy<M>(bytes): the file holds all the data its header describes.
#include <cta/weights.hpp>

#include "../weights/files.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 1, 2>>(test::npy_truncated_data);
#else
[[maybe_unused]] constexpr auto m = cta::weights::load_npy<cta::matrix<float, 2, 3>>(test::npy_2x3_f4);
#endif
