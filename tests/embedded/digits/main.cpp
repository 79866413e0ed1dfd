// SPDX-License-Identifier: BSL-1.0
// The digits classifier of examples/digits (docs/digits.md) on a Cortex-M4 (QEMU's mps2-an386 board), in float.
//
// The model and the test images are loaded while compiling from the bytes of the files train.py wrote (constexpr,
// in flash); the Cortex-M4 classifies each of the 360 test images when the program runs, from a copy read through
// volatile, so that nothing of the computation can be done in advance, and compares the class with PyTorch's
// (test_predictions.npy). The host build's proof (static.digits_proof) asserts that cta classifies every test image
// in float as PyTorch did, with the same headers in a constant expression; this program does not classify them again
// at compile time. Exit code 0 if all 360 agree, 1 otherwise. No heap, no exceptions, no printf. Every intermediate
// of an image is written into one static digits::workspace<float> (digits::logits_into), so the model's RAM is that
// object's size, known while compiling, and the stack of the calls.
#include <cstddef>
#include <cstdint>

#include "digits_proof.hpp"
#include "line.hpp"

// The model, in flash (named, so that the test can find it in the ELF's symbols); the files' data are those of the
// proof's header (digits::proof::test_images, ..., in flash too).
namespace firmware {

constexpr auto model = digits::proof::trained<float>;

}  // namespace firmware

namespace {

using digits::proof::pytorch_predictions;
using digits::proof::test_count;
using digits::proof::test_images;
using digits::proof::test_labels;
using firmware::model;

/// Test image i, read through volatile.
digits::image at_run_time(std::size_t i) {
    digits::image x{};
    const volatile std::uint8_t* row = test_images.elems[i];
    for (std::size_t k = 0; k < digits::pixels; ++k) x.elems[0][k] = row[k];
    return x;
}

digits::workspace<float> workspace;

}  // namespace

int main() {
    print_title("Cortex-M4: the digits classifier, its 360 test images classified at run time, float");
    std::size_t as_pytorch = 0;
    std::size_t right = 0;
    for (std::size_t i = 0; i < test_count; ++i) {
        digits::logits_into(workspace, model, at_run_time(i));
        const std::size_t c = cta::argmax(workspace.logits, 0);
        as_pytorch += c == pytorch_predictions.elems[0][i];
        right += c == test_labels.elems[0][i];
        if (i < 8) {
            line out;
            out << "test image ";
            out.decimal(i) << ": class ";
            out.decimal(c) << ", label ";
            out.decimal(test_labels.elems[0][i]);
            out.print();
        }
    }
    line summary;
    summary.decimal(as_pytorch) << " of 360 test images classified as PyTorch does (the compile-time classes), ";
    summary.decimal(right) << " right";
    summary.print();
    const bool ok = as_pytorch == test_count;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
