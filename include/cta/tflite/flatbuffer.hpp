// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief The FlatBuffers binary layout that TensorFlow Lite files use, read from bytes in a constant evaluation or at
/// run time, with every offset checked before it is followed (`cta::tflite::detail::flatbuffer`).
///
/// The facts of the layout (FlatBuffers' documented wire format), as this reader uses them:
/// - All integers and floats are little-endian. The file starts with the root table's offset (uint32, from byte 0)
///   and, for TensorFlow Lite, the file identifier "TFL3" at bytes 4 to 7.
/// - A table at position t starts with a signed 32-bit offset: its vtable is at t minus that value. A vtable holds
///   its own size in bytes (uint16), the table's size (uint16), then one uint16 per field in the schema's order: the
///   field's position from t, or 0 where the field is absent (it then has the schema's default).
/// - A field that refers to a table, vector or string holds an unsigned 32-bit offset from the field's own position,
///   so it always points forward: a chain of references cannot loop back.
/// - A vector: its element count (uint32), then the elements; a vector of tables holds one such offset per element,
///   each from its own position. A string: a vector of bytes followed by a zero byte.
/// Nothing is read that was not checked: `flatbuffer`'s `*_ok` functions say whether a table, a field, a vector or a
/// string lies inside the bytes; the readers that follow them assume it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>

namespace cta::tflite::detail {

/// @brief Bytes of a file (`unsigned char`, `char`, `signed char` or `std::byte`) and their number, with
/// little-endian reads at byte positions. The reads assume their bytes are inside; the `*_ok` functions check that.
template <class Byte>
struct flatbuffer {
    const Byte* data = nullptr;
    std::size_t size = 0;

    /// The byte at `at`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint32_t u8(std::size_t at) const noexcept {
        return static_cast<unsigned char>(data[at]);
    }
    /// The unsigned little-endian integer of `n` bytes (1 to 8) at `at`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint64_t unsigned_at(std::size_t at,
                                                                            std::size_t n) const noexcept {
        std::uint64_t v = 0;
        for (std::size_t k = 0; k < n; ++k) v |= static_cast<std::uint64_t>(u8(at + k)) << (8U * k);
        return v;
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint16_t u16(std::size_t at) const noexcept {
        return static_cast<std::uint16_t>(unsigned_at(at, 2));
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint32_t u32(std::size_t at) const noexcept {
        return static_cast<std::uint32_t>(unsigned_at(at, 4));
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int32_t i32(std::size_t at) const noexcept {
        return static_cast<std::int32_t>(u32(at));
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int64_t i64(std::size_t at) const noexcept {
        return static_cast<std::int64_t>(unsigned_at(at, 8));
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr float f32(std::size_t at) const noexcept {
        return std::bit_cast<float>(u32(at));
    }

    /// Whether `n` bytes from `at` lie inside the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool inside(std::uint64_t at, std::uint64_t n) const noexcept {
        return at <= size && n <= size - at;
    }

    /// The position of the vtable of the table at `t` (which must have 4 bytes inside), or `size` if it lies
    /// outside the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t vtable_of(std::size_t t) const noexcept {
        const std::int64_t v = static_cast<std::int64_t>(t) - i32(t);
        return v < 0 || !inside(static_cast<std::uint64_t>(v), 4) ? size : static_cast<std::size_t>(v);
    }
    /// Whether a table starts at `t`: its offset and its vtable inside the file, the vtable's size even and at least
    /// 4, the table's size at least 4 and inside the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool table_ok(std::size_t t) const noexcept {
        if (!inside(t, 4)) return false;
        const std::size_t v = vtable_of(t);
        if (v == size) return false;
        const std::uint16_t vsize = u16(v);
        const std::uint16_t tsize = u16(v + 2);
        return vsize >= 4 && vsize % 2 == 0 && inside(v, vsize) && tsize >= 4 && inside(t, tsize);
    }
    /// The position of field `id` of the table at `t` (a table that `table_ok`), or 0 where it is absent.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t field(std::size_t t, std::size_t id) const noexcept {
        const std::size_t v = vtable_of(t);
        const std::size_t entry = 4 + 2 * id;
        if (entry + 2 > u16(v)) return 0;
        const std::uint16_t offset = u16(v + entry);
        return offset == 0 ? 0 : t + offset;
    }
    /// Whether field `id` of the table at `t`, if present, has its `n` bytes inside the table.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool field_ok(std::size_t t, std::size_t id,
                                                                std::size_t n) const noexcept {
        const std::size_t v = vtable_of(t);
        const std::size_t entry = 4 + 2 * id;
        if (entry + 2 > u16(v)) return true;
        const std::uint16_t offset = u16(v + entry);
        return offset == 0 || (offset >= 4 && offset + n <= u16(v + 2));
    }
    /// Field `id` of the table at `t` read as an unsigned integer of `n` bytes, or `fallback` where it is absent.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint64_t scalar(std::size_t t, std::size_t id, std::size_t n,
                                                                       std::uint64_t fallback) const noexcept {
        const std::size_t f = field(t, id);
        return f == 0 ? fallback : unsigned_at(f, n);
    }
    /// What the offset at `at` (4 bytes inside) refers to, or `size` if that lies outside the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t target(std::size_t at) const noexcept {
        const std::uint64_t to = static_cast<std::uint64_t>(at) + u32(at);
        return to < size ? static_cast<std::size_t>(to) : size;
    }
    /// What field `id` (an offset) of the table at `t` refers to, or 0 where it is absent.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t reference(std::size_t t, std::size_t id) const noexcept {
        const std::size_t f = field(t, id);
        return f == 0 ? 0 : target(f);
    }
    /// Whether a vector of `count` elements of `element_size` bytes each starts at `at`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool vector_ok(std::size_t at,
                                                                 std::size_t element_size) const noexcept {
        return inside(at, 4) && inside(at + 4, static_cast<std::uint64_t>(u32(at)) * element_size);
    }
    /// Whether a string (a vector of bytes and a zero byte after it) starts at `at`.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool string_ok(std::size_t at) const noexcept {
        return inside(at, 4) && inside(at + 4, static_cast<std::uint64_t>(u32(at)) + 1) &&
               u8(at + 4 + u32(at)) == 0;
    }
    /// The element count of the vector at `at`, 0 for `at` 0 (an absent vector).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t length(std::size_t at) const noexcept {
        return at == 0 ? 0 : u32(at);
    }
    /// The table that element `i` of the vector of tables at `at` refers to.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t table_element(std::size_t at,
                                                                            std::size_t i) const noexcept {
        return target(at + 4 + 4 * i);
    }
};

}  // namespace cta::tflite::detail
