// SPDX-License-Identifier: BSL-1.0
// The digits classifier's data (examples/digits, docs/digits.md): a data set read into a matrix of another shape
// stops the build, naming the file and the shapes (here the 1,437 training images read as the 360 test images).
#include <cstdint>

#include <cta/weights.hpp>
#include <digits_data.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto images =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 360, 64>>(digits_data::train_images_npy);
#else
[[maybe_unused]] constexpr auto images =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 360, 64>>(digits_data::test_images_npy);
#endif
