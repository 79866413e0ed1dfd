// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `.safetensors` files as matrices, tensor by name: `cta::weights::load<M>(bytes, "name")` and
/// `try_load<M>(bytes, "name")`, in a constant evaluation or at run time, without allocating.
///
/// The format (huggingface/safetensors): 8 bytes, the header's length N as a little-endian unsigned integer; N bytes
/// of JSON, an object whose keys are the tensors' names, each mapped to {"dtype": "F32", "shape": [r, c],
/// "data_offsets": [begin, end]}, and an optional "__metadata__" object of strings; then the data, where a tensor's
/// bytes are [begin, end) counted from the data's start, little-endian, row-major. The tensors cover the data
/// exactly: no byte belongs to two of them, none to no tensor.
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

/// One entry of a safetensors header as read: where its name is (the string's content, escapes not decoded),
/// whether it is "__metadata__", and for a tensor its dtype, shape and data offsets.
struct safetensors_entry {
    std::size_t name_begin = 0;
    std::size_t name_end = 0;
    bool metadata = false;
    file_tensor tensor{};
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// The dtype of a safetensors dtype name (the string content [b, e)), or none.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr dtype safetensors_dtype(file_view<Byte> f, std::size_t b, std::size_t e) noexcept {
    constexpr dtype types[] = {dtype::f16, dtype::bf16, dtype::f32, dtype::f64, dtype::i8,
                               dtype::i16, dtype::i32,  dtype::i64, dtype::u8};
    for (const dtype d : types) {
        const char* name = dtype_name(d);
        std::size_t n = 0;
        while (name[n] != '\0') ++n;
        if (json_string_equals(f, b, e, name, n)) return d;
    }
    return dtype::none;
}

/// Where the first problem of a walk was found, and which entry (as far as it was read) it concerns.
struct walk_outcome {
    status reason = status::ok;
    std::size_t at = 0;
    safetensors_entry entry{};
};

/// Reads the value of a tensor entry at r.pos into e, with the data's size `data_size`; ok or the problem.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr status read_tensor_entry(json_reader<Byte>& r, safetensors_entry& e,
                                                         std::size_t data_size, std::size_t& at) noexcept {
    at = r.pos;
    if (!r.consume('{')) return status::malformed_header;
    bool seen_dtype = false;
    bool seen_shape = false;
    bool seen_offsets = false;
    element_count count;
    if (!r.consume('}')) {
        do {
            std::size_t b = 0;
            std::size_t k = 0;
            r.skip_whitespace();
            at = r.pos;
            if (!r.string(b, k) || !r.consume(':')) return status::malformed_header;
            r.skip_whitespace();
            at = r.pos;
            if (json_string_equals(r.file, b, k, "dtype", 5)) {
                std::size_t vb = 0;
                std::size_t ve = 0;
                if (seen_dtype) return status::malformed_header;
                seen_dtype = true;
                if (!r.string(vb, ve)) return status::malformed_header;
                e.tensor.type = safetensors_dtype(r.file, vb, ve);
                if (e.tensor.type == dtype::none) return status::unsupported_dtype;
            } else if (json_string_equals(r.file, b, k, "shape", 5)) {
                if (seen_shape) return status::malformed_header;
                seen_shape = true;
                if (!r.consume('[')) return r.skip_value() ? status::bad_shape : status::malformed_header;
                if (!r.consume(']')) {
                    do {
                        bool is_count = false;
                        std::uint64_t n = 0;
                        r.skip_whitespace();
                        at = r.pos;
                        const unsigned char c = r.peek();
                        if (c != '-' && (c < '0' || c > '9'))
                            return r.skip_value() ? status::bad_shape : status::malformed_header;
                        if (!r.number(is_count, n)) return status::malformed_header;
                        if (!is_count || n > static_cast<std::size_t>(-1)) return status::bad_shape;
                        if (e.tensor.rank < max_recorded_rank)
                            e.tensor.shape[e.tensor.rank] = static_cast<std::size_t>(n);
                        ++e.tensor.rank;
                        count.times(static_cast<std::size_t>(n));
                    } while (r.consume(','));
                    if (!r.consume(']')) return status::malformed_header;
                }
            } else if (json_string_equals(r.file, b, k, "data_offsets", 12)) {
                if (seen_offsets) return status::malformed_header;
                seen_offsets = true;
                bool begin_is_count = false;
                bool end_is_count = false;
                std::uint64_t begin = 0;
                std::uint64_t end = 0;
                if (!r.consume('[') || !r.number(begin_is_count, begin) || !r.consume(',') ||
                    !r.number(end_is_count, end) || !r.consume(']') || !begin_is_count || !end_is_count)
                    return status::malformed_header;
                if (begin > end || end > data_size) return status::offsets_out_of_range;
                e.begin = static_cast<std::size_t>(begin);
                e.end = static_cast<std::size_t>(end);
            } else if (!r.skip_value()) {
                return status::malformed_header;
            }
        } while (r.consume(','));
        if (!r.consume('}')) {
            at = r.pos;
            return status::malformed_header;
        }
    }
    if (!seen_dtype || !seen_shape || !seen_offsets) return status::malformed_header;
    std::size_t bytes = 0;
    if (!count.bytes(dtype_size(e.tensor.type), bytes) || bytes != e.end - e.begin) return status::data_size_mismatch;
    return status::ok;
}

/// Reads the value of "__metadata__" at r.pos: an object of strings.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool read_metadata(json_reader<Byte>& r) noexcept {
    if (!r.consume('{')) return false;
    if (r.consume('}')) return true;
    do {
        std::size_t b = 0;
        std::size_t e = 0;
        if (!r.string(b, e) || !r.consume(':') || !r.string(b, e)) return false;
    } while (r.consume(','));
    return r.consume('}');
}

/// Reads the header of a safetensors file, [header, header + length) of f, and calls visit(entry) for each entry in
/// order; stops at the first problem of the header or the first status other than ok that visit returns.
template <class Byte, class Visit>
CTA_DETAIL_TARGET_TAG constexpr walk_outcome walk_safetensors(file_view<Byte> f, std::size_t length,
                                                              Visit&& visit) noexcept {
    walk_outcome out;
    const std::size_t data_size = f.size - 8 - length;
    json_reader<Byte> r{f, 8, 8 + length};
    const auto fail = [&out](status s, std::size_t at) {
        out.reason = s;
        out.at = at;
        return out;
    };
    if (r.peek() != '{' || length == 0) return fail(status::malformed_header, 8);
    ++r.pos;
    if (!r.consume('}')) {
        do {
            out.entry = safetensors_entry{};
            r.skip_whitespace();
            const std::size_t key_at = r.pos;
            if (!r.string(out.entry.name_begin, out.entry.name_end) || !r.consume(':'))
                return fail(status::malformed_header, key_at);
            if (json_string_equals(f, out.entry.name_begin, out.entry.name_end, "__metadata__", 12)) {
                out.entry.metadata = true;
                r.skip_whitespace();
                const std::size_t at = r.pos;
                if (!read_metadata(r)) return fail(status::malformed_header, at);
            } else {
                std::size_t at = 0;
                const status s = read_tensor_entry(r, out.entry, data_size, at);
                if (s != status::ok) return fail(s, at);
            }
            const status s = visit(out.entry);
            if (s != status::ok) return fail(s, key_at);
        } while (r.consume(','));
        if (!r.consume('}')) return fail(status::malformed_header, r.pos);
    }
    r.skip_whitespace();
    if (r.pos != r.end) return fail(status::header_not_terminated, r.pos);
    return out;
}

/// Reads the tensor `name` of a safetensors file into M, or says why not. The whole file is checked first.
template <class M, class Byte>
CTA_DETAIL_TARGET_TAG constexpr result<M> read_safetensors(file_view<Byte> f, name_view name) noexcept {
    result<M> out;
    const auto fail = [&out, f](status s, std::size_t at, const safetensors_entry* e) {
        out.reason = s;
        out.offset = at;
        if (e != nullptr) {
            out.tensor = json_string_name(f, e->name_begin, e->name_end);
            out.file = e->tensor;
        }
        return out;
    };
    if (f.size < 8) return fail(status::truncated, f.size, nullptr);
    const std::uint64_t length = read_little_endian(f.data, 0, 8);
    if (length > f.size - 8) return fail(status::header_too_long, 0, nullptr);
    const std::size_t data_size = f.size - 8 - static_cast<std::size_t>(length);

    // Each entry alone; the bytes the tensors cover; the tensor asked for.
    std::size_t covered = 0;
    bool found = false;
    safetensors_entry wanted{};
    walk_outcome walk = walk_safetensors(f, static_cast<std::size_t>(length), [&](const safetensors_entry& e) {
        if (!e.metadata) covered = covered + (e.end - e.begin) > data_size ? data_size + 1 : covered + (e.end - e.begin);
        if (!found && !e.metadata && json_string_equals(f, e.name_begin, e.name_end, name.data, name.size)) {
            found = true;
            wanted = e;
        }
        return status::ok;
    });
    if (walk.reason != status::ok) return fail(walk.reason, walk.at, &walk.entry);

    // Each entry against the ones before it: names, then bytes.
    std::size_t index = 0;
    walk = walk_safetensors(f, static_cast<std::size_t>(length), [&](const safetensors_entry& e) {
        std::size_t other = 0;
        status s = status::ok;
        walk_safetensors(f, static_cast<std::size_t>(length), [&](const safetensors_entry& before) {
            if (other++ >= index) return status::missing_tensor;  // stops the inner walk: not an outcome
            if (json_strings_equal(f, e.name_begin, e.name_end, before.name_begin, before.name_end))
                s = status::duplicate_name;
            else if (!e.metadata && !before.metadata && e.begin < e.end && before.begin < before.end &&
                     e.begin < before.end && before.begin < e.end)
                s = status::overlapping_offsets;
            return s;
        });
        ++index;
        return s;
    });
    if (walk.reason != status::ok) return fail(walk.reason, walk.at, &walk.entry);
    if (covered != data_size) return fail(status::uncovered_data, 8 + static_cast<std::size_t>(length), nullptr);

    if (!found) {
        out.reason = status::missing_tensor;
        out.offset = 8;
        for (std::size_t k = 0; k < name.size; ++k)
            if (k < sizeof out.tensor.chars) out.tensor.chars[k] = name.data[k];
        out.tensor.size = name.size;
        return out;
    }
    const std::size_t key_at = wanted.name_begin - 1;
    if (!shape_fits<M>(wanted.tensor)) return fail(status::shape_mismatch, key_at, &wanted);
    if (!converts_exactly<typename M::value_type>(wanted.tensor.type))
        return fail(status::dtype_mismatch, key_at, &wanted);
    out.tensor = json_string_name(f, wanted.name_begin, wanted.name_end);
    out.file = wanted.tensor;
    out.value = read_matrix<M>(f, 8 + static_cast<std::size_t>(length) + wanted.begin, wanted.tensor);
    return out;
}

/// One tensor of a safetensors file as an index keeps it: where its key is (the string's content, escapes not
/// decoded), the decoded name's length, and its data offsets. Its dtype and shape are read again from the header
/// when the tensor is read (`indexed_entry`).
struct indexed_tensor {
    std::size_t name_begin = 0;
    std::size_t name_end = 0;
    std::size_t name_size = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// @brief A safetensors file checked once and its tensors listed, up to `Capacity` of them: what loading many
/// tensors of one file (a PyTorch state_dict) reads instead of checking the whole file for each tensor. `reason` is
/// ok, or the file's first problem (as `read_safetensors` finds it) with its position and the tensor concerned;
/// `too_many_tensors` when the file holds more than `Capacity` tensors.
template <class Byte, std::size_t Capacity>
struct safetensors_index {
    file_view<Byte> file{nullptr, 0};
    std::size_t header_length = 0;
    indexed_tensor tensors[Capacity] = {};
    std::size_t count = 0;
    status reason = status::ok;
    std::size_t at = 0;
    tensor_name tensor{};
    file_tensor tensor_file{};

    /// The data's first byte in the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t data() const noexcept { return 8 + header_length; }
};

/// The length of the decoded JSON string content [begin, finish).
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr std::size_t json_string_size(file_view<Byte> f, std::size_t begin,
                                                             std::size_t finish) noexcept {
    json_string_bytes<Byte> bytes{f, begin, finish};
    std::size_t n = 0;
    unsigned char c = 0;
    while (bytes.next(c)) ++n;
    return n;
}

/// The index of the safetensors file f: its header read once (each entry, then each pair of tensors for a repeated
/// name or shared bytes, then the bytes no tensor covers), the same checks as `read_safetensors` in the same order.
template <std::size_t Capacity, class Byte>
CTA_DETAIL_TARGET_TAG constexpr safetensors_index<Byte, Capacity> index_safetensors(file_view<Byte> f) noexcept {
    safetensors_index<Byte, Capacity> ix;
    ix.file = f;
    const auto fail = [&ix, f](status s, std::size_t at, std::size_t name_begin, std::size_t name_end,
                               const file_tensor& t) {
        ix.reason = s;
        ix.at = at;
        if (name_end > name_begin || s == status::duplicate_name) {
            ix.tensor = json_string_name(f, name_begin, name_end);
            ix.tensor_file = t;
        }
        return ix;
    };
    if (f.size < 8) return fail(status::truncated, f.size, 0, 0, {});
    const std::uint64_t length = read_little_endian(f.data, 0, 8);
    if (length > f.size - 8) return fail(status::header_too_long, 0, 0, 0, {});
    ix.header_length = static_cast<std::size_t>(length);
    const std::size_t data_size = f.size - 8 - ix.header_length;
    std::size_t covered = 0;
    bool full = false;
    walk_outcome walk = walk_safetensors(f, ix.header_length, [&](const safetensors_entry& e) {
        if (e.metadata) return status::ok;
        covered = covered + (e.end - e.begin) > data_size ? data_size + 1 : covered + (e.end - e.begin);
        if (ix.count == Capacity) {
            full = true;
            return status::ok;  // the rest of the header is still checked
        }
        ix.tensors[ix.count++] = {e.name_begin, e.name_end, json_string_size(f, e.name_begin, e.name_end), e.begin,
                                  e.end};
        return status::ok;
    });
    if (walk.reason != status::ok)
        return fail(walk.reason, walk.at, walk.entry.name_begin, walk.entry.name_end, walk.entry.tensor);
    if (full) return fail(status::too_many_tensors, 8, 0, 0, {});
    for (std::size_t j = 1; j < ix.count; ++j) {
        const indexed_tensor& b = ix.tensors[j];
        for (std::size_t i = 0; i < j; ++i) {
            const indexed_tensor& a = ix.tensors[i];
            status s = status::ok;
            if (a.name_size == b.name_size && json_strings_equal(f, a.name_begin, a.name_end, b.name_begin, b.name_end))
                s = status::duplicate_name;
            else if (a.begin < a.end && b.begin < b.end && b.begin < a.end && a.begin < b.end)
                s = status::overlapping_offsets;
            if (s != status::ok) return fail(s, b.name_begin - 1, b.name_begin, b.name_end, {});
        }
    }
    if (covered != data_size) return fail(status::uncovered_data, 8 + ix.header_length, 0, 0, {});
    return ix;
}

/// The dtype and shape of the indexed tensor t, read again from the header.
template <class Byte, std::size_t Capacity>
CTA_DETAIL_TARGET_TAG constexpr file_tensor indexed_entry(const safetensors_index<Byte, Capacity>& ix,
                                                          const indexed_tensor& t) noexcept {
    json_reader<Byte> r{ix.file, t.name_begin - 1, ix.data()};
    std::size_t b = 0;
    std::size_t e = 0;
    safetensors_entry entry{};
    std::size_t at = 0;
    if (r.string(b, e) && r.consume(':')) {
        r.skip_whitespace();
        (void)read_tensor_entry(r, entry, ix.file.size - ix.data(), at);
    }
    return entry.tensor;
}

}  // namespace detail

/// @brief The tensor `name` of the safetensors file `bytes` as a matrix `M`, or why it cannot be: `result<M>`
/// (status, the tensor's name, its dtype and shape in the file). `bytes` is an array of `unsigned char`, `char`,
/// `signed char` or `std::byte`, or a contiguous range of them with `data()` and `size()`; `name` a null-terminated
/// string or a string with `data()` and `size()` (`std::string_view`). The whole file is checked before the tensor is
/// read. M's element type is float, double or an integer type; the tensor's shape must be M's (see shape_fits) and its
/// dtype must convert exactly (converts_exactly).
template <matrix_type M, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr result<M> try_load(const Bytes& bytes, const Name& name) noexcept {
    static_assert(detail::loadable_element_v<typename M::value_type>,
                  "cta::weights::try_load<M>(bytes, name): M's element type must be float, double or an integer type");
    return detail::read_safetensors<M>(detail::view_of(bytes), detail::name_of(name));
}

/// @brief The tensor `name` of the safetensors file `bytes` as a matrix `M`. In a constant evaluation a tensor that
/// does not load is a build error naming the reason (`cta::weights::cannot_load`); at run time it stops the program
/// (`try_load` returns the reason instead).
template <matrix_type M, class Bytes, class Name>
CTA_DETAIL_TARGET_TAG constexpr M load(const Bytes& bytes, const Name& name) noexcept {
    return detail::value_or_stop(try_load<M>(bytes, name), detail::name_of(name).data);
}

}  // namespace cta::weights
