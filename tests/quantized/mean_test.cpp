// SPDX-License-Identifier: BSL-1.0
// The int8 MEAN (<cta/quantized/mean.hpp>) at run time: the random cases of mean_proof.cpp and many more, each drawn
// from an index read through a volatile, against mean_reference (mean_cases.hpp), and the same bits as the constant
// evaluation; the prepared multiplier against TensorFlow Lite's QuantizeMultiplier restated with std::frexp.
#include "catch.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <cta/quantized/mean.hpp>

#include "at_run_time.hpp"
#include "mean_cases.hpp"

namespace {

namespace q = cta::quantized;
using test::at_run_time;

constexpr std::size_t outputs_per_case = mean_cases::max_rows + mean_cases::max_cols;

/// The means of case `d` over axis 0, then over axis 1, one after the other.
constexpr std::array<std::int8_t, outputs_per_case> both_axes(const mean_cases::draw& d) {
    std::array<std::int8_t, outputs_per_case> out{};
    mean_cases::library<0>(d, out.data());
    mean_cases::library<1>(d, out.data() + d.cols);
    return out;
}

/// Case I, computed by the compiler (each in its own constant evaluation).
template <std::size_t I>
constexpr std::array<std::int8_t, outputs_per_case> compiled = both_axes(mean_cases::make(I));
template <std::size_t... I>
std::array<std::array<std::int8_t, outputs_per_case>, sizeof...(I)> compiled_cases(std::index_sequence<I...>) {
    return {compiled<I>...};
}
/// The first 40 cases.
const auto at_compile_time = compiled_cases(std::make_index_sequence<40>{});

/// Case `index` with its values read through a volatile.
mean_cases::draw at_run_time_draw(std::uint64_t index) {
    mean_cases::draw d = mean_cases::make(at_run_time(index));
    for (auto& v : d.values) v = at_run_time(v);
    return d;
}

}  // namespace

TEST_CASE("int8 mean at run time gives the compile-time bits", "[quantized][mean]") {
    for (std::size_t index = 0; index < at_compile_time.size(); ++index) {
        INFO("case " << index);
        CHECK(both_axes(at_run_time_draw(index)) == at_compile_time[index]);
    }
}

TEST_CASE("int8 mean at run time equals the reference on 4000 random cases", "[quantized][mean]") {
    const mean_cases::tally t = mean_cases::check(at_run_time(std::uint64_t{0}), at_run_time(std::uint64_t{4000}));
    CHECK(t.mismatches == 0);
    CHECK(t.multiplier_mismatches == 0);
    CHECK(t.not_fitting == 0);
    CHECK(t.outputs > 40000);
    CHECK(t.single_element > 100);
    CHECK(t.saturated_low > 100);
    CHECK(t.saturated_high > 100);
    CHECK(t.clamped_shift > 20);
    CHECK(t.equal_scales > 100);
}

TEST_CASE("int8 mean's multiplier is TensorFlow Lite's QuantizeMultiplier of the scales' ratio", "[quantized][mean]") {
    for (std::uint64_t index = 0; index < 4000; ++index) {
        const mean_cases::draw d = mean_cases::make(at_run_time(index));
        const auto want = integer_reference::quantize_multiplier(static_cast<double>(d.input_scale) /
                                                                 static_cast<double>(d.output_scale));
        const q::quantized_multiplier got = q::prepare_mean(d.input_scale, d.output_scale);
        INFO("case " << index);
        CHECK(got.multiplier == want.multiplier);
        CHECK(got.shift == want.shift);
    }
}

TEST_CASE("the typed int8 mean at run time gives the compile-time bits", "[quantized][mean]") {
    constexpr auto in = q::affine(0.5F, -1);
    constexpr auto out = q::affine(0.25F, 3);
    constexpr auto x = q::quantize<std::int8_t, in>(cta::matrix<double, 2, 3>{{{1.0, 2.0, 3.0}, {4.0, 5.0, 7.0}}});
    q::qmatrix<std::int8_t, 2, 3, in> copy;
    for (std::size_t i = 0; i < 6; ++i) copy.elems[i] = at_run_time(x.elems[i]);
    constexpr auto over_rows = q::mean<0>(x);
    constexpr auto over_cols = q::mean<1, out>(x);
    CHECK(q::mean<0>(copy) == over_rows);
    CHECK(q::mean<1, out>(copy) == over_cols);
    CHECK(over_cols.values() == cta::matrix<std::int8_t, 2, 1>{{{11}, {24}}});
}
