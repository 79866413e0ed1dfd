// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 BATCH_MATMUL, proven while this file compiles (static.quantized_batch_matmul): every element
// of both reference cases (tflite_int8/batch_matmul_1_s8 and batch_matmul_2_s8, 6912 each), each from the right-hand
// side as stored and stored transposed, the cases computed by hand in kernel_cases.hpp, and the preconditions. Each
// reference product is one constant evaluation within the compilers' default budgets (GCC 12, Clang 14).
#include "kernel_cases.hpp"

namespace {

using cases::mismatches;

// batch_matmul_1_s8: 3 x 3 batches of 32 x 16 times 16 x 24 (adj_y = 0).
constexpr auto bmm1 = cases::batch_matmul<cases::bmm1_outputs>(
    cases::bmm1_case, cases::bmm1::batch_matmul_1_s8_lhs_input_tensor, cases::bmm1::batch_matmul_1_s8_rhs_input_tensor);
static_assert(mismatches(bmm1.data(), cases::bmm1::batch_matmul_1_s8_output, cases::bmm1_outputs) == 0);
constexpr auto bmm1_transposed = cases::batch_matmul_rhs_transposed<cases::bmm1_outputs>(
    cases::bmm1_case, cases::bmm1::batch_matmul_1_s8_lhs_input_tensor,
    cases::bmm1::batch_matmul_1_s8_rhs_transposed_tensor);
static_assert(mismatches(bmm1_transposed.data(), cases::bmm1::batch_matmul_1_s8_output, cases::bmm1_outputs) == 0);

// batch_matmul_2_s8: 3 x 3 batches of 32 x 16 times one 16 x 24, given transposed (adj_y = 1).
constexpr auto bmm2 = cases::batch_matmul_rhs_transposed<cases::bmm2_outputs>(
    cases::bmm2_case, cases::bmm2::batch_matmul_2_s8_lhs_input_tensor, cases::bmm2::batch_matmul_2_s8_rhs_input_tensor);
static_assert(mismatches(bmm2.data(), cases::bmm2::batch_matmul_2_s8_output, cases::bmm2_outputs) == 0);
constexpr auto bmm2_plain = cases::batch_matmul<cases::bmm2_outputs>(
    cases::bmm2_case, cases::bmm2::batch_matmul_2_s8_lhs_input_tensor,
    cases::bmm2::batch_matmul_2_s8_rhs_transposed_tensor);
static_assert(mismatches(bmm2_plain.data(), cases::bmm2::batch_matmul_2_s8_output, cases::bmm2_outputs) == 0);

// By hand.
static_assert(cases::example_bmm(cases::example_bmm_lhs, cases::example_bmm_rhs) == cases::example_bmm_expected);
static_assert(cases::broadcast(cases::broadcast_lhs, cases::broadcast_rhs) == cases::broadcast_expected);
static_assert(cases::broadcast_rhs_transposed_stored(cases::broadcast_lhs, cases::broadcast_rhs_transposed) ==
              cases::broadcast_expected);

// The preconditions stop a constant evaluation: each limit is accepted, one beyond it is not; batch extents must
// be equal or 1. 1 x 1 matrices {1}.
constexpr std::int8_t one[3] = {1, 1, 1};

constexpr int product(cta::quantized::batch_matmul_params params, cta::quantized::batch_shape lhs_batches = {},
                      cta::quantized::batch_shape rhs_batches = {}) {
    std::int8_t out[3] = {};
    cta::quantized::batch_matmul(params, {1 << 30, 0}, one, lhs_batches, one, rhs_batches, out, 1, 1, 1);
    return out[0];
}
using cases::constant_evaluable;
static_assert(constant_evaluable<[] { return product({.lhs_offset = 128, .rhs_offset = -127}); }>);
static_assert(!constant_evaluable<[] { return product({.lhs_offset = 129}); }>);
static_assert(!constant_evaluable<[] { return product({.rhs_offset = -128}); }>);
static_assert(!constant_evaluable<[] { return product({.output_offset = 128}); }>);
static_assert(!constant_evaluable<[] { return product({.activation_min = 1, .activation_max = 0}); }>);
static_assert(constant_evaluable<[] { return product({}, {1, 1, 3}, {1, 1, 1}); }>);
static_assert(constant_evaluable<[] { return product({}, {1, 1, 1}, {1, 3, 1}); }>);
static_assert(!constant_evaluable<[] { return product({}, {1, 1, 2}, {1, 1, 3}); }>);

}  // namespace
