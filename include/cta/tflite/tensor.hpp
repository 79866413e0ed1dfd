// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A tensor of a TensorFlow Lite model as a typed matrix: `cta::tflite::load<M>(model, "name")` gives the
/// constant tensor `name` as `M`, a `cta::quantized::qmatrix` whose type carries the scale(s) and zero point the
/// file gives, or a plain `cta::matrix` (biases, float models); `load_transposed<M>` gives a tensor stored as
/// `[columns, rows]` (FULLY_CONNECTED's weights, `[output, input]`) as the rows x columns matrix `M`. A tensor whose
/// shape, element type or quantization is not `M`'s stops the build, naming the reason, `M` and the tensor.
///
/// The rules, each a `load_status`:
/// - shape: the tensor's shape without its leading 1s is `[R, C]`, or `[C]` for R = 1, or `[]` for 1 x 1
///   (`load_transposed`: `[C, R]`, `[R]` for C = 1);
/// - element type: `std::int8_t`, `std::int16_t`, `std::int32_t`, `float` are INT8, INT16, INT32, FLOAT32;
/// - quantization (`qmatrix` only): per tensor, the file's one scale (bit for bit) and zero point are `M`'s; per
///   channel (`per_channel<C>`), the file's C scales are `M`'s, its zero points 0 and its quantized dimension the
///   axis of `M`'s columns (the last axis; `load_transposed`: the first);
/// - data: the tensor's buffer holds R x C elements (a tensor computed at run time has none).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/tflite/model.hpp>

namespace cta::tflite {

/// @brief Why a tensor does not load into a matrix type; `ok` when it does.
enum class load_status : unsigned char {
    ok,                     ///< loaded
    missing_tensor,         ///< no tensor of that name in the subgraph
    shape_mismatch,         ///< the tensor's shape is not the matrix's
    type_mismatch,          ///< the tensor's element type is not the matrix's
    quantization_mismatch,  ///< the tensor's scale(s), zero point(s) or quantized dimension are not the matrix's
    no_data                 ///< the tensor's buffer does not hold its elements (a tensor computed at run time)
};

/// @brief A sentence that says what `s` means.
CTA_DETAIL_TARGET_TAG constexpr const char* describe(load_status s) noexcept {
    switch (s) {
    case load_status::ok: return "loaded";
    case load_status::missing_tensor: return "no tensor of that name in the subgraph";
    case load_status::shape_mismatch: return "the tensor's shape is not the matrix's";
    case load_status::type_mismatch: return "the tensor's element type is not the matrix's";
    case load_status::quantization_mismatch:
        return "the tensor's scales, zero points or quantized dimension are not the matrix's";
    case load_status::no_data: return "the tensor's buffer does not hold its elements";
    }
    return "unknown";
}

/// @brief What `try_load` gives: the matrix (all zeros unless `ok()`), why it did not load, and the tensor's index in
/// the subgraph (the subgraph's tensor count where no tensor has the name).
template <class M>
struct loaded {
    M value{};                          ///< the matrix
    load_status why = load_status::ok;  ///< why it did not load, or ok
    std::size_t tensor = 0;             ///< the tensor's index
    /// @brief Whether it loaded.
    [[nodiscard]] constexpr bool ok() const noexcept { return why == load_status::ok; }
};

/// @brief The index of the tensor named `name` in `graph` (a null-terminated string or a string with `size()` and
/// `operator[]`), or `graph.tensors().size()` where none has it.
template <class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr std::size_t find_tensor(const subgraph<Byte>& graph, const Name& name) noexcept {
    const auto tensors = graph.tensors();
    for (std::size_t i = 0; i < tensors.size(); ++i)
        if (tensors[i].name() == name) return i;
    return tensors.size();
}

/// @brief The per-tensor quantization of `t` (its first scale and zero point), for a `qmatrix`'s type: e.g.
/// `qmatrix<std::int8_t, 1, 16, per_tensor_of(t)>`. Precondition (an error naming it in a constant evaluation): the
/// scale is positive and finite (`cta::quantized::affine`).
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr cta::quantized::per_tensor per_tensor_of(const tensor<Byte>& t) noexcept {
    const auto q = t.quantization();
    return cta::quantized::affine(q.scale().empty() ? 0.0f : q.scale()[0],
                                  q.zero_point().empty() ? 0 : static_cast<std::int32_t>(q.zero_point()[0]));
}

/// @brief The per-channel quantization of `t` with `Channels` scales (its first ones), for a `qmatrix`'s type.
/// Precondition: each scale positive and finite.
template <std::size_t Channels, class Byte>
CTA_DETAIL_TARGET_TAG constexpr cta::quantized::per_channel<Channels> per_channel_of(const tensor<Byte>& t) noexcept {
    float scales[Channels]{};
    const auto q = t.quantization().scale();
    for (std::size_t c = 0; c < Channels && c < q.size(); ++c) scales[c] = q[c];
    return cta::quantized::symmetric(scales);
}

/// @brief What stops a constant evaluation that could not load a tensor into `M`: `load` and `load_transposed` call
/// the function of the reason, which is not `constexpr` and whose name says it, with `M` as its template argument;
/// the compilers print it with the call of `load` (the tensor's name as the program spells it), and Clang the values
/// of `stop`'s arguments: the reason and the tensor's index. At run time `load` stops the program instead.
namespace cannot_load {
///@{
/// Not constexpr: a constant evaluation that calls one stops with its name.
template <class M> void no_tensor_of_the_model_has_this_name() noexcept {}
template <class M> void the_model_tensor_shape_is_not_the_matrix_shape() noexcept {}
template <class M> void the_model_tensor_type_is_not_the_matrix_element_type() noexcept {}
template <class M> void the_model_tensor_quantization_is_not_the_matrix_quantization() noexcept {}
template <class M> void the_model_tensor_has_no_data_of_its_shape() noexcept {}
///@}

/// @brief Stops a constant evaluation with the reason `s`; the tensor's index is what Clang prints with it.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr void stop(load_status s, std::size_t tensor) noexcept {
    (void)tensor;
    switch (s) {
    case load_status::ok: return;
    case load_status::missing_tensor: no_tensor_of_the_model_has_this_name<M>(); return;
    case load_status::shape_mismatch: the_model_tensor_shape_is_not_the_matrix_shape<M>(); return;
    case load_status::type_mismatch: the_model_tensor_type_is_not_the_matrix_element_type<M>(); return;
    case load_status::quantization_mismatch: the_model_tensor_quantization_is_not_the_matrix_quantization<M>(); return;
    case load_status::no_data: the_model_tensor_has_no_data_of_its_shape<M>(); return;
    }
}
}  // namespace cannot_load

namespace detail {

/// The element type, extents and quantization of a matrix type that `load` fills: a `qmatrix` or a `cta::matrix`.
template <class M>
struct load_target {
    static constexpr bool valid = false;
};
template <class T, std::size_t R, std::size_t C>
struct load_target<cta::matrix<T, R, C>> {
    static constexpr bool valid = true;
    static constexpr bool quantized = false;
    using value_type = T;
    static constexpr std::size_t rows = R, cols = C;
};
template <class T, std::size_t R, std::size_t C, auto Q>
struct load_target<cta::quantized::qmatrix<T, R, C, Q>> {
    static constexpr bool valid = true;
    static constexpr bool quantized = true;
    using value_type = T;
    static constexpr std::size_t rows = R, cols = C;
};

/// The file's type of the element type T (`tensor_type::string`, which nothing loads into, for others).
template <class T>
CTA_DETAIL_TARGET_TAG constexpr tensor_type type_of() noexcept {
    if constexpr (std::is_same_v<T, std::int8_t>) return tensor_type::int8;
    else if constexpr (std::is_same_v<T, std::int16_t>) return tensor_type::int16;
    else if constexpr (std::is_same_v<T, std::int32_t>) return tensor_type::int32;
    else if constexpr (std::is_same_v<T, float>) return tensor_type::float32;
    else return tensor_type::string;
}

/// The number of leading 1s of `shape`.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr std::size_t leading_ones(const list<Byte, std::int32_t>& shape) noexcept {
    std::size_t first = 0;
    while (first < shape.size() && shape[first] == 1) ++first;
    return first;
}

/// Whether `shape` without its leading 1s is [a, b], [b] for a = 1, or [] for a = b = 1.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool shape_is(const list<Byte, std::int32_t>& shape, std::size_t a,
                                              std::size_t b) noexcept {
    const std::size_t first = leading_ones(shape);
    const std::size_t rank = shape.size() - first;
    const auto extent = [&shape, first](std::size_t k) { return static_cast<std::size_t>(shape[first + k]); };
    if (rank == 2) return extent(0) == a && extent(1) == b;
    if (rank == 1) return a == 1 && extent(0) == b;
    return rank == 0 && a == 1 && b == 1;
}

/// The axis of `shape` that holds a matrix's columns: the last; or, `transposed` (the shape [columns, rows] without
/// its leading 1s), the first after them, or the last leading 1 where the columns are one.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr std::size_t column_axis(const list<Byte, std::int32_t>& shape,
                                                        bool transposed) noexcept {
    if (shape.empty()) return 0;
    if (!transposed) return shape.size() - 1;
    const std::size_t first = leading_ones(shape);
    return shape.size() - first == 2 || first == 0 ? first : first - 1;
}

/// Whether the quantization of `t` is Q, for a matrix whose columns are axis `column_axis` of the tensor.
template <auto Q, class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool quantization_is(const tensor<Byte>& t, std::size_t column_axis) noexcept {
    using quantization_type = std::remove_const_t<decltype(Q)>;
    const auto q = t.quantization();
    if constexpr (cta::quantized::detail::is_per_tensor_v<quantization_type>) {
        return q.scale().size() == 1 && q.zero_point().size() == 1 &&
               std::bit_cast<std::uint32_t>(q.scale()[0]) == Q.scale_bits && q.zero_point()[0] == Q.zero_point;
    } else {
        constexpr std::size_t channels = quantization_type::channels;
        if (q.scale().size() != channels || q.zero_point().size() != channels ||
            q.quantized_dimension() != static_cast<std::int32_t>(column_axis))
            return false;
        for (std::size_t c = 0; c < channels; ++c)
            if (std::bit_cast<std::uint32_t>(q.scale()[c]) != Q.scale_bits[c] || q.zero_point()[c] != 0) return false;
        return true;
    }
}

/// The element k of a buffer's data, T little-endian.
template <class T, class Byte>
CTA_DETAIL_TARGET_TAG constexpr T element(const list<Byte, std::uint8_t>& data, std::size_t k) noexcept {
    std::uint32_t bits = 0;
    for (std::size_t b = 0; b < sizeof(T); ++b) bits |= static_cast<std::uint32_t>(data[k * sizeof(T) + b]) << (8 * b);
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<float>(bits);
    } else {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(bits));
    }
}

/// The tensor `name` of subgraph 0 as M, stored as [rows, columns] or, `transposed`, as [columns, rows].
template <class M, bool Transposed, class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr loaded<M> load_tensor(const model<Byte>& m, const Name& name) noexcept {
    using target = load_target<M>;
    using T = typename target::value_type;
    constexpr std::size_t R = target::rows, C = target::cols;
    loaded<M> out;
    const auto graph = m.subgraphs()[0];
    out.tensor = find_tensor(graph, name);
    if (out.tensor == graph.tensors().size()) {
        out.why = load_status::missing_tensor;
        return out;
    }
    const auto t = graph.tensors()[out.tensor];
    if (!(Transposed ? shape_is(t.shape(), C, R) : shape_is(t.shape(), R, C))) {
        out.why = load_status::shape_mismatch;
    } else if (t.type() != type_of<T>()) {
        out.why = load_status::type_mismatch;
    } else if constexpr (target::quantized) {
        // the axis of the matrix's columns in the tensor's shape: the last, or the first when transposed
        if (!quantization_is<M::quantization>(t, column_axis(t.shape(), Transposed)))
            out.why = load_status::quantization_mismatch;
    }
    if (out.why != load_status::ok) return out;
    const auto data = m.buffers()[t.buffer()].data();
    if (data.size() != R * C * sizeof(T)) {
        out.why = load_status::no_data;
        return out;
    }
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) {
            const T v = element<T>(data, Transposed ? j * R + i : i * C + j);
            if constexpr (target::quantized) {
                out.value.elems[i * C + j] = v;
            } else {
                out.value.elems[i][j] = v;
            }
        }
    return out;
}

/// The matrix of `r`, or: in a constant evaluation, the build stops naming the reason; at run time the program stops.
template <class M>
CTA_DETAIL_TARGET_TAG constexpr M loaded_or_stop(const loaded<M>& r) noexcept {
    if (r.ok()) return r.value;
    if (cta::detail::is_constant_evaluated()) {
        cannot_load::stop<M>(r.why, r.tensor);
        return r.value;
    }
    __builtin_trap();
}

}  // namespace detail

///@{
/// @brief The constant tensor `name` of the model's first subgraph as `M` (a `cta::quantized::qmatrix` or a
/// `cta::matrix` of `std::int8_t`, `std::int16_t`, `std::int32_t` or `float`), or why it cannot be: the file's
/// description gives the rules. `try_load` returns a `loaded<M>`; `load` returns the matrix, and in a constant
/// evaluation a tensor that does not load stops the build naming the reason (`cannot_load`), at run time the program.
/// `_transposed`: the tensor is stored as [columns, rows] (FULLY_CONNECTED's weights: [output, input], per-channel
/// along axis 0), and `M` is its transpose.
template <class M, class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr loaded<M> try_load(const model<Byte>& m, const Name& name) noexcept {
    static_assert(detail::load_target<M>::valid,
                  "cta::tflite::load<M>(model, name): M is a cta::quantized::qmatrix or a cta::matrix");
    return detail::load_tensor<M, false>(m, name);
}
template <class M, class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr loaded<M> try_load_transposed(const model<Byte>& m, const Name& name) noexcept {
    static_assert(detail::load_target<M>::valid,
                  "cta::tflite::load_transposed<M>(model, name): M is a cta::quantized::qmatrix or a cta::matrix");
    return detail::load_tensor<M, true>(m, name);
}
template <class M, class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr M load(const model<Byte>& m, const Name& name) noexcept {
    return detail::loaded_or_stop(try_load<M>(m, name));
}
template <class M, class Byte, class Name>
CTA_DETAIL_TARGET_TAG constexpr M load_transposed(const model<Byte>& m, const Name& name) noexcept {
    return detail::loaded_or_stop(try_load_transposed<M>(m, name));
}
///@}

}  // namespace cta::tflite
