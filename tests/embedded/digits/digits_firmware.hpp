// SPDX-License-Identifier: BSL-1.0
// What the digits firmwares share (tests/embedded/digits, float, and tests/embedded/digits_int8): a test image read
// through volatile, the multiply-adds of one image's logits, and a measured run's lines: one image classified between
// the markers, and the sizes `size: <what>|<bytes>`. Each program is one translation unit that includes this header
// once, after digits_proof.hpp (or a header that includes it), line.hpp and measure.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

namespace {

/// Test image i, read through volatile, so that nothing of its classification can be done in advance.
digits::image at_run_time(std::size_t i) {
    digits::image x{};
    const volatile std::uint8_t* row = digits::proof::test_images.elems[i];
    for (std::size_t k = 0; k < digits::pixels; ++k) x.elems[0][k] = row[k];
    return x;
}

/// The multiply-adds of one image's logits (float or int8: the same products): the embedding, per layer the
/// projections, each head's scores and weighted values, the output projection and the feed-forward part, and the
/// head.
constexpr std::size_t multiply_adds() {
    using namespace digits;
    constexpr std::size_t n = patches;
    constexpr std::size_t layer = 4 * n * d_model * d_model + 2 * n * n * d_model + 2 * n * d_model * d_ff;
    return n * patch_pixels * d_model + layers * layer + d_model * classes;
}

/// Test image 0 classified once by Classify between the markers of measure.hpp (a call, not through a pointer: the
/// call graph shows it), and the line `measure: one image|<multiply-adds>|<class>`.
template <std::size_t (*Classify)(const digits::image&)>
void measure_classify() {
    measure_markers();
    const digits::image x = at_run_time(0);
    cta_measure_begin();
    const std::size_t c = Classify(x);
    cta_measure_end();
    line out;
    out << "measure: one image|";
    out.decimal(multiply_adds()) << '|';
    out.decimal(c).print();
}

/// A line `size: <what>|<bytes>`.
void print_size(const char* what, std::size_t bytes) {
    line out;
    out << "size: " << what << '|';
    out.decimal(bytes).print();
}

}  // namespace
