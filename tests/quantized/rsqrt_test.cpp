// SPDX-License-Identifier: BSL-1.0
// The int8 RSQRT (<cta/quantized/rsqrt.hpp>) at run time: random quantizations drawn from an index read through a
// volatile, each on every int8 value not below its zero point, against rsqrt_reference (rsqrt_cases.hpp), and the same
// bits as the constant evaluation; the prepared multiplier against TensorFlow Lite's formula with std::sqrt and
// std::frexp; the fixed-point inverse square root on every value below 2^20 and on random int32 values.
#include "catch.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <cta/quantized/rsqrt.hpp>

#include "at_run_time.hpp"
#include "rsqrt_cases.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

/// RSQRT of each int8 value from the zero point of quantization `d` up to 127, from the first element on (the rest 0).
constexpr std::array<std::int8_t, 256> all_values(const rsqrt_cases::draw& d) {
    const q::rsqrt_params p{d.input_zero_point, q::prepare_rsqrt(d.input_scale, d.output_scale), d.output_zero_point};
    std::array<std::int8_t, 256> in{}, out{};
    const auto n = static_cast<std::size_t>(128 - d.input_zero_point);
    for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<std::int8_t>(d.input_zero_point + static_cast<int>(i));
    q::rsqrt(p, in.data(), n, out.data());
    return out;
}

/// Quantization I, computed by the compiler (each in its own constant evaluation).
template <std::size_t I>
constexpr std::array<std::int8_t, 256> compiled = all_values(rsqrt_cases::make(I));
template <std::size_t... I>
std::array<std::array<std::int8_t, 256>, sizeof...(I)> compiled_cases(std::index_sequence<I...>) {
    return {compiled<I>...};
}
/// The first 8 quantizations.
const auto at_compile_time = compiled_cases(std::make_index_sequence<8>{});

}  // namespace

TEST_CASE("int8 rsqrt at run time gives the compile-time bits", "[quantized][rsqrt]") {
    for (std::size_t index = 0; index < at_compile_time.size(); ++index) {
        INFO("quantization " << index);
        CHECK(all_values(rsqrt_cases::make(at_run_time(std::uint64_t{index}))) == at_compile_time[index]);
    }
}

TEST_CASE("int8 rsqrt at run time equals the reference on 2000 random quantizations", "[quantized][rsqrt]") {
    const rsqrt_cases::tally t = rsqrt_cases::check(at_run_time(std::uint64_t{0}), at_run_time(std::uint64_t{2000}));
    CHECK(t.mismatches == 0);
    CHECK(t.multiplier_mismatches == 0);
    CHECK(t.not_fitting == 0);
    CHECK(t.outputs > 200000);
    CHECK(t.zero_values == 2000);
    CHECK(t.saturated_low > 1000);
    CHECK(t.saturated_high > 1000);
    CHECK(t.zero_point_min > 200);
    CHECK(t.zero_point_max > 200);
}

TEST_CASE("int8 rsqrt's multiplier is TensorFlow Lite's, with the hardware's float square root", "[quantized][rsqrt]") {
    for (std::uint64_t index = 0; index < 4000; ++index) {
        const rsqrt_cases::draw d = rsqrt_cases::make(at_run_time(index));
        // SetRsqrtOutputMultiplier: std::sqrt of a float is the float square root.
        const float product = std::sqrt(d.input_scale) * d.output_scale;
        const auto want = integer_reference::quantize_multiplier(1. / static_cast<double>(product));
        const q::quantized_multiplier got = q::prepare_rsqrt(d.input_scale, d.output_scale);
        INFO("quantization " << index);
        CHECK(rsqrt_reference::sqrt_float(d.input_scale) == std::sqrt(d.input_scale));
        CHECK(got.multiplier == want.multiplier);
        CHECK(got.shift == want.shift);
    }
}

TEST_CASE("the fixed-point inverse square root at run time equals the reference", "[quantized][rsqrt]") {
    // Every value below 2^20, and as many random int32 values (negatives included).
    CHECK(rsqrt_cases::inv_sqrt_mismatches(at_run_time(-8), at_run_time(1 << 20)) == 0);
    // 1/sqrt(x) to within 2 parts in a million.
    for (std::int32_t x = 2; x < (1 << 16); ++x) {
        const q::quantized_multiplier m = q::inv_sqrt_quantized_multiplier(at_run_time(x));
        const double r = std::ldexp(static_cast<double>(m.multiplier), m.shift - 31) * std::sqrt(static_cast<double>(x));
        INFO("x = " << x);
        CHECK(std::fabs(r - 1.0) < 2e-6);
    }
}
