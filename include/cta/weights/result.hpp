// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief What loading a tensor from a weight file gives: `cta::weights::result<M>`, the matrix or the reason it
/// could not be read (`cta::weights::status`), with the tensor's name and its dtype and shape as the file has them;
/// and the functions that stop a constant evaluation with that reason (`cta::weights::cannot_load`).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/weights/dtype.hpp>

namespace cta::weights {

/// @brief Why a tensor could not be loaded; `ok` when it was.
enum class status : unsigned char {
    ok,                     ///< loaded
    truncated,              ///< the file ends before its fixed prefix, or before the data its header describes
    bad_magic,              ///< an .npy file that does not start with "\x93NUMPY"
    unsupported_version,    ///< an .npy format version other than 1.0, 2.0 and 3.0
    header_too_long,        ///< the header length runs past the end of the file
    header_not_terminated,  ///< an .npy header not ending in '\n', or a safetensors header with more than spaces after its JSON
    malformed_header,       ///< the header (an .npy dict literal, safetensors JSON) does not parse, or lacks or repeats a key
    bad_shape,              ///< a dimension of a shape is not a non-negative integer (or the shape is not a tuple, a list)
    unsupported_dtype,      ///< a dtype other than F16, BF16, F32, F64, I8, I16, I32, I64 and U8
    big_endian,             ///< an .npy dtype stored big-endian ('>f4')
    data_size_mismatch,     ///< the data is not (product of the shape) x (dtype size) bytes
    offsets_out_of_range,   ///< safetensors data_offsets [begin, end] with begin > end or end past the data
    overlapping_offsets,    ///< two tensors of a safetensors file share bytes
    uncovered_data,         ///< bytes of a safetensors file's data that no tensor covers
    duplicate_name,         ///< two tensors of a safetensors file with the same name
    missing_tensor,         ///< no tensor of that name in the safetensors file
    shape_mismatch,         ///< the tensor's shape is not the matrix's (see docs/weights.md for 0-D and 1-D)
    dtype_mismatch,         ///< the tensor's dtype does not load exactly into the matrix's element type
    unexpected_tensor,      ///< a tensor of the file (under the prefix asked for) that the module does not have
    too_many_tensors        ///< more tensors in the file than the reader's capacity (a template argument)
};

/// @brief A sentence that says what `s` means.
CTA_DETAIL_TARGET_TAG constexpr const char* describe(status s) noexcept {
    switch (s) {
    case status::ok: return "loaded";
    case status::truncated: return "the file ends before the data its header describes";
    case status::bad_magic: return "not an .npy file: it does not start with \\x93NUMPY";
    case status::unsupported_version: return "an .npy format version other than 1.0, 2.0 and 3.0";
    case status::header_too_long: return "the header length runs past the end of the file";
    case status::header_not_terminated: return "the header does not end as the format requires";
    case status::malformed_header: return "the header does not parse, or lacks or repeats a key";
    case status::bad_shape: return "a dimension of the shape is not a non-negative integer";
    case status::unsupported_dtype: return "the dtype is not F16, BF16, F32, F64, I8, I16, I32, I64 or U8";
    case status::big_endian: return "the data is big-endian";
    case status::data_size_mismatch: return "the data is not the size of the shape times the dtype's size";
    case status::offsets_out_of_range: return "data_offsets outside the data, or begin after end";
    case status::overlapping_offsets: return "two tensors share bytes of the data";
    case status::uncovered_data: return "bytes of the data belong to no tensor";
    case status::duplicate_name: return "two tensors have the same name";
    case status::missing_tensor: return "no tensor of that name";
    case status::shape_mismatch: return "the tensor's shape is not the matrix's";
    case status::dtype_mismatch: return "the tensor's dtype does not load exactly into the matrix's element type";
    case status::unexpected_tensor: return "a tensor that the module does not have";
    case status::too_many_tensors: return "more tensors than the reader's capacity";
    }
    return "unknown";
}

/// @brief The most dimensions of a tensor that a result records (a file's tensor may have more: `rank` says how many).
inline constexpr std::size_t max_recorded_rank = 8;

/// @brief A tensor as its file describes it: dtype, number of dimensions and the first `max_recorded_rank` of them,
/// and (.npy) whether its data is in Fortran (column-major) order.
struct file_tensor {
    dtype type = dtype::none;                       ///< its dtype, `none` if not read
    std::size_t rank = 0;                           ///< its number of dimensions (0 for a scalar)
    std::size_t shape[max_recorded_rank] = {};      ///< its dimensions, outermost first
    bool fortran_order = false;                     ///< .npy: the data is column-major
};

/// @brief The name of a tensor, decoded from the file's JSON (or as asked for): its first 64 bytes and its length.
struct tensor_name {
    char chars[64] = {};     ///< the first min(size, 64) bytes, UTF-8
    std::size_t size = 0;    ///< the length of the whole name in bytes

    /// @brief Whether the name is `s` (`n` bytes).
    CTA_DETAIL_TARGET_TAG constexpr bool equals(const char* s, std::size_t n) const noexcept {
        if (n != size || n > sizeof chars) return false;
        for (std::size_t k = 0; k < n; ++k)
            if (chars[k] != s[k]) return false;
        return true;
    }
};

/// @brief The outcome of loading a tensor into a matrix `M`: `value` when `ok()`, otherwise the reason, the tensor
/// concerned (safetensors; empty for .npy), its dtype and shape as the file gives them (as far as they were read),
/// and the position in the file (bytes from its start) where the problem was found.
template <class M>
struct result {
    M value{};                      ///< the matrix (all zeros unless ok())
    status reason = status::ok;     ///< why not, or status::ok
    tensor_name tensor{};           ///< the tensor concerned
    file_tensor file{};             ///< the tensor's dtype and shape as in the file
    std::size_t offset = 0;         ///< where in the file the problem was found

    /// @brief True when the matrix was loaded.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool ok() const noexcept { return reason == status::ok; }
    /// @brief The same as ok().
    CTA_DETAIL_TARGET_TAG constexpr explicit operator bool() const noexcept { return ok(); }
};

namespace detail {

/// True for the byte types a file may be given in.
template <class B>
inline constexpr bool byte_type_v = std::is_same_v<B, unsigned char> || std::is_same_v<B, char> ||
                                    std::is_same_v<B, signed char> || std::is_same_v<B, std::byte>;

/// A file: its bytes and their number.
template <class Byte>
struct file_view {
    const Byte* data;
    std::size_t size;
    CTA_DETAIL_TARGET_TAG constexpr unsigned char operator[](std::size_t k) const noexcept {
        return static_cast<unsigned char>(data[k]);
    }
};

/// The bytes of a file given as an array of bytes.
template <class Byte, std::size_t N>
    requires byte_type_v<Byte>
CTA_DETAIL_TARGET_TAG constexpr file_view<Byte> view_of(const Byte (&bytes)[N]) noexcept {
    return {bytes, N};
}
/// The bytes of a file given as a contiguous range of bytes (std::array, std::span, std::vector...).
template <class Bytes>
    requires requires(const Bytes& b) {
        b.size();
        b.data();
    } && byte_type_v<std::remove_cvref_t<decltype(*std::declval<const Bytes&>().data())>>
CTA_DETAIL_TARGET_TAG constexpr auto view_of(const Bytes& bytes) noexcept {
    using Byte = std::remove_cvref_t<decltype(*bytes.data())>;
    return file_view<Byte>{bytes.data(), static_cast<std::size_t>(bytes.size())};
}

/// A name asked for: its characters and their number.
struct name_view {
    const char* data;
    std::size_t size;
};
/// A name given as a null-terminated string.
CTA_DETAIL_TARGET_TAG constexpr name_view name_of(const char* s) noexcept {
    std::size_t n = 0;
    while (s[n] != '\0') ++n;
    return {s, n};
}
/// A name given as a string with data() and size() (std::string_view, std::string).
template <class S>
    requires requires(const S& s) { s.size(); } &&
             std::is_same_v<std::remove_cvref_t<decltype(*std::declval<const S&>().data())>, char>
CTA_DETAIL_TARGET_TAG constexpr name_view name_of(const S& s) noexcept {
    return {s.data(), static_cast<std::size_t>(s.size())};
}

}  // namespace detail

/// @brief What stops a constant evaluation that could not load a tensor into `M`: `cta::weights::load` and
/// `load_npy` call the function of the reason, which in a constant evaluation calls a function that is not
/// `constexpr` and whose name says the reason, with `M` as its template argument. GCC's first error line is "call to
/// non-'constexpr' function 'void cta::weights::cannot_load::<reason>() [with M = <the matrix type>]'", after "in
/// 'constexpr' expansion of" lines with the calls (the tensor's name as the program spells it); Clang's first line is
/// "constexpr variable ... must be initialized by a constant expression", then "non-constexpr function
/// '<reason><<the matrix type>>' cannot be used in a constant expression" and "in call to '<function>(<values>)'"
/// with the values of the arguments below: the tensor's name, the file's dtype, rank and first two dimensions. At
/// run time these functions are not reached: `load` and `load_npy` stop the program (`__builtin_trap`) and
/// `try_load` and `try_load_npy` return the result.
namespace cannot_load {

///@{
/// Not constexpr: a constant evaluation that calls one stops with its name.
template <class M> void the_file_is_truncated() noexcept {}
template <class M> void the_file_is_not_npy_it_lacks_the_magic_string() noexcept {}
template <class M> void the_npy_format_version_is_not_1_2_or_3() noexcept {}
template <class M> void the_header_length_runs_past_the_end_of_the_file() noexcept {}
template <class M> void the_header_does_not_end_as_the_format_requires() noexcept {}
template <class M> void the_header_is_malformed() noexcept {}
template <class M> void a_dimension_of_the_shape_is_not_a_non_negative_integer() noexcept {}
template <class M> void the_dtype_is_not_supported() noexcept {}
template <class M> void the_data_is_big_endian() noexcept {}
template <class M> void the_data_size_is_not_the_shape_times_the_dtype_size() noexcept {}
template <class M> void the_data_offsets_are_out_of_range() noexcept {}
template <class M> void two_tensors_overlap_in_the_data() noexcept {}
template <class M> void bytes_of_the_data_belong_to_no_tensor() noexcept {}
template <class M> void two_tensors_have_the_same_name() noexcept {}
template <class M> void no_tensor_has_this_name() noexcept {}
template <class M> void the_tensor_shape_is_not_the_matrix_shape() noexcept {}
template <class M> void the_tensor_dtype_does_not_convert_exactly_to_the_matrix_element_type() noexcept {}
template <class M> void the_file_has_a_tensor_the_module_does_not_have() noexcept {}
template <class M> void the_file_has_more_tensors_than_the_capacity() noexcept {}
///@}

/// @brief Stops a constant evaluation with the reason `s`; the arguments are what Clang prints: the tensor's name
/// (the one asked for; "" for .npy), the file's dtype, its rank and first two dimensions, and the byte of the file
/// where the problem was found.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr void stop(status s, const char* tensor, const char* file_dtype, std::size_t file_rank,
                                          std::size_t file_dim0, std::size_t file_dim1, std::size_t at) noexcept {
    (void)tensor, (void)file_dtype, (void)file_rank, (void)file_dim0, (void)file_dim1, (void)at;
    switch (s) {
    case status::ok: return;
    case status::truncated: the_file_is_truncated<M>(); return;
    case status::bad_magic: the_file_is_not_npy_it_lacks_the_magic_string<M>(); return;
    case status::unsupported_version: the_npy_format_version_is_not_1_2_or_3<M>(); return;
    case status::header_too_long: the_header_length_runs_past_the_end_of_the_file<M>(); return;
    case status::header_not_terminated: the_header_does_not_end_as_the_format_requires<M>(); return;
    case status::malformed_header: the_header_is_malformed<M>(); return;
    case status::bad_shape: a_dimension_of_the_shape_is_not_a_non_negative_integer<M>(); return;
    case status::unsupported_dtype: the_dtype_is_not_supported<M>(); return;
    case status::big_endian: the_data_is_big_endian<M>(); return;
    case status::data_size_mismatch: the_data_size_is_not_the_shape_times_the_dtype_size<M>(); return;
    case status::offsets_out_of_range: the_data_offsets_are_out_of_range<M>(); return;
    case status::overlapping_offsets: two_tensors_overlap_in_the_data<M>(); return;
    case status::uncovered_data: bytes_of_the_data_belong_to_no_tensor<M>(); return;
    case status::duplicate_name: two_tensors_have_the_same_name<M>(); return;
    case status::missing_tensor: no_tensor_has_this_name<M>(); return;
    case status::shape_mismatch: the_tensor_shape_is_not_the_matrix_shape<M>(); return;
    case status::dtype_mismatch: the_tensor_dtype_does_not_convert_exactly_to_the_matrix_element_type<M>(); return;
    case status::unexpected_tensor: the_file_has_a_tensor_the_module_does_not_have<M>(); return;
    case status::too_many_tensors: the_file_has_more_tensors_than_the_capacity<M>(); return;
    }
}

}  // namespace cannot_load

namespace detail {

/// Whether a tensor of the file's shape `t` loads into M: shape (M::rows, M::cols); a 1-D shape (n,) when M is one
/// row of n columns; a 0-D shape (a scalar) when M is 1 x 1.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr bool shape_fits(const file_tensor& t) noexcept {
    if (t.rank == 0) return M::rows == 1 && M::cols == 1;
    if (t.rank == 1) return M::rows == 1 && t.shape[0] == M::cols;
    return t.rank == 2 && t.shape[0] == M::rows && t.shape[1] == M::cols;
}

/// The matrix M whose elements are the tensor `t` stored from byte `data` of `file` (row-major, or column-major when
/// t.fortran_order), for a `t` that shape_fits<M> and whose dtype converts_exactly to M's element type.
template <class M, class Byte>
CTA_DETAIL_TARGET_TAG constexpr M read_matrix(file_view<Byte> file, std::size_t data, const file_tensor& t) noexcept {
    M m{};
    const std::size_t size = dtype_size(t.type);
    const bool by_columns = t.fortran_order && t.rank == 2;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const std::size_t k = by_columns ? j * M::rows + i : i * M::cols + j;
            m.elems[i][j] =
                decode<typename M::value_type>(t.type, read_little_endian(file.data, data + k * size, size));
        }
    }
    return m;
}

/// The number of elements of a shape, multiplied in dimension by dimension: `fits` is false when it exceeds
/// std::size_t (a dimension 0 makes it 0 whatever the others).
struct element_count {
    std::size_t value = 1;
    bool overflow = false;
    bool zero = false;

    CTA_DETAIL_TARGET_TAG constexpr void times(std::size_t d) noexcept {
        if (d == 0) zero = true;
        else if (value > static_cast<std::size_t>(-1) / d) overflow = true;
        else value *= d;
    }
    /// The number of bytes of the elements of `element_size` bytes each, into `bytes`; false if it does not fit.
    CTA_DETAIL_TARGET_TAG constexpr bool bytes(std::size_t element_size, std::size_t& bytes) const noexcept {
        if (zero) {
            bytes = 0;
            return true;
        }
        if (overflow || (element_size != 0 && value > static_cast<std::size_t>(-1) / element_size)) return false;
        bytes = value * element_size;
        return true;
    }
};

/// The matrix of `r`, or: in a constant evaluation, the build stops naming the reason; at run time the program stops.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr M value_or_stop(const result<M>& r, const char* tensor) noexcept {
    if (r.ok()) return r.value;
    if (cta::detail::is_constant_evaluated()) {
        cannot_load::stop<M>(r.reason, tensor, dtype_name(r.file.type), r.file.rank, r.file.shape[0], r.file.shape[1],
                            r.offset);
        return r.value;
    }
    __builtin_trap();
}

}  // namespace detail

}  // namespace cta::weights
