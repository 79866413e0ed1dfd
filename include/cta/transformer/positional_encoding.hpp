// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The sinusoidal positional encoding of "Attention Is All You Need" (section 3.5):
/// `cta::sinusoidal_positional_encoding<T, n, d>()`, the n x d matrix added to the embeddings of n tokens.
#pragma once

#include <cstddef>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/math.hpp>
#include <cta/math/trig.hpp>
#include <cta/matrix.hpp>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/target.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta {

namespace detail {
/// ln 10000 rounded to the nearest double (0x1.26bb1bbb55516p+3 = 9.21034037197618...; the checks of
/// tests/transformer/make_layer_reference.py hold it to within half an ulp of the 50-digit value).
inline constexpr double ln_10000 = 0x1.26bb1bbb55516p+3;
}  // namespace detail

/// @brief The sinusoidal positional encoding, an n x d matrix of `T` (`double` or `float`):
/// `PE(pos, 2i) = sin(pos / 10000^(2i / d))` and `PE(pos, 2i + 1) = cos(pos / 10000^(2i / d))` for positions
/// pos = 0 .. n - 1 (the rows) and i = 0 .. d/2 - 1, added to the token embeddings as `x + PE`.
///
/// Computed in `double` whatever `T`, and rounded to `T` once at the end: for each pair i, the frequency
/// w_i = cta::exp(-((2i * ln 10000) / d)) (ln 10000 rounded to double; 2i * ln 10000 and the quotient each rounded
/// once; w_0 = 1 exactly), then for each position the angle pos * w_i (rounded once), and `cta::sin` and `cta::cos`
/// of it (within 1 ulp for every argument).
///
/// Accuracy: the exponent carries at most 3 roundings of relative 2^-53 on a value below ln 10000 < 9.22 (absolute
/// 3.1e-15), so w_i is within 3.3e-15 relative of 10000^(-2i/d) (with exp's ulp) and the angle within 3.4e-15
/// relative, that is pos * 3.4e-15 absolute; sine and cosine move by no more than their argument. So every element in
/// double is within pos * 2^-48 + 2^-52 of the exact value (absolute), exact angles (column pair 0) within 1 ulp;
/// in float, within that plus the final rounding, 2^-25 for values below 1 (tests/transformer asserts both bounds
/// against 50-digit references).
///
/// Shape rule: d is even (the columns come in pairs, sine then cosine), or the build fails naming
/// `cta::op::positional_encoding` and the matrix type. (PyTorch tutorials that allow an odd d drop the last cosine;
/// here an odd d is an error.)
template <class T, std::size_t N, std::size_t D>
CTA_DETAIL_TARGET_TAG constexpr matrix<T, N, D> sinusoidal_positional_encoding() noexcept {
    static_assert(std::is_same_v<T, double> || std::is_same_v<T, float>,
                  "cta::sinusoidal_positional_encoding<T, n, d>() gives double or float");
    matrix<T, N, D> pe;
    if constexpr (D % 2 != 0) {
        static_assert(shapes_agree<op::positional_encoding, matrix<T, N, D>>,
                      "cta::sinusoidal_positional_encoding<T, n, d>(): d must be even, the columns are pairs of a "
                      "sine and a cosine");
        return matrix<T, N, D>{};
    } else {
        double frequency[D / 2];
        for (std::size_t i = 0; i < D / 2; ++i)
            frequency[i] = exp(-(static_cast<double>(2 * i) * detail::ln_10000 / static_cast<double>(D)));
        for (std::size_t pos = 0; pos < N; ++pos) {
            for (std::size_t i = 0; i < D / 2; ++i) {
                const double angle = static_cast<double>(pos) * frequency[i];
                pe.elems[pos][2 * i] = static_cast<T>(sin(angle));
                pe.elems[pos][2 * i + 1] = static_cast<T>(cos(angle));
            }
        }
        return pe;
    }
}

}  // namespace cta

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
