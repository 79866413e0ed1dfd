// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A PyTorch `state_dict` in a `.safetensors` file, read by PyTorch's names into a module of
/// `<cta/pytorch/nn.hpp>`: `cta::pytorch::load<Module>(bytes, "prefix.")` and `try_load`, in a constant evaluation
/// or at run time, without allocating. The file is checked once (`cta::weights::detail::index_safetensors`); then
/// every tensor the module has is read by its name, with PyTorch's layout turned into the library's (an
/// `nn.Linear`'s `out x in` weight transposed into `in x out`; `in_proj_weight`'s three blocks of rows split into the
/// query, key and value weights). Every tensor of the file whose name starts with the prefix must be one of the
/// module's (`status::unexpected_tensor` otherwise), as `load_state_dict(strict=True)` requires. Nothing is half
/// loaded: a module that does not load is all zeros, with the reason and the tensor concerned.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/weights/dtype.hpp>
#include <cta/weights/json.hpp>
#include <cta/weights/result.hpp>
#include <cta/weights/safetensors.hpp>

namespace cta::pytorch {

/// @brief The most tensors a file may hold for `load` and `try_load` by default (their second template argument):
/// the reader keeps 5 numbers per tensor, 40 bytes on a 64-bit machine, on the stack at run time.
inline constexpr std::size_t default_capacity = 512;

/// @brief A tensor's name as the loader builds it: the prefix, then the module's path (`"layers.0.self_attn."`), then
/// the tensor's own name; at most 255 bytes (a longer name is reported as missing). It keeps the strings it was made
/// of (`parts`, the literals of the program and of the modules) and the layer's index, which a build error shows.
struct tensor_key {
    char chars[256] = {};             ///< the bytes of the name
    std::size_t size = 0;             ///< its length
    bool too_long = false;            ///< a part did not fit
    const char* parts[6] = {"", "", "", "", "", ""};  ///< the strings appended (the first six)
    std::size_t part_count = 0;       ///< how many were appended
    std::size_t layer = static_cast<std::size_t>(-1);  ///< the index appended by `index`, if any

    /// @brief This key followed by the `n` bytes of `s`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr tensor_key plus(const char* s, std::size_t n) const noexcept {
        tensor_key k = *this;
        if (k.part_count < 6) k.parts[k.part_count] = s;
        ++k.part_count;
        for (std::size_t i = 0; i < n; ++i) {
            if (k.size + 1 >= sizeof k.chars) {
                k.too_long = true;
                break;
            }
            k.chars[k.size++] = s[i];
        }
        return k;
    }
    /// @brief This key followed by the null-terminated `s`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr tensor_key operator+(const char* s) const noexcept {
        std::size_t n = 0;
        while (s[n] != '\0') ++n;
        return plus(s, n);
    }
    /// @brief This key followed by the decimal digits of `i` and a dot: `"layers."` then 3 is `"layers.3."`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr tensor_key index(std::size_t i) const noexcept {
        char digits[24] = {};
        std::size_t n = 0;
        std::size_t v = i;
        do {
            digits[n++] = static_cast<char>('0' + v % 10);
            v /= 10;
        } while (v != 0);
        tensor_key k = *this;
        k.layer = i;
        for (std::size_t d = 0; d <= n; ++d) {
            if (k.size + 1 >= sizeof k.chars) {
                k.too_long = true;
                break;
            }
            k.chars[k.size++] = d < n ? digits[n - 1 - d] : '.';
        }
        return k;
    }
};

/// @brief How a tensor of the file becomes a matrix: the file's shape (`rank` 1 or 2, `dims`), and which part of it,
/// in which orientation. `first_row` and the matrix's size select a block of rows of a 2-D tensor (or of elements of
/// a 1-D one); `transposed` reads the block's transpose (PyTorch's `out x in` weights as the library's `in x out`).
struct tensor_layout {
    std::size_t rank = 2;              ///< 1 or 2
    std::size_t dims[2] = {0, 0};      ///< the file's shape, outermost first (dims[1] unused for rank 1)
    std::size_t first_row = 0;         ///< the block's first row (rank 2) or first element (rank 1)
    bool transposed = false;           ///< the matrix is the block's transpose
};

/// @brief The layout of PyTorch's weight of `nn.Linear(in, out)`, `out x in`, read as the library's `in x out`.
CTA_DETAIL_TARGET_TAG constexpr tensor_layout transposed_weight(std::size_t out, std::size_t in,
                                                                std::size_t first_row = 0,
                                                                std::size_t rows_in_file = 0) noexcept {
    return {2, {rows_in_file == 0 ? out : rows_in_file, in}, first_row, true};
}
/// @brief The layout of a vector of n (a bias, a gain), read as one row, from element `first` of a vector of `size`.
CTA_DETAIL_TARGET_TAG constexpr tensor_layout vector_of(std::size_t n, std::size_t first = 0,
                                                        std::size_t size = 0) noexcept {
    return {1, {size == 0 ? n : size, 0}, first, false};
}
/// @brief The layout of a `rows x cols` tensor read as it is (an `nn.Embedding`'s table).
CTA_DETAIL_TARGET_TAG constexpr tensor_layout as_stored(std::size_t rows, std::size_t cols) noexcept {
    return {2, {rows, cols}, 0, false};
}

namespace detail {

using weights::status;
using weights::detail::file_view;
using weights::detail::indexed_tensor;
using weights::detail::safetensors_index;

/// Stops a constant evaluation at the tensor that does not load (`cta::pytorch::load`): the reason's function of
/// `cta::weights::cannot_load` with the matrix type `M`; the arguments are what Clang prints, the strings the
/// tensor's name was made of (the prefix, the modules' parts, the tensor's own name), the layer's index (the largest
/// std::size_t if none), the file's dtype, rank and first two dimensions and the offset; GCC shows the name in its
/// "in 'constexpr' expansion of" lines, the calls that read the tensor.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr void cannot_read(status s, const char* part_1, const char* part_2, const char* part_3,
                                                 const char* part_4, const char* part_5, const char* part_6,
                                                 std::size_t layer, const char* file_dtype, std::size_t file_rank,
                                                 std::size_t file_dim0, std::size_t file_dim1,
                                                 std::size_t at) noexcept {
    (void)part_1, (void)part_2, (void)part_3, (void)part_4, (void)part_5, (void)part_6, (void)layer;
    weights::cannot_load::stop<M>(s, part_1, file_dtype, file_rank, file_dim0, file_dim1, at);
}

/// Whether the indexed tensor's name decodes to `key`.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool name_is(file_view<Byte> f, const indexed_tensor& t, const char* key,
                                             std::size_t n) noexcept {
    return t.name_size == n && weights::detail::json_string_equals(f, t.name_begin, t.name_end, key, n);
}

/// Whether the indexed tensor's name starts with the `n` bytes of `prefix`.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool name_starts_with(file_view<Byte> f, const indexed_tensor& t, const char* prefix,
                                                      std::size_t n) noexcept {
    if (t.name_size < n) return false;
    weights::detail::json_string_bytes<Byte> bytes{f, t.name_begin, t.name_end};
    unsigned char c = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (!bytes.next(c) || c != static_cast<unsigned char>(prefix[k])) return false;
    }
    return true;
}

/// What reads a module's tensors from an indexed file: each `read(m, key, layout)` finds the tensor `key`, checks
/// its shape and dtype and reads it into `m`, or records the first problem (then reads nothing more); `used` marks
/// the file's tensors read.
template <class Byte, std::size_t Capacity>
struct state_dict_reader {
    const safetensors_index<Byte, Capacity>& ix;
    double layer_norm_eps = 1e-5;
    bool stop_here = false;  ///< `load` in a constant evaluation: a tensor that does not load stops the build here
    bool used[Capacity] = {};
    status reason = status::ok;
    weights::tensor_name tensor{};
    weights::file_tensor file{};
    std::size_t offset = 0;

    template <class M>
    CTA_DETAIL_TARGET_TAG constexpr void fail(status s, const tensor_key& key, const weights::file_tensor& t,
                                              std::size_t at) noexcept {
        if (stop_here && cta::detail::is_constant_evaluated())
            cannot_read<M>(s, key.parts[0], key.parts[1], key.parts[2], key.parts[3], key.parts[4], key.parts[5],
                           key.layer, weights::dtype_name(t.type), t.rank, t.shape[0], t.shape[1], at);
        reason = s;
        for (std::size_t k = 0; k < key.size && k < sizeof tensor.chars; ++k) tensor.chars[k] = key.chars[k];
        tensor.size = key.size;
        file = t;
        offset = at;
    }

    template <class M>
    CTA_DETAIL_TARGET_TAG constexpr void read(M& m, const tensor_key& key, const tensor_layout& layout) noexcept {
        using T = typename M::value_type;
        if (reason != status::ok) return;
        std::size_t found = Capacity;
        if (!key.too_long) {
            for (std::size_t k = 0; k < ix.count; ++k) {
                if (name_is(ix.file, ix.tensors[k], key.chars, key.size)) {
                    found = k;
                    break;
                }
            }
        }
        if (found == Capacity) {
            fail<M>(status::missing_tensor, key, {}, 8);
            return;
        }
        const indexed_tensor& t = ix.tensors[found];
        const weights::file_tensor ft = weights::detail::indexed_entry(ix, t);
        const std::size_t at = t.name_begin - 1;
        // The block must lie inside the file's tensor, whose shape must be the layout's.
        const std::size_t block_rows = layout.rank == 1 ? 1 : (layout.transposed ? M::cols : M::rows);
        const std::size_t block_cols = layout.rank == 1 ? M::cols : (layout.transposed ? M::rows : M::cols);
        bool fits = ft.rank == layout.rank && ft.shape[0] == layout.dims[0] &&
                    (layout.rank == 1 || ft.shape[1] == layout.dims[1]);
        if (layout.rank == 1) {
            fits = fits && M::rows == 1 && layout.first_row + block_cols <= layout.dims[0];
        } else {
            fits = fits && block_cols == layout.dims[1] && layout.first_row + block_rows <= layout.dims[0];
        }
        if (!fits) {
            fail<M>(status::shape_mismatch, key, ft, at);
            return;
        }
        if (!weights::converts_exactly<T>(ft.type)) {
            fail<M>(status::dtype_mismatch, key, ft, at);
            return;
        }
        const std::size_t size = weights::dtype_size(ft.type);
        const std::size_t data = ix.data() + t.begin;
        const std::size_t row_length = layout.rank == 1 ? 0 : layout.dims[1];
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) {
                std::size_t k = 0;
                if (layout.rank == 1) k = layout.first_row + j;
                else if (layout.transposed) k = (layout.first_row + j) * row_length + i;
                else k = (layout.first_row + i) * row_length + j;
                m.elems[i][j] = weights::decode<T>(
                    ft.type, weights::read_little_endian(ix.file.data, data + k * size, size));
            }
        }
        used[found] = true;
    }
};

/// What an index that found a problem of the file gives as the outcome of reading an `M` from it.
template <class M, class Byte, std::size_t Capacity>
CTA_DETAIL_TARGET_TAG constexpr weights::result<M> failure_of_index(
    const safetensors_index<Byte, Capacity>& ix) noexcept {
    weights::result<M> out;
    out.reason = ix.reason;
    out.offset = ix.at;
    out.tensor = ix.tensor;
    out.file = ix.tensor_file;
    return out;
}

/// The outcome of reading `Module` from the file `f` under `prefix`: the module's `read_state(reader, key)` reads
/// its tensors; then every tensor under the prefix must have been read.
template <class Module, std::size_t Capacity, class Byte>
CTA_DETAIL_TARGET_TAG constexpr weights::result<Module> read_module(file_view<Byte> f,
                                                                   weights::detail::name_view prefix,
                                                                   double layer_norm_eps, bool stop_here) noexcept {
    weights::result<Module> out;
    const auto ix = weights::detail::index_safetensors<Capacity>(f);
    if (ix.reason != status::ok) return failure_of_index<Module>(ix);
    state_dict_reader<Byte, Capacity> reader{ix, layer_norm_eps, stop_here};
    Module m{};
    const tensor_key key = tensor_key{}.plus(prefix.data, prefix.size);
    m.read_state(reader, key);
    if (reader.reason == status::ok) {
        for (std::size_t k = 0; k < ix.count; ++k) {
            if (!reader.used[k] && name_starts_with(f, ix.tensors[k], prefix.data, prefix.size)) {
                out.reason = status::unexpected_tensor;
                out.offset = ix.tensors[k].name_begin - 1;
                out.tensor = weights::detail::json_string_name(f, ix.tensors[k].name_begin, ix.tensors[k].name_end);
                out.file = weights::detail::indexed_entry(ix, ix.tensors[k]);
                return out;
            }
        }
        out.value = m;
        return out;
    }
    out.reason = reader.reason;
    out.tensor = reader.tensor;
    out.file = reader.file;
    out.offset = reader.offset;
    return out;
}

}  // namespace detail

/// @brief The module `Module` (a type of `<cta/pytorch/nn.hpp>`, e.g. `nn::TransformerEncoderLayer<double, 8, 2,
/// 16>`) from the PyTorch state_dict in the safetensors file `bytes`, its tensors named `prefix` + PyTorch's names
/// (`"encoder.layers.0."`; `""` for a module saved alone), or why not: `cta::weights::result<Module>` with the
/// reason, the tensor concerned (its full name), its dtype and shape in the file and the offset. The file may hold
/// other tensors, but none under the prefix that the module lacks; it may hold at most `Capacity` tensors.
/// `layer_norm_eps` is the `eps` of every `nn.LayerNorm` of the module (PyTorch's `layer_norm_eps`; not in a
/// state_dict), converted to the module's element type.
template <class Module, std::size_t Capacity = default_capacity, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr weights::result<Module> try_load(const Bytes& bytes, const Name& prefix,
                                                                double layer_norm_eps = 1e-5) noexcept {
    return detail::read_module<Module, Capacity>(weights::detail::view_of(bytes), weights::detail::name_of(prefix),
                                                 layer_norm_eps, false);
}

/// @brief The same with no prefix: a module saved alone (`module.state_dict()`).
template <class Module, std::size_t Capacity = default_capacity, class Bytes>
CTA_DETAIL_TARGET_TAG constexpr weights::result<Module> try_load(const Bytes& bytes) noexcept {
    return try_load<Module, Capacity>(bytes, "");
}

namespace detail {

/// The module of `r`, or: in a constant evaluation the build stops with the reason (`cta::weights::cannot_load`,
/// with `Module` as its template argument) and the tensor's name, dtype and shape as the arguments of
/// `cannot_load_module`; at run time the program stops.
template <class Module>
CTA_DETAIL_TARGET_TAG constexpr void cannot_load_module(weights::status s, weights::tensor_name tensor,
                                                        const char* file_dtype, std::size_t file_rank,
                                                        std::size_t file_dim0, std::size_t file_dim1,
                                                        std::size_t at) noexcept {
    (void)tensor;
    weights::cannot_load::stop<Module>(s, "", file_dtype, file_rank, file_dim0, file_dim1, at);
}

template <class Module>
CTA_DETAIL_TARGET_TAG constexpr Module module_or_stop(const weights::result<Module>& r) noexcept {
    if (r.ok()) return r.value;
    if (cta::detail::is_constant_evaluated()) {
        cannot_load_module<Module>(r.reason, r.tensor, weights::dtype_name(r.file.type), r.file.rank,
                                   r.file.shape[0], r.file.shape[1], r.offset);
        return r.value;
    }
    __builtin_trap();
}

}  // namespace detail

/// @brief The module `Module` from the PyTorch state_dict in `bytes` under `prefix`. In a constant evaluation a module
/// that does not load is a build error naming the reason (`cta::weights::cannot_load::<reason><Module>`) and the
/// tensor; at run time it stops the program (`try_load` returns the reason instead).
template <class Module, std::size_t Capacity = default_capacity, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr Module load(const Bytes& bytes, const Name& prefix,
                                            double layer_norm_eps = 1e-5) noexcept {
    return detail::module_or_stop(detail::read_module<Module, Capacity>(
        weights::detail::view_of(bytes), weights::detail::name_of(prefix), layer_norm_eps, true));
}

/// @brief The same with no prefix.
template <class Module, std::size_t Capacity = default_capacity, class Bytes>
CTA_DETAIL_TARGET_TAG constexpr Module load(const Bytes& bytes) noexcept {
    return load<Module, Capacity>(bytes, "");
}

}  // namespace cta::pytorch
