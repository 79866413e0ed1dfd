// SPDX-License-Identifier: BSL-1.0
// cta's quantized kernels (<cta/quantized/...>) on a bare-metal Cortex-M3 (QEMU's mps2-an385: no FPU, no DSP
// extension) and Cortex-M4 (mps2-an386), from the same source: every reference case of TensorFlow Lite in
// tests/quantized/tflite_int8 (FULLY_CONNECTED per tensor and per channel, BATCH_MATMUL with its right-hand side as
// stored and stored transposed, softmax int8 to int8, int8 to int16 and int16 to int16) computed on the target from
// copies of its inputs that the compiler cannot know, every output compared with the same computation done by the
// compiler (a constant evaluation, which static_assert proves equal to TensorFlow Lite's published outputs). Exit code
// 0 if every output agrees.
//
// With the command line `measure` (QEMU: -semihosting-config enable=on,arg=measure) the program instead calls each
// kernel once between the marker functions cta_measure_begin and cta_measure_end, after a call with nothing between
// them, and prints a line for each: run under QEMU's trace of executed instructions, the instructions between the
// markers, less those of the empty call, are the kernel call's (tests/embedded/quantized_figures.cmake).
//
// A case is a struct of a few lines (see `cases` below): the kernel call as a constexpr function of its input arrays
// and its output, the arrays, TensorFlow Lite's expected output, a name and the multiply-accumulates of one call.
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/quantized/attention.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/multi_head.hpp>
#include <cta/quantized/softmax.hpp>

#include "kernel_cases.hpp"
#include "line.hpp"
#include "measure.hpp"
#include "paths.hpp"
#include "softmax_cases.hpp"
#include "two_heads.hpp"
#include "../../examples/seed.hpp"

namespace q = cta::quantized;

namespace {

/// A copy of the constant object `Data` (an array, or a struct such as the softmax tables) in RAM, filled at run time
/// byte by byte through volatile reads: its values are known only when the program runs.
template <const auto& Data>
struct run_time_copy {
    using type = std::remove_cvref_t<decltype(Data)>;
    static_assert(std::is_trivially_copyable_v<type>);
    static inline type value{};
    static void fill() {
        const auto* from = reinterpret_cast<const volatile unsigned char*>(&Data);
        auto* to = reinterpret_cast<unsigned char*>(&value);
        for (std::size_t i = 0; i < sizeof(type); ++i) to[i] = from[i];
    }
};

/// A case: `Compute(inputs..., output)` writes `N` outputs of type `Output` from the objects `Inputs`. `expected` is
/// its result in a constant evaluation, which must equal `Reference` (TensorFlow Lite's published output; for the
/// attention cases, their compile-time outputs, which tests/quantized proves equal to the kernels'); `compute` runs
/// it on the target from run-time copies of the inputs into `output`.
template <class Output, std::size_t N, auto Compute, const auto& Reference, const auto&... Inputs>
struct kernel_case {
    using output_type = Output;
    static constexpr std::size_t outputs = N;
    static constexpr auto expected = [] {
        struct result {
            Output elements[N];
        } r{};
        Compute(Inputs..., r.elements);
        return r;
    }();
    static_assert(sizeof(Reference) == sizeof(Output) * N);
    static_assert([] {
        for (std::size_t i = 0; i < N; ++i)
            if (expected.elements[i] != Reference[i]) return false;
        return true;
    }(), "the compile-time outputs differ from TensorFlow Lite's");
    static inline Output output[N];
    static void prepare() { (run_time_copy<Inputs>::fill(), ...); }
    static void compute() { Compute(run_time_copy<Inputs>::value..., output); }
};

namespace fc = cases::fc;
namespace fc_per_ch = cases::fc_per_ch;
namespace bmm1 = cases::bmm1;
namespace bmm2 = cases::bmm2;
namespace ref_s8 = softmax_cases::ref_s8;
namespace ref_s8_s16 = softmax_cases::ref_s8_s16;
namespace ref_s16 = softmax_cases::ref_s16;

/// BATCH_MATMUL of a reference case into `out`, the right-hand side as a plain depth x cols matrix per batch.
template <const cases::batch_matmul_case& C>
constexpr void batch_matmul(const std::int8_t* lhs, const std::int8_t* rhs, std::int8_t* out) {
    q::batch_matmul(C.params, C.multiplier, lhs, C.lhs_batches, rhs, C.rhs_batches, out, C.rows, C.depth, C.cols);
}

/// The same with the right-hand side stored transposed, cols x depth per batch.
template <const cases::batch_matmul_case& C>
constexpr void batch_matmul_rhs_transposed(const std::int8_t* lhs, const std::int8_t* rhs, std::int8_t* out) {
    q::batch_matmul_rhs_transposed(C.params, C.multiplier, lhs, C.lhs_batches, rhs, C.rhs_batches, out, C.rows,
                                   C.depth, C.cols);
}

constexpr void softmax_int8(const std::int8_t* input, std::int8_t* out) {
    q::softmax(input, SOFTMAX_NUM_ROWS, SOFTMAX_ROW_SIZE, softmax_cases::s8_config, out);
}

constexpr void softmax_int8_int16(const std::int8_t* input, std::int16_t* out) {
    q::softmax(input, SOFTMAX_S8_S16_NUM_ROWS, SOFTMAX_S8_S16_ROW_SIZE, softmax_cases::s8_s16_config, out);
}

constexpr void softmax_int16(const std::int16_t* input, const q::softmax_int16_luts& luts, std::int16_t* out) {
    q::softmax(input, SOFTMAX_S16_NUM_ROWS, SOFTMAX_S16_ROW_SIZE, softmax_cases::s16_config, luts, out);
}

// ---- The cases ------------------------------------------------------------------------------------------------------

struct fully_connected
    : kernel_case<std::int8_t, cases::fc_outputs, cases::fully_connected_into, fc::fully_connected_output_ref,
                  fc::fully_connected_input, fc::fully_connected_weights, fc::fully_connected_biases> {
    static constexpr const char* name = "fully_connected: FULLY_CONNECTED per tensor, 3 x 20 by 20 x 6";
    static constexpr std::uint32_t macs = FULLY_CONNECTED_INPUT_BATCHES * FULLY_CONNECTED_ACCUMULATION_DEPTH *
                                          FULLY_CONNECTED_OUT_CH;
};

struct fully_connected_per_channel
    : kernel_case<std::int8_t, cases::fc_per_ch_outputs, cases::fully_connected_per_channel_into,
                  fc_per_ch::fc_per_ch_output, fc_per_ch::fc_per_ch_input, fc_per_ch::fc_per_ch_weights,
                  fc_per_ch::fc_per_ch_bias, fc_per_ch::fc_per_ch_output_multiplier,
                  fc_per_ch::fc_per_ch_output_shift> {
    static constexpr const char* name = "fc_per_ch: FULLY_CONNECTED per channel, 1 x 89 by 89 x 22";
    static constexpr std::uint32_t macs = FC_PER_CH_INPUT_BATCHES * FC_PER_CH_ACCUMULATION_DEPTH * FC_PER_CH_OUT_CH;
};

/// BATCH_MATMUL of reference case `C` (the right-hand side stored transposed or not) against `Reference`.
template <const cases::batch_matmul_case& C, bool Transposed, const auto& Reference, const auto& Lhs, const auto& Rhs>
struct batch_matmul_case
    : kernel_case<std::int8_t, sizeof(Reference),
                  Transposed ? batch_matmul_rhs_transposed<C> : batch_matmul<C>, Reference, Lhs, Rhs> {
    static constexpr std::uint32_t macs = 9 * C.rows * C.depth * C.cols;  // 3 x 3 batches
};

struct batch_matmul_1 : batch_matmul_case<cases::bmm1_case, false, bmm1::batch_matmul_1_s8_output,
                                          bmm1::batch_matmul_1_s8_lhs_input_tensor,
                                          bmm1::batch_matmul_1_s8_rhs_input_tensor> {
    static constexpr const char* name = "batch_matmul_1_s8: BATCH_MATMUL, 9 batches of 32 x 16 by 16 x 24";
};
struct batch_matmul_1_transposed : batch_matmul_case<cases::bmm1_case, true, bmm1::batch_matmul_1_s8_output,
                                                     bmm1::batch_matmul_1_s8_lhs_input_tensor,
                                                     bmm1::batch_matmul_1_s8_rhs_transposed_tensor> {
    static constexpr const char* name = "batch_matmul_1_s8: the same, right-hand sides stored transposed";
};
// batch_matmul_2_s8's rhs_input_tensor is the right-hand side stored transposed (adj_y), one for every batch.
struct batch_matmul_2 : batch_matmul_case<cases::bmm2_case, false, bmm2::batch_matmul_2_s8_output,
                                          bmm2::batch_matmul_2_s8_lhs_input_tensor,
                                          bmm2::batch_matmul_2_s8_rhs_transposed_tensor> {
    static constexpr const char* name = "batch_matmul_2_s8: BATCH_MATMUL, 9 batches of 32 x 16 by one 16 x 24";
};
struct batch_matmul_2_transposed : batch_matmul_case<cases::bmm2_case, true, bmm2::batch_matmul_2_s8_output,
                                                     bmm2::batch_matmul_2_s8_lhs_input_tensor,
                                                     bmm2::batch_matmul_2_s8_rhs_input_tensor> {
    static constexpr const char* name = "batch_matmul_2_s8: the same, right-hand side stored transposed";
};

struct softmax_s8
    : kernel_case<std::int8_t, softmax_cases::s8_size, softmax_int8, ref_s8::softmax_output_ref,
                  ref_s8::softmax_input> {
    static constexpr const char* name = "softmax: int8 to int8, 2 rows of 5";
    static constexpr std::uint32_t macs = 0;
};

struct softmax_s8_s16
    : kernel_case<std::int16_t, softmax_cases::s8_s16_size, softmax_int8_int16,
                  ref_s8_s16::softmax_s8_s16_output_ref, ref_s8_s16::softmax_s8_s16_input> {
    static constexpr const char* name = "softmax_s8_s16: int8 to int16, 2 rows of 12";
    static constexpr std::uint32_t macs = 0;
};

struct softmax_s16
    : kernel_case<std::int16_t, softmax_cases::s16_size, softmax_int16, ref_s16::softmax_s16_output_ref,
                  ref_s16::softmax_s16_input, softmax_cases::published_luts> {
    static constexpr const char* name = "softmax_s16: int16 to int16, 3 rows of 10, the published tables";
    static constexpr std::uint32_t macs = 0;
};

// ---- Attention: the seed's, scaled, and two heads on its inputs (tests/quantized proves both equal, step by step,
// to the kernels above; here the target's outputs must equal the compiler's) ----------------------------------------

namespace seed_attention {
inline constexpr auto parameters =
    q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value, cta::scaled);
inline constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
inline constexpr auto inputs = q::quantize<std::int8_t, parameters.inputs>(seed::inputs);
inline constexpr auto outputs = q::self_attention(inputs, model);
constexpr void compute(const decltype(inputs)& x, const decltype(model)& m, std::int8_t* out) {
    const auto y = q::self_attention(x, m);
    for (std::size_t i = 0; i < sizeof y.elems; ++i) out[i] = y.elems[i];
}
}  // namespace seed_attention

namespace two_head_attention {
using ::two_heads::w_key;
using ::two_heads::w_out;
using ::two_heads::w_query;
using ::two_heads::w_value;
inline constexpr auto parameters =
    q::calibrate_multi_head_self_attention<2>(seed::inputs, w_query, w_key, w_value, w_out);
inline constexpr auto model = q::quantize_multi_head_self_attention<parameters>(w_query, w_key, w_value, w_out);
inline constexpr auto inputs = q::quantize<std::int8_t, parameters.inputs>(seed::inputs);
inline constexpr auto outputs = q::multi_head_self_attention(inputs, model);
constexpr void compute(const decltype(inputs)& x, const decltype(model)& m, std::int8_t* out) {
    const auto y = q::multi_head_self_attention(x, m);
    for (std::size_t i = 0; i < sizeof y.elems; ++i) out[i] = y.elems[i];
}
}  // namespace two_head_attention

struct seed_self_attention : kernel_case<std::int8_t, 9, seed_attention::compute, seed_attention::outputs.elems,
                                         seed_attention::inputs, seed_attention::model> {
    static constexpr const char* name = "the seed's self-attention, int8, scaled: 3 x 4 by 4 x 3";
    // Q, K, V: 3 x 4 x 3 each; the scores 3 x 3 x 3; the outputs 3 x 3 x 3.
    static constexpr std::uint32_t macs = 3 * 36 + 27 + 27;
};

struct seed_multi_head_attention : kernel_case<std::int8_t, 9, two_head_attention::compute,
                                               two_head_attention::outputs.elems, two_head_attention::inputs,
                                               two_head_attention::model> {
    static constexpr const char* name = "multi-head self-attention, int8, 2 heads: 3 x 4 by 4 x 6, then 6 x 3";
    // Q, K, V: 3 x 4 x 6 each; each head's scores and outputs 3 x 3 x 3 twice; the output projection 3 x 6 x 3.
    static constexpr std::uint32_t macs = 3 * 72 + 2 * (27 + 27) + 54;
};

// ---- Every way of the products' code (paths.hpp), against the compiler's outputs -----------------------------------

/// The outputs of `Compute` on `Input` (`N` of them), computed by the compiler.
template <auto Compute, const auto& Input, std::size_t N>
inline constexpr auto compile_time = [] {
    std::array<std::int8_t, N> out{};
    Compute(Input, out.data());
    return out;
}();

/// A case of paths.hpp: `Compute` on `Input`.
template <auto Compute, const auto& Input>
using path_case = kernel_case<std::int8_t, std::remove_cvref_t<decltype(Input)>::outputs, Compute,
                              compile_time<Compute, Input, std::remove_cvref_t<decltype(Input)>::outputs>, Input>;

template <const auto& L, q::fully_connected_params Params>
constexpr auto per_channel = paths::fully_connected<L, Params, true>;
template <const auto& L, q::fully_connected_params Params>
constexpr auto per_tensor = paths::fully_connected<L, Params, false>;
template <const auto& M, q::batch_matmul_params Params, bool Transposed>
constexpr auto product = paths::batch_matmul<M, Params, q::quantized_multiplier{1518500250, -8}, Transposed>;

struct deep_row : path_case<per_channel<paths::deep_row, paths::deep_row_params>, paths::deep_row> {
    static constexpr const char* name = "paths: the row, 1 x 303 by 303 x 7, per channel, narrower range";
};
struct exact_row : path_case<per_channel<paths::exact_row, paths::exact_row_params>, paths::exact_row> {
    static constexpr const char* name = "paths: the row, 2 x 37 by 37 x 6, shifts 0, -23 and 2";
};
struct narrow_panel : path_case<per_tensor<paths::narrow_panel, paths::narrow_panel_params>, paths::narrow_panel> {
    static constexpr const char* name = "paths: the panel, 5 x 45 by 45 x 3, narrower range";
};
struct large_panel
    : path_case<per_tensor<paths::large_positive, paths::large_positive_params>, paths::large_positive> {
    static constexpr const char* name = "paths: the panel, accumulators to 2^30 - 1";
};
struct large_row : path_case<per_channel<paths::large_negative, paths::large_negative_params>, paths::large_negative> {
    static constexpr const char* name = "paths: the row, accumulators to -(2^30 - 1)";
};
struct past_bound : path_case<per_tensor<paths::past_bound, paths::large_positive_params>, paths::past_bound> {
    static constexpr const char* name = "paths: the panel, a bias past the bound";
};
struct odd_panel : path_case<product<paths::odd_panel, paths::odd_panel_params, false>, paths::odd_panel> {
    static constexpr const char* name = "paths: the panel, 5 x 30 by 30 x 9 as stored";
};
struct deep_columns : path_case<product<paths::deep_columns, paths::product_params, false>, paths::deep_columns> {
    static constexpr const char* name = "paths: one by one, 3 x 70 by 70 x 5 as stored";
};
struct few_columns : path_case<product<paths::few_columns, paths::product_params, true>, paths::few_columns> {
    static constexpr const char* name = "paths: one by one, 2 x 3 by 3 x 3 transposed";
};
struct two_columns : path_case<product<paths::two_columns, paths::product_params, true>, paths::two_columns> {
    static constexpr const char* name = "paths: the panel, 3 x 16 by 16 x 2 transposed";
};
struct row_product : path_case<product<paths::row_product, paths::product_params, true>, paths::row_product> {
    static constexpr const char* name = "paths: the row, 2 x 20 by 20 x 6 transposed";
};

struct seven_columns
    : path_case<product<paths::seven_columns, paths::product_params, true>, paths::seven_columns> {
    static constexpr const char* name = "paths: the row, 2 x 26 by 26 x 7 transposed";
};
struct three_channels
    : path_case<per_channel<paths::three_channels, paths::three_channels_params>, paths::three_channels> {
    static constexpr const char* name = "paths: pairs of columns, 2 x 11 by 11 x 3, per channel";
};
struct stored_pairs : path_case<product<paths::stored_pairs, paths::product_params, false>, paths::stored_pairs> {
    static constexpr const char* name = "paths: pairs of columns, 2 x 9 by 9 x 5 as stored";
};
struct doubled_panel
    : path_case<product<paths::doubled_panel, paths::odd_panel_params, false>, paths::doubled_panel> {
    static constexpr const char* name = "paths: the panel, 10 x 8 by 8 x 3 as stored";
};
struct narrow_stored
    : path_case<product<paths::narrow_stored, paths::product_params, false>, paths::narrow_stored> {
    static constexpr const char* name = "paths: the panel, 3 x 14 by 14 x 2 as stored";
};

struct one_row_exact
    : path_case<per_channel<paths::one_row_exact, paths::one_row_exact_params>, paths::one_row_exact> {
    static constexpr const char* name = "paths: one row, 1 x 13 by 13 x 5, per channel, shifts 0, -23 and 2";
};
struct one_row_large
    : path_case<per_tensor<paths::one_row_large, paths::large_positive_params>, paths::one_row_large> {
    static constexpr const char* name = "paths: one row, 1 x 64 by 64 x 5, accumulators to 2^30";
};

/// Computes case `C` on the target and compares each output with the compiler's; prints the verdict.
template <class C>
bool check() {
    C::prepare();
    C::compute();
    std::size_t differing = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < C::outputs; ++i) {
        if (C::output[i] != C::expected.elements[i]) {
            if (differing == 0) first = i;
            ++differing;
        }
    }
    line out;
    out << C::name << ": ";
    out.decimal(C::outputs) << " outputs";
    if (differing == 0) {
        (out << ", identical to the compile-time outputs").print();
        return true;
    }
    out << ", ";
    out.decimal(differing) << " DIFFERENT from the compile-time outputs, the first at ";
    out.decimal(first);
    out.print();
    return false;
}

template <class... C>
struct case_list {
    static bool check_all() { return (check<C>() & ...); }
    static void measure_all() {
        measure_markers();
        (measure<C>(), ...);
    }
};

using all_cases = case_list<fully_connected, fully_connected_per_channel, batch_matmul_1, batch_matmul_1_transposed,
                            batch_matmul_2, batch_matmul_2_transposed, softmax_s8, softmax_s8_s16, softmax_s16,
                            seed_self_attention, seed_multi_head_attention>;
// Checked, not measured.
using path_cases = case_list<deep_row, exact_row, narrow_panel, large_panel, large_row, past_bound, odd_panel,
                             deep_columns, few_columns, two_columns, row_product, seven_columns, three_channels,
                             stored_pairs, doubled_panel, narrow_stored, one_row_exact, one_row_large>;

}  // namespace

int main() {
#if defined(__ARM_FEATURE_DSP)
    print_title("Cortex-M (with the DSP extension): cta's quantized kernels at run time");
#else
    print_title("Cortex-M (without the DSP extension): cta's quantized kernels at run time");
#endif
#if defined(CTA_QUANTIZED_FLOAT_PROBE)
    // A floating-point product at run time, which tests/embedded/check_no_float.cmake must find (the test
    // embedded.quantized.no_float.detects_float builds the program with it).
    volatile float probe = 1.5F;
    probe = probe * probe;
#endif
    if (measuring()) {
        all_cases::measure_all();
        return 0;
    }
    const bool ok = all_cases::check_all() & path_cases::check_all();
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
