// SPDX-License-Identifier: BSL-1.0
// TensorFlow Lite's int8 ADD, SUB, MUL and SQUARED_DIFFERENCE at run time (<cta/quantized/elementwise.hpp>):
// - the published cases (tflite_int8/add, tflite_int8/mul) and the cases worked out by hand (elementwise_cases.hpp)
//   on inputs read through volatile: every element equals the published one, and the compile-time result;
// - the parameters and every output against TensorFlow Lite's Prepare and reference kernels written again below, in
//   plain floats and doubles with the standard library and the integers of integer_reference.hpp, on seeded random
//   scales, zero points, fused activations and integers, with the broadcasts of 2-D operands. Each test counts the
//   edges its draws reached (saturation at -128 and 127, a clamp by the activation, zero points -128 and 127) and
//   requires every one of them.
#include "catch.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>

#include "at_run_time.hpp"
#include "elementwise_cases.hpp"
#include "integer_reference.hpp"
#include "property.hpp"

namespace {

namespace ref = integer_reference;
using namespace elementwise_cases;
using q::fused_activation;

/// A copy of `data` read element by element through a volatile.
template <std::size_t N>
std::array<std::int8_t, N> copied(const std::int8_t (&data)[N]) {
    std::array<std::int8_t, N> copy{};
    for (std::size_t i = 0; i < N; ++i) {
        volatile std::int8_t v = data[i];
        copy[i] = v;
    }
    return copy;
}

/// A copy of `m` read element by element through a volatile.
template <class M>
M copied(const M& m) {
    M copy;
    for (std::size_t i = 0; i < M::rows * M::cols; ++i) {
        volatile std::int8_t v = m.elems[i];
        copy.elems[i] = v;
    }
    return copy;
}

}  // namespace

namespace {

/// One check per element: `got[i] == expected[i]` for every i < n.
void check_every_element(const std::int8_t* got, const std::int8_t* expected, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        INFO("element " << i);
        CHECK(int{got[i]} == int{expected[i]});
    }
}

}  // namespace

TEST_CASE("ADD int8: TensorFlow Lite's reference case add, every element") {
    namespace data = cta_tflite_int8::add;
    const auto out = elementwise_cases::add(copied(data::add_input1).data(), copied(data::add_input2).data());
    check_every_element(out.data(), data::add_output_ref, ADD_DST_SIZE);
}

TEST_CASE("MUL int8: TensorFlow Lite's reference case mul, every element") {
    namespace data = cta_tflite_int8::mul;
    const auto out = elementwise_cases::mul(copied(data::mul_input1).data(), copied(data::mul_input2).data());
    check_every_element(out.data(), data::mul_output_ref, MUL_DST_SIZE);
}

TEST_CASE("the cases by hand: the same bits at run time as in a constant evaluation") {
    const auto s = copied(small);
    const auto r = copied(row);
    const auto c = copied(column);
    const auto k = copied(scalar);
    const auto xl = copied(x_low);
    const auto yh = copied(y_high);
    {
        constexpr auto expected = q::add<unit>(small, row);
        CHECK(q::add<unit>(s, r) == expected);
    }
    {
        constexpr auto expected = q::add<shifted_out, fused_activation::relu_n1_to_1>(small, column);
        CHECK(q::add<shifted_out, fused_activation::relu_n1_to_1>(s, c) == expected);
    }
    {
        constexpr auto expected = q::subtract<unit>(column, small);
        CHECK(q::subtract<unit>(c, s) == expected);
    }
    {
        constexpr auto expected = q::multiply<shifted_out, fused_activation::relu6>(small, row);
        CHECK(q::multiply<shifted_out, fused_activation::relu6>(s, r) == expected);
    }
    {
        constexpr auto expected = q::squared_difference<unit>(row, column);
        CHECK(q::squared_difference<unit>(r, c) == expected);
    }
    {
        constexpr auto expected = q::multiply<unit>(scalar, small);
        CHECK(q::multiply<unit>(k, s) == expected);
    }
    {
        constexpr auto expected = q::add<high_out>(x_low, y_high);
        CHECK(q::add<high_out>(xl, yh) == expected);
        constexpr auto squares = q::squared_difference<q::affine(1.0F, -128)>(x_low, y_high);
        CHECK(q::squared_difference<q::affine(1.0F, -128)>(xl, yh) == squares);
    }
}

namespace {

// ---- TensorFlow Lite's Prepare and reference kernels, written again ------------------------------------------------

enum class op { add, subtract, multiply, squared_difference };

struct reference_params {
    std::int32_t input1_offset, input2_offset, output_offset;
    int left_shift;
    ref::multiplier_and_shift input1, input2, output;
    std::int32_t activation_min, activation_max;
    bool accepted;  // Prepare accepts the scales (ADD and SUB: an output multiplier below 1, shift at most 0)
};

/// CalculateActivationRangeQuantized: zero point + round(f / scale) in float, within the int8 range; a quotient
/// beyond int32 is refused (`accepted` false).
std::int32_t quantized_activation(float f, float scale, std::int32_t zero_point, bool lower, bool& accepted) {
    const float rounded = std::round(f / scale);
    if (!(rounded >= -2147483648.0F && rounded < 2147483648.0F)) {
        accepted = false;
        return 0;
    }
    const std::int64_t v = zero_point + static_cast<std::int64_t>(rounded);
    return static_cast<std::int32_t>(lower ? std::max<std::int64_t>(-128, v) : std::min<std::int64_t>(127, v));
}

reference_params prepare(op o, float s1, std::int32_t z1, float s2, std::int32_t z2, float so, std::int32_t zo,
                         fused_activation activation) {
    reference_params p{-z1, -z2, zo, 0, {}, {}, {}, -128, 127, true};
    const float larger = std::max(s1, s2);
    if (o == op::add || o == op::squared_difference) {  // TensorFlow Lite's ADD, SQUARED_DIFFERENCE: in double
        p.left_shift = o == op::add ? 20 : 7;
        const double twice = 2 * static_cast<double>(larger);
        p.input1 = ref::quantize_multiplier(static_cast<double>(s1) / twice);
        p.input2 = ref::quantize_multiplier(static_cast<double>(s2) / twice);
        double real = 0;
        if (o == op::add) {
            real = twice / (static_cast<double>(1 << 20) * static_cast<double>(so));
            p.accepted = real < 1.0;
        } else {
            real = twice * twice / static_cast<double>(16384.0F * so);
        }
        p.output = ref::quantize_multiplier(real);
    } else if (o == op::subtract) {  // TensorFlow Lite Micro's SUB: in float
        p.left_shift = 20;
        const float twice = 2 * larger;
        p.input1 = ref::quantize_multiplier(static_cast<double>(s1 / twice));
        p.input2 = ref::quantize_multiplier(static_cast<double>(s2 / twice));
        const auto real = static_cast<double>(twice / (1048576.0F * so));
        p.output = ref::quantize_multiplier(real);
        p.accepted = real < 1.0;
    } else {  // MUL
        p.output = ref::quantize_multiplier(static_cast<double>(s1) * static_cast<double>(s2) /
                                            static_cast<double>(so));
    }
    if (p.output.shift > 0 && o != op::multiply && o != op::squared_difference) {
        p.accepted = false;
    }
    if (activation == fused_activation::relu || activation == fused_activation::relu6) {
        p.activation_min = quantized_activation(0.0F, so, zo, true, p.accepted);
    }
    if (activation == fused_activation::relu6) {
        p.activation_max = quantized_activation(6.0F, so, zo, false, p.accepted);
    }
    if (activation == fused_activation::relu_n1_to_1) {
        p.activation_min = quantized_activation(-1.0F, so, zo, true, p.accepted);
        p.activation_max = quantized_activation(1.0F, so, zo, false, p.accepted);
    }
    return p;
}

std::int32_t requantize(std::int32_t v, const ref::multiplier_and_shift& m) {
    bool fits = false;
    const std::int32_t r = ref::requantize(v, m.multiplier, m.shift, fits);
    REQUIRE(fits);
    return r;
}

/// One output of the operation, as TensorFlow Lite's reference kernel computes it (64-bit sums: an overflow of 32
/// bits, which the kernel must not have, fails the check).
int element(op o, int x, int y, const reference_params& p) {
    const std::int64_t a = x + p.input1_offset, b = y + p.input2_offset;
    std::int64_t raw = 0;
    if (o == op::multiply) {
        raw = requantize(static_cast<std::int32_t>(a * b), p.output);
    } else {
        const std::int64_t sa = requantize(static_cast<std::int32_t>(a << p.left_shift), p.input1);
        const std::int64_t sb = requantize(static_cast<std::int32_t>(b << p.left_shift), p.input2);
        std::int64_t combined = o == op::add ? sa + sb : sa - sb;
        if (o == op::squared_difference) {
            combined *= combined;
        }
        REQUIRE(combined >= ref::int32_min);
        REQUIRE(combined <= ref::int32_max);
        raw = requantize(static_cast<std::int32_t>(combined), p.output);
    }
    return static_cast<int>(std::clamp<std::int64_t>(raw + p.output_offset, p.activation_min, p.activation_max));
}

q::elementwise_params prepared(op o, q::per_tensor x, q::per_tensor y, q::per_tensor out, fused_activation a) {
    switch (o) {
        case op::add: return q::detail::prepare_add(x, y, out, a);
        case op::subtract: return q::detail::prepare_subtract(x, y, out, a);
        case op::multiply: return q::detail::prepare_multiply(x, y, out, a);
        case op::squared_difference: return q::detail::prepare_squared_difference(x, y, out);
    }
    return {};
}

int computed(op o, std::int8_t x, std::int8_t y, const q::elementwise_params& p) {
    switch (o) {
        case op::add: return q::detail::add_element(x, y, p);
        case op::subtract: return q::detail::subtract_element(x, y, p);
        case op::multiply: return q::detail::multiply_element(x, y, p);
        case op::squared_difference: return q::detail::squared_difference_element(x, y, p);
    }
    return 0;
}

bool same(const ref::multiplier_and_shift& r, const q::quantized_multiplier& m) {
    return r.multiplier == m.multiplier && r.shift == m.shift;
}

/// A power of two 2^e for e uniform in [lo, hi), times a mantissa in [1, 2), as a float.
float scale_between(property::rng& g, double lo, double hi) {
    return static_cast<float>(std::exp2(g.uniform(lo, hi)));
}

std::int32_t zero_point(property::rng& g) {
    const double u = g.unit();
    return u < 0.15 ? -128 : u < 0.3 ? 127 : static_cast<std::int32_t>(g.integer(-128, 127));
}

std::int8_t integer(property::rng& g) {
    const double u = g.unit();
    return static_cast<std::int8_t>(u < 0.1 ? -128 : u < 0.2 ? 127 : g.integer(-128, 127));
}

void check_against_reference(op o, const char* name, std::uint64_t seed) {
    property::rng g(seed);
    constexpr int scale_cases = 3000, integers_per_case = 64;
    long checked = 0, saturated_low = 0, saturated_high = 0, activation_clamps = 0, extreme_zero_points = 0;
    long refused = 0;
    for (int c = 0; c < scale_cases; ++c) {
        const float s1 = scale_between(g, -14, 4);
        const float s2 = g.chance(0.1) ? s1 : static_cast<float>(s1 * std::exp2(g.uniform(-8, 8)));
        const float larger = std::max(s1, s2);
        const double product = static_cast<double>(s1) * static_cast<double>(s2);
        const float so = o == op::multiply ? static_cast<float>(product * std::exp2(g.uniform(-6, 8)))
                                           : static_cast<float>(larger * std::exp2(g.uniform(-8, 8)));
        const std::int32_t z1 = zero_point(g), z2 = zero_point(g), zo = zero_point(g);
        const auto activation = o == op::squared_difference ? fused_activation::none
                                                             : static_cast<fused_activation>(g.below(4));
        const reference_params r = prepare(o, s1, z1, s2, z2, so, zo, activation);
        if (!r.accepted) {
            ++refused;
            continue;
        }
        const q::elementwise_params p =
            prepared(o, q::affine(s1, z1), q::affine(s2, z2), q::affine(so, zo), activation);
        INFO(name << ": scales " << s1 << ", " << s2 << ", " << so << "; zero points " << z1 << ", " << z2 << ", "
                  << zo);
        REQUIRE(p.input1_offset == r.input1_offset);
        REQUIRE(p.input2_offset == r.input2_offset);
        REQUIRE(p.output_offset == r.output_offset);
        REQUIRE(p.left_shift == r.left_shift);
        if (o != op::multiply) {
            REQUIRE(same(r.input1, p.input1));
            REQUIRE(same(r.input2, p.input2));
        }
        REQUIRE(same(r.output, p.output));
        REQUIRE(p.activation_min == r.activation_min);
        REQUIRE(p.activation_max == r.activation_max);
        extreme_zero_points += (z1 == -128 || z1 == 127) && (z2 == -128 || z2 == 127) ? 1 : 0;
        for (int k = 0; k < integers_per_case + 4; ++k) {
            // The four corners first, then random integers.
            const std::int8_t x = k < 4 ? static_cast<std::int8_t>(k % 2 == 0 ? -128 : 127) : integer(g);
            const std::int8_t y = k < 4 ? static_cast<std::int8_t>(k / 2 == 0 ? -128 : 127) : integer(g);
            const int expected = element(o, x, y, r);
            const int got = computed(o, x, y, p);
            if (got != expected) {
                INFO("x " << int{x} << ", y " << int{y});
                CHECK(got == expected);
            }
            ++checked;
            saturated_low += expected == -128 ? 1 : 0;
            saturated_high += expected == 127 ? 1 : 0;
            activation_clamps += (expected == r.activation_min && r.activation_min > -128) ||
                                         (expected == r.activation_max && r.activation_max < 127)
                                     ? 1
                                     : 0;
        }
    }
    std::cout << name << ": " << checked << " outputs of " << scale_cases - refused << " quantizations (" << refused
              << " refused by Prepare); -128: " << saturated_low << ", 127: " << saturated_high
              << ", clamped by the activation: " << activation_clamps
              << ", both zero points at an end: " << extreme_zero_points << "\n";
    CHECK(scale_cases - refused > scale_cases / 2);
    CHECK(saturated_low > 1000);
    CHECK(saturated_high > 1000);
    CHECK(extreme_zero_points > 50);
    if (o != op::squared_difference) {
        CHECK(activation_clamps > 1000);
    }
}

}  // namespace

TEST_CASE("ADD int8 against TensorFlow Lite's Prepare and kernel, random quantizations") {
    check_against_reference(op::add, "ADD", 0xadd);
}
TEST_CASE("SUB int8 against TensorFlow Lite Micro's Prepare and kernel, random quantizations") {
    check_against_reference(op::subtract, "SUB", 0x5ab);
}
TEST_CASE("MUL int8 against TensorFlow Lite's Prepare and kernel, random quantizations") {
    check_against_reference(op::multiply, "MUL", 0x3a1);
}
TEST_CASE("SQUARED_DIFFERENCE int8 against TensorFlow Lite's Prepare and kernel, random quantizations") {
    check_against_reference(op::squared_difference, "SQUARED_DIFFERENCE", 0x5d);
}

namespace {

// Broadcasting: fixed quantizations (in the types), random integers; each output element against the reference
// kernel on the operands' elements that broadcasting pairs it with.
constexpr auto qa = q::affine(0.037F, 5);
constexpr auto qb = q::affine(0.011F, -100);
constexpr auto qo = q::affine(0.05F, -3);
constexpr std::size_t R = 4, C = 5;

template <class M>
M random_matrix(property::rng& g) {
    M m;
    for (auto& e : m.elems) e = integer(g);
    return m;
}

template <op O, fused_activation Activation, class A, class B>
auto typed(const A& a, const B& b) {
    if constexpr (O == op::add) {
        return q::add<qo, Activation>(a, b);
    } else if constexpr (O == op::subtract) {
        return q::subtract<qo, Activation>(a, b);
    } else if constexpr (O == op::multiply) {
        return q::multiply<qo, Activation>(a, b);
    } else {
        return q::squared_difference<qo>(a, b);
    }
}

template <op O, fused_activation Activation, class A, class B>
void check_broadcast(const A& a, const B& b) {
    const auto out = typed<O, Activation>(a, b);
    using Out = decltype(out);
    STATIC_REQUIRE(Out::rows == R);
    STATIC_REQUIRE(Out::cols == C);
    const reference_params r = prepare(O, A::quantization.scale(), A::quantization.zero_point,
                                       B::quantization.scale(), B::quantization.zero_point, qo.scale(),
                                       qo.zero_point, Activation);
    REQUIRE(r.accepted);
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            const int x = a(A::rows == 1 ? 0 : i, A::cols == 1 ? 0 : j);
            const int y = b(B::rows == 1 ? 0 : i, B::cols == 1 ? 0 : j);
            INFO("element (" << i << ", " << j << ")");
            CHECK(int{out(i, j)} == element(O, x, y, r));
        }
    }
}

template <op O, fused_activation Activation>
void check_broadcasts(property::rng& g) {
    using full_a = q::qmatrix<std::int8_t, R, C, qa>;
    const auto a = random_matrix<full_a>(g);
    const auto b = random_matrix<q::qmatrix<std::int8_t, R, C, qb>>(g);
    const auto b_row = random_matrix<q::qmatrix<std::int8_t, 1, C, qb>>(g);
    const auto b_column = random_matrix<q::qmatrix<std::int8_t, R, 1, qb>>(g);
    const auto b_scalar = random_matrix<q::qmatrix<std::int8_t, 1, 1, qb>>(g);
    const auto a_row = random_matrix<q::qmatrix<std::int8_t, 1, C, qa>>(g);
    const auto a_column = random_matrix<q::qmatrix<std::int8_t, R, 1, qa>>(g);
    check_broadcast<O, Activation>(a, b);
    check_broadcast<O, Activation>(a, b_row);
    check_broadcast<O, Activation>(a, b_column);
    check_broadcast<O, Activation>(a, b_scalar);
    check_broadcast<O, Activation>(b_row, a);
    check_broadcast<O, Activation>(b_scalar, a);
    check_broadcast<O, Activation>(a_row, b_column);
    check_broadcast<O, Activation>(b_column, a_row);
    check_broadcast<O, Activation>(a_column, b);
}

}  // namespace

TEST_CASE("broadcasting of every operation: same shape, a row, a column, a scalar, a row with a column") {
    property::rng g(0xb40adca57);
    for (int round = 0; round < 50; ++round) {
        check_broadcasts<op::add, fused_activation::none>(g);
        check_broadcasts<op::add, fused_activation::relu>(g);
        check_broadcasts<op::subtract, fused_activation::relu6>(g);
        check_broadcasts<op::subtract, fused_activation::none>(g);
        check_broadcasts<op::multiply, fused_activation::relu_n1_to_1>(g);
        check_broadcasts<op::multiply, fused_activation::none>(g);
        check_broadcasts<op::squared_difference, fused_activation::none>(g);
    }
}
