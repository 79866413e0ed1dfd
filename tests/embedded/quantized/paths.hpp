// SPDX-License-Identifier: BSL-1.0
// Cases of the int8 products that take every way of the kernels' code on a target with the DSP extension
// (<cta/quantized/detail/int8_kernel.hpp>, dsp::product): the panel with the depth a multiple of 8, odd in steps of
// four, with values left over, with fewer than four columns (doubled or not) and with the last block overlapping the
// one before; the row, to 256 values and deeper, with an offset on either side, its columns in blocks of four, two
// and one, and each number of values left over; two rows against a right-hand side stored depth x cols; one row
// alone, its columns in pairs; elements one by one (a right-hand side read down its columns deeper than 64 against
// three rows, a depth below 4); the requantization inline (shifts from -1 to -22, output offsets -128 and 127,
// accumulators up to 2^30 - 1 in magnitude, a narrower activation range) and with `requantize_to_int8` (a shift of
// 0, of -23, a positive one, a bias past the inline bound). Their inputs are values of a linear congruential
// sequence; each case's outputs are compared with the same call evaluated by the compiler
// (tests/embedded/quantized/main.cpp), which the Cortex-M3 computes with the plain loops.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fully_connected.hpp>

namespace paths {

namespace q = cta::quantized;

/// The next value of a linear congruential sequence (Numerical Recipes' constants), its high 24 bits.
constexpr std::uint32_t next(std::uint32_t& state) {
    state = state * 1664525U + 1013904223U;
    return state >> 8;
}

/// `N` int8 values from `seed`, each in [low, high].
template <std::size_t N>
constexpr std::array<std::int8_t, N> bytes(std::uint32_t seed, int low = -128, int high = 127) {
    std::array<std::int8_t, N> values{};
    for (auto& v : values) v = static_cast<std::int8_t>(low + static_cast<int>(next(seed) % (high - low + 1)));
    return values;
}

/// `N` int32 values from `seed`, each in [low, high] (high - low below 2^24).
template <std::size_t N>
constexpr std::array<std::int32_t, N> words(std::uint32_t seed, std::int32_t low, std::int32_t high) {
    std::array<std::int32_t, N> values{};
    for (auto& v : values) v = low + static_cast<std::int32_t>(next(seed) % static_cast<std::uint32_t>(high - low + 1));
    return values;
}

/// A fully connected layer's arrays: `B` batches of depth `D`, `C` channels, a bias, a multiplier and a shift per
/// channel (the first of each for a layer with one multiplier).
template <std::size_t B, std::size_t D, std::size_t C>
struct layer {
    static constexpr std::size_t outputs = B * C;
    static constexpr std::size_t macs = B * D * C;
    std::array<std::int8_t, B * D> input;
    std::array<std::int8_t, C * D> weights;
    std::array<std::int32_t, C> bias;
    std::array<std::int32_t, C> multipliers;
    std::array<std::int32_t, C> shifts;
};

/// The layer `L` with `params`, one multiplier (`PerChannel` false) or one per channel, into `out`.
template <const auto& L, q::fully_connected_params Params, bool PerChannel>
constexpr void fully_connected(const std::remove_cvref_t<decltype(L)>& l, std::int8_t* out) {
    using shape = std::remove_cvref_t<decltype(L)>;
    constexpr std::size_t batches = shape::outputs / std::tuple_size_v<decltype(shape::bias)>;
    constexpr std::size_t channels = std::tuple_size_v<decltype(shape::bias)>;
    constexpr std::size_t depth = shape::macs / shape::outputs;
    if constexpr (PerChannel) {
        q::fully_connected_per_channel(Params, l.multipliers.data(), l.shifts.data(), l.input.data(), l.weights.data(),
                                       l.bias.data(), out, batches, depth, channels);
    } else {
        q::fully_connected(Params, {l.multipliers[0], static_cast<int>(l.shifts[0])}, l.input.data(),
                           l.weights.data(), l.bias.data(), out, batches, depth, channels);
    }
}

/// A batch matrix product's arrays: `R` x `D` by `D` x `C` (or its transpose), one batch.
template <std::size_t R, std::size_t D, std::size_t C>
struct matrices {
    static constexpr std::size_t outputs = R * C;
    static constexpr std::size_t macs = R * D * C;
    static constexpr std::size_t rows = R;
    static constexpr std::size_t depth = D;
    static constexpr std::size_t cols = C;
    std::array<std::int8_t, R * D> lhs;
    std::array<std::int8_t, D * C> rhs;
};

/// The product `M` with `params` and `multiplier`, its right-hand side stored transposed or not, into `out`.
template <const auto& M, q::batch_matmul_params Params, q::quantized_multiplier Multiplier, bool Transposed>
constexpr void batch_matmul(const std::remove_cvref_t<decltype(M)>& m, std::int8_t* out) {
    using shape = std::remove_cvref_t<decltype(M)>;
    if constexpr (Transposed) {
        q::batch_matmul_rhs_transposed(Params, Multiplier, m.lhs.data(), {}, m.rhs.data(), {}, out, shape::rows,
                                       shape::depth, shape::cols);
    } else {
        q::batch_matmul(Params, Multiplier, m.lhs.data(), {}, m.rhs.data(), {}, out, shape::rows, shape::depth,
                        shape::cols);
    }
}

// ---- The cases' arrays ------------------------------------------------------------------------------------------

// The row, 303 deep (64 steps widened, then 11, then 3 values), both offsets, a multiplier per channel with shifts
// from -1 to -22, 7 channels (the last block overlaps), a narrower activation range.
inline constexpr layer<1, 303, 7> deep_row{bytes<303>(1), bytes<7 * 303>(2), words<7>(3, -40000, 40000),
                                           words<7>(4, 1 << 30, 0x7fffffff), {-1, -22, -9, -12, -16, -3, -20}};
inline constexpr q::fully_connected_params deep_row_params{5, -3, -17, -50, 90};
// The row, 2 batches of 37, with shifts that go `requantize_to_int8` (0, -23, 2) among the others.
inline constexpr layer<2, 37, 6> exact_row{bytes<74>(6), bytes<6 * 37>(7), words<6>(8, -3000, 3000),
                                           {1073741824, 1500000000, 2000000000, 1200000000, 1300000000, 1400000000},
                                           {-7, 0, -23, 2, -1, -22}};
inline constexpr q::fully_connected_params exact_row_params{-20, 0, 127, -128, 127};

// The panel from a layer with one multiplier: 5 batches, 45 deep (11 steps, then 1 value), 3 channels, a narrower
// activation range.
inline constexpr layer<5, 45, 3> narrow_panel{bytes<225>(9), bytes<135>(10), words<3>(11, -5000, 5000),
                                              {1600000000, 0, 0}, {-13, 0, 0}};
inline constexpr q::fully_connected_params narrow_panel_params{11, 7, -128, -128, 100};

// Accumulators of 2^30 - 1 in magnitude: each input 127 plus 128 times each weight 127 plus 128 (255 * 255, 64
// times) or -128 - 127 times 127 + 128, with a bias at the inline bound; on the panel (one multiplier) and on the
// row (one per channel, with the extreme multipliers); then a bias past the bound (`requantize_to_int8`).
inline constexpr std::int32_t bound = (std::int32_t{1} << 30) - 1 - 64 * 65025;
inline constexpr layer<4, 64, 5> large_positive{bytes<256>(12, 127, 127),
                                                bytes<320>(13, 127, 127),
                                                {bound, bound - 1, -bound, 0, 12345},
                                                {0x7fffffff, 0, 1 << 30, 1234567, 0x40000001},
                                                {-1, -22, -5, -1, -13}};
inline constexpr q::fully_connected_params large_positive_params{128, 128, 0, -128, 127};
inline constexpr layer<4, 64, 5> large_negative{bytes<256>(14, -128, -128), large_positive.weights,
                                                {-bound, 1 - bound, bound, 0, -12345}, large_positive.multipliers,
                                                large_positive.shifts};
inline constexpr q::fully_connected_params large_negative_params{-127, 128, 0, -128, 127};
inline constexpr layer<4, 64, 5> past_bound{large_positive.input, large_positive.weights, {bound + 1, 0, 0, 0, 0},
                                            large_positive.multipliers, large_positive.shifts};

// Products with the right-hand side as stored: the panel, 5 x 30 (7 steps, then 2 values) by 30 x 9 (the last block
// overlaps), and 3 x 70 (too deep for the panel: one by one) by 70 x 5; with it transposed, 2 x 3 by 3 x 3 (less
// than a step of the depth: one by one), 3 x 16 by 16 x 2 (the panel, two columns) and 2 x 20 by 20 x 6 (the row, with the
// right-hand side's offset).
inline constexpr matrices<5, 30, 9> odd_panel{bytes<150>(15), bytes<270>(16)};
inline constexpr q::batch_matmul_params odd_panel_params{-9, 100, 127, -128, 127};
inline constexpr matrices<3, 70, 5> deep_columns{bytes<210>(17), bytes<350>(18)};
inline constexpr matrices<2, 3, 3> few_columns{bytes<6>(19), bytes<9>(20)};
inline constexpr matrices<3, 16, 2> two_columns{bytes<48>(21), bytes<32>(22)};
inline constexpr matrices<2, 20, 6> row_product{bytes<40>(23), bytes<120>(24)};
inline constexpr q::batch_matmul_params product_params{128, -7, -5, -100, 110};

// The columns of a row in blocks of four, two and one: 2 x 26 (the last two values a step of their own) by 26 x 7
// transposed (a row widened once), 2 x 11 (three values left) by 11 x 3 per channel (fewer than four columns, both
// sides widened as they are read); a right-hand side stored depth x cols against two rows, 2 x 9 by 9 x 5 (two
// columns, two, then one, a value left); the panel of fewer than four columns stored depth x cols, doubled (10 x 8
// by 8 x 3) and not (3 x 14 by 14 x 2).
inline constexpr matrices<2, 26, 7> seven_columns{bytes<52>(25), bytes<182>(26)};
inline constexpr layer<2, 11, 3> three_channels{bytes<22>(27), bytes<33>(28), words<3>(29, -9000, 9000),
                                                words<3>(30, 1 << 30, 0x7fffffff), {-9, -4, -15}};
inline constexpr q::fully_connected_params three_channels_params{-60, 0, 20, -120, 100};
inline constexpr matrices<2, 9, 5> stored_pairs{bytes<18>(31), bytes<45>(32)};
inline constexpr matrices<10, 8, 3> doubled_panel{bytes<80>(33), bytes<24>(34)};
inline constexpr matrices<3, 14, 2> narrow_stored{bytes<42>(35), bytes<28>(36)};

// One row (`one_row`): 1 x 13 (one value left) by 13 x 5 per channel, with shifts that go `requantize_to_int8` (0,
// -23, 2) among the others and a narrower activation range; 1 x 64 by 64 x 5 with one multiplier, accumulators of
// 2^30 - 1 in magnitude and one of 2^30 (a bias one past the bound: `requantize_to_int8`).
inline constexpr layer<1, 13, 5> one_row_exact{bytes<13>(37), bytes<65>(38), words<5>(39, -3000, 3000),
                                               {1073741824, 1500000000, 2000000000, 1200000000, 1300000000},
                                               {-7, 0, -23, 2, -22}};
inline constexpr q::fully_connected_params one_row_exact_params{-20, 3, 5, -100, 110};
inline constexpr layer<1, 64, 5> one_row_large{bytes<64>(12, 127, 127), large_positive.weights,
                                               {bound, bound + 1, 0, -bound, 12345}, large_positive.multipliers,
                                               large_positive.shifts};

}  // namespace paths
