// SPDX-License-Identifier: BSL-1.0
// The #embed route (docs/weights.md): the seed's weight files of examples/weights/seed/, embedded as bytes and loaded
// with cta::weights::load and load_npy in constant evaluation, hold the same bits as the headers cta_add_weights made
// of the same files (namespaces seed_npy, seed_st, seed_int8). Built only where the compiler has #embed
// (CTA_HAVE_EMBED, cmake/cta_check_embed.cmake: the preset clang-22). In C++20 Clang takes #embed as an extension and
// warns about it under -Wpedantic (-Wc23-extensions): the pragmas silence that one warning around the arrays.
#include <cstdint>

#include <cta/weights.hpp>

#include <seed_int8_files.hpp>
#include <seed_npy_files.hpp>
#include <seed_st_files.hpp>

#include "same_bits.hpp"

namespace {

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
#endif
constexpr unsigned char seed_safetensors[] = {
#embed "../../examples/weights/seed/seed.safetensors"
};
constexpr unsigned char seed_int8_safetensors[] = {
#embed "../../examples/weights/seed/seed_int8.safetensors"
};
constexpr unsigned char x_npy[] = {
#embed "../../examples/weights/seed/x.npy"
};
constexpr unsigned char w_query_npy[] = {
#embed "../../examples/weights/seed/w_query.npy"
};
constexpr unsigned char w_key_npy[] = {
#embed "../../examples/weights/seed/w_key.npy"
};
constexpr unsigned char w_value_npy[] = {
#embed "../../examples/weights/seed/w_value.npy"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

namespace w = cta::weights;

using test::same_bits;

using f64_3x4 = cta::matrix<double, 3, 4>;
using f64_4x3 = cta::matrix<double, 4, 3>;
using i8_4x3 = cta::matrix<std::int8_t, 4, 3>;
using f32_1x3 = cta::matrix<float, 1, 3>;

static_assert(same_bits(w::load_npy<f64_3x4>(x_npy), seed_npy::x));
static_assert(same_bits(w::load_npy<f64_4x3>(w_query_npy), seed_npy::w_query));
static_assert(same_bits(w::load_npy<f64_4x3>(w_key_npy), seed_npy::w_key));
static_assert(same_bits(w::load_npy<f64_4x3>(w_value_npy), seed_npy::w_value));

static_assert(same_bits(w::load<f64_3x4>(seed_safetensors, "x"), seed_st::x));
static_assert(same_bits(w::load<f64_4x3>(seed_safetensors, "w_query"), seed_st::w_query));
static_assert(same_bits(w::load<f64_4x3>(seed_safetensors, "w_key"), seed_st::w_key));
static_assert(same_bits(w::load<f64_4x3>(seed_safetensors, "w_value"), seed_st::w_value));

static_assert(same_bits(w::load<i8_4x3>(seed_int8_safetensors, "w_query"), seed_int8::w_query));
static_assert(same_bits(w::load<i8_4x3>(seed_int8_safetensors, "w_key"), seed_int8::w_key));
static_assert(same_bits(w::load<i8_4x3>(seed_int8_safetensors, "w_value"), seed_int8::w_value));
static_assert(same_bits(w::load<f32_1x3>(seed_int8_safetensors, "w_query_scale"), seed_int8::w_query_scale));
static_assert(same_bits(w::load<f32_1x3>(seed_int8_safetensors, "w_key_scale"), seed_int8::w_key_scale));
static_assert(same_bits(w::load<f32_1x3>(seed_int8_safetensors, "w_value_scale"), seed_int8::w_value_scale));

// The npy files and the safetensors file hold the same matrices.
static_assert(same_bits(seed_npy::w_query, seed_st::w_query) && same_bits(seed_npy::x, seed_st::x));

}  // namespace
