// SPDX-License-Identifier: BSL-1.0
// The int8 self-attention of n = d = CTA_BENCH_N (n inputs of d features, d x d weights), as TensorFlow Lite
// computes it (<cta/quantized/attention.hpp>), in three forms:
// - by default, the int8 attention alone is one constant expression: its inputs, its model and the quantization of
//   every step (the parameters) are constants of their own, and so is each block of CTA_BENCH_ROWS rows (48 unless
//   defined) of each step of the real-valued attention in double from which the parameters are calibrated, each
//   within its own budget;
// - with CTA_BENCH_CALIBRATION, calibration and quantization as a program writes them: calibrate_self_attention
//   (the real-valued attention in double, one constant expression), quantize_self_attention (the int8 weights) and
//   the int8 inputs, each a constant, and no attention;
// - with CTA_BENCH_CHECK, the default form and a check that its parameters are calibrate_self_attention's;
// - with CTA_BENCH_ACTIVATIONS, the default form with the quantization of the five activations (queries, keys,
//   values, scores, outputs) taken from quantized_activations.hpp, which quantized_activations.cpp writes at run
//   time (the test budget.quantized_activations keeps it current), instead of calibrated from the real-valued
//   attention: the same int8 attention, the same constant expression, without the real-valued attention's
//   constant evaluations (most of the translation unit's compile time).
#include <cstddef>
#include <cstdint>

#include <cta/quantized/attention.hpp>

#include "bench_data.hpp"
#ifdef CTA_BENCH_ACTIVATIONS
#include "quantized_activations.hpp"
#else
#include "staged_attention.hpp"
#endif

#ifndef CTA_BENCH_N
#error "define CTA_BENCH_N, the number of inputs and of features"
#endif

namespace {

namespace q = cta::quantized;
constexpr std::size_t n = CTA_BENCH_N;
using operands = cta_bench::square_attention<n>;

#ifdef CTA_BENCH_CALIBRATION
constexpr auto parameters =
    q::calibrate_self_attention(operands::x, operands::w_query, operands::w_key, operands::w_value);
#else
#ifdef CTA_BENCH_ACTIVATIONS
using activations = cta_bench::quantized_activations<n>;
#else
// calibrate_self_attention's steps, each a constant, computed in blocks of CTA_BENCH_ROWS rows, each block a constant
// (staged_attention.hpp: the same bits, as the products sum in the same order and softmax is cta::softmax), and the
// quantization each of them gives.
#ifndef CTA_BENCH_ROWS
#define CTA_BENCH_ROWS 48
#endif
using real = cta_bench::staged_attention_by_rows<n, CTA_BENCH_ROWS>;
struct activations {
    static constexpr q::per_tensor queries = q::asymmetric_int8(real::queries), keys = q::asymmetric_int8(real::keys),
                                   values = q::asymmetric_int8(real::values),
                                   scores = q::asymmetric_int8(real::scores),
                                   outputs = q::asymmetric_int8(real::outputs);
};
#endif
constexpr q::self_attention_quantization<n, n, n> parameters{
    q::asymmetric_int8(operands::x),     q::symmetric_int8(operands::w_query), q::symmetric_int8(operands::w_key),
    q::symmetric_int8(operands::w_value), activations::queries,                 activations::keys,
    activations::values,                 activations::scores,                  q::affine(1.0F / 256.0F, -128),
    activations::outputs};
#ifdef CTA_BENCH_CHECK
static_assert(parameters ==
              q::calibrate_self_attention(operands::x, operands::w_query, operands::w_key, operands::w_value));
#endif
#endif

constexpr auto model = q::quantize_self_attention<parameters>(operands::w_query, operands::w_key, operands::w_value);
constexpr auto x = q::quantize<std::int8_t, parameters.inputs>(operands::x);

#ifdef CTA_BENCH_CALIBRATION
static_assert(model.w_value(n - 1, n - 1) == model.w_value(n - 1, n - 1) && x(n - 1, n - 1) == x(n - 1, n - 1));
#else
constexpr auto outputs = q::self_attention(x, model);
static_assert(outputs(n - 1, n - 1) == outputs(n - 1, n - 1));
#endif

}  // namespace
