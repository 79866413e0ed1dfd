// SPDX-License-Identifier: BSL-1.0
// A failed precondition of the quantized arithmetic stops a build without NDEBUG (__builtin_trap), and a token id
// outside the vocabulary stops cta::token_embedding in every build (<cta/transformer/embedding.hpp>). The program
// prints "breaking <rule>", breaks the rule that its argument names, with operands it reads at run time, and prints
// "not stopped" if the call returns; with "none" it breaks none. expect_precondition_stop.cmake runs it (tests quantized.precondition.<rule>).
#undef NDEBUG  // whatever the build type: this program tests the debug build's checks

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/elementwise.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/fixed_point_math.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/quantize.hpp>
#include <cta/quantized/rsqrt.hpp>
#include <cta/quantized/softmax.hpp>
#include <cta/transformer/embedding.hpp>

#include "at_run_time.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

/// An int8 fully connected layer of one batch, input depth 1 and one output channel (input 1, weight 2, multiplier
/// 1/2): its output with `params`.
int fully_connected_with(const q::fully_connected_params& params) {
    const std::int8_t input[1] = {at_run_time(std::int8_t{1})};
    const std::int8_t weights[1] = {at_run_time(std::int8_t{2})};
    std::int8_t output[1] = {};
    q::fully_connected(params, {at_run_time(1 << 30), 0}, input, weights, nullptr, output, 1, 1, 1);
    return output[0];
}

/// An int8 batch matrix product of 1 x 1 matrices, `lhs_batches` x 1 by `rhs_batches` x 1 batches broadcast in
/// the innermost batch dimension (multiplier 1/2): its first output with `params`.
int batch_matmul_with(const q::batch_matmul_params& params, std::size_t lhs_batches = 1, std::size_t rhs_batches = 1) {
    const std::int8_t lhs[3] = {at_run_time(std::int8_t{1}), 2, 3};
    const std::int8_t rhs[3] = {at_run_time(std::int8_t{4}), 5, 6};
    std::int8_t output[3] = {};
    q::batch_matmul(params, {at_run_time(1 << 30), 0}, lhs, {1, 1, lhs_batches}, rhs, {1, 1, rhs_batches}, output, 1,
                    1, 1);
    return output[0];
}

/// The int8 softmax of one row of `row_length` elements, all 0 (at most 4096), with `params`: its first output.
int softmax_int8_with(const q::softmax_int8_params& params, std::size_t row_length = 2) {
    static std::int8_t input[4096];
    static std::int8_t output[4096];
    for (std::size_t i = 0; i < row_length; ++i) input[i] = at_run_time(std::int8_t{0});
    q::softmax(input, 1, row_length, params, output);
    return output[0];
}

/// The int16 softmax of one row of two elements, both 0, with `params` and tables whose every entry of e^x is
/// `exp_entry` (and of 1 / (1 + x), 2^14): its first output.
int softmax_int16_with(const q::softmax_int16_params& params, std::int16_t exp_entry) {
    q::softmax_int16_luts luts{};
    for (auto& entry : luts.exp) entry = at_run_time(exp_entry);
    for (auto& entry : luts.one_over_one_plus_x) entry = 16384;
    const std::int16_t input[2] = {at_run_time(std::int16_t{0}), 0};
    std::int16_t output[2] = {};
    q::softmax(input, 1, 2, params, luts, output);
    return output[0];
}

/// RSQRT of the int8 values 0 and `value` with the input's zero point 0 (multiplier 128): the output of `value`.
int rsqrt_of(std::int8_t value) {
    const std::int8_t input[2] = {at_run_time(std::int8_t{0}), at_run_time(value)};
    std::int8_t output[2] = {};
    q::rsqrt({0, {at_run_time(1 << 30), 8}, 0}, input, 2, output);
    return output[1];
}

/// Row 0 of the embedding of one token, `id`, in a table of 5 (the ids 0 .. 4) by 2 elements.
float embedding_of(std::size_t id) {
    cta::matrix<float, 5, 2> table{};
    table(4, 0) = at_run_time(1.0F);
    return cta::token_embedding(std::array<std::size_t, 1>{id}, table)(0, 0);
}

/// Calls the function whose precondition `rule` names with an operand that breaks it; false for an unknown rule.
bool break_rule(const char* rule) {
    const auto is = [rule](const char* name) {
        if (std::strcmp(rule, name) != 0) return false;
        std::printf("breaking %s\n", name);
        std::fflush(stdout);
        return true;
    };
    long long sink = 0;
    if (is("none")) {
        sink += q::rounding_divide_by_pot(at_run_time(5), at_run_time(1));
        sink += q::quantize<std::int8_t>(at_run_time(1.0F), at_run_time(0.5F), at_run_time(0));
        sink += fully_connected_with({});
        sink += batch_matmul_with({}, at_run_time(std::size_t{3}), at_run_time(std::size_t{1}));
        sink += softmax_int8_with(q::prepare_softmax_int8(at_run_time(1.0 / 16)), at_run_time(std::size_t{4095}));
        sink += softmax_int16_with(q::prepare_softmax_int16(at_run_time(1.0)), 16384);
        sink += q::exp_on_negative_values(at_run_time(0), at_run_time(5));
        sink += static_cast<long long>(embedding_of(at_run_time(std::size_t{4})));
        sink += rsqrt_of(at_run_time(std::int8_t{4}));
    } else if (is("multiplier_must_be_finite_and_not_negative")) {
        sink += q::quantize_multiplier(at_run_time(-0.25)).shift;
    } else if (is("multiplier_must_be_below_2_to_the_30")) {
        sink += q::quantize_multiplier(at_run_time(0x1p30)).shift;
    } else if (is("quantized_multiplier_must_be_in_0_to_2_to_the_31")) {
        sink += q::multiply_by_quantized_multiplier(at_run_time(10), at_run_time(-1), at_run_time(0));
    } else if (is("shift_must_be_in_minus_31_to_30")) {
        sink += q::multiply_by_quantized_multiplier(at_run_time(10), at_run_time(1 << 30), at_run_time(31));
    } else if (is("shift_must_be_in_minus_31_to_7")) {
        sink += q::multiply_by_quantized_multiplier_int64(at_run_time(std::int64_t{10}), at_run_time(1 << 30),
                                                          at_run_time(8));
    } else if (is("activation_range_must_be_within_minus_32768_to_32767_and_not_empty")) {
        const std::int16_t input[1] = {at_run_time(std::int16_t{1})};
        const std::int8_t weights[1] = {at_run_time(std::int8_t{2})};
        std::int16_t output[1] = {};
        q::fully_connected({.activation_max = at_run_time(32768)}, {at_run_time(1 << 30), 0}, input, weights,
                           static_cast<const std::int64_t*>(nullptr), output, 1, 1, 1);
        sink += output[0];
    } else if (is("exponent_must_be_in_0_to_31")) {
        sink += q::rounding_divide_by_pot(at_run_time(10), at_run_time(-1));
    } else if (is("scale_must_be_positive_and_finite")) {
        sink += q::quantize<std::int8_t>(at_run_time(1.0F), at_run_time(0.0F), at_run_time(0));
    } else if (is("zero_point_must_be_in_the_range_of_the_quantized_type")) {
        sink += static_cast<int>(q::dequantize(at_run_time(std::int8_t{1}), at_run_time(0.5), at_run_time(-129)));
    } else if (is("value_to_quantize_must_not_be_nan")) {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        sink += q::quantize<std::int16_t>(at_run_time(nan), at_run_time(0.5F), at_run_time(0));
    } else if (is("range_must_not_be_empty")) {
        sink += q::asymmetric_int8(at_run_time(0.0F), at_run_time(0.0F)).zero_point;
    } else if (is("weights_must_be_the_calibrated_ones")) {
        constexpr float scales[1] = {1.0F / 127.0F};  // the scale of a column whose largest magnitude is 1
        cta::matrix<double, 1, 1> w{};
        w(0, 0) = at_run_time(2.0);
        sink += q::quantize_weights<q::symmetric(scales)>(w)(0, 0);
    } else if (is("input_offset_must_be_in_minus_127_to_128")) {
        sink += fully_connected_with({.input_offset = at_run_time(129)});
    } else if (is("filter_offset_must_be_in_minus_127_to_128")) {
        sink += fully_connected_with({.filter_offset = at_run_time(-128)});
    } else if (is("output_offset_must_be_in_minus_128_to_127")) {
        sink += batch_matmul_with({.output_offset = at_run_time(-129)});
    } else if (is("activation_range_must_be_within_minus_128_to_127_and_not_empty")) {
        sink += fully_connected_with({.activation_max = at_run_time(128)});
    } else if (is("lhs_offset_must_be_in_minus_127_to_128")) {
        sink += batch_matmul_with({.lhs_offset = at_run_time(129)});
    } else if (is("rhs_offset_must_be_in_minus_127_to_128")) {
        sink += batch_matmul_with({.rhs_offset = at_run_time(-128)});
    } else if (is("batch_extents_must_be_equal_or_1")) {
        sink += batch_matmul_with({}, at_run_time(std::size_t{3}), at_run_time(std::size_t{2}));
    } else if (is("operand_extents_must_be_equal_or_1")) {
        const std::int8_t a[4] = {1, 2, 3, 4};
        std::int8_t out[4] = {};
        const auto unit = q::affine(1.0F, 0);
        q::add(q::add_params(unit, unit, unit), a, 2, 2, a, at_run_time(std::size_t{2}), at_run_time(std::size_t{3}),
               out);
        sink += out[0];
    } else if (is("output_scale_must_be_above_2_max_input_scale_over_2_to_the_20")) {
        const auto unit = q::affine(1.0F, 0);
        sink += q::add_params(unit, unit, q::affine(at_run_time(1.0F / 1048576.0F), 0)).output.shift;
    } else if (is("output_scale_must_be_above_2_max_input_scale_over_2_to_the_15")) {
        const auto unit = q::affine(1.0F, 0);
        sink += q::add_params_int16(unit, unit, q::affine(at_run_time(1.0F / 32768.0F), 0)).output.shift;
    } else if (is("exponent_must_be_in_minus_31_to_31")) {
        sink += q::saturating_rounding_multiply_by_pot(at_run_time(3), at_run_time(-32));
    } else if (is("integer_bits_must_be_in_0_to_29")) {
        sink += q::exp_on_negative_values(at_run_time(-5), at_run_time(-1));
    } else if (is("argument_must_not_be_positive")) {
        sink += q::exp_on_negative_values(at_run_time(1), at_run_time(5));
    } else if (is("argument_must_be_in_0_to_1")) {
        sink += q::one_over_one_plus_x_for_x_in_0_1(at_run_time(std::numeric_limits<std::int32_t>::min()));
    } else if (is("input_scale_times_beta_must_be_above_2_to_the_minus_26")) {
        const double infinity = std::numeric_limits<double>::infinity();
        sink += q::prepare_softmax_int8(at_run_time(infinity), at_run_time(1.0)).input_left_shift;
    } else if (is("input_multiplier_must_not_be_negative")) {
        sink += softmax_int16_with({at_run_time(-1), 0}, 16384);
    } else if (is("input_left_shift_must_be_in_0_to_31")) {
        sink += softmax_int8_with({1 << 30, at_run_time(-1), -31});
    } else if (is("diff_min_times_2_to_the_left_shift_must_be_in_minus_2_to_the_31_to_0")) {
        sink += softmax_int8_with({1 << 30, 26, at_run_time(1)});
    } else if (is("input_shift_must_be_in_minus_31_to_15")) {
        sink += softmax_int16_with({1 << 30, at_run_time(-32)}, 16384);
    } else if (is("row_sum_must_fit_in_32_bits")) {
        sink += softmax_int8_with(q::prepare_softmax_int8(1.0 / 16), at_run_time(std::size_t{4096}));
    } else if (is("row_sum_must_be_in_2_to_2_to_the_31")) {
        sink += softmax_int16_with({1 << 30, 0}, 0);  // a table of zeros: the row's sum is 0
    } else if (is("rsqrt_input_must_not_be_below_its_zero_point")) {
        sink += rsqrt_of(at_run_time(std::int8_t{-1}));
    } else if (is("token_id_out_of_range")) {
        sink += static_cast<long long>(embedding_of(at_run_time(std::size_t{5})));
    } else {
        return false;
    }
    std::printf("not stopped (%lld)\n", sink);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2 || !break_rule(argv[1])) {
        std::fprintf(stderr, "usage: %s none|<precondition>\n", argc > 0 ? argv[0] : "precondition_stops");
        return 2;
    }
    return 0;
}
