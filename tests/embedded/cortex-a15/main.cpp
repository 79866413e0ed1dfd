// SPDX-License-Identifier: BSL-1.0
// Run time equals compile time on 32-bit Arm with NEON, where results are subnormal: a bare-metal program for the
// Cortex-A15 of QEMU's vexpress-a15 board (-mcpu=cortex-a15 -mfpu=neon-vfpv4 -mfloat-abi=hard -marm).
//
// NEON's arithmetic on float flushes subnormal operands and results to zero whatever FPSCR says (it is not IEEE 754
// there), while the VFP's scalar instructions keep them when FPSCR.FZ is 0, as startup.cpp leaves it. So cta's
// run-time code uses no vectors on 32-bit Arm (include/cta/detail/simd.hpp). The program shows both:
// - the same four products of floats, with subnormal results or a subnormal operand, computed by the VFP one at a
//   time, by NEON's vmul.f32 (vmulq_f32) and by the compilers' vector extension (Clang computes it with NEON's
//   vmul.f32, GCC, which knows that NEON is not IEEE, lane by lane on the VFP): NEON gives zeros;
// - cta's results, computed on the target from values read through volatile (so that nothing of the computation
//   can be done in advance), equal the ones the compiler computed while building the program (constexpr), bit for
//   bit: a product of 2x4 and 4x8 floats whose results are subnormal (8 columns take the vector blocks where the
//   target has vectors of 4 floats), sums, differences and products by a number of subnormals, a softmax with
//   subnormal weights, and the seed tutorial's self-attention in double and in float.
// Exit code 0 if every result of cta equals the compiler's, 1 otherwise.
#include <arm_neon.h>

#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/cta.hpp>

#include "../../runtime/at_run_time.hpp"
#include "line.hpp"
#include "seed.hpp"

namespace {

/// Four operands, read through volatile when the program runs: x * y is 2^-140, 2^-141, 1.5 * 2^-142 (subnormal
/// results) and 2^-120 (a normal result of a subnormal operand, 2^-140).
constexpr float x_values[4] = {0x1p-70F, 0x1p-70F, 0x1.8p-70F, 0x1p-140F};
constexpr float y_values[4] = {0x1p-70F, 0x1p-71F, 0x1p-72F, 0x1p+20F};

/// What the four products of a way of computing them are: the VFP's, zeros, or other. (Compared as bits: a
/// comparison of floats may itself be given to NEON, which takes subnormals for zeros.)
const char* verdict(const float (&p)[4], const float (&vfp)[4]) {
    bool same = true, zeros = true;
    for (std::size_t l = 0; l < 4; ++l) {
        const auto bits = std::bit_cast<std::uint32_t>(p[l]);
        same = same && bits == std::bit_cast<std::uint32_t>(vfp[l]);
        zeros = zeros && (bits & 0x7fffffffU) == 0;
    }
    return same ? "as the VFP" : zeros ? "flushed to zero" : "different from the VFP";
}

void print_products(const char* name, const float (&p)[4], const char* what) {
    line out;
    out << name;
    for (float v : p) (out << ' ').bits(v);
    if (*what != '\0') out << "  " << what;
    out.print();
}

/// Prints x * y computed by the VFP, by NEON's vmul.f32 and by the vector extension.
void show_flush() {
    float x[4], y[4], vfp[4], neon[4], extension[4];
    for (std::size_t l = 0; l < 4; ++l) {
        x[l] = test::at_run_time(x_values[l]);
        y[l] = test::at_run_time(y_values[l]);
        vfp[l] = x[l] * y[l];
    }
    vst1q_f32(neon, vmulq_f32(vld1q_f32(x), vld1q_f32(y)));
    typedef float v4 __attribute__((vector_size(16)));  // NOLINT(modernize-use-using)
    const v4 xv = {x[0], x[1], x[2], x[3]}, yv = {y[0], y[1], y[2], y[3]};
    const v4 pv = xv * yv;
    for (std::size_t l = 0; l < 4; ++l) extension[l] = pv[l];

    (line{} << "x * y, x = 0x1p-70 0x1p-70 0x1.8p-70 0x1p-140, y = 0x1p-70 0x1p-71 0x1p-72 0x1p+20:").print();
    print_products("  VFP (vmul.f32 s), one at a time:   ", vfp, "");
    print_products("  NEON (vmulq_f32, vmul.f32 q):      ", neon, verdict(neon, vfp));
    print_products("  vector extension (float x4 * x4):  ", extension, verdict(extension, vfp));
}

/// Prints each row of `m` as the bits of its elements.
template <class M>
void print_bits(const M& m) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        line out;
        out << ' ';
        for (std::size_t j = 0; j < M::cols; ++j) (out << ' ').bits(m(i, j));
        out.print();
    }
}

/// Prints the verdict of `name`, and the compile-time results if they differ; returns whether they agree.
template <class M, class Print>
bool compare(const char* name, const M& at_run_time, const M& expected, Print print) {
    const bool same = cta::identical(at_run_time, expected);
    if (same) {
        (line{} << name << ": identical to the compile-time results, bit for bit").print();
    } else {
        (line{} << name << ": DIFFERENT from the compile-time results, which are:").print();
        print(expected);
    }
    return same;
}

// A product whose 16 results are subnormal (2^-149 to 2^-126).
constexpr cta::matrix<float, 2, 4> a{{
    {0x1p-70F, 0x1p-71F, 0x1.8p-72F, 0x1p-73F},
    {0x1.8p-70F, -0x1p-70F, 0x1p-68F, 0x1.4p-75F},
}};
constexpr cta::matrix<float, 4, 8> b{{
    {0x1p-70F, 0x1p-71F, 0x1p-72F, 0x1p-73F, 0x1p-74F, 0x1p-75F, 0x1p-76F, 0x1p-79F},
    {0x1p-70F, -0x1p-72F, 0x1.8p-70F, 0x1p-75F, 0x1p-71F, 0x1p-76F, 0x1p-73F, 0x1p-80F},
    {0x1p-71F, 0x1p-70F, -0x1p-74F, 0x1.4p-72F, 0x1p-73F, 0x1p-70F, 0x1p-77F, 0x1p-78F},
    {0x1p-72F, 0x1p-73F, 0x1p-70F, -0x1p-71F, 0x1.cp-70F, 0x1p-72F, 0x1p-75F, 0x1p-76F},
}};

// Element-wise operations on subnormals, with subnormal results (but one: 0x1.fffffcp-127 + 2^-149 is 2^-126, the
// smallest normal float).
constexpr cta::matrix<float, 2, 4> u{{
    {0x1p-140F, 0x1.8p-135F, -0x1p-149F, 0x1.4p-128F},
    {0x1p-127F, -0x1p-130F, 0x1.fffffcp-127F, 0x1p-145F},
}};
constexpr cta::matrix<float, 2, 4> v{{
    {0x1p-141F, -0x1p-136F, 0x1p-148F, 0x1p-129F},
    {-0x1p-128F, 0x1p-131F, 0x1p-149F, 0x1.8p-146F},
}};

// Scores whose softmax has subnormal weights: exp(-88) to exp(-103) are below 2^-126, exp(-110) is 0.
constexpr cta::matrix<float, 1, 8> scores{{{0.0F, -1.5F, -88.0F, -90.0F, -95.0F, -100.0F, -103.0F, -110.0F}}};

bool products_match() {
    constexpr auto expected = a * b;
    const auto product = test::at_run_time(a) * test::at_run_time(b);
    (line{} << "cta: a * b, 2x4 by 4x8 floats, subnormal results, computed on the target:").print();
    print_bits(product);
    return compare("a * b", product, expected, print_bits<decltype(product)>);
}

template <class M>
bool elementwise_matches(const char* name, const M& at_run_time, const M& expected) {
    (line{} << "cta: " << name << ", 2x4 floats, subnormal results, computed on the target:").print();
    print_bits(at_run_time);
    return compare(name, at_run_time, expected, print_bits<M>);
}

// The operations in functions of their own that take their matrices by reference, as a program's functions do,
// rather than inlined where the operands are read through volatile: there the compiler sees every element loaded
// from memory and may give the operations of several elements to one vector instruction (SLP vectorisation).
using floats_2x4 = cta::matrix<float, 2, 4>;
[[gnu::noinline]] floats_2x4 add(const floats_2x4& x, const floats_2x4& y) { return x + y; }
[[gnu::noinline]] floats_2x4 subtract(const floats_2x4& x, const floats_2x4& y) { return x - y; }
[[gnu::noinline]] floats_2x4 scale(const floats_2x4& x, float s) { return x * s; }

bool elementwise_match() {
    const auto u_run = test::at_run_time(u), v_run = test::at_run_time(v);
    const bool sum_ok = elementwise_matches("u + v", add(u_run, v_run), u + v);
    const bool difference_ok = elementwise_matches("u - v", subtract(u_run, v_run), u - v);
    const bool scaled_ok = elementwise_matches("u * 0.75", scale(u_run, test::at_run_time(0.75F)), u * 0.75F);
    return sum_ok && difference_ok && scaled_ok;
}

bool softmax_matches() {
    constexpr auto expected = cta::softmax(scores);
    const auto weights = cta::softmax(test::at_run_time(scores));
    (line{} << "cta: softmax of 0, -1.5, -88, -90, -95, -100, -103, -110 (float), computed on the target:").print();
    print_bits(weights);
    return compare("softmax", weights, expected, print_bits<decltype(weights)>);
}

template <class Real>
bool attention_matches(const char* type_name) {
    constexpr auto expected = cta::self_attention<Real>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    const auto outputs =
        cta::self_attention<Real>(test::at_run_time(seed::inputs), test::at_run_time(seed::w_query),
                                  test::at_run_time(seed::w_key), test::at_run_time(seed::w_value));
    (line{} << "cta: the seed's self-attention in " << type_name << ", computed on the target:").print();
    print_rows(outputs);
    return compare(type_name, outputs, expected, print_rows<decltype(outputs)>);
}

std::uint32_t fpscr() {
    std::uint32_t value;
    asm volatile("vmrs %0, fpscr" : "=r"(value));
    return value;
}

}  // namespace

int main() {
    print_title("Cortex-A15 (32-bit Arm, VFPv4 and NEON): subnormal results at run time");
    (line{} << "FPSCR.FZ = " << ((fpscr() >> 24 & 1U) != 0 ? '1' : '0')).print();

    show_flush();
    const bool products_ok = products_match();
    const bool elementwise_ok = elementwise_match();
    const bool softmax_ok = softmax_matches();
    const bool double_ok = attention_matches<double>("double");
    const bool float_ok = attention_matches<float>("float");
    const bool ok = products_ok && elementwise_ok && softmax_ok && double_ok && float_ok;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
