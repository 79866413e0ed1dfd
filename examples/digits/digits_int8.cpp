// SPDX-License-Identifier: BSL-1.0
// The int8 digits classifier at run time (digits_int8.hpp): every test image classified with the int8 model while
// the program runs, compared with the classes and logits int8_reference.py computed (test_predictions_int8.npy,
// test_logits_int8.npy) and with the
// classes and logits computed while compiling; the accuracy, and the images whose int8 class differs from the float
// model's, with the margins (largest logit less the next) of both models there.
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstring>

#include "digits_int8_proof.hpp"

namespace {

namespace int8 = digits::int8;

/// The int8 logits of test image i.
constexpr int8::lean_workspace run(std::size_t i) {
    int8::lean_workspace w{};
    int8::logits_into(w, int8::proof::trained, digits::proof::test_image(i));
    return w;
}

template <std::size_t I>
bool same_bits_as_compile_time(const int8::model& m) {
    static constexpr int8::lean_workspace at_compile_time = run(I);
    static int8::lean_workspace at_run_time;
    int8::logits_into(at_run_time, m, digits::proof::test_image(I));
    return std::memcmp(&at_compile_time, &at_run_time, sizeof at_run_time) == 0;
}

/// The largest logit less the next.
template <class T>
double margin(const T* logits) {
    std::size_t best = 0;
    for (std::size_t c = 1; c < digits::classes; ++c) best = logits[c] > logits[best] ? c : best;
    double next = -1e300;
    for (std::size_t c = 0; c < digits::classes; ++c)
        if (c != best && static_cast<double>(logits[c]) > next) next = static_cast<double>(logits[c]);
    return static_cast<double>(logits[best]) - next;
}

}  // namespace

int main() {
    // The model through a pointer the compiler does not follow: computed at run time from its bytes.
    static int8::model m;
    const int8::model* volatile source = &int8::proof::trained;
    std::memcpy(&m, source, sizeof m);
    const auto& fp = digits::proof::trained<float>;
    std::size_t as_reference = 0, correct = 0, differs = 0;
    double largest_error = 0.0, total_error = 0.0;  // |dequantized int8 logit - float logit|
    static int8::lean_workspace w;
    for (std::size_t i = 0; i < digits::proof::test_count; ++i) {
        const auto x = digits::proof::test_image(i);
        int8::logits_into(w, m, x);
        const std::size_t c = int8::argmax(w.logits);
        as_reference += c == int8::proof::reference_prediction(i) && int8::proof::logits_are_reference(w, i);
        correct += c == digits::proof::test_labels.elems[0][i];
        const std::size_t f = digits::proof::pytorch_prediction(i);
        const auto fl = fp.logits(x);
        const float scale = int8::calibrated.logits.scale();
        for (std::size_t k = 0; k < digits::classes; ++k) {
            const double e = std::fabs(static_cast<double>(scale) * (w.logits[k] - int8::calibrated.logits.zero_point) -
                                       static_cast<double>(fl.elems[0][k]));
            largest_error = e > largest_error ? e : largest_error;
            total_error += e;
        }
        if (c != f) {
            ++differs;
            std::printf("image %zu: label %d, float class %zu (margin %.3f), int8 class %zu (margin %.0f steps of "
                        "%.4f, %.3f)\n",
                        i, digits::proof::test_labels.elems[0][i], f, margin(fl.elems[0]), c, margin(w.logits),
                        static_cast<double>(scale), margin(w.logits) * static_cast<double>(scale));
        }
    }
    std::printf("int8 logits against float logits: mean |difference| %.3f, largest %.3f (one step: %.4f)\n",
                total_error / static_cast<double>(digits::proof::test_count * digits::classes), largest_error,
                static_cast<double>(int8::calibrated.logits.scale()));
    const bool same = same_bits_as_compile_time<0>(m) && same_bits_as_compile_time<1>(m) &&
                      same_bits_as_compile_time<359>(m);
    std::printf("int8: %zu of %zu test images with int8_reference.py's class and logits, %zu right (float: %zu); %zu "
                "classified otherwise than by the float model; every step of images 0, 1, 359 the same bits as at "
                "compile time: %s; workspace %zu bytes\n",
                as_reference, digits::proof::test_count, correct, digits::results::pytorch_test_correct, differs,
                same ? "yes" : "no", sizeof(int8::lean_workspace));
    const bool ok = as_reference == digits::proof::test_count && correct == int8::proof::int8_test_correct &&
                    differs == int8::proof::int8_differs_from_float && same;
    std::puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
