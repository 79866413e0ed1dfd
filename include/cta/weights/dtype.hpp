// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The element types of weight files (`cta::weights::dtype`), how their little-endian bytes become values of
/// a matrix's element type, bit for bit, and which element types a file's dtype may be loaded into.
///
/// Values keep their bits: a float of the file is the same float in the matrix. A half-precision (F16) or bfloat16
/// (BF16) value becomes the float or double of the same value, subnormals, infinities and NaN payloads included: each
/// is widened by moving its sign, exponent and significand bits, never by arithmetic, so the result is the same in a
/// constant evaluation and at run time.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <cta/detail/target.hpp>

namespace cta::weights {

/// @brief The element type of a tensor in a file: safetensors' names (F16, BF16, F32, F64, I8, I16, I32, I64, U8),
/// which are also NumPy's little-endian '<f2', '<f4', '<f8', '|i1', '<i2', '<i4', '<i8' and '|u1' (BF16 has no NumPy
/// spelling). `none` until a file's dtype has been read.
enum class dtype : unsigned char { none, f16, bf16, f32, f64, i8, i16, i32, i64, u8 };

/// @brief The dtype's name as safetensors writes it ("F32"), or "none".
CTA_DETAIL_TARGET_TAG constexpr const char* dtype_name(dtype d) noexcept {
    switch (d) {
    case dtype::f16: return "F16";
    case dtype::bf16: return "BF16";
    case dtype::f32: return "F32";
    case dtype::f64: return "F64";
    case dtype::i8: return "I8";
    case dtype::i16: return "I16";
    case dtype::i32: return "I32";
    case dtype::i64: return "I64";
    case dtype::u8: return "U8";
    case dtype::none: break;
    }
    return "none";
}

/// @brief The size of one element in bytes (0 for `none`).
CTA_DETAIL_TARGET_TAG constexpr std::size_t dtype_size(dtype d) noexcept {
    switch (d) {
    case dtype::i8:
    case dtype::u8: return 1;
    case dtype::f16:
    case dtype::bf16:
    case dtype::i16: return 2;
    case dtype::f32:
    case dtype::i32: return 4;
    case dtype::f64:
    case dtype::i64: return 8;
    case dtype::none: break;
    }
    return 0;
}

/// @brief True for the binary floating-point dtypes (F16, BF16, F32, F64).
CTA_DETAIL_TARGET_TAG constexpr bool is_floating(dtype d) noexcept {
    return d == dtype::f16 || d == dtype::bf16 || d == dtype::f32 || d == dtype::f64;
}

namespace detail {

/// The layout of an IEEE 754 binary format: exponent bits and stored significand bits.
struct binary_format {
    int exponent_bits;
    int significand_bits;
};

/// The layout of a floating dtype.
CTA_DETAIL_TARGET_TAG constexpr binary_format format_of(dtype d) noexcept {
    switch (d) {
    case dtype::f16: return {5, 10};
    case dtype::bf16: return {8, 7};
    case dtype::f64: return {11, 52};
    default: return {8, 23};
    }
}

/// The layout of float or double.
template <class T>
CTA_DETAIL_TARGET_TAG constexpr binary_format format_of_type() noexcept {
    return std::is_same_v<T, float> ? binary_format{8, 23} : binary_format{11, 52};
}

/// True for a matrix element type the loaders fill: float and double (IEEE 754 binary32 and binary64), and the
/// integer types but bool.
template <class T>
inline constexpr bool loadable_element_v =
    ((std::is_same_v<T, float> || std::is_same_v<T, double>) && std::numeric_limits<T>::is_iec559) ||
    (std::is_integral_v<T> && !std::is_same_v<T, bool>);

/// The bits of the binary format `to` holding the value of `bits` in format `from`, where `to` has at least
/// `from`'s significand bits and exponent range: the sign is kept, the significand moved up (a NaN keeps its payload
/// and its quiet bit), the exponent rebiased; a subnormal of `from` is normalised when `to` has a wider exponent.
CTA_DETAIL_TARGET_TAG constexpr std::uint64_t widen(std::uint64_t bits, binary_format from, binary_format to) noexcept {
    const int shift = to.significand_bits - from.significand_bits;
    const std::uint64_t sign = (bits >> (from.exponent_bits + from.significand_bits)) & 1U;
    const std::uint64_t exponent_mask = (std::uint64_t{1} << from.exponent_bits) - 1;
    const std::uint64_t significand_mask = (std::uint64_t{1} << from.significand_bits) - 1;
    std::uint64_t exponent = (bits >> from.significand_bits) & exponent_mask;
    std::uint64_t significand = bits & significand_mask;
    const std::int64_t from_bias = (std::int64_t{1} << (from.exponent_bits - 1)) - 1;
    const std::int64_t to_bias = (std::int64_t{1} << (to.exponent_bits - 1)) - 1;
    std::uint64_t out_exponent = 0;
    if (exponent == exponent_mask) {
        out_exponent = (std::uint64_t{1} << to.exponent_bits) - 1;  // infinity or NaN
    } else if (exponent == 0 && significand != 0 && from_bias != to_bias) {
        // A subnormal: significand * 2^(1 - bias - significand_bits), normalised.
        std::int64_t e = 1 - from_bias;
        while ((significand & (std::uint64_t{1} << from.significand_bits)) == 0) {
            significand <<= 1U;
            --e;
        }
        significand &= significand_mask;
        out_exponent = static_cast<std::uint64_t>(e + to_bias);
    } else if (exponent != 0) {
        out_exponent = static_cast<std::uint64_t>(static_cast<std::int64_t>(exponent) - from_bias + to_bias);
    }
    // (exponent == 0 with the same bias: zero or a subnormal that stays one, the significand moved up.)
    return (sign << (to.exponent_bits + to.significand_bits)) | (out_exponent << to.significand_bits) |
           (significand << shift);
}

/// The unsigned integer of the size of T (float or double).
template <class T>
using bits_of_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

}  // namespace detail

/// @brief Whether values of dtype `d` load into a matrix of `T` (float, double or an integer type but bool): when
/// every value of `d` is a value of `T`, so that loading changes no value. Floating dtypes load into float and double
/// when the type has at least the dtype's significand bits and exponent range (F16, BF16 and F32 into float; all four
/// into double); integer dtypes into integer types whose range holds the dtype's (I8 into every signed type, U8 into
/// every type but signed char and other 8-bit signed types, I16 into 16-bit and wider signed types, ...). Floating
/// dtypes never load into integers, integer dtypes never into floating types.
template <class T>
CTA_DETAIL_TARGET_TAG constexpr bool converts_exactly(dtype d) noexcept {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        if (!is_floating(d)) return false;
        const detail::binary_format from = detail::format_of(d);
        const detail::binary_format to = detail::format_of_type<T>();
        return from.significand_bits <= to.significand_bits && from.exponent_bits <= to.exponent_bits;
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        if (is_floating(d) || d == dtype::none) return false;
        const int digits = std::numeric_limits<T>::digits;  // value bits, without the sign
        if (d == dtype::u8) return digits >= 8;
        const int source_digits = static_cast<int>(dtype_size(d)) * 8 - 1;
        return std::numeric_limits<T>::is_signed && digits >= source_digits;
    } else {
        return false;
    }
}

/// @brief The unsigned little-endian integer of `size` bytes (1 to 8) starting at `bytes[at]`, where `bytes` are
/// `unsigned char`, `char`, `signed char` or `std::byte`.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr std::uint64_t read_little_endian(const Byte* bytes, std::size_t at,
                                                                 std::size_t size) noexcept {
    std::uint64_t v = 0;
    for (std::size_t k = 0; k < size; ++k)
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[at + k])) << (8U * k);
    return v;
}

/// @brief The value of `T` whose dtype-`d` encoding is `bits` (the element's bytes read as a little-endian unsigned
/// integer), for a `d` that `converts_exactly<T>(d)`: floats keep their bits (F16 and BF16 widened exactly), integers
/// their value (sign-extended from the dtype's width). Other combinations give T{}.
template <class T>
CTA_DETAIL_TARGET_TAG constexpr T decode(dtype d, std::uint64_t bits) noexcept {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        using U = detail::bits_of_t<T>;
        if (!is_floating(d)) return T{};
        const detail::binary_format from = detail::format_of(d);
        const detail::binary_format to = detail::format_of_type<T>();
        if (from.exponent_bits == to.exponent_bits && from.significand_bits == to.significand_bits)
            return std::bit_cast<T>(static_cast<U>(bits));
        return std::bit_cast<T>(static_cast<U>(detail::widen(bits, from, to)));
    } else {
        if (is_floating(d) || d == dtype::none) return T{};
        const std::size_t width = dtype_size(d) * 8;
        if (d == dtype::u8) return static_cast<T>(bits);
        auto value = static_cast<std::int64_t>(bits);  // modular, C++20
        if (width < 64 && ((bits >> (width - 1)) & 1U) != 0) value -= std::int64_t{1} << (width - 1) << 1U;
        return static_cast<T>(value);
    }
}

}  // namespace cta::weights
