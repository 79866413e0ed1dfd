// Compile time == run time, bit for bit: every operation and the whole pipeline, computed in constant expressions
// and at run time (inputs read through volatile, so nothing can be folded), must give the same bits. This file is
// built once per set of compiler flags listed in CMakeLists.txt (FMA-capable targets, GNU modes, fast-math).
#include "../runtime/at_run_time.hpp"
#include "../runtime/catch.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

#include <cta/cta.hpp>

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

template <class M>
std::size_t differing(const M& a, const M& b) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j) n += cta::identical(cta::row(a, i), cta::row(b, i)) ? 0 : 1;
    return n;
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

TEST_CASE("matrix operations: run time gives the compile-time bits", "[identity]") {
    constexpr auto product = x * wq;
    constexpr auto sum = x + make<double, 12, 16>(5, 3.0);
    constexpr auto difference = x - make<double, 12, 16>(6, 3.0);
    constexpr auto scaled = x * 0.3;
    constexpr auto divided = x / 7.0;
    constexpr auto transposed = cta::transpose(x);
    constexpr auto rounded = cta::round_to(x, 3);
    const auto rx = at_run_time(x);
    CHECK(cta::identical(at_run_time(x) * at_run_time(wq), product));
    CHECK(cta::identical(rx + at_run_time(make<double, 12, 16>(5, 3.0)), sum));
    CHECK(cta::identical(rx - at_run_time(make<double, 12, 16>(6, 3.0)), difference));
    CHECK(cta::identical(rx * 0.3, scaled));
    CHECK(cta::identical(rx / 7.0, divided));
    CHECK(cta::identical(cta::transpose(rx), transposed));
    CHECK(cta::identical(cta::round_to(rx, 3), rounded));
    constexpr auto product_f = xf * wqf;
    CHECK(cta::identical(at_run_time(xf) * at_run_time(wqf), product_f));
}

TEST_CASE("softmax: run time gives the compile-time bits", "[identity]") {
    constexpr auto scores = make<double, 12, 12>(7, 30.0);
    constexpr auto weights = cta::softmax(scores);
    CHECK(cta::identical(cta::softmax(at_run_time(scores)), weights));
    constexpr auto scores_f = make<float, 12, 12>(8, 30.0);
    constexpr auto weights_f = cta::softmax(scores_f);
    CHECK(cta::identical(cta::softmax(at_run_time(scores_f)), weights_f));
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
    CHECK(cta::identical(cta::softmax(at_run_time(scores)), weights));
    constexpr auto scores_f = make<float, 32, 20>(12, 100.0);
    static_assert(below_max_between(scores_f, 87.4, 103.9) >= 10 && below_max_between(scores_f, 104.0, 200.0) >= 10);
    constexpr auto weights_f = cta::softmax(scores_f);
    CHECK(cta::identical(cta::softmax(at_run_time(scores_f)), weights_f));
}

template <class M>
constexpr M exp_of_each(const M& arguments) {
    M r = arguments;
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j) r(i, j) = cta::exp(arguments(i, j));
    return r;
}

constexpr auto exp_arguments = make<double, 64, 16>(9, 700.0);
constexpr auto exp_arguments_f = make<float, 64, 16>(10, 100.0);

TEST_CASE("exp: run time gives the compile-time bits", "[identity]") {
    constexpr auto results = exp_of_each(exp_arguments);
    CHECK(differing(exp_of_each(at_run_time(exp_arguments)), results) == 0);
    constexpr auto results_f = exp_of_each(exp_arguments_f);
    CHECK(differing(exp_of_each(at_run_time(exp_arguments_f)), results_f) == 0);
}

TEST_CASE("self-attention: run time gives the compile-time bits, every step", "[identity]") {
    constexpr auto steps = cta::self_attention_steps(x, wq, wk, wv);
    const auto s = cta::self_attention_steps(at_run_time(x), at_run_time(wq), at_run_time(wk), at_run_time(wv));
    CHECK(cta::identical(s.queries, steps.queries));
    CHECK(cta::identical(s.keys, steps.keys));
    CHECK(cta::identical(s.values, steps.values));
    CHECK(cta::identical(s.scores, steps.scores));
    CHECK(cta::identical(s.weights, steps.weights));
    for (std::size_t i = 0; i < steps.weighted_values.size(); ++i) {
        CHECK(cta::identical(s.weighted_values[i], steps.weighted_values[i]));
    }
    CHECK(cta::identical(s.outputs, steps.outputs));

    constexpr auto outputs = cta::self_attention(x, wq, wk, wv);
    CHECK(cta::identical(cta::self_attention(at_run_time(x), at_run_time(wq), at_run_time(wk), at_run_time(wv)),
                         outputs));
    constexpr auto outputs_f = cta::self_attention(xf, wqf, wkf, wvf);
    CHECK(cta::identical(
        cta::self_attention(at_run_time(xf), at_run_time(wqf), at_run_time(wkf), at_run_time(wvf)), outputs_f));
}
