// SPDX-License-Identifier: BSL-1.0
// What the build proves of the int8 digits classifier (digits_int8.hpp):
// `digits::int8::proof::predicts_as_reference(i)` is true when the int8 model gives test image i the class and the
// ten int8 logits int8_reference.py gives it (test_predictions_int8.npy, test_logits_int8.npy, which that script
// computes from TensorFlow Lite's kernels restated in NumPy); cta_add_proof asserts it for every test image
// (CMakeLists.txt here). The int8 test-set accuracy is asserted below.
#pragma once

#include <cstddef>
#include <cstdint>

#include <digits_data.hpp>

#include "digits_int8.hpp"
#include "digits_int8_parameters.hpp"
#include "digits_proof.hpp"

namespace digits::int8::proof {

using digits::proof::test_count;

/// The int8 model: train.py's float32 weights quantized with the calibrated parameters.
inline constexpr model trained = quantize(digits::proof::trained<float>, calibrated);

/// int8_reference.py's class of each test image.
inline constexpr auto reference_predictions =
    cta::weights::load_npy<cta::matrix<std::uint8_t, 1, test_count>>(digits_data::test_predictions_int8_npy);

/// int8_reference.py's int8 logits of each test image.
inline constexpr auto reference_logits =
    cta::weights::load_npy<cta::matrix<std::int8_t, test_count, classes>>(digits_data::test_logits_int8_npy);

/// int8_reference.py's class of test image i. Built with DIGITS_INT8_WRONG_PREDICTION=k, image k's is replaced by the
/// next class, which the proof must refuse (static.digits_int8_proof.detects_wrong_prediction).
constexpr std::size_t reference_prediction(std::size_t i) noexcept {
    const std::size_t p = reference_predictions.elems[0][i < test_count ? i : 0];
#ifdef DIGITS_INT8_WRONG_PREDICTION
    if (i == DIGITS_INT8_WRONG_PREDICTION) return (p + 1) % classes;
#endif
    return p;
}

/// Whether the int8 logits w.logits are int8_reference.py's of test image i.
constexpr bool logits_are_reference(const lean_workspace& w, std::size_t i) noexcept {
    for (std::size_t c = 0; c < classes; ++c)
        if (w.logits[c] != reference_logits.elems[i < test_count ? i : 0][c]) return false;
    return true;
}

/// Whether the int8 model gives test image i int8_reference.py's class and logits.
constexpr bool predicts_as_reference(std::size_t i) noexcept {
    lean_workspace w;
    logits_into(w, trained, digits::proof::test_image(i));
    return argmax(w.logits) == reference_prediction(i) && logits_are_reference(w, i);
}

/// How many of int8_reference.py's classes are the test labels; and how many differ from PyTorch's (float) class.
constexpr std::size_t reference_correct() noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < test_count; ++i)
        n += reference_predictions.elems[0][i] == digits::proof::test_labels.elems[0][i];
    return n;
}
constexpr std::size_t reference_differs_from_float() noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < test_count; ++i)
        n += reference_predictions.elems[0][i] != digits::proof::pytorch_predictions.elems[0][i];
    return n;
}

/// The int8 model's test-set accuracy: with every test image's int8 class proven equal to the reference's
/// (cta_add_proof), the reference's accuracy is the model's. 351 of 360 (the float model: 352); 4 images are
/// classified otherwise than by the float model.
inline constexpr std::size_t int8_test_correct = 351;
inline constexpr std::size_t int8_differs_from_float = 4;
static_assert(reference_correct() == int8_test_correct,
              "test_predictions_int8.npy and test_labels.npy do not give the int8 accuracy stated here");
static_assert(reference_differs_from_float() == int8_differs_from_float,
              "test_predictions_int8.npy and test_predictions.npy do not differ in the count stated here");

}  // namespace digits::int8::proof
