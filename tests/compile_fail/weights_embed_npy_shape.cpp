// SPDX-License-Identifier: BSL-1.0
// The #embed route: cta::weights::load_npy<M>(bytes) of an .npy file embedded with #embed (compilers with #embed
// only, CTA_HAVE_EMBED): the file's shape is M's. The seed's x.npy is 3 x 4.
#include <cta/weights.hpp>

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
constexpr unsigned char x_file[] = {
#embed "../../examples/weights/seed/x.npy"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto x = cta::weights::load_npy<cta::matrix<double, 4, 3>>(x_file);
#else
[[maybe_unused]] constexpr auto x = cta::weights::load_npy<cta::matrix<double, 3, 4>>(x_file);
#endif
