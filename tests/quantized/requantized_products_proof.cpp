// SPDX-License-Identifier: BSL-1.0
// The products that int8 self-attention computes in a constant expression (detail::requantized_products in
// <cta/quantized/detail/int8_kernel.hpp>: several int8 products in each multiplication of 64-bit or 128-bit words,
// every output element one fold), proven while this file compiles (static.quantized_requantized_products) to give,
// element for element, what the kernels' own arithmetic gives, offset_dot then requantize_to_int8, in words of both
// sizes, and that detail::packed_accumulators (the same packing, the sums not requantized) gives offset_dot's sums:
// depths that fill the words and that leave lanes empty, one word, deeper than one statement holds, at each
// depth where the lanes widen, operands read down columns and along rows, a multiplier per column with right shifts
// (ties every other value), no shift, a left shift and a multiplier of 0, sums of products of +-255 at the ends of
// each lane width's range, and the depth 33025 at which such a sum comes within 2^31 of the ends of 32 bits.
#include <cstddef>
#include <cstdint>

#include <cta/quantized/detail/int8_kernel.hpp>
#include <cta/quantized/fixed_point.hpp>

namespace {

namespace q = cta::quantized;
namespace d = cta::quantized::detail;

template <std::size_t Size>
struct int8s {
    std::int8_t e[Size];
};

/// Int8 values from a 64-bit linear congruential generator seeded with `seed` (the top byte of each state).
template <std::size_t Size>
constexpr int8s<Size> drawn(std::uint64_t seed) {
    int8s<Size> v{};
    for (std::size_t i = 0; i < Size; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        v.e[i] = static_cast<std::int8_t>(static_cast<std::uint8_t>(seed >> 56));
    }
    return v;
}

/// Every element `value`.
template <std::size_t Size>
constexpr int8s<Size> filled(std::int8_t value) {
    int8s<Size> v{};
    for (auto& e : v.e) e = value;
    return v;
}

/// The multipliers of the columns, taken in turn: shifts -11, -1 (a tie at every other odd value), 0, +2 (a left
/// shift), -19, a multiplier of 0 (a real multiplier below 2^-32), and -24.
constexpr std::size_t kinds = 7;
constexpr q::quantized_multiplier multipliers[kinds] = {
    q::quantize_multiplier(0.000371), q::quantize_multiplier(0.25),  q::quantize_multiplier(0.75),
    q::quantize_multiplier(3.7),      q::quantize_multiplier(1.3e-6), q::quantize_multiplier(1e-10),
    q::quantize_multiplier(4.5e-8)};
static_assert(multipliers[0].shift == -11 && multipliers[1].shift == -1 && multipliers[2].shift == 0 &&
              multipliers[3].shift == 2 && multipliers[4].shift == -19 && multipliers[5].multiplier == 0 &&
              multipliers[6].shift == -24);

/// The number of elements of requantized_products<M, N, K> that differ from requantize_to_int8(offset_dot(...)):
/// a (M x K, row after row) and b (b(k, j) at b[k row_stride + j col_stride]) with their offsets, column j
/// requantized with multipliers[(first + j) % kinds] and `zero_point`.
template <std::size_t M, std::size_t N, std::size_t K, class Word>
constexpr std::size_t mismatches(const std::int8_t* a, std::int32_t a_offset, const std::int8_t* b,
                                 std::size_t row_stride, std::size_t col_stride, std::int32_t b_offset,
                                 std::size_t first, std::int32_t zero_point) {
    d::int8_requantization r[N]{};
    for (std::size_t j = 0; j < N; ++j) r[j] = d::int8_requantization_of(multipliers[(first + j) % kinds], zero_point);
    std::int8_t c[M * N]{};
    d::requantized_products<M, N, K, Word>(c, a, a_offset, b, row_stride, col_stride, b_offset, r, 1);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < M; ++i) {
        for (std::size_t j = 0; j < N; ++j) {
            const q::quantized_multiplier m = multipliers[(first + j) % kinds];
            const std::int8_t expected = d::requantize_to_int8(
                d::offset_dot(a + i * K, a_offset, b + j * col_stride, row_stride, b_offset, K), m.multiplier,
                m.shift, zero_point, -128, 127);
            differ += c[i * N + j] == expected ? 0 : 1;
        }
    }
    return differ;
}

/// The number of sums of packed_accumulators<M, N, K, Word> that differ from offset_dot's, the operands as above.
template <std::size_t M, std::size_t N, std::size_t K, class Word>
constexpr std::size_t accumulator_mismatches(const std::int8_t* a, std::int32_t a_offset, const std::int8_t* b,
                                             std::size_t row_stride, std::size_t col_stride, std::int32_t b_offset) {
    std::int32_t acc[M * N]{};
    d::packed_accumulators<M, N, K, Word>(acc, a, a_offset, b, row_stride, col_stride, b_offset);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < M; ++i)
        for (std::size_t j = 0; j < N; ++j)
            differ += acc[i * N + j] == d::offset_dot(a + i * K, a_offset, b + j * col_stride, row_stride, b_offset, K)
                          ? 0
                          : 1;
    return differ;
}

__extension__ using word128 = unsigned __int128;

/// packed_accumulators on random operands, b read down columns and along rows, and at the ends of the range (as
/// extreme_mismatches below), in words of both sizes.
template <std::size_t M, std::size_t N, std::size_t K>
constexpr std::size_t random_accumulator_mismatches(std::uint64_t seed) {
    const auto a = drawn<M * K>(seed);
    const auto b = drawn<K * N>(seed + 1);
    return accumulator_mismatches<M, N, K, std::uint64_t>(a.e, 128, b.e, N, 1, -127) +
           accumulator_mismatches<M, N, K, word128>(a.e, -127, b.e, 1, K, 0) +
           accumulator_mismatches<M, N, K, word128>(a.e, 17, b.e, N, 1, 128);
}
template <std::size_t K, class Word>
constexpr std::size_t extreme_accumulator_mismatches() {
    const auto all_127 = filled<2 * K>(127);
    const auto all_minus_128 = filled<2 * K>(-128);
    return accumulator_mismatches<1, 2, K, Word>(all_127.e, 128, all_127.e, 2, 1, 128) +
           accumulator_mismatches<1, 2, K, Word>(all_127.e, 128, all_minus_128.e, 1, K, -127);
}

/// A random M x K times K x N product, b stored as K x N (columns read down) and as N x K (read along rows, as
/// self-attention reads the keys), with offsets at their ends and zero points in between, in words of `Word`.
template <std::size_t M, std::size_t N, std::size_t K, class Word>
constexpr std::size_t random_mismatches_in(std::uint64_t seed) {
    const auto a = drawn<M * K>(seed);
    const auto b = drawn<K * N>(seed + 1);
    return mismatches<M, N, K, Word>(a.e, 128, b.e, N, 1, -127, 0, -5) +
           mismatches<M, N, K, Word>(a.e, -127, b.e, 1, K, 0, 1, 127) +
           mismatches<M, N, K, Word>(a.e, 0, b.e, N, 1, 128, 3, -128) +
           mismatches<M, N, K, Word>(a.e, 17, b.e, 1, K, -39, 4, 0);
}

/// The same in 64-bit and in 128-bit words.
template <std::size_t M, std::size_t N, std::size_t K>
constexpr std::size_t random_mismatches(std::uint64_t seed) {
    return random_mismatches_in<M, N, K, std::uint64_t>(seed) + random_mismatches_in<M, N, K, word128>(seed);
}

/// The same depth's products at the ends of the range: every (a + a_offset)(b + b_offset) 255 255 (int8 127 and 127
/// with offsets 128), or 255 (-255) (b -128 with offset -127), so that the dot product and the lower lanes' sums
/// are as large as they can be, in words of both sizes; column 0 takes the multiplier 4.5e-8, column 1 0.000371
/// (saturated).
template <std::size_t K>
constexpr std::size_t extreme_mismatches() {
    const auto all_127 = filled<2 * K>(127);
    const auto all_minus_128 = filled<2 * K>(-128);
    return mismatches<1, 2, K, std::uint64_t>(all_127.e, 128, all_127.e, 2, 1, 128, 6, 0) +
           mismatches<1, 2, K, std::uint64_t>(all_127.e, 128, all_minus_128.e, 1, K, -127, 6, -3) +
           mismatches<1, 2, K, word128>(all_127.e, 128, all_127.e, 2, 1, 128, 6, 0) +
           mismatches<1, 2, K, word128>(all_127.e, 128, all_minus_128.e, 1, K, -127, 6, -3);
}

// The layouts: five lanes of 24 bits in 128 for the depth 128, four of 32 for the deepest; two in 64 bits.
static_assert(d::products_layout_of(128, 128).bits == 24 && d::products_layout_of(128, 128).lanes == 5);
// In 128 bits: six lanes up to a depth of 16, five from 17 to 258 (lanes of 22 to 25 bits), four beyond
// (docs/performance.md).
static_assert(d::products_layout_of(16, 128).lanes == 6 && d::products_layout_of(17, 128).lanes == 5 &&
              d::products_layout_of(17, 128).bits == 22 && d::products_layout_of(258, 128).lanes == 5 &&
              d::products_layout_of(258, 128).bits == 25 && d::products_layout_of(259, 128).lanes == 4);
static_assert(d::products_layout_of(128, 64).lanes == 2);
static_assert(d::products_layout_of(d::exact_int32_depth, 128).lanes == 4);
static_assert(d::products_layout_of(d::exact_int32_depth + 1, 128).lanes == 0);

static_assert(random_mismatches<3, 6, 1>(1) == 0);  // one word, one lane used
static_assert(random_mismatches<4, 6, 2>(2) == 0);
static_assert(random_mismatches<5, 7, 7>(3) == 0);
static_assert(random_mismatches<3, 6, 64>(4) == 0);
static_assert(random_mismatches<3, 5, 128>(9) == 0);  // 26 words of five lanes, the last one lane
static_assert(random_mismatches<2, 4, 259>(10) == 0);  // 65 words of four lanes of 26 bits, the last one lane
static_assert(random_mismatches<2, 6, 512>(5) == 0);  // 128 words: the most one statement sums
static_assert(random_mismatches<2, 3, 517>(6) == 0);  // 129 words: a whole statement and one word
static_assert(random_mismatches<1, 3, 1030>(7) == 0);  // two whole statements and a word left, in 128 bits
static_assert(random_mismatches<1, 2, 601>(8) == 0);

// At each depth where the narrowest lanes that hold the sums widen (products_layout_of), the sums at the ends of
// the range, in both word sizes: the deepest of each lane width and the first of the next.
template <std::size_t WordBits>
constexpr bool widens_at(std::size_t k) {
    return d::products_layout_of(k, WordBits).bits != d::products_layout_of(k - 1, WordBits).bits;
}
static_assert(widens_at<128>(33) && widens_at<128>(65) && widens_at<128>(130) && widens_at<128>(259));
static_assert(extreme_mismatches<32>() == 0 && extreme_mismatches<33>() == 0);
static_assert(extreme_mismatches<64>() == 0 && extreme_mismatches<65>() == 0);
static_assert(extreme_mismatches<129>() == 0 && extreme_mismatches<130>() == 0);
static_assert(extreme_mismatches<258>() == 0 && extreme_mismatches<259>() == 0);

// The deepest products whose sums always fit in 32 bits: 33025 products of 255 and 255, or of 255 and -255,
// 2147450625 and -2147450625.
constexpr std::size_t deepest = d::exact_int32_depth;
static_assert(deepest * 255 * 255 < (std::size_t{1} << 31) && (deepest + 1) * 255 * 255 >= (std::size_t{1} << 31));
static_assert(extreme_mismatches<deepest>() == 0);

// packed_accumulators: one word, lanes left empty, more words than a statement sums, each widening of the lanes in
// 128-bit words at the ends of the range (the deepest sums are those of requantized_products above: the same words).
static_assert(random_accumulator_mismatches<3, 6, 1>(21) == 0 && random_accumulator_mismatches<5, 7, 7>(22) == 0);
static_assert(random_accumulator_mismatches<16, 32, 16>(23) == 0 && random_accumulator_mismatches<2, 3, 517>(24) == 0);
static_assert(random_accumulator_mismatches<1, 3, 1030>(25) == 0);
static_assert(extreme_accumulator_mismatches<32, word128>() == 0 && extreme_accumulator_mismatches<33, word128>() == 0);
static_assert(extreme_accumulator_mismatches<64, word128>() == 0 && extreme_accumulator_mismatches<65, word128>() == 0);
static_assert(extreme_accumulator_mismatches<258, word128>() == 0 &&
              extreme_accumulator_mismatches<259, word128>() == 0);
static_assert(extreme_accumulator_mismatches<128, std::uint64_t>() == 0);

}  // namespace
