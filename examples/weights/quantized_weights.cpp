// SPDX-License-Identifier: BSL-1.0
// The quantized tutorial's int8 model from a weight file (docs/weights.md, docs/quantized.md): the int8 weights and
// their per-column scales of seed/seed_int8.safetensors (I8 and F32), read by the header cta_add_weights wrote
// (seed_int8.hpp, namespace seed_int8) and, where the compiler has #embed (CTA_EXAMPLE_EMBED: the preset clang-22), by
// cta::weights::load of the embedded bytes. The compiler proves them the weights that quantize_self_attention gives,
// and the int8 self-attention with them the outputs of examples/quantized_tutorial.cpp. The calibration is the
// tutorial's, on the seed's real inputs and weights, here read from seed/seed.safetensors.
#include <cstddef>
#include <cstdint>
#include <iostream>

#include <cta/cta.hpp>
#include <cta/io.hpp>
#include <cta/quantized/attention.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/io.hpp>
#include <cta/quantized/quantize.hpp>
#include <cta/weights.hpp>

#include <seed_files.hpp>
#include <seed_int8.hpp>

namespace q = cta::quantized;
using cta::matrix;

namespace {

/// The int8 weights `m` as a quantized matrix of quantization Q.
template <auto Q, std::size_t R, std::size_t C>
constexpr q::qmatrix<std::int8_t, R, C, Q> with_quantization(const matrix<std::int8_t, R, C>& m) {
    q::qmatrix<std::int8_t, R, C, Q> out{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) out(i, j) = m(i, j);
    }
    return out;
}

/// The per-column quantization of the scales `s` (one row).
template <std::size_t C>
constexpr q::per_channel<C> scales_of(const matrix<float, 1, C>& s) {
    float scales[C] = {};
    for (std::size_t j = 0; j < C; ++j) scales[j] = s(0, j);
    return q::symmetric(scales);
}

}  // namespace

// The tutorial's calibration (section 3), on the seed's inputs and real weights as seed.safetensors holds them.
constexpr auto P =
    q::calibrate_self_attention(seed_files::x, seed_files::w_query, seed_files::w_key, seed_files::w_value);
static_assert(P.inputs == q::affine(2.0F / 255.0F, -128) && P.outputs.zero_point == -128);

// The file's scales are the calibrated ones, and its int8 weights what quantize_self_attention gives.
static_assert(scales_of(seed_int8::w_query_scale) == P.w_query && scales_of(seed_int8::w_key_scale) == P.w_key &&
              scales_of(seed_int8::w_value_scale) == P.w_value);
constexpr q::self_attention_model<P> model{with_quantization<P.w_query>(seed_int8::w_query),
                                           with_quantization<P.w_key>(seed_int8::w_key),
                                           with_quantization<P.w_value>(seed_int8::w_value)};
static_assert(model.w_query == q::quantize_self_attention<P>(seed_files::w_query, seed_files::w_key,
                                                             seed_files::w_value).w_query);
static_assert(model.w_key == q::quantize_self_attention<P>(seed_files::w_query, seed_files::w_key,
                                                           seed_files::w_value).w_key);
static_assert(model.w_value == q::quantize_self_attention<P>(seed_files::w_query, seed_files::w_key,
                                                             seed_files::w_value).w_value);

// The int8 self-attention with the file's weights: the tutorial's outputs (section 5).
constexpr auto x_int8 = q::quantize<std::int8_t, P.inputs>(seed_files::x);
constexpr auto outputs = q::self_attention(x_int8, model);
static_assert(outputs.values() == matrix<std::int8_t, 3, 3>{{{-66, 86, -77},
                                                             {-64, 127, -126},
                                                             {-64, 121, -117}}});

#ifdef CTA_EXAMPLE_EMBED
// The same file's bytes, embedded (the pragmas silence Clang's -Wpedantic warning that #embed is an extension).
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
static constexpr unsigned char seed_int8_safetensors[] = {
#embed "seed/seed_int8.safetensors"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
using int8_4x3 = matrix<std::int8_t, 4, 3>;
constexpr q::self_attention_model<P> embedded_model{
    with_quantization<P.w_query>(cta::weights::load<int8_4x3>(seed_int8_safetensors, "w_query")),
    with_quantization<P.w_key>(cta::weights::load<int8_4x3>(seed_int8_safetensors, "w_key")),
    with_quantization<P.w_value>(cta::weights::load<int8_4x3>(seed_int8_safetensors, "w_value"))};
static_assert(q::self_attention(x_int8, embedded_model) == outputs);
constexpr const char* embed_route = "#embed and cta::weights::load: the same outputs";
#else
constexpr const char* embed_route = "#embed: not available with this compiler";
#endif

int main() {
    std::cout << "The int8 self-attention with the weights of seed/seed_int8.safetensors (cta_add_weights):\n"
                 "outputs:\n"
              << outputs.values() << '\n'
              << embed_route << '\n';
    return 0;
}
