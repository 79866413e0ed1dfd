// SPDX-License-Identifier: BSL-1.0
// Run time of one Transformer encoder layer, n = 16 tokens of d_model = 64 features, 4 heads, d_ff = 256, in double,
// post-norm (the operands of bench/encoder_data.hpp): cta::encode against the same layer written with Eigen 3.4
// fixed-size matrices.
//
// Before the benchmarks run, main() checks that cta::encode gives at run time the bits it gives in a constant
// expression (computed while this file compiles, with this binary's flags), and that Eigen's outputs are within a
// relative tolerance of cta's (|eigen - cta| <= 1e-12 max(1, |cta|) for every element: the two round differently,
// Eigen's exp is not cta's and its products may be contracted), and prints both with the largest difference. It
// exits with status 1 if a check fails.
#include <cmath>
#include <cstddef>
#include <cstdio>

#include <benchmark/benchmark.h>

#include <Eigen/Core>

#include <cta/compare.hpp>
#include <cta/transformer/encoder_layer.hpp>

#include "encoder_data.hpp"

namespace {

namespace e = cta_bench::encoder;
using layer_data = e::weights<1>;

/// The outputs computed in a constant expression, while this file compiles.
constexpr auto compile_time_outputs = cta::encode(e::x, layer_data::layer);

// ---- The layer written with Eigen --------------------------------------------------------------------------------

constexpr int n = static_cast<int>(e::n);
constexpr int d_model = static_cast<int>(e::d_model);
constexpr int heads = static_cast<int>(e::heads);
constexpr int d_k = d_model / heads;
constexpr int d_ff = static_cast<int>(e::d_ff);

template <int R, int C>
using mat = Eigen::Matrix<double, R, C>;
using model = mat<n, d_model>;
using row = mat<1, d_model>;

/// The layer's weights in Eigen's fixed-size matrices.
struct eigen_layer {
    mat<d_model, d_model> w_query, w_key, w_value, w_out;
    row b_query, b_key, b_value, b_out;
    mat<d_model, d_ff> w_1;
    mat<1, d_ff> b_1;
    mat<d_ff, d_model> w_2;
    row b_2, gain_1, bias_1, gain_2, bias_2;
};

template <class M, class E>
void copy(const M& from, E& to) {
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j)
            to(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = from(i, j);
}

eigen_layer to_eigen(const e::layer_type& l) {
    eigen_layer w;
    copy(l.self_attention.w_query, w.w_query);
    copy(l.self_attention.b_query, w.b_query);
    copy(l.self_attention.w_key, w.w_key);
    copy(l.self_attention.b_key, w.b_key);
    copy(l.self_attention.w_value, w.w_value);
    copy(l.self_attention.b_value, w.b_value);
    copy(l.self_attention.w_out, w.w_out);
    copy(l.self_attention.b_out, w.b_out);
    copy(l.feed_forward.w_1, w.w_1);
    copy(l.feed_forward.b_1, w.b_1);
    copy(l.feed_forward.w_2, w.w_2);
    copy(l.feed_forward.b_2, w.b_2);
    copy(l.norm_1.gain, w.gain_1);
    copy(l.norm_1.bias, w.bias_1);
    copy(l.norm_2.gain, w.gain_2);
    copy(l.norm_2.bias, w.bias_2);
    return w;
}

/// Layer normalisation of each row: (x - mean) / sqrt(var + 1e-5) * gain + bias, var the biased variance.
model layer_norm(const model& x, const row& gain, const row& bias) {
    model y;
    for (int i = 0; i < n; ++i) {
        const row centred = x.row(i).array() - x.row(i).mean();
        const double sigma = std::sqrt(centred.squaredNorm() / d_model + 1e-5);
        y.row(i) = (centred.array() / sigma) * gain.array() + bias.array();
    }
    return y;
}

/// The encoder layer, post-norm: z = LN1(x + SA(x)), outputs = LN2(z + FF(z)).
model encode(const model& x, const eigen_layer& w) {
    const model q = (x * w.w_query).rowwise() + w.b_query;
    const model k = (x * w.w_key).rowwise() + w.b_key;
    const model v = (x * w.w_value).rowwise() + w.b_value;
    model concatenated;
    const double scale = 1.0 / std::sqrt(static_cast<double>(d_k));
    for (int h = 0; h < heads; ++h) {
        const mat<n, n> scores =
            q.middleCols<d_k>(h * d_k) * k.middleCols<d_k>(h * d_k).transpose() * scale;
        mat<n, n> weights = (scores.colwise() - scores.rowwise().maxCoeff()).array().exp().matrix();
        weights.array().colwise() /= weights.rowwise().sum().array();
        concatenated.middleCols<d_k>(h * d_k) = weights * v.middleCols<d_k>(h * d_k);
    }
    const model attention = (concatenated * w.w_out).rowwise() + w.b_out;
    const model z = layer_norm(x + attention, w.gain_1, w.bias_1);
    const mat<n, d_ff> hidden = ((z * w.w_1).rowwise() + w.b_1).cwiseMax(0.0);
    const model feed_forward = (hidden * w.w_2).rowwise() + w.b_2;
    return layer_norm(z + feed_forward, w.gain_2, w.bias_2);
}

// ---- Operands ----------------------------------------------------------------------------------------------------

// Copies the benchmarks read through DoNotOptimize, so that nothing is computed ahead.
auto cta_x = e::x;
auto cta_layer = layer_data::layer;
model eigen_x;
eigen_layer eigen_weights;

void bm_cta(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(cta_x);
        benchmark::DoNotOptimize(cta_layer);
        auto outputs = cta::encode(cta_x, cta_layer);
        benchmark::DoNotOptimize(outputs);
    }
}

void bm_eigen(benchmark::State& state) {
    for (auto _ : state) {
        benchmark::DoNotOptimize(eigen_x);
        benchmark::DoNotOptimize(eigen_weights);
        auto outputs = encode(eigen_x, eigen_weights);
        benchmark::DoNotOptimize(outputs);
    }
}

/// Prints the checks; false if one fails.
bool check() {
    benchmark::DoNotOptimize(cta_x);
    const auto run_time = cta::encode(cta_x, cta_layer);
    const bool same = cta::identical(run_time, compile_time_outputs);
    const model eigen_outputs = encode(eigen_x, eigen_weights);
    double largest = 0.0;
    bool close = true;
    for (std::size_t i = 0; i < e::n; ++i) {
        for (std::size_t j = 0; j < e::d_model; ++j) {
            const double c = run_time(i, j);
            const double difference =
                std::fabs(eigen_outputs(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) - c);
            largest = std::fmax(largest, difference);
            close = close && difference <= 1e-12 * std::fmax(1.0, std::fabs(c));
        }
    }
    std::printf("check encoder layer: cta run time == compile time, bit for bit: %s; Eigen within 1e-12 "
                "max(1, |cta|) of cta: %s; largest difference of Eigen's outputs from cta's: %.3g\n",
                same ? "yes" : "NO", close ? "yes" : "NO", largest);
    return same && close;
}

}  // namespace

int main(int argc, char** argv) {
    copy(e::x, eigen_x);
    eigen_weights = to_eigen(layer_data::layer);
    const bool ok = check();
    std::fflush(stdout);
    benchmark::RegisterBenchmark("encoder/16/cta", bm_cta);
    benchmark::RegisterBenchmark("encoder/16/eigen", bm_eigen);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return ok ? 0 : 1;
}
