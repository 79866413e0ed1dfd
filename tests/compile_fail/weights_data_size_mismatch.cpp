// SPDX-License-Identifier: BSL-1.0
// cta::weights::load<M>(bytes, name): data_offsets span the shape's elements.
#include <cta/weights.hpp>

#include "../weights/files.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::weights::load<cta::matrix<float, 1, 2>>(test::st_size_mismatch, "w");
#else
[[maybe_unused]] constexpr auto m = cta::weights::load<cta::matrix<float, 1, 2>>(test::safetensors_w, "w");
#endif
