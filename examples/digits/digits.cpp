// SPDX-License-Identifier: BSL-1.0
// The digits classifier at run time (docs/digits.md): every test image classified in double and in float from the
// files train.py wrote, compared with PyTorch's predictions and the labels; and a few images' logits computed while
// compiling, which the run-time logits must equal bit for bit; and the logits written into each workspace
// (digits::logits_into, the full record and the lean one), the same bits for every image.
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <span>

#include <cta/compare.hpp>

#include "digits_proof.hpp"

namespace {

template <class T>
constexpr cta::matrix<T, 1, digits::classes> logits_at_compile_time(std::size_t i) {
    return digits::proof::trained<T>.logits(digits::proof::test_image(i));
}

template <class T, std::size_t I>
bool same_bits_as_compile_time(const digits::model<T>& model) {
    static constexpr auto at_compile_time = logits_at_compile_time<T>(I);
    const auto at_run_time = model.logits(digits::proof::test_image(I));
    return std::memcmp(&at_compile_time, &at_run_time, sizeof at_run_time) == 0;
}

/// logits_into (caller-provided storage: Workspace, digits::workspace or digits::lean_workspace) gives logits' bits,
/// while compiling too.
template <template <class> class Workspace, class T>
constexpr bool into_same_as_logits(std::size_t i) {
    Workspace<T> w{};
    const auto& m = digits::proof::trained<T>;
    digits::logits_into(w, m, digits::proof::test_image(i));
    return cta::identical(w.logits, m.logits(digits::proof::test_image(i)));
}
static_assert(into_same_as_logits<digits::workspace, float>(0));
static_assert(into_same_as_logits<digits::lean_workspace, float>(0));
static_assert(sizeof(digits::lean_workspace<float>) < sizeof(digits::workspace<float>));

template <class T>
bool run(const char* type) {
    // Read at run time: the bytes of the files, through a pointer the compiler does not follow.
    const unsigned char* volatile state = digits_data::digits_safetensors;
    const auto loaded = cta::pytorch::try_load<digits::model<T>>(
        std::span<const unsigned char>(state, sizeof digits_data::digits_safetensors));
    if (!loaded) {
        std::printf("%s: the state_dict did not load: %s\n", type, cta::weights::describe(loaded.reason));
        return false;
    }
    const digits::model<T>& model = loaded.value;
    std::size_t as_pytorch = 0;
    std::size_t correct = 0;
    std::size_t into_same = 0;
    std::size_t lean_same = 0;
    static digits::workspace<T> w;
    static digits::lean_workspace<T> lean;
    for (std::size_t i = 0; i < digits::proof::test_count; ++i) {
        const auto x = digits::proof::test_image(i);
        const auto logits = model.logits(x);
        digits::logits_into(w, model, x);
        into_same += std::memcmp(&logits, &w.logits, sizeof logits) == 0;
        digits::logits_into(lean, model, x);
        lean_same += std::memcmp(&logits, &lean.logits, sizeof logits) == 0;
        const std::size_t c = cta::argmax(logits, 0);
        as_pytorch += c == digits::proof::pytorch_prediction(i);
        correct += c == digits::proof::test_labels.elems[0][i];
    }
    const bool same = same_bits_as_compile_time<T, 0>(model) && same_bits_as_compile_time<T, 1>(model) &&
                      same_bits_as_compile_time<T, 359>(model);
    std::printf("%s: %zu of %zu test images classified as PyTorch does, %zu right (PyTorch: %zu); logits of images "
                "0, 1, 359 the same bits as at compile time: %s; logits_into the same bits as logits: %zu of %zu, with "
                "the lean workspace: %zu of %zu\n",
                type, as_pytorch, digits::proof::test_count, correct, digits::results::pytorch_test_correct,
                same ? "yes" : "no", into_same, digits::proof::test_count, lean_same, digits::proof::test_count);
    return as_pytorch == digits::proof::test_count && correct == digits::results::pytorch_test_correct && same &&
           into_same == digits::proof::test_count && lean_same == digits::proof::test_count;
}

}  // namespace

int main() {
    const bool ok = run<double>("double") && run<float>("float");
    std::puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
