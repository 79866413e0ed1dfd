// SPDX-License-Identifier: BSL-1.0
// CTA_BENCH_LAYERS (1 or 2) encoder layers of n = 16 tokens, d_model = 64, 4 heads and d_ff = 256, in double,
// post-norm (cta::encode), in one constant expression: the inputs and each weight of each layer are constants of
// their own (bench/encoder_data.hpp), the layers one constant more. docs/performance.md gives the smallest limit with
// which one layer compiles and whether one and two layers compile under the compilers' default limits.
#include <cta/transformer/encoder_layer.hpp>

#include "encoder_data.hpp"

#ifndef CTA_BENCH_LAYERS
#error "define CTA_BENCH_LAYERS, the number of layers (1 or 2)"
#endif

namespace {

namespace e = cta_bench::encoder;

#if CTA_BENCH_LAYERS == 1
constexpr auto outputs = cta::encode(e::x, e::weights<1>::layer);
#elif CTA_BENCH_LAYERS == 2
constexpr auto outputs = cta::encode(cta::encode(e::x, e::weights<1>::layer), e::weights<2>::layer);
#else
#error "CTA_BENCH_LAYERS is 1 or 2"
#endif
static_assert(outputs(e::n - 1, e::d_model - 1) == outputs(e::n - 1, e::d_model - 1));

}  // namespace
