// SPDX-License-Identifier: BSL-1.0
// The Transformer layers (include/cta/transformer/) proven while this file compiles, against the independent
// 50-digit references of layer_reference.hpp (written by make_layer_reference.py from the layers' formulas). Nothing
// here runs; a wrong number is a build error.
//
// The error of an element is |computed - reference| / max(|reference|, floor), with floor the smallest normal number
// of the computed type (std::numeric_limits<T>::min()): relative, except for results below that, which are compared
// absolutely at that scale. Bounds:
// - double: every layer within 1e-12 (the largest error measured is 1.9e-14, on silu's subnormal result at x = -720;
//   the others are below 7e-15);
// - float: every layer within 1e-6 (largest measured 8.2e-7, layer_norm), but silu of large negative x, whose results
//   are subnormal in float (x e^x, with e^x subnormal or 0 in float: 6.0e-6 measured at x = -104), within 1e-5, and
//   gelu and gelu_tanh, within 1e-5 (measured 2.2e-6 and 4.9e-6 on x in [-8, 8]: for negative x the relative error
//   of erfc(-x c) and of e^(-2|u|) is the rounding error of their argument times about x^2 and 2|u|, up to 64 and 50
//   here). gelu and gelu_tanh in double: measured 3.1e-15 and 4.0e-15.
// - the sinusoidal positional encoding also within the absolute bound its header states, pos 2^-48 + 2^-52 in double,
//   plus 2^-25 (the final rounding) in float.
// Special cases: layer_norm of a constant row is its bias, bit for bit; relu(-0.0) is +0.0; silu, gelu and gelu_tanh
// of +-inf, NaN and large magnitudes; the results' types and axes.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "layer_cases.hpp"

namespace {

using cta::matrix;
using layer_cases::compute;
using layer_cases::identity;
using layer_cases::worst_error;
namespace ref = layer_reference;

constexpr auto in_double = compute<double>(identity, identity);
constexpr auto in_float = compute<float>(identity, identity);

// ---- Every layer within its bound ----------------------------------------------------------------------------------
/// The errors of every layer of `r` (see worst_error), in the order of layer_cases::results.
template <class T>
constexpr std::array<double, 12> errors(const layer_cases::results<T>& r) {
    using D = layer_cases::data<T>;
    constexpr double floor = std::numeric_limits<T>::min();
    return {worst_error(r.linear_with_bias, D::linear_with_bias, floor),
            worst_error(r.linear_without_bias, D::linear_without_bias, floor),
            worst_error(r.layer_norm, D::layer_norm, floor),
            worst_error(r.rms_norm, D::rms_norm, floor),
            worst_error(r.relu, D::relu, floor),
            worst_error(r.silu, D::silu, floor),
            worst_error(r.silu_large, D::silu_large, floor),
            worst_error(r.token_embedding, D::token_embedding, floor),
            worst_error(r.learned_positional_embedding, D::learned_positional_embedding, floor),
            worst_error(r.sinusoidal, ref::sinusoidal_16_8, floor),
            worst_error(r.gelu, D::gelu, floor),
            worst_error(r.gelu_tanh, D::gelu_tanh, floor)};
}
/// The layers whose float results have the looser bound: silu of large negative x, gelu and gelu_tanh.
constexpr bool loose_in_float(std::size_t i) { return i == 6 || i == 10 || i == 11; }

/// The index of the first layer whose error is above `bound` (those of loose_in_float: above `loose_bound`), or 12 if
/// none is: a failed assertion shows the index.
constexpr std::size_t first_beyond(const std::array<double, 12>& e, double bound, double loose_bound) {
    for (std::size_t i = 0; i < e.size(); ++i) {
        if (!(e[i] <= (loose_in_float(i) ? loose_bound : bound))) return i;
    }
    return e.size();
}

static_assert(first_beyond(errors(in_double), 1e-12, 1e-12) == 12);
static_assert(first_beyond(errors(in_float), 1e-6, 1e-5) == 12);
// The bounds can fail: the float results are not within the double bound.
static_assert(first_beyond(errors(in_float), 1e-12, 1e-12) == 0);

// ---- The positional encoding within its stated absolute bound -------------------------------------------------------
/// True if every element of `pe` is within pos 2^-48 + 2^-52 + `last_rounding` of the reference (pos its row).
template <class M>
constexpr bool within_stated_bound(const M& pe, double last_rounding) {
    for (std::size_t pos = 0; pos < M::rows; ++pos) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const double error = cta::abs(static_cast<double>(pe(pos, j)) - ref::sinusoidal_16_8(pos, j));
            if (!(error <= static_cast<double>(pos) * 0x1p-48 + 0x1p-52 + last_rounding)) return false;
        }
    }
    return true;
}
static_assert(within_stated_bound(in_double.sinusoidal, 0.0));
static_assert(within_stated_bound(in_float.sinusoidal, 0x1p-25));
// Position 0 is sin 0 = 0 and cos 0 = 1 in every pair, exactly; column pair 0 has the exact angle pos.
static_assert(cta::row(in_double.sinusoidal, 0) == matrix<double, 1, 8>{{{0, 1, 0, 1, 0, 1, 0, 1}}});
static_assert(in_double.sinusoidal(3, 0) == cta::sin(3.0) && in_double.sinusoidal(3, 1) == cta::cos(3.0));
// The float encoding is the double one rounded once.
constexpr bool float_is_double_rounded = [] {
    for (std::size_t i = 0; i < 16; ++i) {
        for (std::size_t j = 0; j < 8; ++j) {
            if (in_float.sinusoidal(i, j) != static_cast<float>(in_double.sinusoidal(i, j))) return false;
        }
    }
    return true;
}();
static_assert(float_is_double_rounded);

// ---- Special cases ---------------------------------------------------------------------------------------------------
// layer_norm of a constant row (variance 0): the bias, bit for bit, in both types.
static_assert(cta::identical(cta::row(in_double.layer_norm, 3), ref::in_double::layer_norm_bias));
static_assert(cta::identical(cta::row(in_float.layer_norm, 3), ref::in_float::layer_norm_bias));
// A row of one element is constant too.
static_assert(cta::layer_norm(matrix<double, 1, 1>{{{5.0}}}, matrix<double, 1, 1>{{{2.0}}},
                              matrix<double, 1, 1>{{{0.25}}}) == matrix<double, 1, 1>{{{0.25}}});
// rms_norm of a row of zeros is zeros.
static_assert(cta::rms_norm(matrix<double, 1, 3>{}, matrix<double, 1, 3>{{{1, 2, 3}}}) == matrix<double, 1, 3>{});

// relu: -0.0 gives +0.0 (its bits are 0), NaN gives NaN, integers stay integers.
static_assert(std::bit_cast<std::uint64_t>(cta::relu(-0.0)) == 0 && std::bit_cast<std::uint32_t>(cta::relu(-0.0F)) == 0);
static_assert(cta::isnan(cta::relu(std::numeric_limits<double>::quiet_NaN())));
static_assert(cta::relu(matrix<int, 1, 3>{{{-2, 0, 7}}}) == matrix<int, 1, 3>{{{0, 0, 7}}});
static_assert(std::is_same_v<decltype(cta::relu(matrix<int, 1, 3>{})), matrix<int, 1, 3>>);

// silu: large magnitudes without NaN, and the special values.
constexpr double inf = std::numeric_limits<double>::infinity();
static_assert(cta::silu(1000.0) == 1000.0 && cta::silu(1000.0F) == 1000.0F);
static_assert(cta::silu(-1000.0) == 0.0 && std::bit_cast<std::uint64_t>(cta::silu(-1000.0)) == 0x8000000000000000U);
static_assert(cta::silu(-1000.0F) == 0.0F && std::bit_cast<std::uint32_t>(cta::silu(-1000.0F)) == 0x80000000U);
static_assert(cta::silu(inf) == inf && std::bit_cast<std::uint64_t>(cta::silu(-inf)) == 0x8000000000000000U);
static_assert(cta::isnan(cta::silu(std::numeric_limits<double>::quiet_NaN())));
static_assert(std::bit_cast<std::uint64_t>(cta::silu(-0.0)) == 0x8000000000000000U && cta::silu(0.0) == 0.0);
// gelu and gelu_tanh: the special values, large magnitudes (x > 30: x itself; x < -30: -0), the sign of zero.
static_assert(cta::gelu(inf) == inf && std::bit_cast<std::uint64_t>(cta::gelu(-inf)) == 0x8000000000000000U);
static_assert(cta::isnan(cta::gelu(std::numeric_limits<double>::quiet_NaN())) &&
              cta::isnan(cta::gelu_tanh(std::numeric_limits<float>::quiet_NaN())));
static_assert(cta::gelu_tanh(inf) == inf && std::bit_cast<std::uint64_t>(cta::gelu_tanh(-inf)) == 0x8000000000000000U);
static_assert(cta::gelu(1e300) == 1e300 && cta::gelu_tanh(1e300) == 1e300 && cta::gelu_tanh(31.0F) == 31.0F);
static_assert(std::bit_cast<std::uint64_t>(cta::gelu(-1e300)) == 0x8000000000000000U &&
              std::bit_cast<std::uint32_t>(cta::gelu_tanh(-31.0F)) == 0x80000000U);
static_assert(std::bit_cast<std::uint64_t>(cta::gelu(-0.0)) == 0x8000000000000000U && cta::gelu(0.0) == 0.0 &&
              std::bit_cast<std::uint64_t>(cta::gelu_tanh(-0.0)) == 0x8000000000000000U);
// For negative x the GELUs keep their tiny values, where PyTorch's 1 + erf and 1 + tanh would cancel to 0.
static_assert(cta::gelu(-10.0) < -7.6e-23 && cta::gelu(-10.0) > -7.7e-23 && cta::gelu_tanh(-10.0) < -1.2e-37);
static_assert(std::is_same_v<decltype(cta::gelu(matrix<int, 1, 2>{})), matrix<double, 1, 2>>);

// In double, silu(-720) = -720 e^-720 is a subnormal, not -0 as x / (1 + e^720) = x / inf would give.
static_assert(in_double.silu_large(0, 2) < 0.0 && in_double.silu_large(0, 2) > -std::numeric_limits<double>::min());
// Integers compute in double.
static_assert(std::is_same_v<decltype(cta::silu(matrix<int, 1, 2>{})), matrix<double, 1, 2>>);
static_assert(cta::silu(matrix<int, 1, 2>{{{0, 1}}}) == matrix<double, 1, 2>{{{0.0, cta::silu(1.0)}}});

// token_embedding copies rows: the ids' rows of the table, exactly.
static_assert(cta::identical(cta::row(in_double.token_embedding, 0), cta::row(ref::in_double::token_table, 3)));
static_assert(cta::identical(cta::row(in_float.token_embedding, 2), cta::row(ref::in_float::token_table, 5)));

// ---- Types and axes --------------------------------------------------------------------------------------------------
static_assert(std::is_same_v<decltype(in_double.linear_with_bias), matrix<double, 3, 4>>);
static_assert(std::is_same_v<decltype(in_float.layer_norm), matrix<float, 4, 6>>);
static_assert(std::is_same_v<decltype(in_float.token_embedding), matrix<float, 4, 4>>);
// Integer layers stay exact: x W + b in int; layer_norm of ints computes in double.
static_assert(cta::linear(matrix<int, 1, 2>{{{1, 2}}}, matrix<int, 2, 2>{{{1, 0}, {3, 1}}},
                          matrix<int, 1, 2>{{{10, 20}}}) == matrix<int, 1, 2>{{{17, 22}}});
static_assert(std::is_same_v<decltype(cta::layer_norm(matrix<int, 2, 3>{}, matrix<int, 1, 3>{}, matrix<int, 1, 3>{})),
                             matrix<double, 2, 3>>);
// cta::linear(x, w, b) is x * w plus the bias on every row, bit for bit; cta::linear(x, w) is x * w.
static_assert(cta::identical(in_double.linear_without_bias, ref::in_double::linear_x * ref::in_double::linear_w));
// Named axes: x's rows, w's columns; the embeddings keep the table's column axis.
namespace axis = cta::axis;
struct vocabulary {};
constexpr auto named_x = cta::with_axes<axis::tokens, axis::model>(matrix<double, 2, 3>{{{1, 2, 3}, {4, 5, 6}}});
constexpr auto named_w = cta::with_axes<axis::model, axis::value>(matrix<double, 3, 2>{{{1, 0}, {0, 1}, {1, 1}}});
constexpr auto named_b = cta::with_axes<cta::any_axis, axis::value>(matrix<double, 1, 2>{{{0.5, -0.5}}});
static_assert(std::is_same_v<decltype(cta::linear(named_x, named_w, named_b)),
                             matrix<double, 2, 2, axis::tokens, axis::value>>);
constexpr auto named_gain = cta::with_axes<cta::any_axis, axis::model>(matrix<double, 1, 3>{{{1, 1, 1}}});
static_assert(std::is_same_v<decltype(cta::layer_norm(named_x, named_gain, named_gain)),
                             matrix<double, 2, 3, axis::tokens, axis::model>>);
static_assert(std::is_same_v<decltype(cta::rms_norm(named_x, named_gain)), matrix<double, 2, 3, axis::tokens, axis::model>>);
static_assert(std::is_same_v<decltype(cta::silu(named_x)), matrix<double, 2, 3, axis::tokens, axis::model>>);
constexpr auto named_table = cta::with_axes<vocabulary, axis::model>(matrix<double, 4, 3>{{{1, 2, 3}, {4, 5, 6}}});
constexpr std::array<std::size_t, 2> two_ids{1, 0};
static_assert(cta::token_embedding(two_ids, named_table) ==
              cta::with_axes<cta::any_axis, axis::model>(matrix<double, 2, 3>{{{4, 5, 6}, {1, 2, 3}}}));
static_assert(std::is_same_v<decltype(cta::token_embedding(two_ids, named_table)),
                             matrix<double, 2, 3, cta::any_axis, axis::model>>);
static_assert(std::is_same_v<decltype(cta::learned_positional_embedding(named_x, named_table)),
                             matrix<double, 2, 3, axis::tokens, axis::model>>);
// The residual connection is a + b: x + sublayer(x), same shape and axes.
static_assert(named_x + cta::rms_norm(named_x, named_gain) ==
              cta::with_axes<axis::tokens, axis::model>(cta::with_axes<cta::any_axis, cta::any_axis>(named_x) +
                                                        cta::with_axes<cta::any_axis, cta::any_axis>(
                                                            cta::rms_norm(named_x, named_gain))));

}  // namespace
