// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Row-wise softmax, numerically stable, `constexpr` (seed section 8).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include <cta/math.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/simd.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

namespace detail {

#if CTA_HAVE_VECTORS
/// The constants of the vector exponential below. double: the bound of its range as a magnitude (exp(double) takes
/// results from the exponent field below 0x4086232b00000000 = 708.396, normal results) and 1.5 * 2^52, which rounds
/// a number to an integer when added and gives it in the low bits. float: the bounds of exp(float)'s cases as
/// magnitudes (exp(float) compares all the bits of |x|; for non-negative floating-point numbers the order of the
/// bits is the order of the values, so `abs_bits <= H` is `|x| < bits(H + 1)`) and 1.5 * 2^23. (The bounds are
/// repeated from math.hpp rather than named there: with named constants, constexpr variables or enumerators, GCC
/// counts more operations per exp call than tests/budget allows.)
template <class R>
struct exp_vector_constants;
template <>
struct exp_vector_constants<double> {
    static constexpr double large = std::bit_cast<double>(0x4086232b00000000ULL);  // magnitude >= 0x4086232b00000000
    static constexpr double round = 0x1.8p52;
};
template <>
struct exp_vector_constants<float> {
    static constexpr float tiny = std::bit_cast<float>(0x39000001U);    // abs_bits <= 0x39000000
    static constexpr float zero_k = std::bit_cast<float>(0x3eb17219U);  // k = 0: abs_bits <= 0x3eb17218
    static constexpr float one_k = std::bit_cast<float>(0x3f851593U);   // k = +-1: abs_bits <= 0x3f851592
    static constexpr float large = std::bit_cast<float>(0x42aeac50U);   // abs_bits >= 0x42aeac50
    static constexpr float round = 0x1.8p23F;
    static constexpr int exponent_bias = 127, mantissa_bits = 23;
};

/// |x| lane by lane: x without its sign bit (-0.0 has only that bit set).
template <class V, class M>
CTA_DETAIL_TARGET_TAG inline V abs_lanes(V x) noexcept {
    return reinterpret_cast<V>(reinterpret_cast<M>(x) & ~reinterpret_cast<M>(-V{}));
}

/// The vector of the table entries exp_table[2 j_l + part] for the lanes j_l of j, read one lane at a time.
template <class V, class U, std::size_t... l>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline V exp_table_lanes(U j, std::size_t part,
                                                                      std::index_sequence<l...>) noexcept {
    return V{exp_table[2 * j[l] + part]...};
}

/// cta::exp of every lane of x, for |x| < exp_vector_constants<R>::large (other lanes are garbage, their table
/// index still within the table): the operations of exp(double) and exp(float) (math.hpp) in the same order, so that
/// every lane gets the bits cta::exp gives.
/// - double: within the range every result is normal, and exp(double) scales it by its exponent field.
/// - float: exp(float)'s case analysis is done by selecting between lanes. (In exp(float), k == 0 takes hi = x,
///   lo = 0, r = x and no scaling; here k = +0 gives the same: x - 0 * ln2_hi == x, 0 * ln2_lo == +0, r - 0 == r,
///   y * 2^0 == y.)
template <class R, class V = typename simd<R>::type, class M = typename simd<R>::mask_type>
CTA_DETAIL_TARGET_TAG inline V exp_lanes(V x) noexcept {
    using k = exp_vector_constants<R>;
    using U = typename simd<R, sizeof(V)>::bits_type;
    const V zero{};
    if constexpr (std::is_same_v<R, double>) {
        const V shifted = x * exp_n_inv_ln2 + k::round, kd = shifted - k::round,
                r = (x - kd * exp_ln2_n_hi) - kd * exp_ln2_n_lo, rr = r * r,
                p = (r + rr * (0.5 + r * 0x1.5555555555555p-3)) +
                    (rr * rr) * (0x1.5555555555555p-5 + r * 0x1.1111111111111p-7);
        const U kb = reinterpret_cast<U>(shifted) - reinterpret_cast<U>(zero + k::round), j = kb & 127U;
        constexpr auto lanes = std::make_index_sequence<simd<R, sizeof(V)>::lanes>();
        const V high = exp_table_lanes<V>(j, 0, lanes), low = exp_table_lanes<V>(j, 1, lanes);
        const V y = high + (low + high * p);
        return reinterpret_cast<V>(reinterpret_cast<U>(y) + ((kb - j) << 45));
    } else {
        const V magnitude = abs_lanes<V, M>(x);
        // k: 0 for small |x|, +-1 below 3 ln 2 / 2, else x / ln 2 rounded to nearest, ties away from 0 (truncation
        // of t = x / ln 2 +- 0.5, +-0.5 with the sign bit of x as exp takes it, as static_cast<int> does it).
        const M sign_of_x = reinterpret_cast<M>(x) & reinterpret_cast<M>(-zero);  // -zero: the sign bit alone
        const V half = reinterpret_cast<V>(reinterpret_cast<M>(zero + R(0.5)) | sign_of_x);
        const V t = R(expf_inv_ln2) * x + half;
        // Truncation on magnitudes: |t| rounded to the nearest integer (|t| < 2^22), less 1 where that rounded up,
        // with the sign of t (|t| >= 0.5, the sign of x) put back.
        const V abs_t = abs_lanes<V, M>(t);
        const V nearest = (abs_t + k::round) - k::round;
        const V floor_abs = nearest - select(nearest > abs_t, zero + R(1), zero);
        const V truncated = reinterpret_cast<V>(reinterpret_cast<M>(floor_abs) | sign_of_x);
        // Where exp takes k = +-1 (|x| below k::one_k) the truncation gives 2 at the bound itself, so +-1 is selected
        // there.
        const V one = reinterpret_cast<V>(reinterpret_cast<M>(zero + R(1)) | sign_of_x);  // +-1, the sign of x
        const V kv = select(magnitude < k::zero_k, zero, select(magnitude < k::one_k, one, truncated));
        const V hi = x - kv * expf_ln2_hi, lo = kv * expf_ln2_lo, r = hi - lo, rr = r * r,
                c = r - rr * (expf_p1 + rr * expf_p2), s = 1.0F + hi;
        const V y = s + (((1.0F - s) + hi) + (r * c / (2.0F - c) - lo));
        // 2^k from its bits: k + round has k in its low bits (unsigned arithmetic: the lanes left garbage may wrap).
        const U k_bits = reinterpret_cast<U>(kv + k::round) - reinterpret_cast<U>(zero + k::round);
        const V scale = reinterpret_cast<V>(
            (k_bits + static_cast<typename simd<R, sizeof(V)>::unsigned_bits_t>(k::exponent_bias)) << k::mantissa_bits);
        const V tiny = R(1) + (x + R(0.5) * x * x);
        return select(magnitude < k::tiny, tiny, y * scale);
    }
}

#endif

/// What softmax needs to know of a row before its exponentials: the maximum, whether there is a NaN, and how many
/// entries are +inf.
template <class R>
struct row_scan {
    R max;
    bool nan;
    std::size_t infinities;
};

/// The weights of a special row of n entries (a NaN, or a maximum of +-inf): NaN everywhere, or 1/count for the +inf
/// entries and 0 elsewhere; nothing is computed from the infinities.
template <class R, class T>
CTA_DETAIL_TARGET_TAG
constexpr void special_row(R* w, const T* s, std::size_t n, bool nan, std::size_t infinities) noexcept {
    for (std::size_t j = 0; j < n; ++j) {
        const auto x = static_cast<R>(s[j]);
        w[j] = nan ? std::numeric_limits<R>::quiet_NaN()
                   : (x == std::numeric_limits<R>::infinity() ? R(1) / static_cast<R>(infinities) : R(0));
    }
}

/// exp(d) == 0 for every d below this (d < -745.14 for double, < -103.98 for float): softmax gives such entries 0.
template <class R>
inline constexpr R exp_underflow = std::numeric_limits<R>::digits > 24 ? R(-746) : R(-104);

#if CTA_HAVE_VECTORS
/// The row s of n entries as R into w, and its row_scan, a vector V (`lanes` entries) at a time: the maximum of each
/// lane (x > max is false for NaN), NaN and +inf lanes counted, then the lanes combined. The maximum is the value the
/// scalar loop finds; only the sign of a zero maximum may differ, which changes no weight (x - max and max +
/// underflow differ at most in the sign of a zero difference, and exp(-0) == exp(+0) == 1).
template <class R, class T, class V = typename simd<R>::type>
CTA_DETAIL_TARGET_TAG inline row_scan<R> scan_lanes(R* w, const T* s, std::size_t n) noexcept {
    using M = typename simd<R, sizeof(V)>::mask_type;
    constexpr std::size_t lanes = simd<R, sizeof(V)>::lanes;
    const std::size_t whole = n - n % lanes;
    constexpr R inf = std::numeric_limits<R>::infinity();
    if constexpr (!std::is_same_v<T, R>) {
        for (std::size_t j = 0; j < n; ++j) w[j] = static_cast<R>(s[j]);
    }
    V max = V{} - inf;
    M nan{}, infinities{};
    for (std::size_t j0 = 0; j0 < whole; j0 += lanes) {
        V x;
        if constexpr (std::is_same_v<T, R>) {  // copied as it is scanned
            x = load_vector<V>(&s[j0]);
            store_vector(&w[j0], x);
        } else {
            x = load_vector<V>(&w[j0]);
        }
        max = select(x > max, x, max);
        nan |= x != x;
        infinities -= x == inf;  // a true comparison is -1
    }
    row_scan<R> r{-inf, false, 0};
    if (whole != 0) {
        for (std::size_t l = 0; l < lanes; ++l) {
            if (max[l] > r.max) r.max = max[l];
            r.nan = r.nan || nan[l] != 0;
            r.infinities += static_cast<std::size_t>(infinities[l]);
        }
    }
    for (std::size_t j = whole; j < n; ++j) {
        const R x = w[j] = static_cast<R>(s[j]);
        if (x > r.max) {
            r.max = x;
        } else if (x != x) {
            r.nan = true;
        }
        if (x == inf) ++r.infinities;
    }
    return r;
}

/// Softmax's exponentials of one ordinary row of n entries at run time, in place: w[j] = x_j holds s[j] as R, and
/// becomes 0 if x_j < max + underflow, else exp(x_j - max), `lanes` at a time; lanes with |x_j - max| beyond
/// exp_lanes' range are recomputed with cta::exp from s. Returns the sum of the w[j] in the order j = 0, 1, ...: the
/// same bits as the constant-evaluation loop, the sum formed while the exponentials are computed.
template <class R, class T, class V = typename simd<R>::type>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline R exp_row(R* w, const T* s, std::size_t n, R max) noexcept {
    using M = typename simd<R, sizeof(V)>::mask_type;
    constexpr std::size_t lanes = simd<R, sizeof(V)>::lanes;
    const std::size_t whole = n - n % lanes;
    const R bound = max + exp_underflow<R>;
    V widest{};  // the largest |x_j - max| of the lanes above the bound
    R sum = 0;
    // Inlined at both of its calls: with n unknown (exp_row serves rows of every length), GCC otherwise keeps it a
    // function of its own, called with its state in memory.
    const auto one_vector = [&](std::size_t j0) __attribute__((always_inline)) {
        const V x = load_vector<V>(&w[j0]);
        const V d = x - max;
        const M below = x < bound;
        const V magnitude = select(below, V{}, abs_lanes<V, M>(d));
        widest = select(magnitude > widest, magnitude, widest);
        const V e = select(below, V{}, exp_lanes<R, V, M>(d));
        store_vector(&w[j0], e);
        for (std::size_t l = 0; l < lanes; ++l) sum += e[l];
    };
    // Two vectors per iteration (the last one alone if their number is odd): exp is a long chain of dependent
    // operations, two chains keep the units busy.
    for (std::size_t j0 = 0; j0 < whole; j0 += 2 * lanes) {
        one_vector(j0);
        if (j0 + lanes < whole) one_vector(j0 + lanes);
    }
    bool any_outside = false;
    for (std::size_t l = 0; l < lanes; ++l) any_outside = any_outside || widest[l] >= exp_vector_constants<R>::large;
    if (any_outside) {
        sum = 0;
        for (std::size_t j = 0; j < whole; ++j) {
            const auto x = static_cast<R>(s[j]);
            if (!(x - max > -exp_vector_constants<R>::large && x - max < exp_vector_constants<R>::large))
                w[j] = x < bound ? R(0) : exp(x - max);
            sum += w[j];
        }
    }
    for (std::size_t j = whole; j < n; ++j) {
        const auto x = static_cast<R>(s[j]);
        sum += (w[j] = x < bound ? R(0) : exp(x - max));
    }
    return sum;
}

/// One row of softmax at run time, n entries: the row as R and its scan, then its exponentials, a vector V at a time.
template <class R, class T, class V>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline void softmax_row_vectors(R* w, const T* s, std::size_t n) noexcept {
    const row_scan<R> r = scan_lanes<R, T, V>(w, s, n);
    if (r.nan || r.max == -std::numeric_limits<R>::infinity() || r.max == std::numeric_limits<R>::infinity()) {
        special_row(w, s, n, r.nan, r.infinities);
        return;
    }
    const R sum = exp_row<R, T, V>(w, s, n, r.max);
    // The divisions a vector at a time (compilers vectorise the plain loop only where they know n).
    constexpr std::size_t lanes = simd<R, sizeof(V)>::lanes;
    const std::size_t whole = n - n % lanes;
    for (std::size_t j = 0; j < whole; j += lanes) store_vector(&w[j], load_vector<V>(&w[j]) / sum);
    for (std::size_t j = whole; j < n; ++j) w[j] /= sum;
}

/// The most entries softmax_short_rows takes at once.
inline constexpr std::size_t short_rows_entries = 16;

/// e[v] = exp_lanes(e[v]) for the n vectors e[0 .. n - 1], or 0 in the lanes outside exp_lanes' range (NaN among
/// them); returns whether there was such a lane. A loop kept rolled: one copy of exp_lanes where it is inlined, not
/// one per vector.
template <class R, class V>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline bool exp_vectors(V* e, std::size_t n) noexcept {
    using M = typename simd<R, sizeof(V)>::mask_type;
    M outside{};
#pragma GCC unroll 1
    for (std::size_t v = 0; v < n; ++v) {
        const M inside = abs_lanes<V, M>(e[v]) < exp_vector_constants<R>::large;  // false for NaN
        outside |= ~inside;
        e[v] = select(inside, exp_lanes<R, V, M>(e[v]), V{});
    }
    bool any = false;
    for (std::size_t l = 0; l < simd<R, sizeof(V)>::lanes; ++l) any = any || outside[l] != 0;
    return any;
}

/// The bytes of softmax_short_rows' vectors: at most 32 for double, whose exponentials read their table entries a
/// lane at a time, so that lanes of padding cost (on AVX-512, 3 x 3 entries take 3 vectors of 4 lanes, not 2 of 8
/// with 7 of padding); a vector register for float.
template <class R>
inline constexpr std::size_t short_rows_bytes = sizeof(R) == 8 && vector_bytes > 32 ? 32 : vector_bytes;

/// Softmax at run time of a matrix of Rows x N entries, at most short_rows_entries, whose rows do not fill whole
/// vectors (N % lanes != 0), with its extents as constants (the loops over its entries unrolled): the exponentials
/// of all its rows `lanes` at a time, where the row by row loop leaves each row's last entries to the scalar exp.
/// Each row's maximum is found with x > max alone, the differences x_j - max fill vectors lane by lane, the last
/// padded with zeros, and exp_vectors takes them. In an ordinary row (no NaN, a finite maximum) the entries below
/// the bound max + underflow, whose weight is 0, have |x_j - max| beyond exp_lanes' range, and no other entry has
/// unless its exponential is subnormal; every special row has a NaN difference (x - max for a NaN entry, inf - inf,
/// -inf + inf). So a lane's weight is exp_lanes of its difference where that is within the range, else 0, unless a
/// lane outside the range is not below its row's bound: then the function returns false, having written nothing,
/// and the row by row loop computes the matrix. Then each row's sum in the order j = 0, 1, ..., and the divisions,
/// a vector at a time, by vectors of each entry's row sum. For each entry, the operations of the row by row loop,
/// so the same bits.
template <class R, std::size_t Rows, std::size_t N, class T>
CTA_DETAIL_TARGET_TAG [[gnu::always_inline]] inline bool softmax_short_rows(R* w, const T* s) noexcept {
    using V = typename simd<R, short_rows_bytes<R>>::type;
    using k = exp_vector_constants<R>;
    constexpr std::size_t lanes = simd<R, short_rows_bytes<R>>::lanes, count = Rows * N,
                          vectors = (count + lanes - 1) / lanes;
    static_assert(count <= short_rows_entries);
    // Vectors built from their lanes (lanes_from) rather than read from memory, and the entries read one at a time
    // (read_alone): a vector read of memory just written by narrower stores (the scores' rows, written by their
    // product a vector and an element at a time) waits until the writes are done.
    R x[count];
#pragma GCC unroll 64
    for (std::size_t j = 0; j < count; ++j) x[j] = read_alone<R>(&s[j]);
    R d[vectors * lanes];
    V e[vectors];
    R max[Rows];
#pragma GCC unroll 64
    for (std::size_t i = 0; i < Rows; ++i) {
        // From the row's first entry rather than from -inf: the same maximum, unless that entry is NaN, whose
        // differences are then all NaN (the row by row loop computes such a matrix, below).
        max[i] = x[i * N];
#pragma GCC unroll 64
        for (std::size_t j = i * N + 1; j < i * N + N; ++j) max[i] = x[j] > max[i] ? x[j] : max[i];
#pragma GCC unroll 64
        for (std::size_t j = i * N; j < i * N + N; ++j) d[j] = x[j] - max[i];
    }
#pragma GCC unroll 64
    for (std::size_t j = count; j < vectors * lanes; ++j) d[j] = R(0);
#pragma GCC unroll 64
    for (std::size_t v = 0; v < vectors; ++v)
        e[v] = lanes_from<V, R>(&d[v * lanes], 1, std::make_index_sequence<lanes>());
    if (exp_vectors<R>(e, vectors)) {  // each entry outside the range must be below its row's bound
        for (std::size_t i = 0; i < Rows; ++i) {
            const R bound = max[i] + exp_underflow<R>;
            for (std::size_t j = i * N; j < i * N + N; ++j) {
                const R difference = x[j] - max[i];
                if (!(difference > -k::large && difference < k::large) && !(x[j] < bound)) return false;
            }
        }
    }
    R sums[vectors * lanes];  // each entry's row sum, the padding 1
#pragma GCC unroll 64
    for (std::size_t i = 0; i < Rows; ++i) {
        // The row's sum in the order j = 0, 1, ...: from its first term (0 + e is e, as no e is -0), one
        // addition fewer in the chain from the exponentials to the divisions.
        R sum = e[i * N / lanes][i * N % lanes];
#pragma GCC unroll 64
        for (std::size_t j = i * N + 1; j < i * N + N; ++j) sum += e[j / lanes][j % lanes];
#pragma GCC unroll 64
        for (std::size_t j = i * N; j < i * N + N; ++j) sums[j] = sum;
    }
#pragma GCC unroll 64
    for (std::size_t j = count; j < vectors * lanes; ++j) sums[j] = R(1);
#pragma GCC unroll 64
    for (std::size_t v = 0; v < vectors; ++v) {
        const V q = e[v] / lanes_from<V, R>(&sums[v * lanes], 1, std::make_index_sequence<lanes>());
        if (v + 1 < vectors || count % lanes == 0) {
            store_vector(&w[v * lanes], q);
        } else {
#pragma GCC unroll 64
            for (std::size_t l = 0; l < count % lanes; ++l) w[v * lanes + l] = q[l];
        }
    }
    return true;
}

/// Every row of softmax at run time, in a function of its own that writes through its parameter. (GCC 12 at -O3,
/// where it compiles the library with options of its own (`#pragma GCC optimize`, include/cta/detail/fp_strict.hpp),
/// was seen to drop every store to a local result inlined into a caller that copied it into a record,
/// `s.weights = softmax(logits)`: the row addresses were rewritten as integer offsets from another object, and the
/// stores taken for stores to a dead local. Without the pragma, or with -fno-ivopts, the same code was right. The
/// library now writes every step of a record in place (softmax_into, multiply_into), and this function stays out of
/// line: stores through a parameter are never dead. tests/attention runs under the pragma: attention.x86-64-v3,
/// attention.fast_math.) Like the products' kernels (include/cta/operations.hpp, "Run-time products"), it knows the
/// matrices by their first elements and their extents, rows x n, so that softmax of every shape runs the one copy of
/// its element types.
///
/// With AVX-512, rows shorter than two vector registers (n < 16 doubles or 32 floats) take vectors of 32 bytes:
/// exp_lanes is a long chain of dependent operations and exp_row computes two vectors side by side, where a row of
/// one 64-byte vector (8 doubles) has one chain and two vectors of 32 bytes have two; the entries past the last whole
/// vector take the scalar cta::exp, up to 7 doubles with 64 bytes, 3 with 32 (fewer cycles for the softmax of 8 x 8
/// scores in llvm-mca's Ice Lake server, Sapphire Rapids and Zen 4 models, with GCC and Clang). Those rows run a
/// function of their own (softmax_rows_32): in one function with the other width, GCC unrolled fewer of the loops
/// over the lanes of both, and the rows of 64 doubles took more instructions. The same operations on every lane, so
/// the same bits.
template <class R, class T>
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] void softmax_rows_32(R* w, const T* s, std::size_t rows,
                                                              std::size_t n) noexcept {
    for (std::size_t i = 0; i < rows; ++i)
        softmax_row_vectors<R, T, typename simd<R, 32>::type>(w + i * n, s + i * n, n);
}
template <class R, class T>
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] void softmax_rows(R* w, const T* s, std::size_t rows, std::size_t n) noexcept {
    if constexpr (vector_bytes > 32) {
        if (n < 2 * simd<R>::lanes) {
            softmax_rows_32(w, s, rows, n);
            return;
        }
    }
    for (std::size_t i = 0; i < rows; ++i) softmax_row_vectors<R, T, typename simd<R>::type>(w + i * n, s + i * n, n);
}
#else
/// One row of softmax at run time where there are no vectors (microcontrollers, CTA_HAVE_VECTORS=0), n entries, one
/// copy per pair of element types: the results of the constant-evaluation loop (softmax_row below), bit for bit,
/// with less work per entry, which counts where double is computed in software:
/// - no scan for NaN and infinities: the row's maximum is found with x > max alone (as that loop finds it), then
///   w[j] = exp(x_j - max) and their sum. A row is special exactly when that sum is NaN: a NaN entry gives exp(NaN);
///   a maximum of +inf gives exp(inf - inf) for that entry, and a maximum of -inf (every entry -inf or NaN)
///   exp(-inf + inf); while in an ordinary row every term is an exp of an argument <= 0 (or -inf), at most 1. Only
///   then is the row scanned, and special_row writes its weights. The test is on the sum's bits (an integer
///   comparison, where x != x is a call of the software floating point).
/// - no comparison with max + underflow per entry: where the loop gives 0 without computing exp (x_j below
///   b = max + exp_underflow rounded), exp(x_j - max) is +0 too. For x_j < b, x_j <= b - u with u the spacing of the
///   numbers at b, and b <= max + exp_underflow + u / 2, so x_j - max <= exp_underflow - u / 2 before rounding, at
///   most exp_underflow after (a representable number: rounding keeps the order), where exp underflows to +0
///   (below -745.14 for double, -103.98 for float; an entry of -inf gives exp(-inf) = +0).
template <class R, class T>
CTA_DETAIL_TARGET_TAG [[gnu::noinline]] void softmax_row_plain(R* w, const T* s, std::size_t n) noexcept {
    using U = std::conditional_t<sizeof(R) == 8, std::uint64_t, std::uint32_t>;
    constexpr U magnitude = ~U{} >> 1, infinity = std::bit_cast<U>(std::numeric_limits<R>::infinity());
    R max = -std::numeric_limits<R>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
        const auto x = static_cast<R>(s[j]);
        if (x > max) max = x;
    }
    R sum = 0;
    for (std::size_t j = 0; j < n; ++j) sum += (w[j] = exp(static_cast<R>(s[j]) - max));
    if ((std::bit_cast<U>(sum) & magnitude) > infinity) {  // NaN: a special row
        bool nan = false;
        std::size_t infinities = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const auto x = static_cast<R>(s[j]);
            nan = nan || x != x;
            infinities += x == std::numeric_limits<R>::infinity();
        }
        special_row(w, s, n, nan, infinities);
        return;
    }
    for (std::size_t j = 0; j < n; ++j) w[j] /= sum;
}
#endif

/// One row of softmax (see softmax below): w = softmax(s) in R.
template <class R, class T, std::size_t N>
CTA_DETAIL_TARGET_TAG constexpr void softmax_row(R (&w)[N], const T (&s)[N]) noexcept {
    constexpr R inf = std::numeric_limits<R>::infinity();
#if CTA_HAVE_VECTORS
    if constexpr (has_vectors<R>) {
        if (!detail::is_constant_evaluated()) {  // run time: the same operations, several at a time where they can be
            softmax_rows(w, s, 1, N);
            return;
        }
    }
#else
    if (!detail::is_constant_evaluated()) {  // run time: the same operations, the special rows found by their sum
        softmax_row_plain(w, s, N);
        return;
    }
#endif
    R max = -inf;
    bool nan = false;
    std::size_t infinities = 0;
    for (std::size_t j = 0; j < N; ++j) {
        const auto x = static_cast<R>(s[j]);
#if CTA_DETAIL_NAN_FIRST
        if (x != x) {
            nan = true;
        } else if (x > max) {
            max = x;
        }
#else
        if (x > max) {
            max = x;
        } else if (x != x) {
            nan = true;
        }
#endif
        if (x == inf) ++infinities;
    }
    if (nan || max == -inf || max == inf) {
        special_row(w, s, N, nan, infinities);
        return;
    }
    // One statement per element (a statement is a step of Clang's constant-evaluation budget):
    // w[j] = e = exp(x - max), or 0 below the underflow threshold; sum += e.
    R sum = 0;
    for (std::size_t j = 0; j < N; ++j)
        sum += (w[j] = static_cast<R>(s[j]) < max + exp_underflow<R> ? R(0) : exp(static_cast<R>(s[j]) - max));
    for (std::size_t j = 0; j < N; ++j) w[j] /= sum;
}

/// w = softmax(s) at run time for `rows` rows of n entries each, one after the other at w and s: softmax_rows, or
/// row by row where there are no vectors.
template <class R, class T>
CTA_DETAIL_TARGET_TAG inline void softmax_rows_run_time(R* w, const T* s, std::size_t rows, std::size_t n) noexcept {
#if CTA_HAVE_VECTORS
    softmax_rows(w, s, rows, n);
#else
    for (std::size_t i = 0; i < rows; ++i) softmax_row_plain(w + i * n, s + i * n, n);
#endif
}

/// Whether softmax_into computes a Rows x N matrix of R at run time by softmax_short_rows: rows that do not fill
/// whole vectors, at most short_rows_entries entries.
template <class R, std::size_t Rows, std::size_t N>
inline constexpr bool softmax_by_short_rows =
#if CTA_HAVE_VECTORS
    N % simd<R>::lanes != 0 && Rows * N <= short_rows_entries;
#else
    false;
#endif

/// w = softmax(s) row by row, written into w (the shape of s, elements of double or float).
template <class W, class M>
CTA_DETAIL_TARGET_TAG constexpr void softmax_into(W& w, const M& s) noexcept {
#if CTA_HAVE_VECTORS
    if constexpr (has_vectors<typename W::value_type>) {
        if (!detail::is_constant_evaluated()) {
            if constexpr (softmax_by_short_rows<typename W::value_type, M::rows, M::cols>) {
                if (!softmax_short_rows<typename W::value_type, M::rows, M::cols>(&w.elems[0][0], &s.elems[0][0]))
                    softmax_rows(&w.elems[0][0], &s.elems[0][0], M::rows, M::cols);
            } else {
                softmax_rows(&w.elems[0][0], &s.elems[0][0], M::rows, M::cols);
            }
            return;
        }
    }
#else
    if (!detail::is_constant_evaluated()) {
        softmax_rows_run_time(&w.elems[0][0], &s.elems[0][0], M::rows, M::cols);
        return;
    }
#endif
    for (std::size_t i = 0; i < M::rows; ++i) softmax_row(w.elems[i], s.elems[i]);
}

}  // namespace detail

/// @brief Row-wise softmax: `w(i, j) = exp(s(i, j) - m_i) / sum_k exp(s(i, k) - m_i)` with `m_i = max_k s(i, k)`.
///
/// Subtracting the row maximum changes nothing mathematically and keeps every exponent <= 0, so no `exp`
/// overflows and the largest term is exactly 1. Computed in `real_t<Real, T>`: `Real` if given, else `T` if `T` is
/// floating, else `double` (`cta::softmax<float>(scores)` asks for `float`); it must be `double` or `float`.
///
/// Rows with special values (documented in docs/numerics.md):
/// - an entry of -inf gets weight exactly 0 (a masked entry);
/// - a row whose entries are all -inf (fully masked) gets weight 0 everywhere: it attends to nothing;
/// - a row with +inf entries shares weight 1 equally among them, 0 elsewhere (the limit of a huge score);
/// - a row with a NaN entry is NaN everywhere.
/// Entries more than the `exp` underflow threshold below the row maximum get weight 0 without computing the
/// difference, so rows that span the whole double range (±1e308) neither overflow nor produce NaN.
template <class Real = void, matrix_type M>
CTA_DETAIL_TARGET_TAG constexpr rebind_t<M, real_t<Real, typename M::value_type>> softmax(const M& s) noexcept {
    using R = real_t<Real, typename M::value_type>;
    static_assert(std::is_same_v<R, double> || std::is_same_v<R, float>,
                  "cta::softmax<Real>(s) computes in double or float (cta::exp has those two): for long double "
                  "scores, ask for double with cta::softmax<double>(s)");
    rebind_t<M, R> w;
    detail::softmax_into(w, s);
    return w;
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
