// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Quantized matrices: integers whose type says which real values they stand for.
///
/// TensorFlow Lite stores a quantized tensor as integers `q` and, beside them, a scale and a zero point: `q` stands
/// for the real value `scale * (q - zero_point)`. In cta the scale and the zero point are part of the matrix's type,
/// as its shape is, so that an operation between matrices whose quantizations do not fit is a build error, and the
/// parameters each kernel derives from them (multipliers, shifts, offsets) are constants:
///
///     constexpr auto q = cta::quantized::affine(0.5F, -3);   // real = 0.5 (q + 3)
///     constexpr auto x = cta::quantized::quantize<std::int8_t, q>(cta::matrix<double, 1, 3>{{{0.0, 1.0, -2.0}}});
///     static_assert(x(0, 0) == -3 && x(0, 1) == -1 && x(0, 2) == -7);           // cta::quantized::qmatrix<
///     static_assert(cta::quantized::dequantize(x)(0, 2) == -2.0);               //   int8_t, 1, 3, q>
///
/// - `per_tensor` (made by `affine(scale, zero_point)`): one scale and one zero point for the whole matrix, as
///   TensorFlow Lite quantizes activations (asymmetric int8) and int16 tensors.
/// - `per_channel<N>` (made by `symmetric(scales)`): one scale per column and zero point 0, as TensorFlow Lite
///   quantizes the weights of a layer: a column of `W` (d_in x d_out, `x W` as in the real-valued tutorial) is an
///   output channel.
///
/// The scales are `float`s, as a `.tflite` file stores them, kept in the type by their bits (a template argument of
/// class type cannot hold a floating-point member on Clang before 18).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/quantize.hpp>

namespace cta::quantized {

namespace detail {
/// Whether a scale is positive and finite (false for NaN).
CTA_DETAIL_TARGET_TAG constexpr bool scale_positive_and_finite(float scale) noexcept {
#if CTA_DETAIL_NAN_FIRST
    return scale == scale && scale > 0.0F && scale <= std::numeric_limits<float>::max();
#else
    return scale > 0.0F && scale <= std::numeric_limits<float>::max();
#endif
}
/// Whether a zero point is a value of T.
template <class T>
CTA_DETAIL_TARGET_TAG constexpr bool zero_point_fits(std::int32_t zero_point) noexcept {
    return zero_point >= std::numeric_limits<T>::min() && zero_point <= std::numeric_limits<T>::max();
}
}  // namespace detail

/// @brief One scale and one zero point for a whole matrix: `real = scale() * (q - zero_point)`. A structural type,
/// for template arguments; make one with `affine`.
struct per_tensor {
    std::uint32_t scale_bits = 0;  ///< the scale, a float, by its bits
    /// @brief The integer that stands for the real 0.
    std::int32_t zero_point = 0;
    /// @brief The scale, a float.
    [[nodiscard]] constexpr float scale() const noexcept { return std::bit_cast<float>(scale_bits); }
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const per_tensor&, const per_tensor&) = default;
};

/// @brief The quantization `real = scale * (q - zero_point)`. Precondition (an error naming it in a constant
/// evaluation): `scale` positive and finite. The zero point is checked against the element type by the matrix that
/// carries it (`qmatrix`).
CTA_DETAIL_TARGET_TAG constexpr per_tensor affine(float scale, std::int32_t zero_point) noexcept {
    if (!detail::scale_positive_and_finite(scale)) {
        precondition::scale_must_be_positive_and_finite();
    }
    return {std::bit_cast<std::uint32_t>(scale), zero_point};
}

/// @brief One scale per column and zero point 0: `real(i, j) = scale(j) * q(i, j)`, TensorFlow Lite's symmetric
/// per-channel quantization of weights. A structural type; make one with `symmetric`.
template <std::size_t Channels>
struct per_channel {
    /// @brief The number of channels (columns).
    static constexpr std::size_t channels = Channels;
    /// @brief 0: the quantization is symmetric.
    static constexpr std::int32_t zero_point = 0;
    std::uint32_t scale_bits[Channels] = {};  ///< the scales, floats, by their bits
    /// @brief The scale of column `channel`, a float.
    [[nodiscard]] constexpr float scale(std::size_t channel) const noexcept {
        return std::bit_cast<float>(scale_bits[channel]);
    }
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const per_channel&, const per_channel&) = default;
};

/// @brief The per-channel quantization with these scales. Precondition: every scale positive and finite.
template <std::size_t Channels>
CTA_DETAIL_TARGET_TAG constexpr per_channel<Channels> symmetric(const float (&scales)[Channels]) noexcept {
    per_channel<Channels> q;
    for (std::size_t c = 0; c < Channels; ++c) {
        if (!detail::scale_positive_and_finite(scales[c])) {
            precondition::scale_must_be_positive_and_finite();
        }
        q.scale_bits[c] = std::bit_cast<std::uint32_t>(scales[c]);
    }
    return q;
}

namespace detail {
/// v, or -127 for -128: the range of symmetric int8 weights.
CTA_DETAIL_TARGET_TAG constexpr std::int8_t at_least_minus_127(std::int8_t v) noexcept {
    return v < -127 ? std::int8_t{-127} : v;
}
template <class Q>
inline constexpr bool is_per_tensor_v = std::is_same_v<Q, per_tensor>;
template <class Q>
inline constexpr bool is_per_channel_v = false;
template <std::size_t N>
inline constexpr bool is_per_channel_v<per_channel<N>> = true;
/// The number of scales of a per-channel quantization (0 for others).
template <class Q>
inline constexpr std::size_t channels_of = 0;
template <std::size_t N>
inline constexpr std::size_t channels_of<per_channel<N>> = N;
/// Whether a per-tensor quantization's zero point is a value of T (true for others).
template <class T, class Q>
constexpr bool zero_point_in_range(const Q& q) noexcept {
    if constexpr (is_per_tensor_v<Q>) {
        return zero_point_fits<T>(q.zero_point);
    } else {
        return true;
    }
}
}  // namespace detail

/// @brief A matrix of quantized integers (`std::int8_t`, `std::int16_t` or `std::int32_t`), R x C, whose real values
/// are given by `Quantization`, a `per_tensor` or a `per_channel<C>` value (see the file's description).
///
/// Rules (each a build error that names the type): the element type is one of the three; a per-tensor zero point is
/// a value of the element type; a per-channel quantization has one scale per column and int8 elements.
template <class T, std::size_t R, std::size_t C, auto Quantization>
struct qmatrix {
    /// @brief `T`, the integer type.
    using value_type = T;
    /// @brief `per_tensor` or `per_channel<C>`.
    using quantization_type = std::remove_const_t<decltype(Quantization)>;
    ///@{
    /// @brief The number of rows, `R`, and of columns, `C`.
    static constexpr std::size_t rows = R, cols = C;
    ///@}
    /// @brief The scale(s) and zero point: `Quantization`.
    static constexpr quantization_type quantization = Quantization;

    static_assert(is_quantized_type_v<T>, "cta::quantized::qmatrix<T, R, C, Q>: the elements of a quantized matrix "
                                          "are std::int8_t, std::int16_t or std::int32_t");
    static_assert(detail::is_per_tensor_v<quantization_type> || detail::is_per_channel_v<quantization_type>,
                  "cta::quantized::qmatrix<T, R, C, Q>: Q is a cta::quantized::per_tensor (affine(scale, zero_point))"
                  " or a cta::quantized::per_channel<C> (symmetric(scales))");
    static_assert(!is_quantized_type_v<T> || !detail::is_per_tensor_v<quantization_type> ||
                      detail::zero_point_in_range<T>(Quantization),
                  "cta::quantized::qmatrix<T, R, C, Q>: the zero point must be a value of the element type T");
    static_assert(!detail::is_per_channel_v<quantization_type> || detail::channels_of<quantization_type> == C,
                  "cta::quantized::qmatrix<T, R, C, Q>: a per-channel quantization needs one scale per column");
    static_assert(!detail::is_per_channel_v<quantization_type> || std::is_same_v<T, std::int8_t>,
                  "cta::quantized::qmatrix<T, R, C, Q>: per-channel quantization is for int8 weights");

    /// The integers, row after row (one array, so that the kernels walk it by pointer in a constant evaluation too).
    T elems[R * C]{};

    ///@{
    /// @brief The integer in row `r`, column `c`.
    [[nodiscard]] constexpr T operator()(std::size_t r, std::size_t c) const noexcept { return elems[r * C + c]; }
    [[nodiscard]] constexpr T& operator()(std::size_t r, std::size_t c) noexcept { return elems[r * C + c]; }
    ///@}
    ///@{
    /// @brief The first integer; the `R * C` integers follow it row by row.
    [[nodiscard]] constexpr const T* data() const noexcept { return elems; }
    [[nodiscard]] constexpr T* data() noexcept { return elems; }
    ///@}
    /// The integers as a `cta::matrix` (for printing and comparing with the checks of check.hpp).
    [[nodiscard]] constexpr matrix<T, R, C> values() const noexcept {
        matrix<T, R, C> m;
        for (std::size_t i = 0; i < R; ++i) {
            for (std::size_t j = 0; j < C; ++j) m(i, j) = elems[i * C + j];
        }
        return m;
    }
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const qmatrix&, const qmatrix&) = default;
};

/// @brief Whether M is a `qmatrix`.
template <class M>
inline constexpr bool is_qmatrix_v = false;
/// @brief True for a `qmatrix`.
template <class T, std::size_t R, std::size_t C, auto Q>
inline constexpr bool is_qmatrix_v<qmatrix<T, R, C, Q>> = true;

/// @brief The real matrix `m` quantized with `Q` as TensorFlow Lite's QUANTIZE computes it (quantize.hpp): per
/// tensor, each element with the scale and zero point; per channel, column j with scale(j) and zero point 0, clamped
/// to [-127, 127] as TensorFlow Lite clamps symmetric weights.
template <class T, auto Q, class Real, std::size_t R, std::size_t C>
CTA_DETAIL_TARGET_TAG constexpr qmatrix<T, R, C, Q> quantize(const matrix<Real, R, C>& m) noexcept {
    qmatrix<T, R, C, Q> q;
    // The scale and zero point checked once; then one statement per element (a step each of Clang's
    // constant-evaluation budget).
    if constexpr (detail::is_per_tensor_v<std::remove_const_t<decltype(Q)>>) {
        constexpr float scale = Q.scale();
        if (!detail::scale_and_zero_point_hold<T>(scale, Q.zero_point)) {
            return q;
        }
        for (std::size_t i = 0; i < R; ++i) {
            for (std::size_t j = 0; j < C; ++j)
                q.elems[i * C + j] =
                    detail::quantize_number<T>(static_cast<float>(m.elems[i][j]), scale, Q.zero_point);
        }
    } else {
        for (std::size_t j = 0; j < C; ++j) {
            const float scale = Q.scale(j);
            if (!detail::scale_and_zero_point_hold<T>(scale, 0)) {
                return q;
            }
            for (std::size_t i = 0; i < R; ++i)
                q.elems[i * C + j] = detail::at_least_minus_127(
                    detail::quantize_number<T>(static_cast<float>(m.elems[i][j]), scale, 0));
        }
    }
    return q;
}

/// @brief The real values of `q`: `scale * (q - zero_point)` (per channel, column j's scale), in `Real`.
template <class Real = double, class T, std::size_t R, std::size_t C, auto Q>
CTA_DETAIL_TARGET_TAG constexpr matrix<Real, R, C> dequantize(const qmatrix<T, R, C, Q>& q) noexcept {
    matrix<Real, R, C> m;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            if constexpr (detail::is_per_tensor_v<std::remove_const_t<decltype(Q)>>) {
                m(i, j) = static_cast<Real>(dequantize(q(i, j), static_cast<double>(Q.scale()), Q.zero_point));
            } else {
                m(i, j) = static_cast<Real>(dequantize(q(i, j), static_cast<double>(Q.scale(j)), 0));
            }
        }
    }
    return m;
}

}  // namespace cta::quantized
