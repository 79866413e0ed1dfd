// SPDX-License-Identifier: BSL-1.0
// What the build proves of the digits classifier (docs/digits.md), from the files train.py writes, read by the
// compiler as bytes (cta_add_weights(... BYTES ...) writes digits_data.hpp): the test images and PyTorch's predictions
// (.npy), the state_dict (.safetensors). `digits::proof::predicts_as_pytorch<T>(i)` is true when the model in T
// classifies test image i as PyTorch did; cta_add_proof asserts it for every test image (CMakeLists.txt here).
#pragma once

#include <cstddef>
#include <cstdint>

#include <digits_data.hpp>

#include "digits.hpp"
#include "digits_results.hpp"

namespace digits::proof {

inline constexpr std::size_t test_count = results::test_images;  // train.py: 20% of the 1,797 images

// [digits:files]
inline constexpr auto test_images =
    cta::weights::load_npy<cta::matrix<std::uint8_t, test_count, pixels>>(digits_data::test_images_npy);
inline constexpr auto test_labels =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 1, test_count>>(digits_data::test_labels_npy);
inline constexpr auto pytorch_predictions =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 1, test_count>>(digits_data::test_predictions_npy);

template <class T>
inline constexpr auto trained = cta::pytorch::load<model<T>>(digits_data::digits_safetensors);
// [/digits:files]

/// Not constexpr: reached in a constant evaluation, it stops the build; the compiler's message shows the count of
/// test images (the template argument) and the index (the call that reached it).
template <std::size_t Count>
void test_image_index_out_of_range(std::size_t index) noexcept { (void)index; }

/// Test image i.
constexpr image test_image(std::size_t i) noexcept {
    image x{};
    if (i >= test_count) {
        test_image_index_out_of_range<test_count>(i);
        return x;
    }
    for (std::size_t k = 0; k < pixels; ++k) x.elems[0][k] = test_images.elems[i][k];
    return x;
}

/// PyTorch's prediction for test image i (test_predictions.npy). Built with DIGITS_WRONG_PREDICTION=k, image k's is
/// replaced by the next class, which the proof must refuse (the test static.digits_proof.detects_wrong_prediction).
constexpr std::size_t pytorch_prediction(std::size_t i) noexcept {
    const std::size_t p = pytorch_predictions.elems[0][i < test_count ? i : 0];
#ifdef DIGITS_WRONG_PREDICTION
    if (i == DIGITS_WRONG_PREDICTION) return (p + 1) % classes;
#endif
    return p;
}

// [digits:check]
/// Whether the model in T classifies test image i as PyTorch did.
template <class T>
constexpr bool predicts_as_pytorch(std::size_t i) noexcept {
    return trained<T>.classify(test_image(i)) == pytorch_prediction(i);
}
// [/digits:check]

/// How many of PyTorch's predictions are the test labels.
constexpr std::size_t pytorch_correct() noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < test_count; ++i) n += pytorch_predictions.elems[0][i] == test_labels.elems[0][i];
    return n;
}

// PyTorch's accuracy, as train.py wrote it, is the accuracy of the predictions in the file: with every test image's
// class proven the same in cta (cta_add_proof, CMakeLists.txt here), it is cta's accuracy too.
static_assert(pytorch_correct() == results::pytorch_test_correct,
              "test_predictions.npy and test_labels.npy do not give the accuracy digits_results.hpp states");

}  // namespace digits::proof
