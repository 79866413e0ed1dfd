// SPDX-License-Identifier: BSL-1.0
// cta::weights::load<M>(bytes, name): data_offsets lie inside the data.
#include <cta/weights.hpp>

#include "../weights/files.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::weights::load<cta::matrix<float, 1, 1>>(test::st_out_of_range, "w");
#else
[[maybe_unused]] constexpr auto m = cta::weights::load<cta::matrix<float, 1, 2>>(test::safetensors_w, "w");
#endif
