// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 RSQRT (<cta/quantized/rsqrt.hpp>), proven while this file compiles (static.quantized_rsqrt):
// 60 seeded random quantizations, each on every int8 value not below its zero point, against rsqrt_reference
// (rsqrt_cases.hpp), which reach zero points at -128 and 127, the value 0, saturation at both ends; the fixed-point
// inverse square root on every int8 level, near its normalisation's bounds and on random int32 values; the typed
// rsqrt<Out>(x) on random quantizations; cases worked by hand; the preconditions.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "rsqrt_cases.hpp"

namespace {

namespace q = cta::quantized;

// ---- Random quantizations against the reference, 3 per constant evaluation -----------------------------------------

template <std::size_t I>
constexpr rsqrt_cases::tally batch = rsqrt_cases::check(3 * I, 3);

template <std::size_t... I>
constexpr rsqrt_cases::tally total(std::index_sequence<I...>) {
    rsqrt_cases::tally t;
    (t += ... += batch<I>);
    return t;
}
constexpr rsqrt_cases::tally all = total(std::make_index_sequence<20>{});
static_assert(all.mismatches == 0 && all.multiplier_mismatches == 0 && all.not_fitting == 0);
static_assert(all.outputs > 5000 && all.zero_values == 60);
static_assert(all.saturated_low >= 50 && all.saturated_high >= 50 && all.zero_point_min >= 20 &&
              all.zero_point_max >= 20);

// ---- The fixed-point inverse square root ---------------------------------------------------------------------------

// Every int8 level (0 to 255, 0 and 1 being {INT32_MAX, 0}) and the values around each bound of the normalisation
// (2^27, 2^29, INT32_MAX), and random int32 values, negatives included.
static_assert(rsqrt_cases::inv_sqrt_mismatches(-4, 260) == 0);
static_assert(rsqrt_cases::inv_sqrt_mismatches((1 << 27) - 100, 200) == 0);
static_assert(rsqrt_cases::inv_sqrt_mismatches((1 << 29) - 100, 200) == 0);
static_assert(rsqrt_cases::inv_sqrt_mismatches(std::numeric_limits<std::int32_t>::max() - 199, 200) == 0);
static_assert(q::inv_sqrt_quantized_multiplier(0) ==
              q::quantized_multiplier{std::numeric_limits<std::int32_t>::max(), 0});
static_assert(q::inv_sqrt_quantized_multiplier(1) ==
              q::quantized_multiplier{std::numeric_limits<std::int32_t>::max(), 0});
static_assert(q::inv_sqrt_quantized_multiplier(-5) ==
              q::quantized_multiplier{std::numeric_limits<std::int32_t>::max(), 0});

// What it stands for: multiplier 2^(shift - 31) is 1/sqrt(x) within 2 parts in a million for every int8 level.
constexpr bool within(std::int32_t first, std::int32_t last, double tolerance) {
    for (std::int32_t v = first; v <= last; ++v) {
        const q::quantized_multiplier m = q::inv_sqrt_quantized_multiplier(v);
        double r = static_cast<double>(m.multiplier) / 2147483648.0;
        for (int s = m.shift; s < 0; ++s) r /= 2.0;
        const double e = r * cta::sqrt(static_cast<double>(v)) - 1.0;
        if (e > tolerance || e < -tolerance) return false;
    }
    return true;
}
static_assert(within(2, 255, 2e-6));

// ---- The typed rsqrt on random quantizations ------------------------------------------------------------------------

template <std::size_t Index>
constexpr bool typed_case() {
    constexpr rsqrt_cases::draw d = rsqrt_cases::make(1000 + Index);
    constexpr auto in = q::affine(d.input_scale, d.input_zero_point);
    constexpr auto out = q::affine(d.output_scale, d.output_zero_point);
    constexpr auto m = rsqrt_reference::prepared(d.input_scale, d.output_scale);
    q::qmatrix<std::int8_t, 4, 5, in> x;
    for (std::size_t i = 0; i < 20; ++i) {
        // From the zero point up, in steps that reach 127.
        const auto v = d.input_zero_point + static_cast<int>(i * static_cast<std::size_t>(127 - d.input_zero_point) / 19);
        x.elems[i] = static_cast<std::int8_t>(v);
    }
    const auto y = q::rsqrt<out>(x);
    static_assert(std::is_same_v<decltype(y), const q::qmatrix<std::int8_t, 4, 5, out>>);
    bool same = true;
    for (std::size_t i = 0; i < 20; ++i) {
        bool fits = true;
        same = same && fits &&
               y.elems[i] == rsqrt_reference::rsqrt(x.elems[i], d.input_zero_point, m, d.output_zero_point, fits);
    }
    return same;
}
template <std::size_t... I>
constexpr bool typed_cases(std::index_sequence<I...>) {
    return (typed_case<I>() && ...);
}
static_assert(typed_cases(std::make_index_sequence<16>{}));

// ---- By hand -------------------------------------------------------------------------------------------------------

// The header's example: input scale 1/4, output scale 1/64. 0 gives 127, 1 gives 1 (64), 4 gives 1/2 (32).
constexpr auto x = q::quantize<std::int8_t, q::affine(0.25F, 0)>(cta::matrix<double, 1, 3>{{{0.0, 1.0, 4.0}}});
static_assert(x.values() == cta::matrix<std::int8_t, 1, 3>{{{0, 4, 16}}});
static_assert(q::prepare_rsqrt(0.25F, 1.0F / 64) == q::quantized_multiplier{1 << 30, 8});  // 128
static_assert(q::rsqrt<q::affine(1.0F / 64, 0)>(x).values() == cta::matrix<std::int8_t, 1, 3>{{{127, 64, 32}}});
// The value 0 gives 127 whatever the output's zero point; 1 and 1/2 are 32 and 16 steps of 1/32: -96 and -112.
static_assert(q::rsqrt<q::affine(1.0F / 32, -128)>(x).values() == cta::matrix<std::int8_t, 1, 3>{{{127, -96, -112}}});
// Saturation: on a scale of 1/256, 1/sqrt(1) = 1 is 256 steps (127), and with zero point 127 every value is 127.
static_assert(q::rsqrt<q::affine(1.0F / 256, 0)>(x).values() == cta::matrix<std::int8_t, 1, 3>{{{127, 127, 127}}});
static_assert(q::rsqrt<q::affine(1.0F / 256, 127)>(x).values() == cta::matrix<std::int8_t, 1, 3>{{{127, 127, 127}}});
// A zero point of 127: only 127 is allowed, and it is the value 0.
static_assert(q::rsqrt<q::affine(1.0F, -128)>(q::quantize<std::int8_t, q::affine(1.0F, 127)>(
                  cta::matrix<double, 1, 1>{{{0.0}}}))(0, 0) == 127);
// A zero point of -128: 127 is 255 levels, 1/sqrt(255 / 4) = 0.1253 on a scale of 1/64 is 8.02: 8 - 128.
static_assert(q::rsqrt<q::affine(1.0F / 64, -128)>(q::quantize<std::int8_t, q::affine(0.25F, -128)>(
                  cta::matrix<double, 1, 1>{{{63.75}}}))(0, 0) == 8 - 128);

// ---- Preconditions -------------------------------------------------------------------------------------------------

constexpr std::int8_t minus_one_to_one[3] = {-1, 0, 1};
constexpr int rsqrt_with(q::rsqrt_params p, std::size_t count = 3) {
    std::int8_t out[3] = {};
    q::rsqrt(p, minus_one_to_one, count, out);
    return out[count - 1];
}
template <auto F>
concept constant_evaluable = requires { typename std::integral_constant<int, (F(), 0)>; };
static_assert(constant_evaluable<[] { return rsqrt_with({-1, {1 << 30, 8}, 0}); }>);
static_assert(!constant_evaluable<[] { return rsqrt_with({0, {1 << 30, 8}, 0}); }>);  // -1 is below 0
static_assert(constant_evaluable<[] { return rsqrt_with({-1, {1 << 30, 8}, -128}); }>);
static_assert(!constant_evaluable<[] { return rsqrt_with({-1, {1 << 30, 8}, 128}); }>);
// The shift minus 20 must be at least -31: -11 is the lowest shift (a multiplier of at least 2^-12).
static_assert(constant_evaluable<[] { return rsqrt_with({-1, {1 << 30, -11}, 0}); }>);
static_assert(!constant_evaluable<[] { return rsqrt_with({-1, {1 << 30, -12}, 0}); }>);
static_assert(!constant_evaluable<[] { return q::prepare_rsqrt(0x1p-40F, 0x1p-20F).shift; }>);  // 2^40

}  // namespace
