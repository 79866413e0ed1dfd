// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 FULLY_CONNECTED and BATCH_MATMUL at run time: the cases of kernel_cases.hpp (the reference
// vectors of tflite_int8/ and the cases computed by hand) on copies of their inputs read through volatile, so that
// the compiled kernels compute them; every output element is checked against the expected one. The same functions
// are proven at compile time by fully_connected_proof.cpp and batch_matmul_proof.cpp.
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernel_cases.hpp"

namespace {

/// A copy of `data` read element by element through a volatile: values the compiler cannot know.
template <class T, std::size_t N>
std::vector<T> at_run_time(const T (&data)[N]) {
    std::vector<T> copy(N);
    for (std::size_t i = 0; i < N; ++i) {
        volatile T v = data[i];
        copy[i] = v;
    }
    return copy;
}

/// One check per element: `got[i] == expected[i]` for every i < n.
void check_every_element(const std::int8_t* got, const std::int8_t* expected, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        INFO("element " << i);
        CHECK(int{got[i]} == int{expected[i]});
    }
}

template <std::size_t N>
void check_every_element(const std::array<std::int8_t, N>& got, const std::array<std::int8_t, N>& expected) {
    check_every_element(got.data(), expected.data(), N);
}

}  // namespace

TEST_CASE("FULLY_CONNECTED int8 per tensor: TensorFlow Lite's reference case fully_connected, every element") {
    namespace fc = cases::fc;
    const auto input = at_run_time(fc::fully_connected_input);
    const auto weights = at_run_time(fc::fully_connected_weights);
    const auto bias = at_run_time(fc::fully_connected_biases);
    const auto out = cases::fully_connected(input.data(), weights.data(), bias.data());
    check_every_element(out.data(), fc::fully_connected_output_ref, cases::fc_outputs);
}

TEST_CASE("FULLY_CONNECTED int8 per channel: TensorFlow Lite's reference case fc_per_ch, every element") {
    namespace fc = cases::fc_per_ch;
    const auto input = at_run_time(fc::fc_per_ch_input);
    const auto weights = at_run_time(fc::fc_per_ch_weights);
    const auto bias = at_run_time(fc::fc_per_ch_bias);
    const auto out = cases::fully_connected_per_channel(input.data(), weights.data(), bias.data());
    check_every_element(out.data(), fc::fc_per_ch_output, cases::fc_per_ch_outputs);
}

namespace {

/// A BATCH_MATMUL reference case from its right-hand side as a plain matrix per batch and stored transposed, one
/// section each: every element against `expected`.
template <std::size_t Outputs, std::size_t L, std::size_t R>
void check_batch_matmul(const cases::batch_matmul_case& c, const std::int8_t (&lhs)[L], const std::int8_t (&rhs)[R],
                        const std::int8_t (&rhs_transposed)[R], const std::int8_t (&expected)[Outputs]) {
    const auto lhs_copy = at_run_time(lhs);
    SECTION("the right-hand side as a plain depth x cols matrix") {
        const auto out = cases::batch_matmul<Outputs>(c, lhs_copy.data(), at_run_time(rhs).data());
        check_every_element(out.data(), expected, Outputs);
    }
    SECTION("the right-hand side stored transposed, cols x depth") {
        const auto out =
            cases::batch_matmul_rhs_transposed<Outputs>(c, lhs_copy.data(), at_run_time(rhs_transposed).data());
        check_every_element(out.data(), expected, Outputs);
    }
}

}  // namespace

TEST_CASE("BATCH_MATMUL int8: TensorFlow Lite's reference case batch_matmul_1_s8, every element") {
    namespace bmm = cases::bmm1;
    check_batch_matmul(cases::bmm1_case, bmm::batch_matmul_1_s8_lhs_input_tensor,
                       bmm::batch_matmul_1_s8_rhs_input_tensor, bmm::batch_matmul_1_s8_rhs_transposed_tensor,
                       bmm::batch_matmul_1_s8_output);
}

TEST_CASE("BATCH_MATMUL int8: TensorFlow Lite's reference case batch_matmul_2_s8 (adj_y, one rhs), every element") {
    namespace bmm = cases::bmm2;  // rhs_input_tensor is the one stored transposed (adj_y)
    check_batch_matmul(cases::bmm2_case, bmm::batch_matmul_2_s8_lhs_input_tensor,
                       bmm::batch_matmul_2_s8_rhs_transposed_tensor, bmm::batch_matmul_2_s8_rhs_input_tensor,
                       bmm::batch_matmul_2_s8_output);
}

TEST_CASE("FULLY_CONNECTED int8 by hand: the header's example, no bias, clamping at both ends, per-channel shifts") {
    SECTION("the example of fully_connected.hpp") {
        const auto out = cases::example_fc(at_run_time(cases::example_fc_input).data(),
                                           at_run_time(cases::example_fc_weights).data(),
                                           at_run_time(cases::example_fc_bias).data());
        check_every_element(out, cases::example_fc_expected);
    }
    SECTION("no bias, offsets on input and weights") {
        const auto out =
            cases::no_bias(at_run_time(cases::no_bias_input).data(), at_run_time(cases::no_bias_weights).data());
        check_every_element(out, cases::no_bias_expected);
    }
    const auto input = at_run_time(cases::clamp_input);
    const auto weights = at_run_time(cases::clamp_weights);
    const auto bias = at_run_time(cases::clamp_bias);
    SECTION("an activation range of [-10, 10]") {
        check_every_element(cases::clamp(input.data(), weights.data(), bias.data()), cases::clamp_expected);
    }
    SECTION("the whole int8 range") {
        check_every_element(cases::clamp_int8(input.data(), weights.data(), bias.data()), cases::clamp_int8_expected);
    }
    SECTION("a multiplier and a shift per channel, one shift positive") {
        const auto out = cases::per_channel(at_run_time(cases::per_channel_input).data(),
                                            at_run_time(cases::per_channel_weights).data(),
                                            at_run_time(cases::per_channel_bias).data());
        check_every_element(out, cases::per_channel_expected);
    }
}

TEST_CASE("BATCH_MATMUL int8 by hand: the header's example, broadcasting in two batch dimensions") {
    SECTION("the example of batch_matmul.hpp") {
        const auto out =
            cases::example_bmm(at_run_time(cases::example_bmm_lhs).data(), at_run_time(cases::example_bmm_rhs).data());
        check_every_element(out, cases::example_bmm_expected);
    }
    const auto lhs = at_run_time(cases::broadcast_lhs);
    SECTION("the right-hand sides as stored") {
        check_every_element(cases::broadcast(lhs.data(), at_run_time(cases::broadcast_rhs).data()),
                            cases::broadcast_expected);
    }
    SECTION("the right-hand sides stored transposed") {
        check_every_element(
            cases::broadcast_rhs_transposed_stored(lhs.data(), at_run_time(cases::broadcast_rhs_transposed).data()),
            cases::broadcast_expected);
    }
}
