// SPDX-License-Identifier: BSL-1.0
// The #embed route (docs/pytorch.md): a case's state_dict and io file embedded with #embed and computed in a constant
// evaluation give the outcome of the same files through cta_add_weights(... BYTES ...) (pytorch_data.hpp). Built
// only where the compiler has #embed (CTA_HAVE_EMBED, cmake/cta_check_embed.cmake: the preset clang-22). In C++20
// Clang takes #embed as an extension and warns about it under -Wpedantic (-Wc23-extensions): the pragmas silence
// that one warning around the arrays.
#include "data/cases.hpp"
#include "compare.hpp"

namespace {

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
constexpr unsigned char state[] = {
#embed "data/decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64.safetensors"
};
constexpr unsigned char io[] = {
#embed "data/decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64.io.safetensors"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

using generated = pytorch_cases::decoder_2_post_relu_d8_h2_ff16_q4_kv5_norm_causal_padding_bf_f64;
struct embedded : generated {
    static constexpr const auto& state = ::state;
    static constexpr const auto& io = ::io;
};

static_assert(pytorch_test::run<embedded>() == pytorch_test::at_compile_time<generated>);
static_assert(pytorch_test::within_bound<embedded>(pytorch_test::run<embedded>()));

}  // namespace
