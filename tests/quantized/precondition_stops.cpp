// SPDX-License-Identifier: BSL-1.0
// A failed precondition of the quantized arithmetic stops a build without NDEBUG (__builtin_trap). The program
// prints "breaking <rule>", breaks the rule that its argument names, with operands it reads at run time, and prints
// "not stopped" if the call returns; with "none" it breaks none. expect_precondition_stop.cmake runs it (tests quantized.precondition.<rule>).
#undef NDEBUG  // whatever the build type: this program tests the debug build's checks

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include <cta/quantized/calibrate.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/quantize.hpp>

#include "at_run_time.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

/// Calls the function whose precondition `rule` names with an operand that breaks it; false for an unknown rule.
bool break_rule(const char* rule) {
    const auto is = [rule](const char* name) {
        if (std::strcmp(rule, name) != 0) return false;
        std::printf("breaking %s\n", name);
        std::fflush(stdout);
        return true;
    };
    int sink = 0;
    if (is("none")) {
        sink += q::rounding_divide_by_pot(at_run_time(5), at_run_time(1));
        sink += q::quantize<std::int8_t>(at_run_time(1.0F), at_run_time(0.5F), at_run_time(0));
    } else if (is("multiplier_must_be_finite_and_not_negative")) {
        sink += q::quantize_multiplier(at_run_time(-0.25)).shift;
    } else if (is("multiplier_must_be_below_2_to_the_30")) {
        sink += q::quantize_multiplier(at_run_time(0x1p30)).shift;
    } else if (is("quantized_multiplier_must_be_in_0_to_2_to_the_31")) {
        sink += q::multiply_by_quantized_multiplier(at_run_time(10), at_run_time(-1), at_run_time(0));
    } else if (is("shift_must_be_in_minus_31_to_30")) {
        sink += q::multiply_by_quantized_multiplier(at_run_time(10), at_run_time(1 << 30), at_run_time(31));
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
    } else {
        return false;
    }
    std::printf("not stopped (%d)\n", sink);
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
