// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief NumPy's `.npy` files as matrices: `cta::weights::load_npy<M>(bytes)` and `try_load_npy<M>(bytes)`, in a
/// constant evaluation or at run time, without allocating.
///
/// The format (numpy/lib/format.py): the magic string "\x93NUMPY", the format version (two bytes: 1.0, 2.0 or 3.0),
/// the header's length (2 bytes little-endian in version 1.0, 4 bytes in 2.0 and 3.0), the header, then the data.
/// The header is a Python dict literal with exactly the keys 'descr' (the dtype, e.g. '<f4'), 'fortran_order' (True
/// or False) and 'shape' (a tuple of integers), padded with spaces and ended by '\n'.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/weights/dtype.hpp>
#include <cta/weights/json.hpp>
#include <cta/weights/result.hpp>

namespace cta::weights {

namespace detail {

/// A position in the bytes [pos, end) of an .npy header, read as a Python literal (whitespace as in JSON).
template <class Byte>
struct python_reader : json_reader<Byte> {
    using json_reader<Byte>::file;
    using json_reader<Byte>::pos;
    using json_reader<Byte>::end;
    using json_reader<Byte>::peek;
    using json_reader<Byte>::skip_whitespace;
    using json_reader<Byte>::consume;

    /// Whitespace, then a string in single or double quotes: its content is [begin, finish).
    CTA_DETAIL_TARGET_TAG constexpr bool string(std::size_t& begin, std::size_t& finish) noexcept {
        skip_whitespace();
        const unsigned char quote = peek();
        if (pos >= end || (quote != '\'' && quote != '"')) return false;
        begin = ++pos;
        for (; pos < end; ++pos) {  // a backslash and the character after it are one character of the string
            const unsigned char c = file[pos];
            if (c == quote || c == '\n') break;
            if (c == '\\') ++pos;
        }
        if (pos >= end || file[pos] != quote) return false;
        finish = pos++;
        return true;
    }
    /// Whether [begin, finish) holds the characters of `w`.
    CTA_DETAIL_TARGET_TAG constexpr bool is(std::size_t begin, std::size_t finish, const char* w) const noexcept {
        for (; begin < finish; ++begin, ++w)
            if (*w == '\0' || file[begin] != static_cast<unsigned char>(*w)) return false;
        return *w == '\0';
    }
    /// The identifier at pos (letters), consumed: True, False, None.
    CTA_DETAIL_TARGET_TAG constexpr bool word(const char* w) noexcept {
        skip_whitespace();
        std::size_t begin = pos;
        while (pos < end && ((file[pos] >= 'A' && file[pos] <= 'Z') || (file[pos] >= 'a' && file[pos] <= 'z'))) ++pos;
        return is(begin, pos, w);
    }
    /// Whitespace, then a decimal integer: `is_count` when it has no sign and fits in std::size_t.
    CTA_DETAIL_TARGET_TAG constexpr bool integer(bool& is_count, std::size_t& value) noexcept {
        skip_whitespace();
        is_count = true;
        value = 0;
        if (peek() == '-' || peek() == '+') {
            is_count = peek() == '+';
            ++pos;
        }
        if (peek() < '0' || peek() > '9' || pos >= end) return false;
        while (pos < end && peek() >= '0' && peek() <= '9') {
            const auto digit = static_cast<std::size_t>(peek() - '0');
            if (value > (static_cast<std::size_t>(-1) - digit) / 10) is_count = false;
            value = value * 10 + digit;
            ++pos;
        }
        return true;
    }
    /// Whitespace, then a literal (a string, a number, True, False, None, a tuple, a list), consumed.
    CTA_DETAIL_TARGET_TAG constexpr bool skip_value(int depth = 0) noexcept {
        skip_whitespace();
        std::size_t b = 0;
        std::size_t e = 0;
        const unsigned char c = peek();
        if (pos >= end || depth > 64) return false;
        if (c == '\'' || c == '"') return string(b, e);
        if (c == '(' || c == '[') {
            const char close = c == '(' ? ')' : ']';
            ++pos;
            while (!consume(close)) {
                if (!skip_value(depth + 1)) return false;
                if (!consume(',')) return consume(close);
            }
            return true;
        }
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
            const std::size_t at = pos;
            if (word("True")) return true;
            pos = at;
            if (word("False")) return true;
            pos = at;
            return word("None");
        }
        bool is_count = false;
        std::size_t v = 0;
        if (!integer(is_count, v)) return false;
        while (pos < end && ((peek() >= '0' && peek() <= '9') || peek() == '.' || peek() == 'e' || peek() == 'E' ||
                             peek() == '-' || peek() == '+'))
            ++pos;
        return true;
    }
};

/// The dtype of an .npy descr ('<f4'), or the reason it has none.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr status npy_dtype(const python_reader<Byte>& r, std::size_t begin, std::size_t finish,
                                                 dtype& d) noexcept {
    if (finish - begin != 3) return status::unsupported_dtype;
    const unsigned char order = r.file[begin];
    const unsigned char kind = r.file[begin + 1];
    const unsigned char size = r.file[begin + 2];
    d = kind == 'f' && size == '2'   ? dtype::f16
        : kind == 'f' && size == '4' ? dtype::f32
        : kind == 'f' && size == '8' ? dtype::f64
        : kind == 'i' && size == '1' ? dtype::i8
        : kind == 'i' && size == '2' ? dtype::i16
        : kind == 'i' && size == '4' ? dtype::i32
        : kind == 'i' && size == '8' ? dtype::i64
        : kind == 'u' && size == '1' ? dtype::u8
                                     : dtype::none;
    if (d == dtype::none || (order != '<' && order != '>' && order != '|' && order != '=')) {
        d = dtype::none;
        return status::unsupported_dtype;
    }
    if (dtype_size(d) == 1 || order == '<') return status::ok;
    if (order == '>') return status::big_endian;
    d = dtype::none;
    return status::unsupported_dtype;  // '|' or '=' for a multi-byte type
}

/// Reads an .npy file into M, or says why not.
template <class M, class Byte>
CTA_DETAIL_TARGET_TAG constexpr result<M> read_npy(file_view<Byte> f) noexcept {
    result<M> out;
    const auto fail = [&out](status s, std::size_t at) {
        out.reason = s;
        out.offset = at;
        return out;
    };
    constexpr unsigned char magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    for (std::size_t k = 0; k < 6 && k < f.size; ++k)
        if (f[k] != magic[k]) return fail(status::bad_magic, k);
    if (f.size < 10) return fail(status::truncated, f.size);
    const unsigned char major = f[6];
    const unsigned char minor = f[7];
    if (major < 1 || major > 3 || minor != 0) return fail(status::unsupported_version, 6);
    const std::size_t length_size = major == 1 ? 2 : 4;
    if (f.size < 8 + length_size) return fail(status::truncated, f.size);
    const std::size_t header = 8 + length_size;
    const std::uint64_t length = read_little_endian(f.data, 8, length_size);
    if (length > f.size - header) return fail(status::header_too_long, 8);
    const std::size_t data = header + static_cast<std::size_t>(length);
    if (length == 0 || f[data - 1] != '\n') return fail(status::header_not_terminated, data);

    python_reader<Byte> r{{f, header, data - 1}};
    if (!r.consume('{')) return fail(status::malformed_header, r.pos);
    bool seen_descr = false;
    bool seen_order = false;
    bool seen_shape = false;
    element_count count;
    while (!r.consume('}')) {
        std::size_t b = 0;
        std::size_t e = 0;
        const std::size_t key_at = r.pos;
        if (!r.string(b, e) || !r.consume(':')) return fail(status::malformed_header, r.pos);
        if (r.is(b, e, "descr") && !seen_descr) {
            seen_descr = true;
            std::size_t vb = 0;
            std::size_t ve = 0;
            const std::size_t at = r.pos;
            if (!r.string(vb, ve)) {
                r.pos = at;
                return fail(r.skip_value() ? status::unsupported_dtype : status::malformed_header, at);
            }
            const status s = npy_dtype(r, vb, ve, out.file.type);
            if (s != status::ok) return fail(s, vb);
        } else if (r.is(b, e, "fortran_order") && !seen_order) {
            seen_order = true;
            const std::size_t at = r.pos;
            out.file.fortran_order = r.word("True");
            if (!out.file.fortran_order) {
                r.pos = at;
                if (!r.word("False")) return fail(status::malformed_header, at);
            }
        } else if (r.is(b, e, "shape") && !seen_shape) {
            seen_shape = true;
            const std::size_t at = r.pos;
            if (!r.consume('(')) return fail(r.skip_value() ? status::bad_shape : status::malformed_header, at);
            if (!r.consume(')')) {
                while (true) {
                    bool is_count = false;
                    std::size_t n = 0;
                    const std::size_t dim_at = r.pos;
                    if (!r.integer(is_count, n)) {
                        r.pos = dim_at;
                        return fail(r.skip_value() ? status::bad_shape : status::malformed_header, dim_at);
                    }
                    const unsigned char next = r.peek();
                    if (!is_count || next == '.' || next == 'e' || next == 'E' || next == 'j' || next == 'J')
                        return fail(status::bad_shape, dim_at);  // negative, too large, or not an integer
                    if (out.file.rank < max_recorded_rank) out.file.shape[out.file.rank] = n;
                    ++out.file.rank;
                    count.times(n);
                    if (r.consume(',')) {
                        if (r.consume(')')) break;
                        continue;
                    }
                    if (!r.consume(')')) return fail(status::malformed_header, r.pos);
                    if (out.file.rank == 1) return fail(status::bad_shape, at);  // "(3)" is 3, not a tuple
                    break;
                }
            }
        } else {
            return fail(status::malformed_header, key_at);
        }
        if (!r.consume(',')) {
            if (!r.consume('}')) return fail(status::malformed_header, r.pos);
            break;
        }
    }
    r.skip_whitespace();
    if (r.pos != r.end) return fail(status::malformed_header, r.pos);
    if (!seen_descr || !seen_order || !seen_shape) return fail(status::malformed_header, header);

    std::size_t bytes = 0;
    if (!count.bytes(dtype_size(out.file.type), bytes)) return fail(status::data_size_mismatch, data);
    if (f.size - data < bytes) return fail(status::truncated, f.size);
    if (f.size - data > bytes) return fail(status::data_size_mismatch, data + bytes);
    if (!shape_fits<M>(out.file)) return fail(status::shape_mismatch, header);
    if (!converts_exactly<typename M::value_type>(out.file.type)) return fail(status::dtype_mismatch, header);
    out.value = read_matrix<M>(f, data, out.file);
    return out;
}

}  // namespace detail

/// @brief The .npy file `bytes` as a matrix `M`, or why it cannot be: `result<M>` (status, the file's dtype and
/// shape). `bytes` is an array of `unsigned char`, `char`, `signed char` or `std::byte`, or a contiguous range of them
/// with `data()` and `size()` (`std::array`, `std::span`, `std::vector`). M's element type is float, double or an
/// integer type; the file's shape must be M's (see shape_fits: (R, C), or (C,) for a 1 x C matrix, or () for 1 x 1),
/// and its dtype must convert exactly (converts_exactly). A Fortran-order 2-D array is read column by column.
template <matrix_type M, class Bytes>
CTA_DETAIL_TARGET_TAG constexpr result<M> try_load_npy(const Bytes& bytes) noexcept {
    static_assert(detail::loadable_element_v<typename M::value_type>,
                  "cta::weights::try_load_npy<M>(bytes): M's element type must be float, double or an integer type");
    return detail::read_npy<M>(detail::view_of(bytes));
}
/// @brief The same for the `size` bytes at `data`.
template <matrix_type M, class Byte>
    requires detail::byte_type_v<Byte>
CTA_DETAIL_TARGET_TAG constexpr result<M> try_load_npy(const Byte* data, std::size_t size) noexcept {
    static_assert(detail::loadable_element_v<typename M::value_type>,
                  "cta::weights::try_load_npy<M>(bytes): M's element type must be float, double or an integer type");
    return detail::read_npy<M>(detail::file_view<Byte>{data, size});
}

/// @brief The .npy file `bytes` as a matrix `M`. In a constant evaluation a file that does not load is a build error
/// naming the reason (`cta::weights::cannot_load`); at run time it stops the program (`try_load_npy` returns the
/// reason instead).
template <matrix_type M, class Bytes>
CTA_DETAIL_TARGET_TAG constexpr M load_npy(const Bytes& bytes) noexcept {
    return detail::value_or_stop(try_load_npy<M>(bytes), "");
}
/// @brief The same for the `size` bytes at `data`.
template <matrix_type M, class Byte>
    requires detail::byte_type_v<Byte>
CTA_DETAIL_TARGET_TAG constexpr M load_npy(const Byte* data, std::size_t size) noexcept {
    return detail::value_or_stop(try_load_npy<M>(data, size), "");
}

}  // namespace cta::weights
