// SPDX-License-Identifier: BSL-1.0
// Run time of self-attention: cta against Eigen 3.4 with fixed-size matrices and against a naive loop reference,
// for the tutorial's size (3 tokens of 4 features, 4 x 3 weights) and for n = d = 8, 16 and 64, all in doubles; and
// two of its steps at n = d = 64 alone, a 64 x 64 x 64 product and the softmax of 64 x 64 scores, cta against Eigen.
//
// Before the benchmarks run, main() checks, for every size, that
// - cta::self_attention at run time gives the bits it gives in a constant expression (computed while this file
//   compiles, with this binary's flags);
// - a call of cta::self_attention makes no heap allocation: the global operator new of this program counts;
// and prints both with the largest difference from Eigen and from the naive reference, after a line that says which
// vectors cta's run-time kernels use in this binary. It exits with status 1 if a check fails. Each benchmark also
// reports the allocations per call as the counter "allocs".
//
// `runtime_bench --count <size> <calls>` runs no benchmark: it calls, for the size (tutorial, 8, 16 or 64), each of
// the functions counted_<implementation>_<step> (cta and Eigen; the whole attention, its five products, its softmax)
// <calls> times, for an instruction counter to count (bench/regenerate.py runs it under valgrind's callgrind, which
// counts the instructions inside a function and what it calls).
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>

#include <benchmark/benchmark.h>

#include <Eigen/Core>

#include <cta/cta.hpp>

#include "bench_data.hpp"

// ---- Counting allocations --------------------------------------------------------------------------------------------

namespace {
std::atomic<std::size_t> allocation_count{0};

void* counted_allocation(std::size_t size, std::size_t alignment) {
    allocation_count.fetch_add(1, std::memory_order_relaxed);
    if (size == 0) size = 1;
    void* p = alignment <= alignof(std::max_align_t)
                  ? std::malloc(size)
                  : std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
    if (p == nullptr) throw std::bad_alloc();
    return p;
}
}  // namespace

void* operator new(std::size_t size) { return counted_allocation(size, alignof(std::max_align_t)); }
void* operator new[](std::size_t size) { return counted_allocation(size, alignof(std::max_align_t)); }
void* operator new(std::size_t size, std::align_val_t a) { return counted_allocation(size, static_cast<std::size_t>(a)); }
void* operator new[](std::size_t size, std::align_val_t a) {
    return counted_allocation(size, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace {

// ---- Shapes and operands ---------------------------------------------------------------------------------------------

/// n tokens of d features, weights d x dk (queries, keys) and d x dv (values).
template <std::size_t N_, std::size_t D_, std::size_t DK_, std::size_t DV_>
struct shape {
    static constexpr std::size_t n = N_, d = D_, dk = DK_, dv = DV_;
};
using tutorial_shape = shape<3, 4, 3, 3>;
using shape8 = shape<8, 8, 8, 8>;
using shape16 = shape<16, 16, 16, 16>;
using shape64 = shape<64, 64, 64, 64>;

/// The operands of a shape; the tutorial's are the tutorial's numbers, as doubles.
template <class S>
struct operands {
    cta::matrix<double, S::n, S::d> x = cta_bench::inputs<S::n, S::d>();
    cta::matrix<double, S::d, S::dk> wq = cta_bench::w_query<S::d, S::dk>();
    cta::matrix<double, S::d, S::dk> wk = cta_bench::w_key<S::d, S::dk>();
    cta::matrix<double, S::d, S::dv> wv = cta_bench::w_value<S::d, S::dv>();
};
template <>
struct operands<tutorial_shape> {
    cta::matrix<double, 3, 4> x{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
    cta::matrix<double, 4, 3> wq{{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}};
    cta::matrix<double, 4, 3> wk{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
    cta::matrix<double, 4, 3> wv{{{0, 2, 0}, {0, 3, 0}, {1, 0, 3}, {1, 1, 0}}};
};

/// The outputs computed in a constant expression, while this file compiles.
template <class S>
constexpr auto compile_time_outputs() {
    constexpr operands<S> o{};
    constexpr auto outputs = cta::self_attention(o.x, o.wq, o.wk, o.wv);
    return outputs;
}

// ---- The three implementations ----------------------------------------------------------------------------------------

/// Eigen 3.4, fixed-size (column-major) matrices: Q = X Wq, K = X Wk, V = X Wv, S = Q K^T, softmax row by row
/// after subtracting each row's maximum, O = W V.
template <class S>
struct eigen_attention {
    template <int R, int C>
    using mat = Eigen::Matrix<double, R, C>;
    static constexpr int n = static_cast<int>(S::n), d = static_cast<int>(S::d), dk = static_cast<int>(S::dk),
                         dv = static_cast<int>(S::dv);
    mat<n, d> x;
    mat<d, dk> wq, wk;
    mat<d, dv> wv;

    template <class M, class E>
    static void copy(const M& from, E& to) {
        for (std::size_t i = 0; i < M::rows; ++i)
            for (std::size_t j = 0; j < M::cols; ++j)
                to(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = from(i, j);
    }
    explicit eigen_attention(const operands<S>& o) {
        copy(o.x, x);
        copy(o.wq, wq);
        copy(o.wk, wk);
        copy(o.wv, wv);
    }

    mat<n, dv> operator()() const {
        const mat<n, dk> q = x * wq;
        const mat<n, dk> k = x * wk;
        const mat<n, dv> v = x * wv;
        const mat<n, n> s = q * k.transpose();
        mat<n, n> w = (s.colwise() - s.rowwise().maxCoeff()).array().exp().matrix();
        w.array().colwise() /= w.rowwise().sum().array();
        return w * v;
    }
};

/// The reference: plain loops over plain arrays, a dot product per element, std::exp, compiled with the flags of
/// this file (so, unlike cta's arithmetic, free to fuse multiply-adds).
template <class S>
cta::matrix<double, S::n, S::dv> naive_attention(const operands<S>& o) {
    constexpr std::size_t n = S::n, d = S::d, dk = S::dk, dv = S::dv;
    double q[n][dk], k[n][dk], v[n][dv], w[n][n];
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < dk; ++j) {
            double sq = 0, sk = 0;
            for (std::size_t c = 0; c < d; ++c) {
                sq += o.x.elems[i][c] * o.wq.elems[c][j];
                sk += o.x.elems[i][c] * o.wk.elems[c][j];
            }
            q[i][j] = sq;
            k[i][j] = sk;
        }
        for (std::size_t j = 0; j < dv; ++j) {
            double sv = 0;
            for (std::size_t c = 0; c < d; ++c) sv += o.x.elems[i][c] * o.wv.elems[c][j];
            v[i][j] = sv;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        double max = -HUGE_VAL;
        for (std::size_t j = 0; j < n; ++j) {
            double s = 0;
            for (std::size_t c = 0; c < dk; ++c) s += q[i][c] * k[j][c];
            w[i][j] = s;
            if (s > max) max = s;
        }
        double sum = 0;
        for (std::size_t j = 0; j < n; ++j) {
            w[i][j] = std::exp(w[i][j] - max);
            sum += w[i][j];
        }
        for (std::size_t j = 0; j < n; ++j) w[i][j] /= sum;
    }
    cta::matrix<double, n, dv> out;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < dv; ++j) {
            double s = 0;
            for (std::size_t c = 0; c < n; ++c) s += w[i][c] * v[c][j];
            out.elems[i][j] = s;
        }
    }
    return out;
}

// ---- Benchmarks -------------------------------------------------------------------------------------------------------

template <class Run>
void run_counting_allocations(benchmark::State& state, Run run) {
    const std::size_t before = allocation_count.load();
    for (auto _ : state) run();
    const std::size_t allocations = allocation_count.load() - before;
    state.counters["allocs"] = benchmark::Counter(static_cast<double>(allocations) /
                                                  static_cast<double>(state.iterations()));
}

template <class S>
void bm_cta(benchmark::State& state) {
    operands<S> o;
    run_counting_allocations(state, [&] {
        benchmark::DoNotOptimize(o);
        auto outputs = cta::self_attention(o.x, o.wq, o.wk, o.wv);
        benchmark::DoNotOptimize(outputs);
    });
}

template <class S>
void bm_eigen(benchmark::State& state) {
    eigen_attention<S> e{operands<S>{}};
    run_counting_allocations(state, [&] {
        benchmark::DoNotOptimize(e);
        auto outputs = e();
        benchmark::DoNotOptimize(outputs);
    });
}

template <class S>
void bm_naive(benchmark::State& state) {
    operands<S> o;
    run_counting_allocations(state, [&] {
        benchmark::DoNotOptimize(o);
        auto outputs = naive_attention(o);
        benchmark::DoNotOptimize(outputs);
    });
}

template <class S>
void register_size(const std::string& size) {
    benchmark::RegisterBenchmark(("attention/" + size + "/cta").c_str(), bm_cta<S>);
    benchmark::RegisterBenchmark(("attention/" + size + "/eigen").c_str(), bm_eigen<S>);
    benchmark::RegisterBenchmark(("attention/" + size + "/naive").c_str(), bm_naive<S>);
}

// ---- The steps at n = d = 64: a product and a softmax, cta against Eigen ------------------------------------------------

void bm_step_product_cta(benchmark::State& state) {
    const operands<shape64> o;
    auto a = o.x;
    for (auto _ : state) {
        benchmark::DoNotOptimize(a);
        auto c = a * o.wq;
        benchmark::DoNotOptimize(c);
    }
}

void bm_step_product_eigen(benchmark::State& state) {
    const eigen_attention<shape64> e{operands<shape64>{}};
    auto a = e.x;
    for (auto _ : state) {
        benchmark::DoNotOptimize(a);
        Eigen::Matrix<double, 64, 64> c = a * e.wq;
        benchmark::DoNotOptimize(c);
    }
}

/// Scores of the n = d = 64 attention: what its softmax sees.
cta::matrix<double, 64, 64> scores64() {
    const operands<shape64> o;
    return (o.x * o.wq) * cta::transpose(o.x * o.wk);
}

void bm_step_softmax_cta(benchmark::State& state) {
    auto s = scores64();
    for (auto _ : state) {
        benchmark::DoNotOptimize(s);
        auto w = cta::softmax(s);
        benchmark::DoNotOptimize(w);
    }
}

void bm_step_softmax_eigen(benchmark::State& state) {
    Eigen::Matrix<double, 64, 64> s;
    eigen_attention<shape64>::copy(scores64(), s);
    for (auto _ : state) {
        benchmark::DoNotOptimize(s);
        Eigen::Matrix<double, 64, 64> w = (s.colwise() - s.rowwise().maxCoeff()).array().exp().matrix();
        w.array().colwise() /= w.rowwise().sum().array();
        benchmark::DoNotOptimize(w);
    }
}

// ---- Instructions per call --------------------------------------------------------------------------------------------

// The functions whose instructions bench/regenerate.py counts, each making `calls` calls of one step of the
// attention of size S: the whole attention, its five products (X W_Q, X W_K, X W_V, Q K^T, W V: the scores as
// cta::self_attention computes them, without transposing K), its softmax.
template <class S>
[[gnu::noinline]] void counted_cta_attention(operands<S>& o, int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(o);
        auto outputs = cta::self_attention(o.x, o.wq, o.wk, o.wv);
        benchmark::DoNotOptimize(outputs);
    }
}
template <class S>
[[gnu::noinline]] void counted_eigen_attention(eigen_attention<S>& e, int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(e);
        auto outputs = e();
        benchmark::DoNotOptimize(outputs);
    }
}
template <class S>
[[gnu::noinline]] void counted_cta_products(operands<S>& o, const cta::matrix<double, S::n, S::n>& w, int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(o);
        const auto q = cta::matmul(o.x, o.wq);
        const auto k = cta::matmul(o.x, o.wk);
        const auto v = cta::matmul(o.x, o.wv);
        auto scores = cta::detail::multiply_transposed<double>(q, k);
        auto outputs = cta::matmul(w, v);
        benchmark::DoNotOptimize(scores);
        benchmark::DoNotOptimize(outputs);
    }
}
template <class S>
[[gnu::noinline]] void counted_eigen_products(eigen_attention<S>& e,
                                              const Eigen::Matrix<double, eigen_attention<S>::n, eigen_attention<S>::n>& w,
                                              int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(e);
        const typename eigen_attention<S>::template mat<eigen_attention<S>::n, eigen_attention<S>::dk> q = e.x * e.wq,
                                                                                                          k = e.x * e.wk;
        const typename eigen_attention<S>::template mat<eigen_attention<S>::n, eigen_attention<S>::dv> v = e.x * e.wv;
        Eigen::Matrix<double, eigen_attention<S>::n, eigen_attention<S>::n> scores = q * k.transpose();
        typename eigen_attention<S>::template mat<eigen_attention<S>::n, eigen_attention<S>::dv> outputs = w * v;
        benchmark::DoNotOptimize(scores);
        benchmark::DoNotOptimize(outputs);
    }
}
template <class M>
[[gnu::noinline]] void counted_cta_softmax(M& scores, int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(scores);
        auto weights = cta::softmax(scores);
        benchmark::DoNotOptimize(weights);
    }
}
template <class E>
[[gnu::noinline]] void counted_eigen_softmax(E& s, int calls) {
    for (int c = 0; c < calls; ++c) {
        benchmark::DoNotOptimize(s);
        E w = (s.colwise() - s.rowwise().maxCoeff()).array().exp().matrix();
        w.array().colwise() /= w.rowwise().sum().array();
        benchmark::DoNotOptimize(w);
    }
}

/// Calls each counted function `calls` times for size S.
template <class S>
void count_calls(int calls) {
    operands<S> o;
    eigen_attention<S> e{o};
    auto scores = cta::detail::multiply_transposed<double>(cta::matmul(o.x, o.wq), cta::matmul(o.x, o.wk));
    Eigen::Matrix<double, eigen_attention<S>::n, eigen_attention<S>::n> eigen_scores;
    eigen_attention<S>::copy(scores, eigen_scores);
    const auto weights = cta::softmax(scores);
    Eigen::Matrix<double, eigen_attention<S>::n, eigen_attention<S>::n> eigen_weights;
    eigen_attention<S>::copy(weights, eigen_weights);
    counted_cta_attention(o, calls);
    counted_eigen_attention(e, calls);
    counted_cta_products(o, weights, calls);
    counted_eigen_products(e, eigen_weights, calls);
    counted_cta_softmax(scores, calls);
    counted_eigen_softmax(eigen_scores, calls);
}

// ---- Checks -----------------------------------------------------------------------------------------------------------

template <class M, class F>
double largest_difference(const M& a, F b) {
    double largest = 0;
    for (std::size_t i = 0; i < M::rows; ++i)
        for (std::size_t j = 0; j < M::cols; ++j) largest = std::fmax(largest, std::fabs(a(i, j) - b(i, j)));
    return largest;
}

/// Prints one line of checks for a size; false if a check fails.
template <class S>
bool check(const char* size) {
    operands<S> o;
    benchmark::DoNotOptimize(o);
    const std::size_t before = allocation_count.load();
    const auto outputs = cta::self_attention(o.x, o.wq, o.wk, o.wv);
    const std::size_t allocations = allocation_count.load() - before;
    const bool identical = cta::identical(outputs, compile_time_outputs<S>());
    const auto eigen = eigen_attention<S>{o}();
    const auto naive = naive_attention(o);
    std::printf("check %s: heap allocations in cta::self_attention: %zu; run time == compile time, bit for bit: %s; "
                "largest difference from Eigen: %.3g, from the naive loops: %.3g\n",
                size, allocations, identical ? "yes" : "NO",
                largest_difference(outputs, [&](std::size_t i, std::size_t j) {
                    return eigen(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
                }),
                largest_difference(outputs, [&](std::size_t i, std::size_t j) { return naive(i, j); }));
    return allocations == 0 && identical;
}

/// Prints the vectors that cta's run-time kernels use in this binary (they follow its -m flags).
void print_vectors() {
#if CTA_HAVE_VECTORS
    namespace d = cta::detail;
    std::printf("vectors: %zu bytes (%zu doubles, %zu floats); products in blocks of %zu rows x %zu vectors (%zu "
                "columns of doubles, %zu of floats); softmax's exponentials %zu doubles or %zu floats at a time\n",
                d::vector_bytes, d::simd<double>::lanes, d::simd<float>::lanes, d::block_rows, d::block_vectors,
                d::block_vectors * d::simd<double>::lanes, d::block_vectors * d::simd<float>::lanes,
                d::simd<double>::lanes, d::simd<float>::lanes);
#else
    std::printf("vectors: none (plain loops)\n");
#endif
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "--count") {
        const std::string size = argv[2];
        const int calls = std::atoi(argv[3]);
        if (size == "tutorial") {
            count_calls<tutorial_shape>(calls);
        } else if (size == "8") {
            count_calls<shape8>(calls);
        } else if (size == "16") {
            count_calls<shape16>(calls);
        } else if (size == "64") {
            count_calls<shape64>(calls);
        } else {
            std::fprintf(stderr, "runtime_bench --count: sizes are tutorial, 8, 16, 64\n");
            return 2;
        }
        return 0;
    }
    print_vectors();
    bool ok = check<tutorial_shape>("tutorial");
    ok = check<shape8>("8") && ok;
    ok = check<shape16>("16") && ok;
    ok = check<shape64>("64") && ok;
    std::fflush(stdout);

    register_size<tutorial_shape>("tutorial");
    register_size<shape8>("8");
    register_size<shape16>("16");
    register_size<shape64>("64");
    benchmark::RegisterBenchmark("step/64/product_cta", bm_step_product_cta);
    benchmark::RegisterBenchmark("step/64/product_eigen", bm_step_product_eigen);
    benchmark::RegisterBenchmark("step/64/softmax_cta", bm_step_softmax_cta);
    benchmark::RegisterBenchmark("step/64/softmax_eigen", bm_step_softmax_eigen);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return ok ? 0 : 1;
}
