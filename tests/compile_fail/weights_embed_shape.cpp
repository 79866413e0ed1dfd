// SPDX-License-Identifier: BSL-1.0
// The #embed route: cta::weights::load<M>(bytes, name) of a file embedded with #embed (compilers with #embed only,
// CTA_HAVE_EMBED): the tensor's shape is M's. w_query of the seed's file is 4 x 3.
#include <cta/weights.hpp>

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
constexpr unsigned char seed_file[] = {
#embed "../../examples/weights/seed/seed.safetensors"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto w = cta::weights::load<cta::matrix<double, 3, 4>>(seed_file, "w_query");
#else
[[maybe_unused]] constexpr auto w = cta::weights::load<cta::matrix<double, 4, 3>>(seed_file, "w_query");
#endif
