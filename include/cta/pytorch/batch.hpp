// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A batch of sequences from a tensor of a `.safetensors` file: `cta::pytorch::load_batch<M, B>(bytes, name,
/// layout)` and `try_load_batch`, a `std::array` of B matrices M. PyTorch's sequence tensors are `[B, n, d]` with
/// `batch_first=True` (`cta::pytorch::batch_first`) and `[n, B, d]` otherwise (`cta::pytorch::sequence_first`); a
/// tensor of one row per sequence, `[B, d]` (a `key_padding_mask`), is read into M of one row in either layout.
#pragma once

#include <array>
#include <cstddef>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/pytorch/state_dict.hpp>
#include <cta/weights/dtype.hpp>
#include <cta/weights/result.hpp>
#include <cta/weights/safetensors.hpp>

namespace cta::pytorch {

/// @brief Where a sequence tensor has its batch dimension: first (`batch_first=True`, `[B, n, d]`) or second
/// (PyTorch's default for the Transformer modules, `[n, B, d]`).
enum class batch_layout : unsigned char {
    batch_first,    ///< `[B, n, d]`
    sequence_first  ///< `[n, B, d]`
};
inline constexpr batch_layout batch_first = batch_layout::batch_first;        ///< `[B, n, d]`
inline constexpr batch_layout sequence_first = batch_layout::sequence_first;  ///< `[n, B, d]`

namespace detail {

/// The B sequences of the tensor `name` of f, or why not.
template <class M, std::size_t B, std::size_t Capacity, class Byte>
CTA_DETAIL_TARGET_TAG constexpr weights::result<std::array<M, B>> read_batch(file_view<Byte> f,
                                                                           weights::detail::name_view name,
                                                                           batch_layout layout) noexcept {
    using T = typename M::value_type;
    weights::result<std::array<M, B>> out;
    const auto ix = weights::detail::index_safetensors<Capacity>(f);
    if (ix.reason != status::ok) return failure_of_index<std::array<M, B>>(ix);
    for (std::size_t k = 0; k < name.size && k < sizeof out.tensor.chars; ++k) out.tensor.chars[k] = name.data[k];
    out.tensor.size = name.size;
    std::size_t found = Capacity;
    for (std::size_t k = 0; k < ix.count; ++k) {
        if (name_is(f, ix.tensors[k], name.data, name.size)) {
            found = k;
            break;
        }
    }
    if (found == Capacity) {
        out.reason = status::missing_tensor;
        out.offset = 8;
        return out;
    }
    const indexed_tensor& t = ix.tensors[found];
    const weights::file_tensor ft = weights::detail::indexed_entry(ix, t);
    out.file = ft;
    out.offset = t.name_begin - 1;
    const bool rows = ft.rank == 2 && M::rows == 1 && ft.shape[0] == B && ft.shape[1] == M::cols;
    const bool first = ft.rank == 3 && layout == batch_layout::batch_first && ft.shape[0] == B &&
                       ft.shape[1] == M::rows && ft.shape[2] == M::cols;
    const bool second = ft.rank == 3 && layout == batch_layout::sequence_first && ft.shape[0] == M::rows &&
                        ft.shape[1] == B && ft.shape[2] == M::cols;
    if (!rows && !first && !second) {
        out.reason = status::shape_mismatch;
        return out;
    }
    if (!weights::converts_exactly<T>(ft.type)) {
        out.reason = status::dtype_mismatch;
        return out;
    }
    const std::size_t size = weights::dtype_size(ft.type);
    const std::size_t data = ix.data() + t.begin;
    for (std::size_t b = 0; b < B; ++b) {
        for (std::size_t i = 0; i < M::rows; ++i) {
            for (std::size_t j = 0; j < M::cols; ++j) {
                const std::size_t k = second ? (i * B + b) * M::cols + j : (b * M::rows + i) * M::cols + j;
                out.value[b].elems[i][j] =
                    weights::decode<T>(ft.type, weights::read_little_endian(f.data, data + k * size, size));
            }
        }
    }
    out.offset = 0;
    return out;
}

}  // namespace detail

/// @brief The B sequences of the tensor `name` of the safetensors file `bytes`, each a matrix M (n x d), from a
/// tensor `[B, n, d]` (`batch_first`) or `[n, B, d]` (`sequence_first`), or `[B, d]` for M of one row; or why not
/// (`shape_mismatch`, `dtype_mismatch` as for `cta::weights::try_load`).
template <matrix_type M, std::size_t B, std::size_t Capacity = default_capacity, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr weights::result<std::array<M, B>> try_load_batch(const Bytes& bytes, const Name& name,
                                                                               batch_layout layout) noexcept {
    return detail::read_batch<M, B, Capacity>(weights::detail::view_of(bytes), weights::detail::name_of(name),
                                              layout);
}

/// @brief The same, stopping the build (constant evaluation) or the program (run time) if the tensor does not load.
template <matrix_type M, std::size_t B, std::size_t Capacity = default_capacity, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr std::array<M, B> load_batch(const Bytes& bytes, const Name& name,
                                                            batch_layout layout) noexcept {
    return detail::module_or_stop(try_load_batch<M, B, Capacity>(bytes, name, layout));
}

}  // namespace cta::pytorch
