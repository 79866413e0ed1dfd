// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's quantized softmax, proven while this file compiles (static.quantized_softmax): the constants of
// <cta/quantized/fixed_point_math.hpp> and its functions at their edges; the parameters a converted model derives,
// equal to those the reference cases state; the two tables of the int16 softmax generated at compile time, entry for
// entry the published ones; and every output element of TensorFlow Lite's reference vectors and of the edge cases
// (softmax_cases.hpp) reproduced exactly.
#include <cta/quantized/softmax.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/math.hpp>

#include "softmax_cases.hpp"
#include "softmax_extremes.hpp"

namespace {

namespace q = cta::quantized;
using namespace softmax_cases;

constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();

// x * 2^fractional_bits rounded to nearest: a constant's raw value.
constexpr std::int32_t raw(double x, int fractional_bits) {
    return static_cast<std::int32_t>(cta::round(cta::scalbn(x, fractional_bits)));
}

// The constants: the reals, computed with cta::exp, rounded.
static_assert(q::detail::exp_minus_one_eighth == raw(cta::exp(-0.125), 31));
static_assert(q::detail::one_third == raw(1.0 / 3.0, 31));
static_assert(q::detail::exp_minus_pot[0] == raw(cta::exp(-0.25), 31));
static_assert(q::detail::exp_minus_pot[1] == raw(cta::exp(-0.5), 31));
static_assert(q::detail::exp_minus_pot[2] == raw(cta::exp(-1.0), 31));
static_assert(q::detail::exp_minus_pot[3] == raw(cta::exp(-2.0), 31));
static_assert(q::detail::exp_minus_pot[4] == raw(cta::exp(-4.0), 31));
static_assert(q::detail::exp_minus_pot[5] == raw(cta::exp(-8.0), 31));
static_assert(q::detail::exp_minus_pot[6] == raw(cta::exp(-16.0), 31));
static_assert(q::detail::forty_eight_seventeenths_q2 == raw(48.0 / 17.0, 29));
static_assert(q::detail::minus_thirty_two_seventeenths_q2 == raw(-32.0 / 17.0, 29));

// saturating_rounding_multiply_by_pot: left shifts saturate, right shifts round half away from zero.
static_assert(q::saturating_rounding_multiply_by_pot((1 << 29) - 1, 2) == int32_max - 3);
static_assert(q::saturating_rounding_multiply_by_pot(1 << 29, 2) == int32_max);
static_assert(q::saturating_rounding_multiply_by_pot(-(1 << 29), 2) == int32_min);  // fits exactly
static_assert(q::saturating_rounding_multiply_by_pot(-(1 << 29) - 1, 2) == int32_min);
static_assert(q::saturating_rounding_multiply_by_pot(5, -1) == 3 && q::saturating_rounding_multiply_by_pot(-5, -1) == -3);
static_assert(q::saturating_rounding_multiply_by_pot(int32_min, 0) == int32_min);
static_assert(q::rescale(1 << 26, 5, 0) == int32_max);       // 1 does not fit in Q0.31
static_assert(q::rescale(int32_max, 0, 12) == 1 << 19);      // 1 - 2^-31 in Q12.19 rounds to 1

// rounding_half_sum: ties away from zero, no overflow.
static_assert(q::rounding_half_sum(1, 2) == 2 && q::rounding_half_sum(-1, -2) == -2);
static_assert(q::rounding_half_sum(int32_max, int32_max) == int32_max);
static_assert(q::rounding_half_sum(int32_min, int32_min) == int32_min);
static_assert(q::rounding_half_sum(int32_min, int32_max) == -1);  // -1/2, away from zero

// exp_on_negative_values: 0 gives the largest value below 1; -1 is e^(-1/4 - 1/4 - 1/2), the same bits in Q5.26 and
// Q6.25 (the same remainder and bits); within 2^-20 of e^x at whole numbers; below -32 with 6 integer bits, 0.
static_assert(q::exp_on_negative_values(0, 5) == int32_max);
static_assert(q::exp_on_negative_values(-(1 << 26), 5) == q::exp_on_negative_values(-(1 << 25), 6));
static_assert(q::exp_on_negative_values(-(1 << 26), 5) ==
              q::saturating_rounding_doubling_high_mul(
                  q::saturating_rounding_doubling_high_mul(
                      q::exp_on_interval_between_negative_one_quarter_and_0_excl(-(1 << 29)),
                      q::detail::exp_minus_pot[0]),
                  q::detail::exp_minus_pot[1]));
constexpr bool exp_close_at_whole_numbers() {
    for (int k = 1; k <= 31; ++k) {
        const double expected = cta::scalbn(cta::exp(-double(k)), 31);
        const double got = q::exp_on_negative_values(-k * (1 << 26), 5);
        if (cta::abs(got - expected) > 0x1p11) return false;  // 2^-20 of 2^31
    }
    return true;
}
static_assert(exp_close_at_whole_numbers());
static_assert(q::exp_on_negative_values(-(33 << 25), 6) == 0);
static_assert(q::exp_on_negative_values(int32_min, 5) == 0);  // -32: e^-32 * 2^31 = 0.03

// one_over_one_plus_x_for_x_in_0_1: 1 / (1 + 0) is the largest value below 1; 1 / (1 + 1/2) within 2^-20 of 2/3.
static_assert(q::one_over_one_plus_x_for_x_in_0_1(0) == int32_max);
static_assert(cta::abs(q::one_over_one_plus_x_for_x_in_0_1(1 << 30) - 0x1p31 * 2.0 / 3.0) <= 0x1p11);

// The parameters a converted model derives from its input scale (beta 1) equal those each case states.
static_assert(q::prepare_softmax_int8(s8_scale) == s8_config);
static_assert(q::prepare_softmax_int8(s8_s16_scale) == s8_s16_config);
static_assert(q::prepare_softmax_int8(s8_s16_scale_float).input_multiplier == s8_s16_config.input_multiplier + 17);
static_assert(q::prepare_softmax_int16(s16_scale) == s16_config);
// beta scales as the scale does; the multiplier capped at 2^31 - 1 keeps only the maximum.
static_assert(q::prepare_softmax_int8(s8_scale / 2, 2.0) == s8_config);
static_assert(params_scale_1 == q::softmax_int8_params{1 << 30, 27, -15});
static_assert(params_capped == q::softmax_int8_params{int32_max, 31, 0});
static_assert(params_tiny == q::softmax_int8_params{1 << 30, 2, -(31 << 24)});

// The tables: generated in float, entry for entry the published ones.
static_assert(float_luts == published_luts);
// In double, the same table of e^x, and 1 / (1 + x) differs in entries 160 and 294 only, by one.
constexpr bool differ_at_160_and_294_by_one() {
    for (std::size_t i = 0; i < q::softmax_int16_lut_size; ++i) {
        const int difference = double_luts.one_over_one_plus_x[i] - float_luts.one_over_one_plus_x[i];
        if (difference != (i == 160 ? 1 : (i == 294 ? -1 : 0))) return false;
    }
    return true;
}
static_assert(differ_at_160_and_294_by_one());
static_assert(q::softmax_int16_luts{double_luts} ==
              [] {
                  q::softmax_int16_luts l = float_luts;
                  l.one_over_one_plus_x[160] = double_luts.one_over_one_plus_x[160];
                  l.one_over_one_plus_x[294] = double_luts.one_over_one_plus_x[294];
                  return l;
              }());
// Why: at 160 the sum in the midpoint of the interpolated segment, 32768 / (1 + 161/512) + 24966, is 49894.9985 in
// double and 49895 in float, whose half rounds up; at 294 the function's midpoint 32768 / (1 + 294.5/512) =
// 20802.4997 is 20802.5 or more in float.
static_assert(32768.0 / (1.0 + 161.0 / 512.0) + 24966.0 < 49895.0);
static_assert(32768.0F / (1.0F + 161.0F / 512.0F) + 24966.0F == 49895.0F);
static_assert(cta::round(32768.0 * (1.0 / (1.0 + 294.5 / 512.0))) == 20802.0);
static_assert(cta::round(32768.0F * (1.0F / (1.0F + 294.5F / 512.0F))) == 20803.0F);

// cta::exp needs not be correctly rounded for the tables of e^x: no entry changes when any of the three values it is
// computed from (e^x at x_i, at x_i + step / 2 and at x_i+1) moves by one ulp, in float and in double.
template <class F>
constexpr F neighbour(F x, int ulps) {  // x > 0
    using bits = std::conditional_t<std::is_same_v<F, float>, std::uint32_t, std::uint64_t>;
    return std::bit_cast<F>(static_cast<bits>(std::bit_cast<bits>(x) + static_cast<bits>(ulps)));
}
template <class F>
constexpr bool exp_entries_keep_within_one_ulp(int first, int last) {
    const F step = F(10) / F(512);
    for (int i = first; i < last; ++i) {
        const F value = cta::exp(F(-10) + F(i) * step);
        const F midpoint = cta::exp(F(-10) + F(i) * step + step / F(2));
        const F next = cta::exp(F(-10) + F(i + 1) * step);
        const std::int16_t entry = q::detail::int16_lut_entry(value, midpoint, next);
        if (entry != float_luts.exp[i]) return false;
        for (int a = -1; a <= 1; ++a)
            for (int b = -1; b <= 1; ++b)
                for (int c = -1; c <= 1; ++c)
                    if (q::detail::int16_lut_entry(neighbour(value, a), neighbour(midpoint, b), neighbour(next, c)) !=
                        entry)
                        return false;
    }
    return true;
}
static_assert(exp_entries_keep_within_one_ulp<float>(0, 256));
static_assert(exp_entries_keep_within_one_ulp<float>(256, 512));
static_assert(exp_entries_keep_within_one_ulp<double>(0, 256));
static_assert(exp_entries_keep_within_one_ulp<double>(256, 512));

// The reference cases: 10, 24 and 30 elements.
static_assert(s8_size == 10 && s8_s16_size == 24 && s16_size == 30);

// Every output element of a case as expected: the count of equal elements is the case's size.
constexpr std::size_t largest_case = 4096;
template <class Output>
constexpr std::size_t equal_elements(const int8_case& c, const Output* expected) {
    Output out[largest_case]{};
    q::softmax(c.input, c.rows, c.row_length, c.params, out);
    std::size_t equal = 0;
    for (std::size_t i = 0; i < c.rows * c.row_length; ++i) equal += out[i] == expected[i] ? 1 : 0;
    return equal;
}
template <std::size_t I, const auto& cases = int8_cases>
constexpr bool int8_case_reproduced() {
    constexpr int8_case c = cases[I];
    static_assert(c.rows * c.row_length <= largest_case && (c.int8_output != nullptr || c.int16_output != nullptr));
    return (c.int8_output == nullptr || equal_elements(c, c.int8_output) == c.rows * c.row_length) &&
           (c.int16_output == nullptr || equal_elements(c, c.int16_output) == c.rows * c.row_length);
}
template <std::size_t I, const auto& cases = int16_cases>
constexpr bool int16_case_reproduced() {
    constexpr int16_case c = cases[I];
    static_assert(c.rows * c.row_length <= largest_case);
    std::int16_t out[largest_case]{};
    q::softmax(c.input, c.rows, c.row_length, c.params, *c.luts, out);
    std::size_t equal = 0;
    for (std::size_t i = 0; i < c.rows * c.row_length; ++i) equal += out[i] == c.output[i] ? 1 : 0;
    return equal == c.rows * c.row_length;
}
static_assert(std::size(int8_cases) == 16 && std::size(int16_cases) == 7);
static_assert(int8_case_reproduced<0>());
static_assert(int8_case_reproduced<1>());
static_assert(int8_case_reproduced<2>());
static_assert(int8_case_reproduced<3>());
static_assert(int8_case_reproduced<4>());
static_assert(int8_case_reproduced<5>());
static_assert(int8_case_reproduced<6>());
static_assert(int8_case_reproduced<7>());
static_assert(int8_case_reproduced<8>());
static_assert(int8_case_reproduced<9>());
static_assert(int8_case_reproduced<10>());
static_assert(int8_case_reproduced<11>());
static_assert(int8_case_reproduced<12>());
static_assert(int8_case_reproduced<13>());
static_assert(int8_case_reproduced<14>());
static_assert(int8_case_reproduced<15>());
static_assert(int16_case_reproduced<0>());
static_assert(int16_case_reproduced<1>());
static_assert(int16_case_reproduced<2>());
static_assert(int16_case_reproduced<3>());
static_assert(int16_case_reproduced<4>());
static_assert(int16_case_reproduced<5>());
static_assert(int16_case_reproduced<6>());

// Rows at the extremes of the input type (softmax_extremes.hpp, written by make_softmax_extremes.py from TensorFlow
// Lite's reference kernels restated in Python): all at the minimum, all below -128 (int16), the maximum once and the
// minimum elsewhere, constant rows, one element.
static_assert(std::size(softmax_extremes::int8_cases) == 8 && std::size(softmax_extremes::int16_cases) == 10);
static_assert(int8_case_reproduced<0, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<1, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<2, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<3, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<4, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<5, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<6, softmax_extremes::int8_cases>());
static_assert(int8_case_reproduced<7, softmax_extremes::int8_cases>());
static_assert(int16_case_reproduced<0, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<1, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<2, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<3, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<4, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<5, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<6, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<7, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<8, softmax_extremes::int16_cases>());
static_assert(int16_case_reproduced<9, softmax_extremes::int16_cases>());

// The rows of softmax that int8 self-attention computes in a constant expression (detail::softmax_int8_row_tabulated:
// each exponential looked up in the table of the parameters' 256 differences, the output in one expression) give
// the kernel's integers, row by row: every case with int8 output, rows of length 1 to 600, elements below diff_min,
// multipliers capped and tiny, and the sums of 512 and more whose shift is beyond 31.
template <std::size_t I, const auto& cases = int8_cases>
constexpr bool int8_case_tabulated() {
    constexpr int8_case c = cases[I];
    static_assert(c.int8_output != nullptr && c.rows * c.row_length <= largest_case);
    std::int8_t out[largest_case]{};
    for (std::size_t r = 0; r < c.rows; ++r)
        q::detail::softmax_int8_row_tabulated<c.params>(c.input + r * c.row_length, c.row_length,
                                                        out + r * c.row_length);
    std::size_t equal = 0;
    for (std::size_t i = 0; i < c.rows * c.row_length; ++i) equal += out[i] == c.int8_output[i] ? 1 : 0;
    return equal == c.rows * c.row_length;
}
static_assert(int8_case_tabulated<0>());
static_assert(int8_case_tabulated<3>());
static_assert(int8_case_tabulated<4>());
static_assert(int8_case_tabulated<5>());
static_assert(int8_case_tabulated<6>());
static_assert(int8_case_tabulated<7>());
static_assert(int8_case_tabulated<8>());
static_assert(int8_case_tabulated<9>());
static_assert(int8_case_tabulated<10>());
static_assert(int8_case_tabulated<11>());
static_assert(int8_case_tabulated<12>());
static_assert(int8_case_tabulated<13>());
static_assert(int8_case_tabulated<14>());
static_assert(int8_case_tabulated<0, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<1, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<2, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<3, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<4, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<5, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<6, softmax_extremes::int8_cases>());
static_assert(int8_case_tabulated<7, softmax_extremes::int8_cases>());
// The public form of the same (softmax with a table of the parameters, tabulate_softmax), on every case with int8
// output: the kernel's integers, all rows at once.
template <std::size_t I, const auto& cases = int8_cases>
constexpr bool int8_case_with_table() {
    constexpr int8_case c = cases[I];
    static_assert(c.int8_output != nullptr && c.rows * c.row_length <= largest_case);
    std::int8_t out[largest_case]{};
    q::softmax(c.input, c.rows, c.row_length, q::tabulate_softmax(c.params), out);
    std::size_t equal = 0;
    for (std::size_t i = 0; i < c.rows * c.row_length; ++i) equal += out[i] == c.int8_output[i] ? 1 : 0;
    return equal == c.rows * c.row_length;
}
static_assert(int8_case_with_table<0>());
static_assert(int8_case_with_table<3>());
static_assert(int8_case_with_table<8>());
static_assert(int8_case_with_table<14>());
static_assert(int8_case_with_table<0, softmax_extremes::int8_cases>());
static_assert(int8_case_with_table<7, softmax_extremes::int8_cases>());
static_assert(q::tabulate_softmax(params_scale_1).params == params_scale_1);

// The table holds the kernel's terms: 0 below diff_min (-15 with scale 1), e^0 = INT32_MAX, 2^19 in 12 bits.
constexpr auto& table_scale_1 = q::detail::softmax_int8_table_for<params_scale_1>;
static_assert(params_scale_1.diff_min == -15 && table_scale_1.exp[15] != 0 && table_scale_1.exp[16] == 0 &&
              table_scale_1.sum_term[16] == 0 && table_scale_1.exp[0] == int32_max &&
              table_scale_1.sum_term[0] == 1 << 19);

// The edge cases' hand-derived outputs are within one of the reals: the int16 extremes (28862.1 and 3905.9), and
// the sum of 2^18 - 1 from the entries it is made of.
static_assert(cta::abs(32768.0 / (1.0 + cta::exp(-65535.0 / 32767.0)) - int16_extremes_q15[0]) < 1.0);
static_assert(cta::abs(32768.0 / (1.0 + cta::exp(65535.0 / 32767.0)) - int16_extremes_q15[1]) < 1.0);
constexpr std::int16_t exp_entry(std::int32_t difference) {
    const std::int32_t index =
        q::multiply_by_quantized_multiplier(difference, s16_config.input_multiplier, s16_config.input_shift) + 32767;
    return q::int16_lut_lookup(static_cast<std::int16_t>(index), float_luts.exp);
}
static_assert(exp_entry(0) == 32762 && exp_entry(-4712) == 28373 && exp_entry(-65516) == 4436);
static_assert(7 * 32762 + 28373 + 4436 == (1 << 18) - 1);

// The example of softmax.hpp's documentation.
constexpr bool documented_example() {
    constexpr auto p = q::prepare_softmax_int8(1.0 / 16, 1.0);
    constexpr std::int8_t in[3] = {16, 0, -16};
    std::int8_t out[3]{};
    q::softmax(in, 1, 3, p, out);
    return out[0] == 42 && out[1] == -65 && out[2] == -105;
}
static_assert(documented_example());

}  // namespace
