// SPDX-License-Identifier: BSL-1.0
// Compile time == run time, bit for bit: every operation and the whole pipeline, computed in constant expressions
// and at run time (inputs read through volatile, so nothing can be folded), must give the same bits. This file is
// built once per set of compiler flags listed in CMakeLists.txt (FMA-capable targets, GNU modes, fast-math).
#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"
#include "../runtime/same_record.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cta/cta.hpp>
#include <cta/math/erf.hpp>
#include <cta/math/log.hpp>
#include <cta/transformer/encoder_layer.hpp>
#include <cta/transformer/model.hpp>

// Built for an x86-64 level (tests/identity/CMakeLists.txt): the run-time kernels use that level's vector registers.
#ifdef CTA_IDENTITY_VECTOR_BYTES
static_assert(cta::detail::has_vectors<float> && cta::detail::has_vectors<double> &&
                  cta::detail::vector_bytes == CTA_IDENTITY_VECTOR_BYTES,
              "the run-time kernels must use the vector registers of the level this test is built for");
#endif

namespace {

// Deterministic values in [-scale, scale), at compile time and at run time alike.
constexpr double next_value(std::uint64_t& state, double scale) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (static_cast<double>(state >> 11) * 0x1p-53 * 2.0 - 1.0) * scale;
}

template <class T, std::size_t R, std::size_t C>
constexpr cta::matrix<T, R, C> make(std::uint64_t seed, double scale) {
    cta::matrix<T, R, C> m{};
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) m(i, j) = static_cast<T>(next_value(seed, scale));
    return m;
}

using test::at_run_time;

/// Whether this process flushes subnormals (FTZ or DAZ on), as the variant linked with -ffast-math does (GCC's
/// start-up code switches both on; docs/numerics.md). Its run-time results are then compared with the compile-time
/// ones in which every subnormal is a zero of the same sign: what such a mode must give, and all it may change.
bool flushes_subnormals() {
    volatile double tiny = 0x1p-1070;
    volatile double one = 1.0;
    return tiny * one == 0.0;
}

/// How many of the `rows` rows of `cols` elements at `run_time` differ in their bits from those at `compile_time`,
/// each element of the latter taken as a process that flushes subnormals must give it where this one does: each
/// subnormal a zero of the same sign (told by the bits: a comparison would read a subnormal as 0 under DAZ).
/// One function per element type, whatever the shape (a copy per shape would cost the builds time and test nothing
/// more).
template <class T>
[[gnu::noinline]] std::size_t rows_differing(const T* run_time, const T* compile_time, std::size_t rows,
                                             std::size_t cols) {
    const bool flushes = flushes_subnormals();
    std::size_t n = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        bool same = true;
        for (std::size_t j = 0; j < cols; ++j) {
            const T x = run_time[i * cols + j];
            const T y = compile_time[i * cols + j];
            if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
                using U = std::conditional_t<sizeof(T) == 8, std::uint64_t, std::uint32_t>;
                constexpr U sign = U{1} << (8 * sizeof(U) - 1);
                constexpr auto exponent = std::bit_cast<U>(std::numeric_limits<T>::infinity());
                auto expected = std::bit_cast<U>(y);
                if (flushes && (expected & exponent) == 0) expected &= sign;
                same = same && std::bit_cast<U>(x) == expected;
            } else {
                static_assert(std::is_integral_v<T>, "compared bit for bit: double, float or an integer type");
                same = same && x == y;
            }
        }
        n += same ? 0 : 1;
    }
    return n;
}

/// How many rows of the run-time result a differ from the compile-time result b (as flushed, see above).
template <class M>
std::size_t differing(const M& a, const M& b) {
    return rows_differing(&a.elems[0][0], &b.elems[0][0], M::rows, M::cols);
}

/// Run time gives the compile-time bits (as flushed, in a process that flushes subnormals).
template <class M>
bool same_bits(const M& run_time, const M& compile_time) {
    return differing(run_time, compile_time) == 0;
}

constexpr auto x = make<double, 12, 16>(1, 2.0);
constexpr auto wq = make<double, 16, 8>(2, 1.0);
constexpr auto wk = make<double, 16, 8>(3, 1.0);
constexpr auto wv = make<double, 16, 6>(4, 1.0);
constexpr auto xf = make<float, 12, 16>(1, 2.0);
constexpr auto wqf = make<float, 16, 8>(2, 1.0);
constexpr auto wkf = make<float, 16, 8>(3, 1.0);
constexpr auto wvf = make<float, 16, 6>(4, 1.0);

}  // namespace

TEST_CASE("this build flushes subnormals exactly where it is meant to", "[identity]") {
    // Only the variant linked with -ffast-math (CTA_IDENTITY_FLUSHES) compares results as flushed.
#if CTA_IDENTITY_FLUSHES
    CHECK(flushes_subnormals());
#else
    CHECK_FALSE(flushes_subnormals());
#endif
}

TEST_CASE("matrix operations: run time gives the compile-time bits", "[identity]") {
    constexpr auto product = x * wq;
    constexpr auto sum = x + make<double, 12, 16>(5, 3.0);
    constexpr auto difference = x - make<double, 12, 16>(6, 3.0);
    constexpr auto scaled = x * 0.3;
    constexpr auto divided = x / 7.0;
    constexpr auto transposed = cta::transpose(x);
    constexpr auto rounded = cta::round_to(x, 3);
    const auto rx = at_run_time(x);
    CHECK(same_bits(at_run_time(x) * at_run_time(wq), product));
    CHECK(same_bits(rx + at_run_time(make<double, 12, 16>(5, 3.0)), sum));
    CHECK(same_bits(rx - at_run_time(make<double, 12, 16>(6, 3.0)), difference));
    CHECK(same_bits(rx * 0.3, scaled));
    CHECK(same_bits(rx / 7.0, divided));
    CHECK(same_bits(cta::transpose(rx), transposed));
    CHECK(same_bits(cta::round_to(rx, 3), rounded));
    constexpr auto product_f = xf * wqf;
    CHECK(same_bits(at_run_time(xf) * at_run_time(wqf), product_f));
}

#if CTA_IDENTITY_PRODUCT_PATHS
namespace {

/// How many rows of a * b and a * b'^T (b' = b transposed, the product the scores take) differ between run time and
/// compile time, for a M x K and b K x N: M = 7 rows leave rows over for blocks of 2 and of 4 rows.
template <class T, std::size_t K, std::size_t N, std::size_t M = 7>
std::size_t products_differing() {
    constexpr auto a = make<T, M, K>(400 + N, 3.0);
    constexpr auto b = make<T, K, N>(500 + N, 3.0);
    constexpr auto bt = cta::transpose(b);
    constexpr auto product = a * b;
    constexpr auto product_transposed = cta::detail::multiply_transposed<T>(a, bt);
    return differing(at_run_time(a) * at_run_time(b), product) +
           differing(cta::detail::multiply_transposed<T>(at_run_time(a), at_run_time(bt)), product_transposed);
}
template <class T, std::size_t K, std::size_t... N>
std::size_t products_differing(std::index_sequence<N...>) {
    return (products_differing<T, K, N>() + ...);
}

}  // namespace

// Products whose numbers of columns take each path of the run-time code (include/cta/operations.hpp, "Run-time
// products"): blocks of 2 rows x 4 vectors (x86 before AVX) and of 4 rows x 2 vectors, with vectors of 2, 4, 8 or 16
// lanes, the columns they leave to blocks of 4 rows x 1 vector of the same width, then of narrower vectors down to
// 16 bytes, and to plain loops (3 = 2 + 1 for doubles, 3 plain for floats; 13 = 8 + 4 + 1 and 29 = 24 + 4 + 1 with
// 2 lanes, 29 = 16 + 8 + 4 + 1 with 8), and the rows left over; with K = 70 also the two slices of k (64 + 6) that a
// panel of b takes. Then the smallest products (at most 64 multiply-adds), which are plain loops where they are
// computed.
TEST_CASE("products: run time gives the compile-time bits for the column counts of every run-time path",
          "[identity]") {
    using columns = std::index_sequence<3, 4, 5, 8, 13, 14, 16, 29, 33>;
    CHECK(products_differing<double, 5>(columns()) == 0);
    CHECK(products_differing<float, 5>(columns()) == 0);
    CHECK(products_differing<double, 70>(std::index_sequence<13, 29>()) == 0);
    CHECK(products_differing<float, 70>(std::index_sequence<13, 29>()) == 0);
    CHECK(products_differing<double, 4, 3, 3>() + products_differing<double, 4, 4, 4>() +
              products_differing<double, 2, 1, 2>() + products_differing<double, 8, 8, 1>() ==
          0);
    CHECK(products_differing<float, 4, 3, 3>() + products_differing<float, 4, 4, 4>() +
              products_differing<float, 8, 8, 1>() ==
          0);
}
#endif

TEST_CASE("softmax: run time gives the compile-time bits", "[identity]") {
    constexpr auto scores = make<double, 12, 12>(7, 30.0);
    constexpr auto weights = cta::softmax(scores);
    CHECK(same_bits(cta::softmax(at_run_time(scores)), weights));
    constexpr auto scores_f = make<float, 12, 12>(8, 30.0);
    constexpr auto weights_f = cta::softmax(scores_f);
    CHECK(same_bits(cta::softmax(at_run_time(scores_f)), weights_f));
}

/// How many entries of s lie between `from` and `to` below their row's maximum (x - max in (-to, -from]).
template <class M>
constexpr std::size_t below_max_between(const M& s, double from, double to) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < M::rows; ++i) {
        double max = s(i, 0);
        for (std::size_t j = 0; j < M::cols; ++j) max = s(i, j) > max ? s(i, j) : max;
        for (std::size_t j = 0; j < M::cols; ++j) n += (max - s(i, j) >= from && max - s(i, j) < to) ? 1 : 0;
    }
    return n;
}

// Scores far apart: exp's arguments x - max reach the ranges where exp scales its result into the subnormals
// (below -708.4 for double, -87.3 for float) and where softmax gives 0 without calling exp, in rows long enough for
// the vector code of the run-time path (and its lanes that fall back to cta::exp).
TEST_CASE("softmax: run time gives the compile-time bits, exp's arguments at the edge of its range", "[identity]") {
    constexpr auto scores = make<double, 32, 20>(11, 760.0);
    static_assert(below_max_between(scores, 708.4, 745.2) >= 10 && below_max_between(scores, 746.0, 1600.0) >= 10);
    constexpr auto weights = cta::softmax(scores);
    CHECK(same_bits(cta::softmax(at_run_time(scores)), weights));
    constexpr auto scores_f = make<float, 32, 20>(12, 100.0);
    static_assert(below_max_between(scores_f, 87.4, 103.9) >= 10 && below_max_between(scores_f, 104.0, 200.0) >= 10);
    constexpr auto weights_f = cta::softmax(scores_f);
    CHECK(same_bits(cta::softmax(at_run_time(scores_f)), weights_f));
}

namespace {

/// How many rows of softmax(Rows::of<T, N>()) differ between run time and compile time, for N = 1, 2, ...
template <class Rows, class T, std::size_t N>
std::size_t softmax_rows_differing() {
    constexpr auto scores = Rows::template of<T, N>();
    constexpr auto weights = cta::softmax(scores);
    return differing(cta::softmax(at_run_time(scores)), weights);
}
template <class Rows, class T, std::size_t... N>
std::size_t softmax_rows_differing(std::index_sequence<N...>) {
    return (softmax_rows_differing<Rows, T, N + 1>() + ...);
}

/// 4 x N ordinary scores.
struct ordinary_rows {
    template <class T, std::size_t N>
    static constexpr cta::matrix<T, 4, N> of() {
        return make<T, 4, N>(100 + N, std::is_same_v<T, float> ? 60.0 : 500.0);
    }
};

}  // namespace

// Every row width from 1 to 40: whole vectors of the run-time exponentials and the elements left over, whatever the
// number of lanes (4 to 16 floats), with exp's arguments over its whole range (scores spread over 120 for float,
// 1000 for double: ordinary, subnormal results, and entries below the underflow threshold).
TEST_CASE("softmax: run time gives the compile-time bits, rows of every width from 1 to 40", "[identity]") {
    CHECK(softmax_rows_differing<ordinary_rows, float>(std::make_index_sequence<40>()) == 0);
    CHECK(softmax_rows_differing<ordinary_rows, double>(std::make_index_sequence<40>()) == 0);
}

namespace {

/// Rows N wide with the values softmax treats apart: a NaN; one +inf; two +inf; -inf everywhere; -inf everywhere
/// but one entry; one -inf; a maximum of +0; a maximum of -0 with a +0 elsewhere; a NaN and a +inf. The special
/// entries sit at positions that move with N (in the whole vectors of the run-time scan or in the elements left).
struct special_rows {
    template <class T, std::size_t N>
    static constexpr cta::matrix<T, 9, N> of();
};
template <class T, std::size_t N>
constexpr cta::matrix<T, 9, N> special_rows::of() {
    constexpr T inf = std::numeric_limits<T>::infinity(), nan = std::numeric_limits<T>::quiet_NaN();
    auto m = make<T, 9, N>(300 + N, 5.0);
    const std::size_t p = N * 7 / 11, q = (p + N / 2 + 1) % N;
    for (std::size_t j = 0; j < N; ++j) {
        m(3, j) = -inf;
        if (j != p) m(4, j) = -inf;
        m(6, j) = m(6, j) < 0 ? m(6, j) : -m(6, j) - T(1);
        m(7, j) = m(7, j) < 0 ? m(7, j) : -m(7, j) - T(1);
    }
    m(0, p) = nan;
    m(1, p) = inf;
    m(2, p) = inf;
    m(2, q) = inf;
    m(5, p) = -inf;
    m(6, p) = T(0);
    m(7, q) = T(0);
    m(7, p) = -T(0);
    m(8, p) = nan;
    m(8, q) = inf;
    return m;
}

}  // namespace

// The rows softmax treats apart (NaN, +inf, every entry -inf) and zero maxima, for every width from 1 to 40: the
// run-time scan of a row looks at whole vectors and then at the elements left, and must find what the scalar loop
// of constant evaluation finds.
TEST_CASE("softmax: run time gives the compile-time bits, rows with NaN, infinities and zero maxima",
          "[identity]") {
    CHECK(softmax_rows_differing<special_rows, float>(std::make_index_sequence<40>()) == 0);
    CHECK(softmax_rows_differing<special_rows, double>(std::make_index_sequence<40>()) == 0);
}

#if CTA_HAVE_VECTORS
namespace {

/// The arguments whose exponentials `exp_lanes` (softmax's run-time exponentials) gives differently from cta::exp,
/// both at run time; `arguments` has a multiple of the lanes.
template <class R>
std::size_t exp_lanes_differing(const std::vector<R>& arguments) {
    using V = typename cta::detail::simd<R>::type;
    using bits = std::conditional_t<sizeof(R) == 8, std::uint64_t, std::uint32_t>;
    constexpr std::size_t lanes = cta::detail::simd<R>::lanes;
    std::size_t n = 0;
    for (std::size_t i = 0; i < arguments.size(); i += lanes) {
        const V e = cta::detail::exp_lanes<R>(cta::detail::load_vector<V>(&arguments[i]));
        for (std::size_t l = 0; l < lanes; ++l) {
            const R lane = e[l];
            n += std::bit_cast<bits>(lane) == std::bit_cast<bits>(cta::exp(arguments[i + l])) ? 0 : 1;
        }
    }
    return n;
}

template <class R>
void pad_to_lanes(std::vector<R>& v) {
    while (v.size() % cta::detail::simd<R>::lanes != 0) v.push_back(R(0));
}

}  // namespace

// exp_lanes takes every argument softmax gives it (|x| below exp_vector_constants<R>::large): floats, one bit pattern
// in 997 of both signs and every pattern within 64 of the bounds between exp's cases; doubles, a million of random
// sign, exponent and mantissa, every high word within 64 of the bound, and the 9 doubles nearest each
// (k + 1/2) ln 2 / 128 of both signs, where the rounding of x 128 / ln 2 to k changes, for k up to 1000 (every index
// of the table) and every 97th k from there to the bound.
TEST_CASE("softmax's run-time exponentials: the bits of cta::exp", "[identity]") {
    using cta::detail::exp_vector_constants;
    std::vector<float> floats;
    const auto large_f = std::bit_cast<std::uint32_t>(exp_vector_constants<float>::large);
    const auto add_float = [&](std::uint32_t b) {
        if (b >= large_f) return;
        floats.push_back(std::bit_cast<float>(b));
        floats.push_back(-std::bit_cast<float>(b));
    };
    for (std::uint32_t b = 0; b < large_f; b += 997) add_float(b);
    for (const float bound : {exp_vector_constants<float>::tiny, exp_vector_constants<float>::zero_k,
                              exp_vector_constants<float>::one_k, exp_vector_constants<float>::large})
        for (std::uint32_t b = std::bit_cast<std::uint32_t>(bound) - 64, end = b + 128; b < end; ++b) add_float(b);
    pad_to_lanes(floats);
    INFO(floats.size() << " float arguments");
    CHECK(floats.size() > 2'000'000);
    CHECK(exp_lanes_differing(floats) == 0);

    std::vector<double> doubles;
    const double large_d = exp_vector_constants<double>::large;
    std::uint64_t state = 2024;
    const auto next = [&] { return state = state * 6364136223846793005ULL + 1442695040888963407ULL; };
    while (doubles.size() < 1'000'000) {
        const std::uint64_t r = next();
        const std::uint64_t exponent = 0x3a0 + (r >> 32) % (0x409 - 0x3a0);  // 2^-95 to 2^9
        const double a = std::bit_cast<double>((r & 0x8000000000000000ULL) | exponent << 52 | (next() >> 12));
        if (a < large_d && a > -large_d) doubles.push_back(a);
    }
    for (std::uint64_t high = (std::bit_cast<std::uint64_t>(large_d) >> 32) - 64, end = high + 128; high < end;
         ++high) {
        const std::uint64_t random = next() >> 32;
        for (const std::uint64_t low : {std::uint64_t{0}, std::uint64_t{1}, random, std::uint64_t{0xffffffff}}) {
            const double a = std::bit_cast<double>(high << 32 | low);
            if (a < large_d) {
                doubles.push_back(a);
                doubles.push_back(-a);
            }
        }
    }
    for (std::int64_t k = 0; k < 131'000; k += k < 1000 ? 1 : 97) {
        const auto middle = std::bit_cast<std::uint64_t>((static_cast<double>(k) + 0.5) * cta::detail::exp_ln2_n_hi);
        for (std::uint64_t b = middle - 4; b <= middle + 4; ++b) {
            const double a = std::bit_cast<double>(b);
            if (a < large_d) {
                doubles.push_back(a);
                doubles.push_back(-a);
            }
        }
    }
    pad_to_lanes(doubles);
    INFO(doubles.size() << " double arguments");
    CHECK(doubles.size() > 1'040'000);
    CHECK(exp_lanes_differing(doubles) == 0);
}
#endif

/// function(x) of each element x.
template <class M, class Function>
constexpr M of_each(const M& arguments, Function function) {
    M r = arguments;
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j) r(i, j) = function(arguments(i, j));
    return r;
}

/// How many rows of function(arguments) differ at run time from the compile-time result, for a constant matrix.
template <const auto& arguments, class Function>
std::size_t differing_at_run_time(Function) {
    constexpr auto results = Function{}(arguments);
    return differing(Function{}(at_run_time(arguments)), results);
}

constexpr auto exp_of_each = [](const auto& m) { return of_each(m, [](auto v) { return cta::exp(v); }); };

constexpr auto exp_arguments = make<double, 64, 16>(9, 700.0);
constexpr auto exp_arguments_f = make<float, 64, 16>(10, 100.0);

TEST_CASE("exp: run time gives the compile-time bits", "[identity]") {
    CHECK(differing_at_run_time<exp_arguments>(exp_of_each) == 0);
    CHECK(differing_at_run_time<exp_arguments_f>(exp_of_each) == 0);
}

constexpr auto log_of_each = [](const auto& m) { return of_each(m, [](auto v) { return cta::log(cta::abs(v)); }); };
constexpr auto log1p_of_each = [](const auto& m) { return of_each(m, [](auto v) { return cta::log1p(v); }); };

constexpr auto log_arguments = make<double, 64, 16>(11, 1.0e6);
constexpr auto log_arguments_f = make<float, 64, 16>(12, 1.0e6);
constexpr auto log1p_arguments = make<double, 64, 16>(13, 1.0);
constexpr auto log1p_arguments_f = make<float, 64, 16>(14, 1.0);

TEST_CASE("log and log1p: run time gives the compile-time bits", "[identity]") {
    CHECK(differing_at_run_time<log_arguments>(log_of_each) == 0);
    CHECK(differing_at_run_time<log_arguments_f>(log_of_each) == 0);
    CHECK(differing_at_run_time<log1p_arguments>(log1p_of_each) == 0);
    CHECK(differing_at_run_time<log1p_arguments_f>(log1p_of_each) == 0);
}

constexpr auto erf_of_each = [](const auto& m) { return of_each(m, [](auto v) { return cta::erf(v); }); };
constexpr auto erfc_of_each = [](const auto& m) { return of_each(m, [](auto v) { return cta::erfc(v); }); };

// erf over (-7, 7) (the polynomial, the middle region, ±1); erfc over (-28, 28), which reaches its subnormal results
// (from 26.54) and its underflow to 0.
constexpr auto erf_arguments = make<double, 64, 16>(15, 7.0);
constexpr auto erf_arguments_f = make<float, 64, 16>(16, 7.0);
constexpr auto erfc_arguments = make<double, 64, 16>(17, 28.0);
constexpr auto erfc_arguments_f = make<float, 64, 16>(18, 28.0);

TEST_CASE("erf and erfc: run time gives the compile-time bits", "[identity]") {
    CHECK(differing_at_run_time<erf_arguments>(erf_of_each) == 0);
    CHECK(differing_at_run_time<erf_arguments_f>(erf_of_each) == 0);
    CHECK(differing_at_run_time<erfc_arguments>(erfc_of_each) == 0);
    CHECK(differing_at_run_time<erfc_arguments_f>(erfc_of_each) == 0);
}

TEST_CASE("self-attention: run time gives the compile-time bits, every step", "[identity]") {
    constexpr auto steps = cta::self_attention_steps(x, wq, wk, wv);
    const auto s = cta::self_attention_steps(at_run_time(x), at_run_time(wq), at_run_time(wk), at_run_time(wv));
    CHECK(same_bits(s.queries, steps.queries));
    CHECK(same_bits(s.keys, steps.keys));
    CHECK(same_bits(s.values, steps.values));
    CHECK(same_bits(s.scores, steps.scores));
    CHECK(same_bits(s.weights, steps.weights));
    for (std::size_t i = 0; i < steps.weighted_values.size(); ++i) {
        CHECK(same_bits(s.weighted_values[i], steps.weighted_values[i]));
    }
    CHECK(same_bits(s.outputs, steps.outputs));

    constexpr auto outputs = cta::self_attention(x, wq, wk, wv);
    CHECK(same_bits(cta::self_attention(at_run_time(x), at_run_time(wq), at_run_time(wk), at_run_time(wv)),
                    outputs));
    constexpr auto outputs_f = cta::self_attention(xf, wqf, wkf, wvf);
    CHECK(same_bits(
        cta::self_attention(at_run_time(xf), at_run_time(wqf), at_run_time(wkf), at_run_time(wvf)), outputs_f));
}

namespace {

/// Integer inputs and weights: their queries, keys and scores are exact integers, and softmax takes int scores.
template <std::size_t R, std::size_t C>
constexpr cta::matrix<int, R, C> integers(std::size_t seed) {
    cta::matrix<int, R, C> m{};
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) m(i, j) = static_cast<int>((i * 7 + j * 3 + seed) % 11) - 5;
    }
    return m;
}

constexpr auto x_kv = make<double, 10, 12>(7, 2.0);
constexpr auto wk_kv = make<double, 12, 8>(8, 1.0);
constexpr auto wv_kv = make<double, 12, 6>(9, 1.0);
constexpr auto x_int = integers<9, 8>(1);
constexpr auto wq_int = integers<8, 5>(2);
constexpr auto wk_int = integers<8, 5>(3);
constexpr auto wv_int = integers<8, 7>(4);

/// Whether attention of these argument types, without options, runs by the kernel of extents known at run time.
template <class XQ, class XKV, class WQ, class WK, class WV>
inline constexpr bool by_attention_kernel =
    cta::detail::attention_kernel_fits<cta::detail::step_types_for<void, XQ, XKV, WQ, WK, WV>, XQ, XKV, 0>;

}  // namespace

// Attention of shapes whose steps all take the run-time kernels of extents known at run time
// (detail::attention_kernel): cross-attention with n_q != n_kv, d != d' and d_k != d_v, and integer inputs, whose
// scores softmax takes as integers.
TEST_CASE("attention by the kernel of run-time extents: run time gives the compile-time bits", "[identity]") {
    static_assert(by_attention_kernel<decltype(x), decltype(x_kv), decltype(wq), decltype(wk_kv), decltype(wv_kv)>);
    static_assert(
        by_attention_kernel<decltype(x_int), decltype(x_int), decltype(wq_int), decltype(wk_int), decltype(wv_int)>);
    constexpr auto cross = cta::cross_attention(x, x_kv, wq, wk_kv, wv_kv);
    CHECK(same_bits(cta::cross_attention(at_run_time(x), at_run_time(x_kv), at_run_time(wq), at_run_time(wk_kv),
                                         at_run_time(wv_kv)),
                    cross));
    constexpr auto outputs_int = cta::self_attention(x_int, wq_int, wk_int, wv_int);
    CHECK(same_bits(cta::self_attention(at_run_time(x_int), at_run_time(wq_int), at_run_time(wk_int),
                                        at_run_time(wv_int)),
                    outputs_int));
    // With an option the steps are those of the shape (the mask applied to its logits): the same bits as well.
    constexpr auto causal = cta::cross_attention(x, x_kv, wq, wk_kv, wv_kv, cta::causal);
    CHECK(same_bits(cta::cross_attention(at_run_time(x), at_run_time(x_kv), at_run_time(wq), at_run_time(wk_kv),
                                         at_run_time(wv_kv), cta::causal),
                    causal));
}

namespace {

/// m with its elements as float.
constexpr auto as_float = [](const auto& m) {
    return cta::detail::map(m, [](double v) { return static_cast<float>(v); });
};

/// Whether m(i, j), a double, is -0.0: told by the bits (with -ffast-math a compiler may take every zero for +0).
template <class M>
bool negative_zero(const M& m, std::size_t i, std::size_t j) {
    return std::bit_cast<std::uint64_t>(m(i, j)) == std::uint64_t{1} << 63;
}

// Inputs at the tutorial's size whose queries, keys and scores have zeros of both signs: a row of zeros times
// weights of both signs (0 * -1 is -0), and zeros of both signs among the inputs.
constexpr cta::matrix<double, 3, 4> zeros_x{{{0.0, 0.0, 0.0, 0.0}, {1.0, -0.0, 2.0, 0.0}, {-1.0, 0.0, 0.5, -0.0}}};
constexpr cta::matrix<double, 4, 3> zeros_wq{
    {{-1.0, 2.0, -0.5}, {-2.0, 0.0, -1.0}, {-0.25, 1.0, -3.0}, {-1.0, -1.0, -2.0}}};
constexpr cta::matrix<double, 4, 3> zeros_wk{
    {{-0.5, -1.0, 1.0}, {1.0, -2.0, 0.0}, {-1.5, -1.0, -0.0}, {-2.0, -0.5, 1.0}}};
constexpr cta::matrix<double, 4, 3> zeros_wv{{{0.0, -2.0, 1.0}, {-1.0, 3.0, 0.0}, {-0.0, -1.0, 3.0}, {1.0, 1.0, -0.0}}};
constexpr cta::matrix<double, 3, 3> zeros_mask{{{-0.0, 0.0, -1.0}, {0.0, -0.0, -0.0}, {-0.0, 2.0, 0.0}}};

}  // namespace

// The attention functions that return the outputs alone sum the smallest products of their queries, keys and
// scores from the first terms at run time (include/cta/operations.hpp, multiply_run_time): the zeros of those may
// differ in sign from the compile-time ones, which only softmax reads, and the outputs must still be the same bits.
TEST_CASE("attention's outputs: run time gives the compile-time bits where queries, keys and scores have zeros of "
          "both signs",
          "[identity]") {
    // The inputs give the case: summed from 0, the queries' first row and the keys' first row are +0; from their
    // first terms, queries (0, 0) and (0, 2) and keys (0, 1) are -0 (every term is 0 times a negative weight), and
    // so is score (1, 0) (its terms are -1.5 * +0, 4 * -0 and -6.5 * +0).
    const auto x_at_run_time = at_run_time(zeros_x);
    const auto queries_from_0 = cta::detail::multiply<double>(x_at_run_time, zeros_wq);
    const auto keys_from_0 = cta::detail::multiply<double>(x_at_run_time, zeros_wk);
    const auto queries_from_first = cta::detail::multiply<double, true>(x_at_run_time, zeros_wq);
    const auto keys_from_first = cta::detail::multiply<double, true>(x_at_run_time, zeros_wk);
    CHECK(cta::identical(queries_from_0, cta::detail::multiply<double>(zeros_x, zeros_wq)));
    CHECK((!negative_zero(queries_from_0, 0, 0) && !negative_zero(keys_from_0, 0, 1)));
    CHECK((negative_zero(queries_from_first, 0, 0) && negative_zero(queries_from_first, 0, 2) &&
           negative_zero(keys_from_first, 0, 1)));
    CHECK(!negative_zero(cta::detail::multiply_transposed<double>(queries_from_0, keys_from_0), 1, 0));
    CHECK(negative_zero(cta::detail::multiply_transposed<double, true>(queries_from_first, keys_from_first), 1, 0));

    constexpr auto outputs = cta::self_attention(zeros_x, zeros_wq, zeros_wk, zeros_wv);
    const auto inputs = at_run_time(zeros_x);
    const auto w_q = at_run_time(zeros_wq), w_k = at_run_time(zeros_wk), w_v = at_run_time(zeros_wv);
    CHECK(same_bits(cta::self_attention(inputs, w_q, w_k, w_v), outputs));
    constexpr auto scaled_masked = cta::self_attention(zeros_x, zeros_wq, zeros_wk, zeros_wv, cta::scaled, zeros_mask);
    CHECK(same_bits(cta::self_attention(inputs, w_q, w_k, w_v, cta::scaled, at_run_time(zeros_mask)), scaled_masked));
    constexpr auto causal = cta::self_attention(zeros_x, zeros_wq, zeros_wk, zeros_wv, cta::causal);
    CHECK(same_bits(cta::self_attention(inputs, w_q, w_k, w_v, cta::causal), causal));
    constexpr auto cross = cta::cross_attention(cta::transpose(zeros_wv), zeros_x, zeros_wq, zeros_wk, zeros_wv);
    CHECK(same_bits(cta::cross_attention(cta::transpose(w_v), inputs, w_q, w_k, w_v), cross));
    // cta::attention from queries with zeros of both signs (their scores likewise).
    constexpr auto given = cta::attention(zeros_wq, zeros_wk, zeros_wv);
    CHECK(same_bits(cta::attention(w_q, w_k, w_v), given));

    constexpr auto x_f = as_float(zeros_x);
    constexpr auto w_q_f = as_float(zeros_wq), w_k_f = as_float(zeros_wk), w_v_f = as_float(zeros_wv);
    constexpr auto outputs_f = cta::self_attention(x_f, w_q_f, w_k_f, w_v_f);
    CHECK(same_bits(
        cta::self_attention(at_run_time(x_f), at_run_time(w_q_f), at_run_time(w_k_f), at_run_time(w_v_f)), outputs_f));
}

namespace {

/// An encoder layer of n = 19 tokens, d_model = 24, 3 heads of d_k = 8 and d_ff = 40, its weights in T, made with
/// `read` (as_is, or at_run_time): at run time each head's products are larger than the ones computed where
/// they are called, so the kernels compute them on the head's columns of the projections in place, and the layer
/// normalisations take blocks of rows side by side and single rows (19 = 2 * 8 + 3).
template <class T, class Read>
constexpr auto encoder_case(Read read) {
    constexpr std::size_t n = 19, d = 24, d_ff = 40;
    const auto layer = cta::make_encoder_layer<3>(
        cta::attention_weights{read(make<T, d, d>(11, 0.3)), read(make<T, 1, d>(12, 0.1)),
                               read(make<T, d, d>(13, 0.3)), read(make<T, 1, d>(14, 0.1)),
                               read(make<T, d, d>(15, 0.3)), read(make<T, 1, d>(16, 0.1)),
                               read(make<T, d, d>(17, 0.3)), read(make<T, 1, d>(18, 0.1))},
        cta::feed_forward_weights{read(make<T, d, d_ff>(19, 0.3)), read(make<T, 1, d_ff>(20, 0.1)),
                                  read(make<T, d_ff, d>(21, 0.3)), read(make<T, 1, d>(22, 0.1))},
        cta::layer_norm_weights{read(make<T, 1, d>(23, 1.5)), read(make<T, 1, d>(24, 0.5))},
        cta::layer_norm_weights{read(make<T, 1, d>(25, 1.5)), read(make<T, 1, d>(26, 0.5))});
    return cta::encode(read(make<T, n, d>(27, 2.0)), layer);
}

constexpr auto as_is = [](const auto& m) { return m; };
constexpr auto read_at_run_time = [](const auto& m) { return at_run_time(m); };

}  // namespace

TEST_CASE("encoder layer and layer normalisation: run time gives the compile-time bits", "[identity]") {
    constexpr auto outputs = encoder_case<double>(as_is);
    CHECK(same_bits(encoder_case<double>(read_at_run_time), outputs));
    constexpr auto outputs_f = encoder_case<float>(as_is);
    CHECK(same_bits(encoder_case<float>(read_at_run_time), outputs_f));

    constexpr auto xn = make<double, 19, 24>(31, 3.0);
    constexpr auto gain = make<double, 1, 24>(32, 1.5);
    constexpr auto bias = make<double, 1, 24>(33, 0.5);
    constexpr auto normalized = cta::layer_norm(xn, gain, bias);
    CHECK(same_bits(cta::layer_norm(at_run_time(xn), at_run_time(gain), at_run_time(bias)), normalized));
}

namespace {

/// A pre-norm encoder layer of d_model = 16, 2 heads of d_k = 8 and d_ff = 24, its weights in T from the seeds
/// seed .. seed + 15, made with `read`.
template <class T, class Read>
constexpr auto small_layer(std::uint64_t seed, Read read) {
    constexpr std::size_t d = 16, d_ff = 24;
    return cta::make_encoder_layer<2>(
        cta::attention_weights{read(make<T, d, d>(seed, 0.4)), read(make<T, 1, d>(seed + 1, 0.1)),
                               read(make<T, d, d>(seed + 2, 0.4)), read(make<T, 1, d>(seed + 3, 0.1)),
                               read(make<T, d, d>(seed + 4, 0.4)), read(make<T, 1, d>(seed + 5, 0.1)),
                               read(make<T, d, d>(seed + 6, 0.4)), read(make<T, 1, d>(seed + 7, 0.1))},
        cta::feed_forward_weights{read(make<T, d, d_ff>(seed + 8, 0.4)), read(make<T, 1, d_ff>(seed + 9, 0.1)),
                                  read(make<T, d_ff, d>(seed + 10, 0.4)), read(make<T, 1, d>(seed + 11, 0.1))},
        cta::layer_norm_weights{read(make<T, 1, d>(seed + 12, 1.5)), read(make<T, 1, d>(seed + 13, 0.5))},
        cta::layer_norm_weights{read(make<T, 1, d>(seed + 14, 1.5)), read(make<T, 1, d>(seed + 15, 0.5))},
        cta::pre_norm);
}

/// Every step of a run of a decoder-only model (a vocabulary of 11 tokens, d_model = 16, two of those layers in a
/// std::array, a final normalisation) on 9 token ids, in T: the model's weights made with `read`, the ids read with
/// `read_id`.
template <class T, class Read, class ReadId>
constexpr auto model_run_case(Read read, ReadId read_id) {
    const cta::decoder_only_model model{
        read(make<T, 11, 16>(41, 1.0)),
        std::array{small_layer<T>(50, read), small_layer<T>(70, read)},
        cta::layer_norm_weights{read(make<T, 1, 16>(42, 1.5)), read(make<T, 1, 16>(43, 0.5))},
        read(make<T, 16, 11>(44, 0.5)), read(make<T, 1, 11>(45, 0.1))};
    std::array<std::size_t, 9> ids{3, 1, 4, 1, 5, 9, 2, 6, 5};
    for (auto& id : ids) id = read_id(id);
    return cta::model_logits_steps(model, ids);
}

constexpr auto read_id_as_is = [](std::size_t id) { return id; };
constexpr auto read_id_at_run_time = [](std::size_t id) { return at_run_time(id); };
constexpr auto same_bits_of = [](const auto& run_time, const auto& compile_time) {
    return same_bits(run_time, compile_time);
};

}  // namespace

TEST_CASE("the record of a model's run: run time gives the compile-time bits", "[identity]") {
    constexpr auto run = model_run_case<double>(as_is, read_id_as_is);
    CHECK(test::same_record(model_run_case<double>(read_at_run_time, read_id_at_run_time), run, same_bits_of));
    constexpr auto run_f = model_run_case<float>(as_is, read_id_as_is);
    CHECK(test::same_record(model_run_case<float>(read_at_run_time, read_id_at_run_time), run_f, same_bits_of));
}
