// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 MEAN (<cta/quantized/mean.hpp>), proven while this file compiles (static.quantized_mean):
// 240 seeded random cases over both axes against mean_reference (mean_cases.hpp), which reach rows and columns of
// one element, zero points at -128 and 127, saturation at both ends, equal scales and the clamped shift of the count;
// the typed mean<Axis, Out>(x) on random shapes and quantizations; cases worked by hand; the preconditions.
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "mean_cases.hpp"

namespace {

namespace q = cta::quantized;

// ---- Random cases against the reference, 30 per constant evaluation ------------------------------------------------

template <std::size_t I>
constexpr mean_cases::tally batch = mean_cases::check(30 * I, 30);

template <std::size_t... I>
constexpr mean_cases::tally total(std::index_sequence<I...>) {
    mean_cases::tally t;
    (t += ... += batch<I>);
    return t;
}
constexpr mean_cases::tally all = total(std::make_index_sequence<8>{});
static_assert(all.mismatches == 0 && all.multiplier_mismatches == 0 && all.not_fitting == 0);
static_assert(all.outputs > 2000);
// Every edge reached, several times.
static_assert(all.single_element >= 20 && all.saturated_low >= 20 && all.saturated_high >= 20);
static_assert(all.clamped_shift >= 5 && all.equal_scales >= 10 && all.zero_point_min >= 20 && all.zero_point_max >= 20);

// ---- The typed mean on random cases: shapes and quantizations from the draws -----------------------------------------

template <std::size_t Index>
constexpr bool typed_case() {
    constexpr mean_cases::draw d = mean_cases::make(1000 + Index);
    constexpr auto in = q::affine(d.input_scale, d.input_zero_point);
    constexpr auto out = q::affine(d.output_scale, d.output_zero_point);
    q::qmatrix<std::int8_t, d.rows, d.cols, in> x;
    for (std::size_t i = 0; i < d.rows * d.cols; ++i) x.elems[i] = d.values[i];
    const auto over_rows = q::mean<0, out>(x);
    const auto over_cols = q::mean<1, out>(x);
    static_assert(std::is_same_v<decltype(over_rows), const q::qmatrix<std::int8_t, 1, d.cols, out>>);
    static_assert(std::is_same_v<decltype(over_cols), const q::qmatrix<std::int8_t, d.rows, 1, out>>);
    std::int8_t want_rows[mean_cases::max_cols] = {};
    std::int8_t want_cols[mean_cases::max_rows] = {};
    mean_cases::reference<0>(d, want_rows);
    mean_cases::reference<1>(d, want_cols);
    bool same = true;
    for (std::size_t j = 0; j < d.cols; ++j) same = same && over_rows(0, j) == want_rows[j];
    for (std::size_t i = 0; i < d.rows; ++i) same = same && over_cols(i, 0) == want_cols[i];
    // Quantized as the input: the same as with Out = In.
    const auto as_input = q::mean<1>(x);
    static_assert(std::is_same_v<decltype(as_input), const q::qmatrix<std::int8_t, d.rows, 1, in>>);
    same = same && as_input == q::mean<1, in>(x);
    return same;
}
template <std::size_t... I>
constexpr bool typed_cases(std::index_sequence<I...>) {
    return (typed_case<I>() && ...);
}
static_assert(typed_cases(std::make_index_sequence<16>{}));

// ---- By hand -------------------------------------------------------------------------------------------------------

// The header's example: scale 0.5, zero point -1; the columns' means 2.5, 3.5 and 5 are 4, 6 and 9.
constexpr auto x = q::quantize<std::int8_t, q::affine(0.5F, -1)>(cta::matrix<double, 2, 3>{{{1.0, 2.0, 3.0},
                                                                                           {4.0, 5.0, 7.0}}});
static_assert(x.values() == cta::matrix<std::int8_t, 2, 3>{{{1, 3, 5}, {7, 9, 13}}});
static_assert(q::mean<0>(x).values() == cta::matrix<std::int8_t, 1, 3>{{{4, 6, 9}}});
// The rows' means, 2 and 16/3, on a scale of 0.25 with zero point 3: 8 + 3 = 11 and 21.33 + 3 = 24.
static_assert(q::mean<1, q::affine(0.25F, 3)>(x).values() == cta::matrix<std::int8_t, 2, 1>{{{11}, {24}}});

// The same scale and zero point in and out: TensorFlow Lite Micro requantizes (the requantizing path), it does not
// divide the sum by the count with truncation. A mean of 1.5 levels is 2 and of -1.5 levels -1 (the high multiply's
// ties go up), where the truncating division would give 1 and -1.
constexpr q::mean_params same{0, q::prepare_mean(0.5F, 0.5F), 0};
static_assert(same.multiplier == q::quantized_multiplier{1 << 30, 1});
static_assert(q::mean_multiplier(same.multiplier, 2) == q::quantized_multiplier{1 << 30, 0});
constexpr std::int8_t one_two[4] = {1, 2, -1, -2};
constexpr std::array<std::int8_t, 2> row_means(const q::mean_params& p, const std::int8_t* in) {
    std::array<std::int8_t, 2> out{};
    q::mean<1>(p, in, 2, 2, out.data());
    return out;
}
static_assert(row_means(same, one_two) == std::array<std::int8_t, 2>{2, -1});

// 1/3: floor(log2 3) = 1, (2^30 * 2^1) / 3 = 715827882 with shift 1 - 1 = 0.
static_assert(q::mean_multiplier({1 << 30, 1}, 3) == q::quantized_multiplier{715827882, 0});
// The count's shift is at most 31 + shift: a shift of -30 allows 1 for a count of 8 (floor(log2 8) = 3).
static_assert(q::mean_multiplier({1 << 30, -30}, 8) == q::quantized_multiplier{1 << 28, -31});
// A count of one element: the multiplier unchanged.
static_assert(q::mean_multiplier({1234567890, 5}, 1) == q::quantized_multiplier{1234567890, 5});

// Rows of one element (axis 1 of an R x 1 matrix, axis 0 of a 1 x C one): the elements requantized.
constexpr auto column = q::quantize<std::int8_t, q::affine(1.0F, -128)>(cta::matrix<double, 3, 1>{{{0.0}, {100.0},
                                                                                                {255.0}}});
static_assert(q::mean<1>(column) == column);
static_assert(q::mean<0, q::affine(2.0F, 127)>(q::quantize<std::int8_t, q::affine(1.0F, -128)>(
                  cta::matrix<double, 1, 3>{{{0.0, 100.0, 255.0}}}))
                  .values() == cta::matrix<std::int8_t, 1, 3>{{{127, 127, 127}}});  // 127 + 0, 50, 128: clamped
// Saturation at both ends: the mean of 127s with zero point -128 is 255 levels, on a scale 10 times smaller 2550.
constexpr auto high = q::quantize<std::int8_t, q::affine(1.0F, -128)>(cta::matrix<double, 2, 2>{{{255.0, 255.0},
                                                                                              {255.0, 255.0}}});
static_assert(q::mean<0, q::affine(0.1F, 0)>(high).values() == cta::matrix<std::int8_t, 1, 2>{{{127, 127}}});
static_assert(q::mean<0, q::affine(0.1F, 0)>(q::quantize<std::int8_t, q::affine(1.0F, 127)>(
                  cta::matrix<double, 2, 2>{{{-255.0, -255.0}, {-255.0, -255.0}}}))
                  .values() == cta::matrix<std::int8_t, 1, 2>{{{-128, -128}}});

// An empty input: outputs of 0 (not the zero point), as TensorFlow Lite Micro leaves them.
constexpr std::array<std::int8_t, 2> empty_means(std::size_t rows, std::size_t cols) {
    std::array<std::int8_t, 2> out{5, 5};
    if (rows == 0) {
        q::mean<0>({0, {1 << 30, 1}, -7}, one_two, rows, cols, out.data());
    } else {
        q::mean<1>({0, {1 << 30, 1}, -7}, one_two, rows, cols, out.data());
    }
    return out;
}
static_assert(empty_means(0, 2) == std::array<std::int8_t, 2>{0, 0});
static_assert(empty_means(2, 0) == std::array<std::int8_t, 2>{0, 0});

// ---- Preconditions -------------------------------------------------------------------------------------------------

constexpr int mean_with(q::mean_params p) {
    std::int8_t out[1] = {};
    q::mean<0>(p, one_two, 4, 1, out);
    return out[0];
}
template <auto F>
concept constant_evaluable = requires { typename std::integral_constant<int, (F(), 0)>; };
static_assert(constant_evaluable<[] { return mean_with({0, {1 << 30, 0}, 127}); }>);
static_assert(constant_evaluable<[] { return mean_with({0, {1 << 30, 0}, -128}); }>);
static_assert(!constant_evaluable<[] { return mean_with({0, {1 << 30, 0}, 128}); }>);
static_assert(!constant_evaluable<[] { return mean_with({0, {1 << 30, 0}, -129}); }>);
static_assert(constant_evaluable<[] { return q::prepare_mean(0x1p29F, 1.0F).shift; }>);
static_assert(!constant_evaluable<[] { return q::prepare_mean(0x1p30F, 1.0F).shift; }>);

}  // namespace
