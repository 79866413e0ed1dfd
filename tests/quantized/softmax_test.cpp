// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's quantized softmax (<cta/quantized/softmax.hpp>) at run time: every case of softmax_cases.hpp
// (TensorFlow Lite's reference vectors and the edge cases, which softmax_proof.cpp proves at compile time) computed
// from inputs and parameters the compiler cannot know, every output element compared; the parameters derived and the
// tables generated at run time, equal to the published ones.
#include "catch.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include <cta/math.hpp>
#include <cta/quantized/softmax.hpp>

#include "softmax_cases.hpp"
#include "softmax_extremes.hpp"
#include "at_run_time.hpp"

namespace {

namespace q = cta::quantized;
using namespace softmax_cases;
using test::at_run_time;

template <class T>
std::vector<T> copy_at_run_time(const T* data, std::size_t n) {
    std::vector<T> copy(n);
    for (std::size_t i = 0; i < n; ++i) copy[i] = at_run_time(data[i]);
    return copy;
}

q::softmax_int8_params at_run_time(const q::softmax_int8_params& p) {
    return {at_run_time(p.input_multiplier), at_run_time(p.input_left_shift), at_run_time(p.diff_min)};
}
q::softmax_int16_params at_run_time(const q::softmax_int16_params& p) {
    return {at_run_time(p.input_multiplier), at_run_time(p.input_shift)};
}

// The count of elements of `got` equal to `expected`; each element is checked, so a failure names it.
template <class T>
std::size_t equal_elements(const std::vector<T>& got, const T* expected) {
    std::size_t equal = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        INFO("element " << i);
        CHECK(int{got[i]} == int{expected[i]});
        equal += got[i] == expected[i] ? 1 : 0;
    }
    return equal;
}

}  // namespace

static void check_int8_cases(const int8_case* cases, std::size_t count) {
    for (const int8_case& c : std::span(cases, count)) {
        INFO(c.what);
        const std::size_t n = c.rows * c.row_length;
        const std::vector<std::int8_t> input = copy_at_run_time(c.input, n);
        const q::softmax_int8_params params = at_run_time(c.params);
        if (c.int8_output != nullptr) {
            std::vector<std::int8_t> out(n);
            q::softmax(input.data(), at_run_time(c.rows), at_run_time(c.row_length), params, out.data());
            CHECK(equal_elements(out, c.int8_output) == n);
            // The same from the table of the parameters, made at run time.
            const q::softmax_int8_table table = q::tabulate_softmax(params);
            std::vector<std::int8_t> looked_up(n);
            q::softmax(input.data(), at_run_time(c.rows), at_run_time(c.row_length), table, looked_up.data());
            CHECK(equal_elements(looked_up, c.int8_output) == n);
        }
        if (c.int16_output != nullptr) {
            std::vector<std::int16_t> out(n);
            q::softmax(input.data(), at_run_time(c.rows), at_run_time(c.row_length), params, out.data());
            CHECK(equal_elements(out, c.int16_output) == n);
        }
    }
}

static void check_int16_cases(const int16_case* cases, std::size_t count) {
    for (const int16_case& c : std::span(cases, count)) {
        INFO(c.what);
        const std::size_t n = c.rows * c.row_length;
        const std::vector<std::int16_t> input = copy_at_run_time(c.input, n);
        q::softmax_int16_luts luts{};
        for (std::size_t i = 0; i < q::softmax_int16_lut_size; ++i) {
            luts.exp[i] = at_run_time(c.luts->exp[i]);
            luts.one_over_one_plus_x[i] = at_run_time(c.luts->one_over_one_plus_x[i]);
        }
        std::vector<std::int16_t> out(n);
        q::softmax(input.data(), at_run_time(c.rows), at_run_time(c.row_length), at_run_time(c.params), luts,
                   out.data());
        CHECK(equal_elements(out, c.output) == n);
    }
}

TEST_CASE("softmax with int8 input gives every expected element at run time") {
    check_int8_cases(int8_cases, std::size(int8_cases));
}

TEST_CASE("softmax with int16 input gives every expected element at run time") {
    check_int16_cases(int16_cases, std::size(int16_cases));
}

// Rows at the extremes of the input type, with the outputs of TensorFlow Lite's reference kernels restated in Python
// (softmax_extremes.hpp): all at the minimum, all below -128 (int16), the maximum once, constant rows, one element.
TEST_CASE("softmax with int8 input at the extremes of int8 at run time") {
    check_int8_cases(softmax_extremes::int8_cases, std::size(softmax_extremes::int8_cases));
}

TEST_CASE("softmax with int16 input at the extremes of int16 at run time") {
    check_int16_cases(softmax_extremes::int16_cases, std::size(softmax_extremes::int16_cases));
}

TEST_CASE("the reference cases reproduced: 10, 24 and 30 elements") {
    // The first cases of each list are TensorFlow Lite's.
    CHECK(int8_cases[0].rows * int8_cases[0].row_length == 10);
    CHECK(int8_cases[1].rows * int8_cases[1].row_length == 24);
    CHECK(int16_cases[0].rows * int16_cases[0].row_length == 30);
}

TEST_CASE("the parameters derived at run time equal those the reference cases state") {
    CHECK(q::prepare_softmax_int8(at_run_time(s8_scale)) == s8_config);
    CHECK(q::prepare_softmax_int8(at_run_time(s8_s16_scale)) == s8_s16_config);
    CHECK(q::prepare_softmax_int16(at_run_time(s16_scale)) == s16_config);
    CHECK(q::prepare_softmax_int8(at_run_time(1e6)) == params_capped);
}

TEST_CASE("the tables generated at run time equal the published ones (float) and differ in two entries (double)") {
    q::softmax_int16_luts in_float{};
    q::generate_int16_lut([](float x) { return cta::exp(x); }, at_run_time(-10.0F), at_run_time(0.0F), in_float.exp);
    q::generate_int16_lut([](float x) { return 1.0F / (1.0F + x); }, at_run_time(0.0F), at_run_time(1.0F),
                          in_float.one_over_one_plus_x);
    for (std::size_t i = 0; i < q::softmax_int16_lut_size; ++i) {
        INFO("entry " << i);
        CHECK(in_float.exp[i] == published_luts.exp[i]);
        CHECK(in_float.one_over_one_plus_x[i] == published_luts.one_over_one_plus_x[i]);
    }
    q::softmax_int16_luts in_double{};
    q::generate_int16_lut([](double x) { return cta::exp(x); }, at_run_time(-10.0), at_run_time(0.0), in_double.exp);
    q::generate_int16_lut([](double x) { return 1.0 / (1.0 + x); }, at_run_time(0.0), at_run_time(1.0),
                          in_double.one_over_one_plus_x);
    CHECK(in_double == double_luts);
    std::vector<std::size_t> differing;
    for (std::size_t i = 0; i < q::softmax_int16_lut_size; ++i)
        if (in_double.one_over_one_plus_x[i] != published_luts.one_over_one_plus_x[i]) differing.push_back(i);
    CHECK(differing == std::vector<std::size_t>{160, 294});
}
