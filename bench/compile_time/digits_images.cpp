// SPDX-License-Identifier: BSL-1.0
// The digits proof (examples/digits, docs/digits.md) of CTA_BENCH_IMAGES test images, 0 to CTA_BENCH_IMAGES - 1, in
// CTA_BENCH_TYPE: what one translation unit of cta_add_proof holds, a static_assert per image, each image a constant
// evaluation of the whole model of its own. With CTA_BENCH_IMAGES 0 the translation unit reads the headers, the
// files' bytes and the model, and proves nothing: bench/regenerate.py --digits-only compiles it for several counts
// and gives the cost of one image more (compile seconds and peak memory). The preset bench builds it with one image,
// in float (the target cta_bench_digits), which also writes the header of the files' bytes the script compiles with.
#include <cstddef>
#include <utility>

#include "digits_proof.hpp"

#ifndef CTA_BENCH_IMAGES
#define CTA_BENCH_IMAGES 1
#endif
#ifndef CTA_BENCH_TYPE
#define CTA_BENCH_TYPE float
#endif

namespace {

template <std::size_t I>
struct image_proven {
    static_assert(digits::proof::predicts_as_pytorch<CTA_BENCH_TYPE>(I), "the class of a test image is PyTorch's");
};

template <std::size_t... I>
constexpr std::size_t proven(std::index_sequence<I...>) {
    return (std::size_t{0} + ... + sizeof(image_proven<I>));
}

static_assert(proven(std::make_index_sequence<CTA_BENCH_IMAGES>()) == CTA_BENCH_IMAGES);

}  // namespace
