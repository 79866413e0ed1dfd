// SPDX-License-Identifier: BSL-1.0
// The digits classifier of examples/digits (docs/digits.md) on a Cortex-M4 (QEMU's mps2-an386 board), in float.
//
// The model and the test images are loaded while compiling from the bytes of the files train.py wrote (constexpr,
// in flash); the Cortex-M4 classifies each of the 360 test images when the program runs, from a copy read through
// volatile, so that nothing of the computation can be done in advance, and compares the class with PyTorch's
// (test_predictions.npy). The host build's proof (static.digits_proof) asserts that cta classifies every test image
// in float as PyTorch did, with the same headers in a constant expression; this program does not classify them again
// at compile time. Exit code 0 if all 360 agree, 1 otherwise. No heap, no exceptions, no printf. One image's
// intermediates are written into one static digits::lean_workspace<float> (digits::logits_into: the sequence, one
// encoder layer's scratch that both layers reuse, the mean and the logits), so the model's RAM is that object's size,
// known while compiling, and the stack of the calls.
//
// With the command line `measure` (tests/embedded/digits_figures.cmake) the program instead classifies test image 0
// once between the markers of measure.hpp, prints its line `measure: one image|<multiply-adds>|<classes>`, and prints
// the sizes (sizeof, as this compiler lays them out) that docs/digits.md shows, `size: <what>|<bytes>`.
#include <cstddef>
#include <cstdint>

#include "digits_proof.hpp"
#include "line.hpp"
#include "measure.hpp"
#include "digits_firmware.hpp"

// The model, in flash (named, so that the test can find it in the ELF's symbols); the files' data are those of the
// proof's header (digits::proof::test_images, ..., in flash too).
namespace firmware {

constexpr auto model = digits::proof::trained<float>;

}  // namespace firmware

namespace {

using digits::proof::pytorch_predictions;
using digits::proof::test_count;
using digits::proof::test_labels;
using firmware::model;

digits::lean_workspace<float> workspace;

/// The class of image x: its logits written into the workspace, then the first index of the largest (one inference;
/// its stack is the deepest chain of calls from here, tests/embedded/digits_figures.cmake).
[[gnu::noinline]] std::size_t classify(const digits::image& x) {
    digits::logits_into(workspace, model, x);
    return cta::argmax(workspace.logits, 0);
}

/// The encoder layer of the page's RAM figures: d_model 64, 4 heads, d_ff 256, on 16 positions, float.
using layer_64 = cta::encoder_layer_t<float, 64, 4, 256>;
using sequence_64 = cta::matrix<float, 16, 64>;

/// Test image 0 classified once between the markers, and the sizes.
void measure_one_image() {
    measure_classify<classify>();
    print_size("lean workspace", sizeof(digits::lean_workspace<float>));
    print_size("lean workspace, sequence", sizeof(workspace.states));
    print_size("lean workspace, encoder layer scratch", sizeof(workspace.encoder));
    print_size("workspace with every step", sizeof(digits::workspace<float>));
    print_size("layer 64, outputs", sizeof(sequence_64));
    print_size("layer 64, scratch", sizeof(cta::encoder_layer_scratch_t<sequence_64, layer_64>));
    print_size("layer 64, record of every step", sizeof(cta::encoder_layer_steps_t<sequence_64, layer_64>));
}

}  // namespace

int main() {
    if (measuring()) {
        measure_one_image();
        return 0;
    }
    print_title("Cortex-M4: the digits classifier, its 360 test images classified at run time, float");
    std::size_t as_pytorch = 0;
    std::size_t right = 0;
    for (std::size_t i = 0; i < test_count; ++i) {
        const std::size_t c = classify(at_run_time(i));
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
