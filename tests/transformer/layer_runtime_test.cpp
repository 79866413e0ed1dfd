// SPDX-License-Identifier: BSL-1.0
// The Transformer layers computed at run time on inputs the compiler cannot know (read through volatile): every
// result is bit for bit the one computed at compile time from the same inputs (layer_proof.cpp proves those against
// the 50-digit references), in double and in float, and so are the special cases. In a process that flushes
// subnormal results to zero (the variant linked with -ffast-math, whose start-up code switches FTZ and DAZ on: the
// conditions of README.md), subnormal results are zeros of the same sign, and so is silu(x) where its e^-|x| is
// subnormal: the expected bits are flushed alike.
#include "catch.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "at_run_time.hpp"
#include "layer_cases.hpp"

namespace {

using layer_cases::compute;
using layer_cases::identity;
using test::at_run_time;

const auto read = [](const auto& x) { return at_run_time(x); };

/// The bits of a float or a double.
template <class F>
auto bits(F x) {
    if constexpr (sizeof(F) == 8) {
        return std::bit_cast<std::uint64_t>(x);
    } else {
        return std::bit_cast<std::uint32_t>(x);
    }
}

/// True if this process gives 0 for a product whose exact value is subnormal.
bool flushes_subnormals() {
    return at_run_time(0x1p-1000) * at_run_time(0x1p-40) == 0.0;
}

/// x as this process must give it: a subnormal (exponent bits all 0, told by the bits, which do not depend on the
/// mode) becomes the zero of its sign where subnormals are flushed.
template <class F>
F expected(F x) {
    using U = decltype(bits(x));
    const U b = bits(x), sign = U{1} << (8 * sizeof(U) - 1);
    const bool subnormal = (b & bits(std::numeric_limits<F>::infinity())) == 0 && (b & ~sign) != 0;
    return subnormal && flushes_subnormals() ? std::bit_cast<F>(static_cast<U>(b & sign)) : x;
}

/// True if silu's e = e^-|x| is subnormal (x below -708.4 in double, -87.3 in float): for constant evaluation, which
/// does not flush.
template <class F>
constexpr bool silu_exp_subnormal(F x) {
    const F e = cta::exp(-cta::abs(x));
    return e != F(0) && e < std::numeric_limits<F>::min();
}

/// silu(x), whose value at compile time is `y`, as this process must give it: where subnormals are flushed and e^-|x|
/// is subnormal (`e_subnormal`), e is 0 and silu(x) = (x 0) / (1 + 0) is -0 for x < 0; otherwise expected(y).
/// (-0 from its bits: the variant built with -ffast-math may take -0 for +0 in its own code.)
template <class F>
F expected_silu(F x, F y, bool e_subnormal) {
    using U = decltype(bits(x));
    const F negative_zero = std::bit_cast<F>(static_cast<U>(U{1} << (8 * sizeof(U) - 1)));
    return x < F(0) && e_subnormal && flushes_subnormals() ? negative_zero : expected(y);
}

template <class T>
void check_identical() {
    constexpr auto at_compile_time = compute<T>(identity, identity);
    const auto at_run = compute<T>(read, read);
    CHECK(cta::identical(at_run.linear_with_bias, at_compile_time.linear_with_bias));
    CHECK(cta::identical(at_run.linear_without_bias, at_compile_time.linear_without_bias));
    CHECK(cta::identical(at_run.layer_norm, at_compile_time.layer_norm));
    CHECK(cta::identical(at_run.rms_norm, at_compile_time.rms_norm));
    CHECK(cta::identical(at_run.relu, at_compile_time.relu));
    CHECK(cta::identical(at_run.silu, at_compile_time.silu));
    static constexpr auto large_x = layer_cases::data<T>::silu_large_x;
    constexpr auto e_subnormal = [] {
        std::array<bool, large_x.size()> r{};
        for (std::size_t j = 0; j < r.size(); ++j) r[j] = silu_exp_subnormal(large_x(0, j));
        return r;
    }();
    for (std::size_t j = 0; j < e_subnormal.size(); ++j) {
        INFO("silu(" << large_x(0, j) << ")");
        CHECK(bits(at_run.silu_large(0, j)) ==
              bits(expected_silu(large_x(0, j), at_compile_time.silu_large(0, j), e_subnormal[j])));
    }
    CHECK(cta::identical(at_run.token_embedding, at_compile_time.token_embedding));
    CHECK(cta::identical(at_run.learned_positional_embedding, at_compile_time.learned_positional_embedding));
    CHECK(cta::identical(at_run.sinusoidal, at_compile_time.sinusoidal));
    CHECK(cta::identical(at_run.gelu, at_compile_time.gelu));
    CHECK(cta::identical(at_run.gelu_tanh, at_compile_time.gelu_tanh));
    // The constant row's result is its bias at run time too.
    CHECK(cta::identical(cta::row(at_run.layer_norm, 3), layer_cases::data<T>::layer_norm_bias));
}

template <class F>
void check_special_values() {
    constexpr F inf = std::numeric_limits<F>::infinity();
    static constexpr std::array<F, 9> xs{F(-0.0), F(0), F(-1000), F(1000), F(-720), F(-100), -inf, inf, F(0.5)};
    // Constant evaluations of the same functions on the same constants.
    constexpr auto relu_at_compile_time = [] {
        std::array<F, xs.size()> r{};
        for (std::size_t i = 0; i < xs.size(); ++i) r[i] = cta::relu(xs[i]);
        return r;
    }();
    constexpr auto silu_at_compile_time = [] {
        std::array<F, xs.size()> r{};
        for (std::size_t i = 0; i < xs.size(); ++i) r[i] = cta::silu(xs[i]);
        return r;
    }();
    constexpr auto e_subnormal = [] {
        std::array<bool, xs.size()> r{};
        for (std::size_t i = 0; i < xs.size(); ++i) r[i] = silu_exp_subnormal(xs[i]);
        return r;
    }();
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const F y = at_run_time(xs[i]);
        INFO("x = " << xs[i]);
        CHECK(bits(cta::relu(y)) == bits(relu_at_compile_time[i]));
        CHECK(bits(cta::silu(y)) == bits(expected_silu(xs[i], silu_at_compile_time[i], e_subnormal[i])));
    }
    CHECK(bits(cta::relu(at_run_time(F(-0.0)))) == 0);
    CHECK(cta::isnan(cta::relu(at_run_time(std::numeric_limits<F>::quiet_NaN()))));
    CHECK(cta::isnan(cta::silu(at_run_time(std::numeric_limits<F>::quiet_NaN()))));
}

}  // namespace

TEST_CASE("transformer layers in double: run time equals compile time, bit for bit") { check_identical<double>(); }
TEST_CASE("transformer layers in float: run time equals compile time, bit for bit") { check_identical<float>(); }
TEST_CASE("relu and silu of special values: run time equals compile time, bit for bit") {
    check_special_values<double>();
    check_special_values<float>();
}
