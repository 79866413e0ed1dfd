// SPDX-License-Identifier: BSL-1.0
// A fuzz target for softmax and the attention functions (libFuzzer's entry point, LLVMFuzzerTestOneInput). The bytes
// choose a function, its options and every value of its matrices, special values included; each result is checked
// against the documented semantics (docs/index.md, docs/numerics.md, the headers):
//   - the outputs-only functions give the bits of their step records' outputs (a NaN may differ in sign and
//     payload, see expect_identical);
//   - products accumulate from 0 in the order k = 0, 1, ...: the projections, the scores, the outputs and W_O's
//     product are recomputed that way and must have the same bits (or both be NaN);
//   - the logits are the scores converted to Real, divided by sqrt(d_k) with cta::scaled, then the options in order:
//     the causal mask and a boolean mask set -inf, an additive mask is added;
//   - softmax's row rules on the logits: a NaN makes the row NaN; +inf entries share weight 1 equally and the rest
//     get 0; a row of -inf is 0; otherwise -inf entries get exactly 0 and the row is the long double softmax within
//     its bound (tests/property/reference.hpp), sums to 1 within n epsilon, and is finite;
//   - a fully masked row of weights gives outputs exactly 0 where the values are finite, and rows of finite weights
//     give finite outputs when every |value| <= max / 4;
//   - when every input is finite and moderate (|x| <= 64, additive masks finite or -inf), the outputs agree with
//     the long double reference of the whole pipeline within the bound of the property tests.
// A violation prints what failed and aborts, which libFuzzer reports as a crash and saves the input.
//
// The input: byte 0 chooses the function (see `run`), byte 1 its options (bit 0 scaled, 1 causal, 2 a boolean mask,
// 3 an additive mask, 4 float instead of double); then each matrix element takes a value from the following bytes
// (see `bytes::value`); bytes beyond the input read as 0.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>

#include <cta/cta.hpp>

#include "reference.hpp"

namespace {

// ---- Bytes to values -----------------------------------------------------------------------------------------------

class bytes {
public:
    bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : std::uint8_t{0}; }

    /// One value: a selector byte, then for some selectors more bytes.
    ///   0 to 159     (b - 80) / 16, moderate values in [-5, 4.9375]
    ///   160 to 175   a signed 16-bit integer from two bytes / 256, in [-128, 128)
    ///   176 to 195   special values: +-inf, NaN, +-1e300, +-max, +-1e154, the smallest subnormal, +-0, 1e-300,
    ///                +-700, 745, -745, 710
    ///   196 to 255   the next 8 bytes as the bits of a double
    double value() {
        const std::uint8_t b = byte();
        if (b < 160) return (static_cast<double>(b) - 80.0) / 16.0;
        if (b < 176) {
            const auto hi = static_cast<std::uint16_t>(byte());
            const auto lo = static_cast<std::uint16_t>(byte());
            const auto bits = static_cast<std::uint16_t>((hi << 8U) | lo);
            std::int16_t v = 0;
            std::memcpy(&v, &bits, sizeof v);
            return static_cast<double>(v) / 256.0;
        }
        constexpr double inf = std::numeric_limits<double>::infinity();
        constexpr double max = std::numeric_limits<double>::max();
        constexpr std::array<double, 20> special{inf, -inf, std::numeric_limits<double>::quiet_NaN(), 1e300, -1e300,
                                                 max, -max, 1e154, -1e154,
                                                 std::numeric_limits<double>::denorm_min(), 0.0, -0.0, 1e-300,
                                                 700.0, -700.0, 745.0, -745.0, 710.0, 1.0, -1.0};
        if (b < 196) return special[static_cast<std::size_t>(b - 176)];
        std::uint64_t bits = 0;
        for (int i = 0; i < 8; ++i) bits = (bits << 8U) | byte();
        double v = 0;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

/// A double as T: for float, values beyond float's range become +-inf, as IEEE 754 rounds them (a plain conversion
/// of such a value is undefined behaviour in C++).
template <class T>
T as(double v) {
    if constexpr (std::is_same_v<T, float>) {
        constexpr auto max = static_cast<double>(std::numeric_limits<float>::max());
        if (v > max) return std::numeric_limits<float>::infinity();
        if (v < -max) return -std::numeric_limits<float>::infinity();
    }
    return static_cast<T>(v);
}

template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> read_matrix(bytes& in) {
    cta::matrix<T, R, C> m;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) m(i, j) = as<T>(in.value());
    }
    return m;
}

template <std::size_t R, std::size_t C>
cta::matrix<bool, R, C> read_keep(bytes& in) {
    cta::matrix<bool, R, C> m;
    std::uint8_t b = 0;
    for (std::size_t k = 0; k < R * C; ++k) {
        if (k % 8 == 0) b = in.byte();
        m(k / C, k % C) = ((b >> (k % 8)) & 1U) == 0;  // zero bytes keep everything
    }
    return m;
}

// ---- Failures ------------------------------------------------------------------------------------------------------

[[noreturn]] void fail(const char* what, std::size_t i, std::size_t j, double got, double expected) {
    std::fprintf(stderr, "attention_fuzz: %s at (%zu, %zu): got %.17g, expected %.17g\n", what, i, j, got, expected);
    std::abort();
}

template <class T>
bool same_or_both_nan(T a, T b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// The same bits everywhere, except that two NaN need not have the same sign and payload: compilers treat them as
/// unspecified (GCC at -O3 may swap the operands of a commutative operation, and x86 propagates the first operand's
/// NaN), so an outputs-only function and its record can give -NaN and +NaN for the same element
/// (regressions/nan_sign_outputs_vs_record.bin).
template <cta::matrix_type M>
void expect_identical(const M& a, const M& b, const char* what) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            if (!same_or_both_nan(a(i, j), b(i, j))) {
                fail(what, i, j, static_cast<double>(a(i, j)), static_cast<double>(b(i, j)));
            }
        }
    }
}

// ---- The documented semantics --------------------------------------------------------------------------------------

/// a b (or a b^T), accumulated in R from 0 in the order k = 0, 1, ...; each element must have the bits of `got`'s.
template <bool Transposed, class R, class A, class B, class G>
void expect_product(const A& a, const B& b, const G& got, const char* what) {
    for (std::size_t i = 0; i < G::rows; ++i) {
        for (std::size_t j = 0; j < G::cols; ++j) {
            R acc{};
            for (std::size_t k = 0; k < A::cols; ++k) {
                const auto y = Transposed ? b(j, k) : b(k, j);
                acc += static_cast<R>(a(i, k)) * static_cast<R>(y);
            }
            if (!same_or_both_nan(acc, static_cast<R>(got(i, j)))) {
                fail(what, i, j, static_cast<double>(got(i, j)), static_cast<double>(acc));
            }
        }
    }
}

/// What the options say about one attention computation.
template <std::size_t NQ, std::size_t NKV, class R>
struct options {
    bool scaled = false;
    bool causal = false;
    bool use_keep = false;
    bool use_add = false;
    cta::matrix<bool, NQ, NKV> keep{};
    cta::matrix<R, NQ, NKV> add{};
};

/// The logits the options make of the scores, computed as documented, against `logits`.
template <std::size_t DK, class S, class L, class O>
void expect_logits(const S& scores, const L& logits, const O& o) {
    using R = typename L::value_type;
    for (std::size_t i = 0; i < L::rows; ++i) {
        for (std::size_t j = 0; j < L::cols; ++j) {
            auto l = static_cast<R>(scores(i, j));
            if (o.scaled) l = l / std::sqrt(static_cast<R>(DK));
            if (o.causal && j > i) l = -std::numeric_limits<R>::infinity();
            if (o.use_keep && !o.keep(i, j)) l = -std::numeric_limits<R>::infinity();
            if (o.use_add) l += o.add(i, j);
            if (!same_or_both_nan(l, logits(i, j))) fail("logits", i, j, logits(i, j), l);
        }
    }
}

/// Softmax's row rules on `logits` for `weights`, and the finite rows against the long double softmax.
template <class L, class W>
void expect_softmax(const L& logits, const W& weights) {
    using R = typename W::value_type;
    constexpr R inf = std::numeric_limits<R>::infinity();
    constexpr std::size_t C = L::cols;
    for (std::size_t i = 0; i < L::rows; ++i) {
        bool nan = false;
        std::size_t infinities = 0;
        bool all_minus_inf = true;
        for (std::size_t j = 0; j < C; ++j) {
            const R x = logits(i, j);
            nan = nan || std::isnan(x);
            if (x == inf) ++infinities;
            if (!(x == -inf)) all_minus_inf = false;
        }
        for (std::size_t j = 0; j < C; ++j) {
            const R w = weights(i, j);
            const R x = logits(i, j);
            if (nan) {
                if (!std::isnan(w)) fail("softmax: a row with NaN is NaN", i, j, w, std::nan(""));
            } else if (infinities > 0) {
                const R expected = x == inf ? R(1) / static_cast<R>(infinities) : R(0);
                if (!(w == expected)) fail("softmax: +inf entries share 1", i, j, w, expected);
            } else if (all_minus_inf || x == -inf) {
                if (!(w == R(0))) fail("softmax: -inf entries get 0", i, j, w, 0);
            } else if (!(w >= R(0) && w <= R(1))) {
                fail("softmax: a weight in [0, 1]", i, j, w, 0);
            }
        }
        if (nan || infinities > 0 || all_minus_inf) continue;
        // A row of finite and -inf logits: the long double softmax within its bound, and a sum of 1.
        reference::mat<1, C> row;
        for (std::size_t j = 0; j < C; ++j) row(0, j) = static_cast<reference::real>(logits(i, j));
        reference::mat<1, C> bound;
        const auto ref = reference::softmax(row, reference::precision_of<R, R>(), &bound);
        reference::real sum = 0;
        for (std::size_t j = 0; j < C; ++j) {
            const auto w = static_cast<reference::real>(weights(i, j));
            sum += w;
            if (!(std::fabs(w - ref(0, j)) <= bound(0, j))) {
                fail("softmax: the long double softmax", i, j, weights(i, j), static_cast<double>(ref(0, j)));
            }
        }
        const auto allowed = static_cast<reference::real>(C) * std::numeric_limits<R>::epsilon();
        if (!(std::fabs(sum - 1) <= allowed)) fail("softmax: the row sums to 1", i, 0, static_cast<double>(sum), 1);
    }
}

/// Outputs = weights values, accumulated in order; zero rows of weights give 0 where the values are finite; finite
/// rows of weights give finite outputs where every |value| <= max / 4 (the sum of a row of weights exceeds 1 by n
/// epsilon at most).
template <class W, class V, class O>
void expect_outputs(const W& weights, const V& values, const O& outputs) {
    using R = typename O::value_type;
    expect_product<false, R>(weights, values, outputs, "outputs = weights values");
    for (std::size_t c = 0; c < V::cols; ++c) {
        bool finite = true;
        bool moderate = true;
        for (std::size_t j = 0; j < V::rows; ++j) {
            const auto v = static_cast<R>(values(j, c));
            finite = finite && std::isfinite(v);
            moderate = moderate && std::fabs(v) <= std::numeric_limits<R>::max() / 4;
        }
        for (std::size_t i = 0; i < W::rows; ++i) {
            bool zero = true;
            bool row_finite = true;
            for (std::size_t j = 0; j < W::cols; ++j) {
                zero = zero && weights(i, j) == R(0);
                row_finite = row_finite && std::isfinite(weights(i, j));
            }
            if (zero && finite && !(outputs(i, c) == R(0))) fail("a fully masked row gives 0", i, c, outputs(i, c), 0);
            if (row_finite && moderate && !std::isfinite(outputs(i, c))) {
                fail("finite weights and values give finite outputs", i, c, outputs(i, c), 0);
            }
        }
    }
}

/// True if every element is finite and |x| <= 64.
template <cta::matrix_type M>
bool moderate(const M& m) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            if (!(std::fabs(static_cast<double>(m(i, j))) <= 64.0)) return false;
        }
    }
    return true;
}

template <cta::matrix_type M>
reference::mat<M::rows, M::cols> to_ref(const M& m) {
    reference::mat<M::rows, M::cols> r;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) r(i, j) = static_cast<reference::real>(m(i, j));
    }
    return r;
}

/// The reference's mask for the options; false if the additive mask has a value the reference does not model
/// (anything but finite values and -inf).
template <std::size_t NQ, std::size_t NKV, class R>
bool reference_mask(const options<NQ, NKV, R>& o, reference::mask<NQ, NKV>& m) {
    m = reference::keep_all<NQ, NKV>();
    if (o.causal) reference::apply_causal(m);
    for (std::size_t i = 0; i < NQ; ++i) {
        for (std::size_t j = 0; j < NKV; ++j) {
            if (o.use_keep && !o.keep(i, j)) m.keep[i][j] = false;
            if (o.use_add) {
                const R a = o.add(i, j);
                if (a == -std::numeric_limits<R>::infinity()) {
                    m.keep[i][j] = false;
                } else if (!(std::fabs(static_cast<double>(a)) <= 64.0)) {
                    return false;
                }
                m.add(i, j) = m.keep[i][j] ? static_cast<reference::real>(a) : 0;
            }
        }
    }
    m.additive = o.use_add;
    return true;
}

/// Outputs against the reference's, within its bound.
template <class O, class Ref, class B>
void expect_reference(const O& outputs, const Ref& ref, const B& bound) {
    for (std::size_t i = 0; i < O::rows; ++i) {
        for (std::size_t c = 0; c < O::cols; ++c) {
            const auto d = std::fabs(static_cast<reference::real>(outputs(i, c)) - ref(i, c));
            if (!(d <= bound(i, c))) {
                fail("outputs against the long double reference", i, c, outputs(i, c), static_cast<double>(ref(i, c)));
            }
        }
    }
}

/// Calls f with the options of `o` as arguments, in the order scaled, causal, boolean mask, additive mask.
template <std::size_t NQ, std::size_t NKV, class R, class F>
void with_options(const options<NQ, NKV, R>& o, F f) {
    const auto& k = o.keep;
    const auto& a = o.add;
    constexpr auto s = cta::scaled;
    constexpr auto c = cta::causal;
    switch ((o.scaled ? 1U : 0U) | (o.causal ? 2U : 0U) | (o.use_keep ? 4U : 0U) | (o.use_add ? 8U : 0U)) {
    case 0: f(); break;
    case 1: f(s); break;
    case 2: f(c); break;
    case 3: f(s, c); break;
    case 4: f(k); break;
    case 5: f(s, k); break;
    case 6: f(c, k); break;
    case 7: f(s, c, k); break;
    case 8: f(a); break;
    case 9: f(s, a); break;
    case 10: f(c, a); break;
    case 11: f(s, c, a); break;
    case 12: f(k, a); break;
    case 13: f(s, k, a); break;
    case 14: f(c, k, a); break;
    default: f(s, c, k, a); break;
    }
}

template <std::size_t NQ, std::size_t NKV, class R>
options<NQ, NKV, R> read_options(std::uint8_t bits, bytes& in) {
    options<NQ, NKV, R> o;
    o.scaled = (bits & 1U) != 0;
    o.causal = (bits & 2U) != 0;
    o.use_keep = (bits & 4U) != 0;
    o.use_add = (bits & 8U) != 0;
    if (o.use_keep) o.keep = read_keep<NQ, NKV>(in);
    if (o.use_add) o.add = read_matrix<R, NQ, NKV>(in);
    return o;
}

// ---- The functions -----------------------------------------------------------------------------------------------

/// Softmax of a 3 x 6 matrix, in T.
template <class T>
void fuzz_softmax(bytes& in) {
    const auto s = read_matrix<T, 3, 6>(in);
    const auto w = cta::softmax(s);
    expect_softmax(s, w);
}

/// Self-attention (n = NKV, d = D) or cross-attention (n_q = NQ from d = DQ): every step of the record, its outputs
/// against the outputs-only function, and the reference when the inputs are moderate.
template <class T, bool Cross, std::size_t NQ, std::size_t NKV, std::size_t DQ, std::size_t D, std::size_t DK,
          std::size_t DV>
void fuzz_attention(std::uint8_t bits, bytes& in) {
    const auto xkv = read_matrix<T, NKV, D>(in);
    const auto xq = Cross ? read_matrix<T, NQ, DQ>(in) : cta::matrix<T, NQ, DQ>{};
    const auto wq = read_matrix<T, DQ, DK>(in);
    const auto wk = read_matrix<T, D, DK>(in);
    const auto wv = read_matrix<T, D, DV>(in);
    const auto o = read_options<NQ, NKV, T>(bits, in);
    const auto& x_q = [&]() -> const auto& {
        if constexpr (Cross) {
            return xq;
        } else {
            return xkv;
        }
    }();

    with_options(o, [&](const auto&... opts) {
        if constexpr (Cross) {
            const auto steps = cta::cross_attention_steps(x_q, xkv, wq, wk, wv, opts...);
            expect_identical(cta::cross_attention(x_q, xkv, wq, wk, wv, opts...), steps.outputs,
                             "cross_attention vs cross_attention_steps");
            expect_product<false, T>(x_q, wq, steps.queries, "queries = x_q w_query");
            expect_product<false, T>(xkv, wk, steps.keys, "keys = x_kv w_key");
            expect_product<false, T>(xkv, wv, steps.values, "values = x_kv w_value");
            expect_product<true, T>(steps.queries, steps.keys, steps.scores, "scores = queries keys^T");
            expect_logits<DK>(steps.scores, steps.logits, o);
            expect_softmax(steps.logits, steps.weights);
            expect_outputs(steps.weights, steps.values, steps.outputs);
        } else if constexpr (sizeof...(opts) == 0) {
            const auto steps = cta::self_attention_steps(xkv, wq, wk, wv);
            expect_identical(cta::self_attention(xkv, wq, wk, wv), steps.outputs,
                             "self_attention vs self_attention_steps");
            expect_product<false, T>(xkv, wq, steps.queries, "queries = inputs w_query");
            expect_product<false, T>(xkv, wk, steps.keys, "keys = inputs w_key");
            expect_product<false, T>(xkv, wv, steps.values, "values = inputs w_value");
            expect_product<true, T>(steps.queries, steps.keys, steps.scores, "scores = queries keys^T");
            expect_softmax(steps.scores, steps.weights);
            expect_outputs(steps.weights, steps.values, steps.outputs);
            for (std::size_t i = 0; i < NQ; ++i) {
                for (std::size_t c = 0; c < DV; ++c) {
                    T acc{};
                    for (std::size_t j = 0; j < NKV; ++j) {
                        const T product = steps.weights(i, j) * steps.values(j, c);
                        if (!same_or_both_nan(steps.weighted_values[i](j, c), product)) {
                            fail("weighted values", j, c, steps.weighted_values[i](j, c), product);
                        }
                        acc += steps.weighted_values[i](j, c);
                    }
                    if (!same_or_both_nan(acc, steps.outputs(i, c))) fail("outputs = sums of weighted values", i, c,
                                                                         steps.outputs(i, c), acc);
                }
            }
        } else {
            const auto steps = cta::self_attention_steps(xkv, wq, wk, wv, opts...);
            expect_identical(cta::self_attention(xkv, wq, wk, wv, opts...), steps.outputs,
                             "self_attention vs self_attention_steps");
            expect_identical(cta::attention(steps.queries, steps.keys, steps.values, opts...), steps.outputs,
                             "self_attention vs attention of its projections");
            expect_product<false, T>(xkv, wq, steps.queries, "queries = inputs w_query");
            expect_product<true, T>(steps.queries, steps.keys, steps.scores, "scores = queries keys^T");
            expect_logits<DK>(steps.scores, steps.logits, o);
            expect_softmax(steps.logits, steps.weights);
            expect_outputs(steps.weights, steps.values, steps.outputs);
        }
    });

    // The whole pipeline against the long double reference, when every input is moderate.
    reference::mask<NQ, NKV> m;
    if (moderate(x_q) && moderate(xkv) && moderate(wq) && moderate(wk) && moderate(wv) && reference_mask(o, m)) {
        constexpr auto p = reference::precision_of<T, T>();
        const auto ref = reference::attention(reference::projection(to_ref(x_q), to_ref(wq), p),
                                              reference::projection(to_ref(xkv), to_ref(wk), p),
                                              reference::projection(to_ref(xkv), to_ref(wv), p), o.scaled, m, p);
        with_options(o, [&](const auto&... opts) {
            if constexpr (Cross) {
                expect_reference(cta::cross_attention(x_q, xkv, wq, wk, wv, opts...), ref.outputs, ref.bound);
            } else {
                expect_reference(cta::self_attention(xkv, wq, wk, wv, opts...), ref.outputs, ref.bound);
            }
        });
    }
}

/// Attention from given queries (3 x 2), keys (4 x 2) and values (4 x 3).
template <class T>
void fuzz_given(std::uint8_t bits, bytes& in) {
    const auto q = read_matrix<T, 3, 2>(in);
    const auto k = read_matrix<T, 4, 2>(in);
    const auto v = read_matrix<T, 4, 3>(in);
    const auto o = read_options<3, 4, T>(bits, in);
    with_options(o, [&](const auto&... opts) {
        // cta::attention keeps no record: its outputs must be cta::softmax of the documented logits, times the
        // values, accumulated in order.
        const auto outputs = cta::attention(q, k, v, opts...);
        cta::matrix<T, 3, 4> logits;
        for (std::size_t i = 0; i < 3; ++i) {
            for (std::size_t j = 0; j < 4; ++j) {
                T l{};
                for (std::size_t c = 0; c < 2; ++c) l += q(i, c) * k(j, c);
                if (o.scaled) l = l / std::sqrt(T(2));
                if (o.causal && j > i) l = -std::numeric_limits<T>::infinity();
                if (o.use_keep && !o.keep(i, j)) l = -std::numeric_limits<T>::infinity();
                if (o.use_add) l += o.add(i, j);
                logits(i, j) = l;
            }
        }
        const auto weights = cta::softmax(logits);
        expect_softmax(logits, weights);
        expect_outputs(weights, v, outputs);
    });
    reference::mask<3, 4> m;
    if (moderate(q) && moderate(k) && moderate(v) && reference_mask(o, m)) {
        constexpr auto p = reference::precision_of<T, T>();
        const auto ref = reference::attention(reference::exact(to_ref(q)), reference::exact(to_ref(k)),
                                              reference::exact(to_ref(v)), o.scaled, m, p);
        with_options(o, [&](const auto&... opts) {
            expect_reference(cta::attention(q, k, v, opts...), ref.outputs, ref.bound);
        });
    }
}

/// Multi-head attention with 2 heads: n_q = 3, n_kv = 4, d = 2, d_kv = 3, d_model = 4, d_out = 2. Always scaled;
/// the options' scaled bit is ignored.
template <class T>
void fuzz_multi_head(std::uint8_t bits, bytes& in) {
    constexpr std::size_t H = 2;
    constexpr std::size_t dk = 2;
    const auto xq = read_matrix<T, 3, 2>(in);
    const auto xkv = read_matrix<T, 4, 3>(in);
    const auto wq = read_matrix<T, 2, 4>(in);
    const auto wk = read_matrix<T, 3, 4>(in);
    const auto wv = read_matrix<T, 3, 4>(in);
    const auto wo = read_matrix<T, 4, 2>(in);
    const auto o = read_options<3, 4, T>(static_cast<std::uint8_t>(bits & ~1U), in);
    with_options(o, [&](const auto&... opts) {
        const auto steps = cta::multi_head_attention_steps<H>(xq, xkv, wq, wk, wv, wo, opts...);
        expect_identical(cta::multi_head_attention<H>(xq, xkv, wq, wk, wv, wo, opts...), steps.outputs,
                         "multi_head_attention vs multi_head_attention_steps");
        expect_product<false, T>(xq, wq, steps.queries, "queries = x_q w_query");
        expect_product<false, T>(xkv, wk, steps.keys, "keys = x_kv w_key");
        expect_product<false, T>(xkv, wv, steps.values, "values = x_kv w_value");
        for (std::size_t h = 0; h < H; ++h) {
            cta::matrix<T, 3, dk> q;
            cta::matrix<T, 4, dk> k;
            cta::matrix<T, 4, dk> v;
            for (std::size_t c = 0; c < dk; ++c) {
                for (std::size_t i = 0; i < 3; ++i) q(i, c) = steps.queries(i, h * dk + c);
                for (std::size_t j = 0; j < 4; ++j) {
                    k(j, c) = steps.keys(j, h * dk + c);
                    v(j, c) = steps.values(j, h * dk + c);
                }
            }
            expect_product<true, T>(q, k, steps.scores[h], "a head's scores");
            cta::matrix<T, 3, 4> logits;
            for (std::size_t i = 0; i < 3; ++i) {
                for (std::size_t j = 0; j < 4; ++j) {
                    T l = steps.scores[h](i, j) / std::sqrt(T(dk));
                    if (o.causal && j > i) l = -std::numeric_limits<T>::infinity();
                    if (o.use_keep && !o.keep(i, j)) l = -std::numeric_limits<T>::infinity();
                    if (o.use_add) l += o.add(i, j);
                    logits(i, j) = l;
                }
            }
            expect_softmax(logits, steps.weights[h]);
            expect_outputs(steps.weights[h], v, steps.head_outputs[h]);
            for (std::size_t i = 0; i < 3; ++i) {
                for (std::size_t c = 0; c < dk; ++c) {
                    if (!same_or_both_nan(steps.concatenated(i, h * dk + c), steps.head_outputs[h](i, c))) {
                        fail("concatenated heads", i, h * dk + c, steps.concatenated(i, h * dk + c), 0);
                    }
                }
            }
        }
        expect_product<false, T>(steps.concatenated, wo, steps.outputs, "outputs = concatenated w_out");
    });
    reference::mask<3, 4> m;
    if (moderate(xq) && moderate(xkv) && moderate(wq) && moderate(wk) && moderate(wv) && moderate(wo) &&
        reference_mask(o, m)) {
        constexpr auto p = reference::precision_of<T, T>();
        const auto ref = reference::multi_head<H>(reference::projection(to_ref(xq), to_ref(wq), p),
                                                  reference::projection(to_ref(xkv), to_ref(wk), p),
                                                  reference::projection(to_ref(xkv), to_ref(wv), p), to_ref(wo), m, p);
        with_options(o, [&](const auto&... opts) {
            expect_reference(cta::multi_head_attention<H>(xq, xkv, wq, wk, wv, wo, opts...), ref.value, ref.error);
        });
    }
}

template <class T>
void run(std::uint8_t target, std::uint8_t bits, bytes& in) {
    switch (target % 6) {
    case 0: fuzz_softmax<T>(in); break;
    case 1: fuzz_attention<T, false, 3, 3, 4, 4, 3, 2>(bits, in); break;  // the seed's shape, d_v = 2
    case 2: fuzz_attention<T, false, 1, 1, 1, 1, 1, 1>(bits, in); break;
    case 3: fuzz_attention<T, true, 2, 5, 3, 4, 2, 3>(bits, in); break;   // cross: n_q 2, n_kv 5
    case 4: fuzz_given<T>(bits, in); break;
    default: fuzz_multi_head<T>(bits, in); break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    bytes in(data, size);
    const std::uint8_t target = in.byte();
    const std::uint8_t bits = in.byte();
    if ((bits & 16U) != 0) {
        run<float>(target, bits, in);
    } else {
        run<double>(target, bits, in);
    }
    return 0;
}
