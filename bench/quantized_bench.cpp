// SPDX-License-Identifier: BSL-1.0
// Run time of self-attention at n = d = 64 (64 inputs of 64 features, 64 x 64 weights), the operands of
// bench_data.hpp: in int8 as a converted TensorFlow Lite model computes it (<cta/quantized/attention.hpp>, from int8
// inputs to int8 outputs, the model calibrated and quantized while this file compiles), and in double
// (cta::self_attention).
//
// Before the benchmarks run, main() checks that each gives at run time what it gives in a constant expression (the
// integers of every int8 output, the bits of every double output, computed while this file compiles with this
// binary's flags) and prints the checks, with the largest difference between the int8 outputs, dequantized, and the
// double ones, in output steps (the int8 outputs' scale). It exits with status 1 if a check fails.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include <benchmark/benchmark.h>

#include <cta/attention.hpp>
#include <cta/compare.hpp>
#include <cta/quantized/attention.hpp>

#include "bench_data.hpp"

namespace {

namespace q = cta::quantized;

constexpr std::size_t n = 64;
using operands = cta_bench::square_attention<n>;

constexpr auto parameters =
    q::calibrate_self_attention(operands::x, operands::w_query, operands::w_key, operands::w_value);
constexpr auto model = q::quantize_self_attention<parameters>(operands::w_query, operands::w_key, operands::w_value);
constexpr auto x_int8 = q::quantize<std::int8_t, parameters.inputs>(operands::x);

// The outputs computed in constant expressions, while this file compiles.
constexpr auto int8_outputs = q::self_attention(x_int8, model);
constexpr auto double_outputs =
    cta::self_attention(operands::x, operands::w_query, operands::w_key, operands::w_value);

void bm_int8(benchmark::State& state) {
    auto x = x_int8;
    for (auto _ : state) {
        benchmark::DoNotOptimize(x);
        auto outputs = q::self_attention(x, model);
        benchmark::DoNotOptimize(outputs);
    }
}

void bm_double(benchmark::State& state) {
    auto x = operands::x;
    auto w_query = operands::w_query;
    auto w_key = operands::w_key;
    auto w_value = operands::w_value;
    for (auto _ : state) {
        benchmark::DoNotOptimize(x);
        auto outputs = cta::self_attention(x, w_query, w_key, w_value);
        benchmark::DoNotOptimize(outputs);
    }
}

/// Prints the checks; false if one fails.
bool check() {
    auto x = x_int8;
    auto x_double = operands::x;
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(x_double);
    const auto int8_run_time = q::self_attention(x, model);
    const auto double_run_time = cta::self_attention(x_double, operands::w_query, operands::w_key, operands::w_value);
    const bool int8_same = int8_run_time == int8_outputs;
    const bool double_same = cta::identical(double_run_time, double_outputs);
    const auto dequantized = q::dequantize(int8_run_time);
    double largest = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j)
            largest = std::fmax(largest, std::fabs(dequantized(i, j) - double_run_time(i, j)));
    }
    std::printf("check 64: int8 run time == compile time, every integer: %s; double run time == compile time, bit for "
                "bit: %s; largest difference of the int8 outputs from the double ones: %.3g output steps\n",
                int8_same ? "yes" : "NO", double_same ? "yes" : "NO",
                largest / static_cast<double>(parameters.outputs.scale()));
    return int8_same && double_same;
}

}  // namespace

int main(int argc, char** argv) {
    const bool ok = check();
    std::fflush(stdout);
    benchmark::RegisterBenchmark("attention/64/int8", bm_int8);
    benchmark::RegisterBenchmark("attention/64/double", bm_double);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return ok ? 0 : 1;
}
