// SPDX-License-Identifier: BSL-1.0
// The int8 digits classifier of examples/digits (digits_int8.hpp, docs/digits.md) on a Cortex-M4 (QEMU's mps2-an386
// board) or a Cortex-M3 (mps2-an385, no FPU): the same source for both, the toolchain file picks the core.
//
// The int8 model (train.py's weights quantized with the calibrated parameters, digits::int8::proof::trained), the test
// images and the reference's classes and logits (test_predictions_int8.npy, test_logits_int8.npy) are loaded while
// compiling from the bytes of the files (constexpr, in flash); the core classifies each of the 360 test images when
// the program runs, from a copy read through volatile, so that nothing of the computation can be done in advance,
// and compares its class and its ten int8 logits with the reference's. The host build's proof
// (static.digits_int8_proof) asserts that cta gives every test image the reference's class and logits, with the same
// headers in a constant expression; this program does not classify them again at compile time. Exit code 0 if all
// 360 agree and the accuracy is the proof's, 1 otherwise. No heap, no exceptions, no printf; integers only at run
// time (tests/embedded/check_no_float.cmake checks the program of each core). One image's intermediates are written
// into one static digits::int8::lean_workspace, so the model's RAM is that object's size, known while compiling, and
// the stack of the calls. Built with CTA_DIGITS_INT8_FLOAT_PROBE, it also computes the patches' QUANTIZE in float at
// run time, which that check must find (embedded.digits_int8.no_float.*.detects_float).
//
// With the command line `measure` (tests/embedded/digits_int8_figures.cmake) the program instead classifies test
// image 0 once between the markers of measure.hpp, prints its line `measure: one image|<multiply-adds>|<class>`, and
// the sizes (sizeof, as this compiler lays them out) that docs/digits.md shows, `size: <what>|<bytes>`.
#include <cstddef>
#include <cstdint>

#include "digits_int8_proof.hpp"
#include "line.hpp"
#include "measure.hpp"
#include "digits_firmware.hpp"

// The int8 model, in flash (named, so that the test can find it in the ELF's symbols); the files' data are those of
// the proofs' headers (digits::proof::test_images, digits::int8::proof::reference_logits, ..., in flash too).
namespace firmware {

constexpr digits::int8::model model = digits::int8::proof::trained;

}  // namespace firmware

namespace {

namespace int8 = digits::int8;
using digits::proof::test_count;
using digits::proof::test_labels;
using firmware::model;

int8::lean_workspace workspace;

/// The class of image x: its int8 logits written into the workspace, then the first index of the largest (one
/// inference; its stack is the deepest chain of calls from here, tests/embedded/digits_int8_figures.cmake).
[[gnu::noinline]] std::size_t classify(const digits::image& x) {
    int8::logits_into(workspace, model, x);
    return int8::argmax(workspace.logits);
}

/// Test image 0 classified once between the markers, and the sizes.
void measure_one_image() {
    measure_classify<classify>();
    print_size("lean workspace", sizeof(int8::lean_workspace));
    print_size("model", sizeof(int8::model));
}

/// The ten int8 logits in w, each in decimal with its sign.
line& logits(line& out, const int8::lean_workspace& w) {
    for (std::size_t c = 0; c < digits::classes; ++c) {
        const int v = w.logits[c];
        out << (c == 0 ? "" : " ") << (v < 0 ? "-" : "");
        out.decimal(static_cast<std::uint64_t>(v < 0 ? -v : v));
    }
    return out;
}

#ifdef CTA_DIGITS_INT8_FLOAT_PROBE
/// Whether the model's table of the patches' QUANTIZE holds, for each byte v of a pixel, v / 16 quantized in float at
/// run time (v read through volatile).
bool pixels_in_float() {
    for (std::size_t v = 0; v < 256; ++v) {
        const volatile std::size_t byte = v;
        const float x = static_cast<float>(byte) / 16.0F;
        if (cta::quantized::quantize<std::int8_t>(x, model.inputs.scale(), model.inputs.zero_point) != model.pixels[v])
            return false;
    }
    return true;
}
#endif

}  // namespace

int main() {
    if (measuring()) {
        measure_one_image();
        return 0;
    }
#if defined(__ARM_FEATURE_DSP)
    print_title("Cortex-M4: the int8 digits classifier, its 360 test images classified at run time");
#else
    print_title("Cortex-M3: the int8 digits classifier, its 360 test images classified at run time");
#endif
    std::size_t as_reference = 0;
    std::size_t right = 0;
    for (std::size_t i = 0; i < test_count; ++i) {
        const std::size_t c = classify(at_run_time(i));
        as_reference += c == int8::proof::reference_predictions.elems[0][i] &&
                        int8::proof::logits_are_reference(workspace, i);
        right += c == test_labels.elems[0][i];
        if (i < 4) {
            line out;
            out << "test image ";
            out.decimal(i) << ": class ";
            out.decimal(c) << ", label ";
            out.decimal(test_labels.elems[0][i]) << ", int8 logits ";
            logits(out, workspace).print();
        }
    }
    line summary;
    summary.decimal(as_reference) << " of 360 test images with the proven int8 class and logits, ";
    summary.decimal(right) << " right";
    summary.print();
    bool ok = as_reference == test_count && right == int8::proof::int8_test_correct;
#ifdef CTA_DIGITS_INT8_FLOAT_PROBE
    ok = ok && pixels_in_float();
#endif
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
