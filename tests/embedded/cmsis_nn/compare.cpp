// SPDX-License-Identifier: BSL-1.0
// cta's int8 FULLY_CONNECTED (per tensor and per channel), BATCH_MATMUL (the right-hand side as stored and stored
// transposed) and softmax on the Cortex-M4, on TensorFlow Lite's reference shapes (tests/quantized/tflite_int8) and
// on small ones with inputs from a linear congruential sequence; built with CTA_WITH_CMSIS_NN (a checkout of
// CMSIS-NN, see CMakeLists.txt), each call is followed by CMSIS-NN's on the same inputs (arm_fully_connected_s8,
// arm_fully_connected_per_channel_s8, arm_batch_matmul_s8, which takes the right-hand side transposed, and
// arm_softmax_s8), whose outputs must equal cta's. A reference shape's outputs must equal TensorFlow Lite's. Exit code
// 0 if every output agrees. With the command line `measure`, each call runs between the markers of measure.hpp and
// prints its line (tests/embedded/cmsis_nn_figures.cmake counts the instructions).
#include <array>
#include <cstddef>
#include <cstdint>

#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/softmax.hpp>

#include "kernel_cases.hpp"
#include "line.hpp"
#include "measure.hpp"
#include "paths.hpp"
#include "softmax_cases.hpp"

#if defined(CTA_WITH_CMSIS_NN)
#include "arm_nnfunctions.h"  // extern "C" itself
#endif

namespace q = cta::quantized;

namespace {

bool all_ok = true;
bool measure_mode = false;

/// Calls `f`; when measuring, between the markers, then prints its line, "measure: <who>: <name>|<macs>|<outputs>".
template <class F>
void run(const char* who, const char* name, std::uint32_t macs, std::uint32_t outputs, F f) {
    if (measure_mode) {
        cta_measure_begin();
        f();
        cta_measure_end();
        line out;
        out << "measure: " << who << ": " << name << '|';
        out.decimal(macs) << '|';
        out.decimal(outputs).print();
    } else {
        f();
    }
}

template <class T>
void fill(T* to, const T* from, std::size_t n) {
    auto* d = reinterpret_cast<volatile T*>(to);
    for (std::size_t i = 0; i < n; ++i) d[i] = from[i];
}

template <class T>
bool same(const T* a, const T* b, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

void verdict(const char* name, bool ok) {
    all_ok = all_ok && ok;
    (line{} << name << (ok ? ": the same outputs" : ": DIFFERENT outputs")).print();
}

alignas(8) std::int8_t in_a[4096];
alignas(8) std::int8_t in_b[4096];
alignas(8) std::int8_t in_bt[4096];
std::int32_t in_bias[64];
std::int32_t in_mult[64];
std::int32_t in_shift[64];
std::int8_t out_cta[8192];
#if defined(CTA_WITH_CMSIS_NN)
std::int8_t out_cmsis[8192];
#endif
std::int8_t out_cta2[8192];

/// FC: B x D by D x C, per tensor (one multiplier) or per channel.
void fc_case(const char* name, const std::int8_t* input, const std::int8_t* weights, const std::int32_t* bias,
             const std::int32_t* mults, const std::int32_t* shifts, int B, int D, int C, bool per_channel,
             q::fully_connected_params p, const std::int8_t* expected) {
    fill(in_a, input, std::size_t(B * D));
    fill(in_b, weights, std::size_t(C * D));
    fill(in_bias, bias, std::size_t(C));
    fill(in_mult, mults, std::size_t(per_channel ? C : 1));
    fill(in_shift, shifts, std::size_t(per_channel ? C : 1));
    const std::uint32_t macs = std::uint32_t(B * D * C);
    run("cta", name, macs, B * C, [&] {
        if (per_channel)
            q::fully_connected_per_channel(p, in_mult, in_shift, in_a, in_b, in_bias, out_cta, std::size_t(B),
                                           std::size_t(D), std::size_t(C));
        else
            q::fully_connected(p, {in_mult[0], int(in_shift[0])}, in_a, in_b, in_bias, out_cta, std::size_t(B),
                               std::size_t(D), std::size_t(C));
    });
    const std::size_t n = std::size_t(B * C);
    bool ok = expected == nullptr || same(out_cta, expected, n);
#if defined(CTA_WITH_CMSIS_NN)
    cmsis_nn_context ctx{nullptr, 0};
    cmsis_nn_fc_params fp{p.input_offset, p.filter_offset, p.output_offset, {p.activation_min, p.activation_max}};
    cmsis_nn_dims in_dims{B, 1, 1, D};
    cmsis_nn_dims f_dims{D, 1, 1, C};
    cmsis_nn_dims b_dims{1, 1, 1, C};
    cmsis_nn_dims o_dims{B, 1, 1, C};
    run("CMSIS-NN", name, macs, B * C, [&] {
        if (per_channel) {
            cmsis_nn_per_channel_quant_params qp{in_mult, in_shift};
            arm_fully_connected_per_channel_s8(&ctx, &fp, &qp, &in_dims, in_a, &f_dims, in_b, &b_dims, in_bias,
                                               &o_dims, out_cmsis);
        } else {
            cmsis_nn_per_tensor_quant_params qp{in_mult[0], in_shift[0]};
            arm_fully_connected_s8(&ctx, &fp, &qp, &in_dims, in_a, &f_dims, in_b, &b_dims, in_bias, &o_dims,
                                   out_cmsis);
        }
    });
    ok = ok && same(out_cta, out_cmsis, n);
#endif
    verdict(name, ok);
}

/// Batch matmul: `batches` of R x D by D x C (rhs stored D x C for cta's first call, C x D for the second and for
/// CMSIS-NN's), lhs batch shape {1, lb0, lb1}, rhs {1, rb0, rb1}.
void bmm_case(const char* name, const std::int8_t* lhs, const std::int8_t* rhs_t, int lb0, int lb1, int rb0, int rb1,
              int R, int D, int C, q::batch_matmul_params p, q::quantized_multiplier m, const std::int8_t* expected) {
    const int ob0 = lb0 > rb0 ? lb0 : rb0, ob1 = lb1 > rb1 ? lb1 : rb1;
    fill(in_a, lhs, std::size_t(lb0 * lb1 * R * D));
    fill(in_bt, rhs_t, std::size_t(rb0 * rb1 * C * D));
    for (int b = 0; b < rb0 * rb1; ++b)
        for (int k = 0; k < D; ++k)
            for (int j = 0; j < C; ++j) in_b[b * D * C + k * C + j] = in_bt[b * D * C + j * D + k];
    const std::uint32_t macs = std::uint32_t(ob0 * ob1 * R * D * C);
    const std::uint32_t outs = std::uint32_t(ob0 * ob1 * R * C);
    q::batch_shape ls{1, std::size_t(lb0), std::size_t(lb1)}, rs{1, std::size_t(rb0), std::size_t(rb1)};
    run("cta", name, macs, outs, [&] {
        q::batch_matmul(p, m, in_a, ls, in_b, rs, out_cta, std::size_t(R), std::size_t(D), std::size_t(C));
    });
    run("cta, transposed", name, macs, outs, [&] {
        q::batch_matmul_rhs_transposed(p, m, in_a, ls, in_bt, rs, out_cta2, std::size_t(R), std::size_t(D),
                                       std::size_t(C));
    });
    bool ok = same(out_cta, out_cta2, outs) && (expected == nullptr || same(out_cta, expected, outs));
#if defined(CTA_WITH_CMSIS_NN)
    cmsis_nn_context ctx{nullptr, 0};
    cmsis_nn_bmm_params bp{false, true, {p.lhs_offset, p.rhs_offset, p.output_offset, {p.activation_min, p.activation_max}}};
    cmsis_nn_per_tensor_quant_params qp{m.multiplier, m.shift};
    cmsis_nn_dims l_dims{lb0, lb1, R, D};
    cmsis_nn_dims r_dims{rb0, rb1, C, D};
    cmsis_nn_dims o_dims{ob0, ob1, R, C};
    run("CMSIS-NN", name, macs, outs,
        [&] { arm_batch_matmul_s8(&ctx, &bp, &qp, &l_dims, in_a, &r_dims, in_bt, &o_dims, out_cmsis); });
    ok = ok && same(out_cta, out_cmsis, outs);
#endif
    verdict(name, ok);
}

void softmax_case(const char* name, const std::int8_t* input, int rows, int size, q::softmax_int8_params sp,
                  const std::int8_t* expected) {
    fill(in_a, input, std::size_t(rows * size));
    const std::uint32_t outs = std::uint32_t(rows * size);
    run("cta", name, 0, outs, [&] { q::softmax(in_a, std::size_t(rows), std::size_t(size), sp, out_cta); });
    bool ok = expected == nullptr || same(out_cta, expected, outs);
#if defined(CTA_WITH_CMSIS_NN)
    run("CMSIS-NN", name, 0, outs,
        [&] { arm_softmax_s8(in_a, rows, size, sp.input_multiplier, sp.input_left_shift, sp.diff_min, out_cmsis); });
    ok = ok && same(out_cta, out_cmsis, outs);
#endif
    verdict(name, ok);
}

// Small shapes, their inputs from a linear congruential sequence (paths.hpp).
template <std::size_t B, std::size_t D, std::size_t C, std::uint32_t Seed>
struct random_fc {
    static constexpr auto input = paths::bytes<B * D>(Seed);
    static constexpr auto weights = paths::bytes<C * D>(Seed + 1);
    static constexpr auto bias = paths::words<C>(Seed + 2, -20000, 20000);
    static constexpr auto mults = paths::words<C>(Seed + 3, 1 << 30, 0x7fffffff);
    static constexpr auto shifts = paths::words<C>(Seed + 4, -12, -6);
};

template <std::size_t R, std::size_t D, std::size_t C, std::uint32_t Seed>
struct random_bmm {
    static constexpr auto lhs = paths::bytes<R * D>(Seed);
    static constexpr auto rhs_t = paths::bytes<C * D>(Seed + 1);
};

template <std::size_t N, std::uint32_t Seed>
struct random_sm {
    static constexpr auto input = paths::bytes<N>(Seed);
};

#define FC_RANDOM(B, D, C, S)                                                                                       \
    {                                                                                                               \
        using r = random_fc<B, D, C, S>;                                                                            \
        fc_case("FULLY_CONNECTED " #B " x " #D " by " #D " x " #C, r::input.data(), r::weights.data(), r::bias.data(),   \
                r::mults.data(), r::shifts.data(), B, D, C, false, {128, 0, -5, -128, 127}, nullptr);               \
        fc_case("FULLY_CONNECTED per channel " #B " x " #D " by " #D " x " #C, r::input.data(), r::weights.data(),            \
                r::bias.data(), r::mults.data(), r::shifts.data(), B, D, C, true, {128, 0, 3, -128, 127}, nullptr); \
    }
#define BMM_RANDOM(R, D, C, S)                                                                                      \
    {                                                                                                               \
        using r = random_bmm<R, D, C, S>;                                                                           \
        bmm_case("BATCH_MATMUL " #R " x " #D " by " #D " x " #C, r::lhs.data(), r::rhs_t.data(), 1, 1, 1, 1, R, D, C, \
                 {128, 128, -7, -128, 127}, {1518500250, -8}, nullptr);                                             \
    }
#define SM_RANDOM(R, N, S)                                                                                          \
    {                                                                                                               \
        using r = random_sm<R * N, S>;                                                                              \
        softmax_case("softmax, rows of " #N ": " #R, r::input.data(), R, N, softmax_cases::s8_config, nullptr); \
    }

void all() {
    namespace fc = cases::fc;
    namespace pc = cases::fc_per_ch;
    const std::int32_t fc_mult = FULLY_CONNECTED_OUTPUT_MULTIPLIER, fc_shift = FULLY_CONNECTED_OUTPUT_SHIFT;
    fc_case("fully_connected: FULLY_CONNECTED 3 x 20 by 20 x 6", fc::fully_connected_input, fc::fully_connected_weights,
            fc::fully_connected_biases, &fc_mult, &fc_shift, FULLY_CONNECTED_INPUT_BATCHES,
            FULLY_CONNECTED_ACCUMULATION_DEPTH, FULLY_CONNECTED_OUT_CH, false, cases::fc_params,
            fc::fully_connected_output_ref);
    fc_case("fc_per_ch: FULLY_CONNECTED per channel 1 x 89 by 89 x 22", pc::fc_per_ch_input, pc::fc_per_ch_weights, pc::fc_per_ch_bias,
            pc::fc_per_ch_output_multiplier, pc::fc_per_ch_output_shift, FC_PER_CH_INPUT_BATCHES,
            FC_PER_CH_ACCUMULATION_DEPTH, FC_PER_CH_OUT_CH, true, cases::fc_per_ch_params, pc::fc_per_ch_output);
    {
        const auto& c = cases::bmm1_case;
        bmm_case("batch_matmul_1_s8: BATCH_MATMUL 9 x 32 x 16 by 16 x 24", cases::bmm1::batch_matmul_1_s8_lhs_input_tensor,
                 cases::bmm1::batch_matmul_1_s8_rhs_transposed_tensor, 3, 3, 3, 3, int(c.rows), int(c.depth),
                 int(c.cols), c.params, c.multiplier, cases::bmm1::batch_matmul_1_s8_output);
    }
    {
        const auto& c = cases::bmm2_case;
        bmm_case("batch_matmul_2_s8: BATCH_MATMUL 9 x 32 x 16 by one 16 x 24", cases::bmm2::batch_matmul_2_s8_lhs_input_tensor,
                 cases::bmm2::batch_matmul_2_s8_rhs_input_tensor, 3, 3, 1, 1, int(c.rows), int(c.depth),
                 int(c.cols), c.params, c.multiplier, cases::bmm2::batch_matmul_2_s8_output);
    }
    softmax_case("softmax: softmax, rows of 5: 2", softmax_cases::ref_s8::softmax_input, SOFTMAX_NUM_ROWS, SOFTMAX_ROW_SIZE,
                 softmax_cases::s8_config, softmax_cases::ref_s8::softmax_output_ref);
    FC_RANDOM(1, 4, 3, 100)
    FC_RANDOM(1, 10, 4, 110)
    FC_RANDOM(2, 12, 5, 120)
    FC_RANDOM(1, 16, 8, 130)
    FC_RANDOM(1, 24, 3, 140)
    FC_RANDOM(3, 32, 6, 150)
    FC_RANDOM(1, 40, 10, 160)
    FC_RANDOM(2, 48, 4, 170)
    FC_RANDOM(1, 64, 5, 180)
    FC_RANDOM(4, 37, 7, 190)
    FC_RANDOM(1, 7, 2, 200)
    FC_RANDOM(2, 30, 9, 210)
    BMM_RANDOM(2, 8, 3, 300)
    BMM_RANDOM(3, 16, 4, 310)
    BMM_RANDOM(4, 12, 5, 320)
    BMM_RANDOM(2, 32, 2, 330)
    BMM_RANDOM(5, 20, 6, 340)
    BMM_RANDOM(3, 10, 7, 350)
    BMM_RANDOM(1, 64, 4, 360)
    BMM_RANDOM(6, 4, 6, 370)
    SM_RANDOM(1, 4, 400)
    SM_RANDOM(2, 10, 410)
    SM_RANDOM(1, 32, 420)
    SM_RANDOM(3, 64, 430)
}

}  // namespace

int main() {
#if defined(CTA_WITH_CMSIS_NN)
    print_title("Cortex-M4: cta's int8 kernels and CMSIS-NN's");
#else
    print_title("Cortex-M4: cta's int8 kernels");
#endif
    measure_mode = measuring();
    if (measure_mode) measure_markers();
    all();
    (line{} << (all_ok ? "PASS" : "FAIL")).print();
    return all_ok ? 0 : 1;
}
