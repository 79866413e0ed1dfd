// SPDX-License-Identifier: BSL-1.0
// The cases of the int8 MEAN (<cta/quantized/mean.hpp>), shared by mean_proof.cpp (each result in a constant
// expression, checked with static_assert) and mean_test.cpp (the same functions at run time on inputs read through
// volatile):
// - mean_reference: TensorFlow Lite Micro's int8 MEAN written again from its description (reduce_common.cc's
//   PrepareMeanOrSumHelper and EvalMeanHelper, reduce.h's QuantizedMeanOrSum with compute_sum = false) on
//   integer_reference.hpp's arithmetic, without the library;
// - seeded random cases (property::rng) that reach the edges: rows and columns of one element, zero points at -128 and
//   127, scale ratios that saturate the output or are so small that the count's shift is clamped, equal scales.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/quantized/mean.hpp>

#include "integer_reference.hpp"
#include "property.hpp"

namespace mean_reference {

using integer_reference::wide;

struct multiplier_and_shift {
    std::int32_t multiplier;
    int shift;
    friend constexpr bool operator==(const multiplier_and_shift&, const multiplier_and_shift&) = default;
};

/// TensorFlow Lite's QuantizeMultiplier for m >= 0 in a constant expression, another way than the library's: m halved
/// or doubled (exactly, m normal) into [0.5, 1), times 2^31 (exact), plus 1/2 (exact below 2^31) and truncated: round
/// half up; 2^31 halved with the shift raised; a shift below -31 gives {0, 0}.
constexpr multiplier_and_shift quantize_multiplier(double m) {
    if (m == 0.0) {
        return {0, 0};
    }
    int shift = 0;
    double q = m;
    while (q >= 1.0) {
        q /= 2.0;
        ++shift;
    }
    while (q < 0.5) {
        q *= 2.0;
        --shift;
    }
    auto fixed = static_cast<std::int64_t>(q * 2147483648.0 + 0.5);
    if (fixed == (std::int64_t{1} << 31)) {
        fixed /= 2;
        ++shift;
    }
    if (shift < -31) {
        return {0, 0};
    }
    return {static_cast<std::int32_t>(fixed), shift};
}

/// The multiplier of MEAN's Prepare: the float scales converted to double, divided.
constexpr multiplier_and_shift prepared(float input_scale, float output_scale) {
    return quantize_multiplier(static_cast<double>(input_scale) / static_cast<double>(output_scale));
}

/// The mean of the n values at `values` (stride apart) as QuantizedMeanOrSum computes it: the int32 sum (wrapping),
/// the count folded into the multiplier (shift s = floor(log2 n), at most 32 and at most 31 + shift), the sum minus
/// zero point times n taken to 32 bits, requantized, plus the output's zero point, clamped to int8.
constexpr std::int8_t mean(const std::int8_t* values, std::size_t stride, std::size_t n, std::int32_t input_zero_point,
                           multiplier_and_shift m, std::int32_t output_zero_point, bool& fits) {
    std::uint32_t sum = 0;  // int32 wrapping, as unsigned
    for (std::size_t k = 0; k < n; ++k) sum += static_cast<std::uint32_t>(std::int32_t{values[k * stride]});
    int s = 0;
    while ((static_cast<std::uint64_t>(n) >> (s + 1)) != 0) ++s;
    if (s > 32) s = 32;
    if (s > 31 + m.shift) s = 31 + m.shift;
    const auto multiplier = static_cast<std::int32_t>(wide{m.multiplier} * (wide{1} << s) / wide{static_cast<std::int64_t>(n)});
    const int shift = m.shift - s;
    const wide difference = wide{std::bit_cast<std::int32_t>(sum)} - wide{input_zero_point} * wide{static_cast<std::int64_t>(n)};
    // Its low 32 bits, as a two's complement number.
    wide low = difference % (wide{1} << 32);
    if (low < 0) low += wide{1} << 32;
    if (low >= (wide{1} << 31)) low -= wide{1} << 32;
    const wide out = wide{integer_reference::requantize(static_cast<std::int32_t>(low), multiplier, shift, fits)} +
                     output_zero_point;
    return static_cast<std::int8_t>(out < -128 ? -128 : out > 127 ? 127 : out);
}

}  // namespace mean_reference

namespace mean_cases {

namespace q = cta::quantized;

inline constexpr std::size_t max_rows = 12, max_cols = 12;

/// a + b field by field, for a struct of std::size_t counts only (read as an array of them).
template <class Counts>
constexpr Counts add_counts(const Counts& a, const Counts& b) {
    constexpr std::size_t n = sizeof(Counts) / sizeof(std::size_t);
    static_assert(sizeof(Counts) == n * sizeof(std::size_t), "a struct of std::size_t counts only");
    auto sum = std::bit_cast<std::array<std::size_t, n>>(a);
    const auto other = std::bit_cast<std::array<std::size_t, n>>(b);
    for (std::size_t i = 0; i < n; ++i) sum[i] += other[i];
    return std::bit_cast<Counts>(sum);
}

/// One random case: a rows x cols int8 matrix, its quantization and the output's.
struct draw {
    std::size_t rows = 1, cols = 1;
    std::int32_t input_zero_point = 0, output_zero_point = 0;
    float input_scale = 1.0F, output_scale = 1.0F;
    std::int8_t values[max_rows * max_cols] = {};
};

/// A zero point: -128 or 127 (1/4 of the draws each), else any int8.
constexpr std::int32_t zero_point(property::rng& r) {
    switch (r.below(8)) {
    case 0:
    case 1:
        return -128;
    case 2:
    case 3:
        return 127;
    default:
        return static_cast<std::int32_t>(r.below(256)) - 128;
    }
}

/// A float scale 2^e (1 + f), f a random fraction of 23 bits, e in [lo, hi].
constexpr float scale(property::rng& r, int lo, int hi) {
    const auto e = static_cast<std::uint32_t>(lo + static_cast<int>(r.below(static_cast<std::size_t>(hi - lo + 1))));
    return std::bit_cast<float>(((e + 127U) << 23) | static_cast<std::uint32_t>(r.next() & 0x7fffffU));
}

/// Case `index`: the shape (1 row or 1 column in 1/4 of the draws each, else up to 12 x 12), the zero points, the
/// scales by kind (the same scale; a ratio near 1; a large ratio that saturates; a ratio below 2^-25, where the count's
/// shift is clamped to 31 + shift; any ratio from 2^-33 to 2^10), the values (all one extreme in 1/8 of the draws).
constexpr draw make(std::uint64_t index) {
    property::rng r(0x6d65616eULL * 0x100000001b3ULL + index);  // each case its own stream
    r.next();
    draw d;
    const auto shape = r.below(4);
    d.rows = shape == 0 ? 1 : 1 + r.below(max_rows);
    d.cols = shape == 1 ? 1 : 1 + r.below(max_cols);
    d.input_zero_point = zero_point(r);
    d.output_zero_point = zero_point(r);
    d.input_scale = scale(r, -12, 2);
    switch (r.below(5)) {
    case 0:
        d.output_scale = d.input_scale;
        break;
    case 1:
        d.output_scale = std::bit_cast<float>(std::bit_cast<std::uint32_t>(d.input_scale) +
                                              static_cast<std::uint32_t>(r.below(5)) - 2U);
        break;
    case 2:
        d.output_scale = d.input_scale / static_cast<float>(2 + r.below(1000));
        break;
    case 3:
        d.output_scale = d.input_scale * std::bit_cast<float>(static_cast<std::uint32_t>(127 + 26 + r.below(8)) << 23);
        break;
    default:
        d.output_scale = d.input_scale * scale(r, -10, 33) * 0.5F;
        break;
    }
    const auto fill = r.below(8);
    for (std::size_t i = 0; i < d.rows * d.cols; ++i) {
        const auto v = fill == 0 ? -128 : fill == 1 ? 127 : static_cast<int>(r.below(256)) - 128;
        d.values[i] = static_cast<std::int8_t>(v);
    }
    return d;
}

/// The means of case `d` over `Axis` by the library (mean_params from prepare_mean), into `out`.
template <std::size_t Axis>
constexpr void library(const draw& d, std::int8_t* out) {
    const q::mean_params p{d.input_zero_point, q::prepare_mean(d.input_scale, d.output_scale), d.output_zero_point};
    q::mean<Axis>(p, d.values, d.rows, d.cols, out);
}

/// The means of case `d` over `Axis` by the reference, into `out`; false if an intermediate did not fit in 32 bits.
template <std::size_t Axis>
constexpr bool reference(const draw& d, std::int8_t* out) {
    const auto m = mean_reference::prepared(d.input_scale, d.output_scale);
    bool all_fit = true;
    const std::size_t outputs = Axis == 0 ? d.cols : d.rows;
    for (std::size_t o = 0; o < outputs; ++o) {
        bool fits = true;
        out[o] = Axis == 0 ? mean_reference::mean(d.values + o, d.cols, d.rows, d.input_zero_point, m,
                                                  d.output_zero_point, fits)
                           : mean_reference::mean(d.values + o * d.cols, 1, d.cols, d.input_zero_point, m,
                                                  d.output_zero_point, fits);
        all_fit = all_fit && fits;
    }
    return all_fit;
}

/// What cases [first, first + count) cover, and how many outputs differ from the reference's.
struct tally {
    std::size_t mismatches = 0, outputs = 0, not_fitting = 0, multiplier_mismatches = 0;
    std::size_t single_element = 0, saturated_low = 0, saturated_high = 0, clamped_shift = 0, equal_scales = 0;
    std::size_t zero_point_min = 0, zero_point_max = 0;
    /// Both counts together, field by field.
    constexpr tally& operator+=(const tally& o) { return *this = mean_cases::add_counts(*this, o); }
};

constexpr tally check(std::uint64_t first, std::uint64_t count) {
    tally t;
    for (std::uint64_t index = first; index < first + count; ++index) {
        const draw d = make(index);
        const auto m = mean_reference::prepared(d.input_scale, d.output_scale);
        const q::quantized_multiplier lm = q::prepare_mean(d.input_scale, d.output_scale);
        t.multiplier_mismatches += lm.multiplier != m.multiplier || lm.shift != m.shift ? 1U : 0U;
        t.equal_scales += d.input_scale == d.output_scale ? 1U : 0U;
        t.zero_point_min += d.input_zero_point == -128 || d.output_zero_point == -128 ? 1U : 0U;
        t.zero_point_max += d.input_zero_point == 127 || d.output_zero_point == 127 ? 1U : 0U;
        for (std::size_t axis = 0; axis < 2; ++axis) {
            std::int8_t got[max_rows > max_cols ? max_rows : max_cols] = {};
            std::int8_t want[max_rows > max_cols ? max_rows : max_cols] = {};
            const bool fits = axis == 0 ? reference<0>(d, want) : reference<1>(d, want);
            if (axis == 0) {
                library<0>(d, got);
            } else {
                library<1>(d, got);
            }
            const std::size_t n = axis == 0 ? d.rows : d.cols;
            const std::size_t outputs = axis == 0 ? d.cols : d.rows;
            t.not_fitting += fits ? 0U : 1U;
            t.single_element += n == 1 ? 1U : 0U;
            int log2n = 0;
            while ((n >> (log2n + 1)) != 0) ++log2n;
            t.clamped_shift += log2n > 31 + m.shift ? 1U : 0U;
            for (std::size_t o = 0; o < outputs; ++o) {
                ++t.outputs;
                t.mismatches += got[o] != want[o] ? 1U : 0U;
                t.saturated_low += want[o] == -128 ? 1U : 0U;
                t.saturated_high += want[o] == 127 ? 1U : 0U;
            }
        }
    }
    return t;
}

}  // namespace mean_cases
