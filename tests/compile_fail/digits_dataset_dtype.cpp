// SPDX-License-Identifier: BSL-1.0
// The digits classifier's data (examples/digits, docs/digits.md): a data set read into a matrix of an element type
// its dtype does not convert to exactly stops the build, naming the file, the dtype and the matrix (here the labels,
// uint8, read as float).
#include <cstdint>

#include <cta/weights.hpp>
#include <digits_data.hpp>

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto labels = cta::weights::load_npy<cta::matrix<float, 1, 360>>(digits_data::test_labels_npy);
#else
[[maybe_unused]] constexpr auto labels =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 1, 360>>(digits_data::test_labels_npy);
#endif
