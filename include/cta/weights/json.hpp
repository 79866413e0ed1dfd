// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A `constexpr` JSON reader, as much as a safetensors header needs: objects, arrays, strings with every
/// escape of RFC 8259 (`\uXXXX` with surrogate pairs), numbers, true, false, null and whitespace, over bytes of a file;
/// it allocates nothing and rejects what the grammar does not allow.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/detail/target.hpp>
#include <cta/weights/result.hpp>

namespace cta::weights::detail {

/// How deep arrays and objects may nest in a header (a safetensors header needs 3).
inline constexpr int json_max_depth = 64;

/// The value of a hexadecimal digit, or -1.
CTA_DETAIL_TARGET_TAG constexpr int hex_digit(unsigned char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// A position in the bytes [pos, end) of a file, read as JSON.
template <class Byte>
struct json_reader {
    file_view<Byte> file;
    std::size_t pos;
    std::size_t end;

    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool more() const noexcept { return pos < end; }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr unsigned char peek() const noexcept { return pos < end ? file[pos] : 0; }

    CTA_DETAIL_TARGET_TAG constexpr void skip_whitespace() noexcept {
        while (pos < end && (file[pos] == ' ' || file[pos] == '\t' || file[pos] == '\n' || file[pos] == '\r')) ++pos;
    }
    /// Whitespace, then `c`: consumes both and returns true, or returns false (having consumed the whitespace).
    CTA_DETAIL_TARGET_TAG constexpr bool consume(char c) noexcept {
        skip_whitespace();
        if (pos < end && file[pos] == static_cast<unsigned char>(c)) {
            ++pos;
            return true;
        }
        return false;
    }

    /// Four hexadecimal digits at pos (consumed), or -1.
    CTA_DETAIL_TARGET_TAG constexpr long hex4() noexcept {
        if (end - pos < 4) return -1;
        long v = 0;
        for (int k = 0; k < 4; ++k) {
            const int d = hex_digit(file[pos++]);
            if (d < 0) return -1;
            v = v * 16 + d;
        }
        return v;
    }

    /// Whitespace, then a string: its content (between the quotes, escapes not decoded) is [begin, finish). False if
    /// it is not a string of the grammar: a control character, an unknown escape, a \u escape without four
    /// hexadecimal digits, a surrogate that is not half of a pair, or no closing quote.
    CTA_DETAIL_TARGET_TAG constexpr bool string(std::size_t& begin, std::size_t& finish) noexcept {
        if (!consume('"')) return false;
        begin = pos;
        while (pos < end) {
            const unsigned char c = file[pos];
            if (c == '"') {
                finish = pos++;
                return true;
            }
            if (c < 0x20) return false;
            ++pos;
            if (c != '\\') continue;
            if (pos >= end) return false;
            const unsigned char e = file[pos++];
            if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't')
                continue;
            if (e != 'u') return false;
            const long unit = hex4();
            if (unit < 0 || (unit >= 0xDC00 && unit <= 0xDFFF)) return false;
            if (unit >= 0xD800 && unit <= 0xDBFF) {  // a high surrogate: a low one must follow
                if (end - pos < 2 || file[pos] != '\\' || file[pos + 1] != 'u') return false;
                pos += 2;
                const long low = hex4();
                if (low < 0xDC00 || low > 0xDFFF) return false;
            }
        }
        return false;
    }

    /// Whitespace, then a number of the grammar (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?). `is_count` tells
    /// whether it is a non-negative integer written without fraction or exponent that fits in 64 bits, `value` is
    /// then its value.
    CTA_DETAIL_TARGET_TAG constexpr bool number(bool& is_count, std::uint64_t& value) noexcept {
        skip_whitespace();
        is_count = true;
        value = 0;
        if (peek() == '-') {
            is_count = false;
            ++pos;
        }
        if (!more() || peek() < '0' || peek() > '9') return false;
        if (peek() == '0') {
            ++pos;
        } else {
            while (more() && peek() >= '0' && peek() <= '9') {
                const std::uint64_t digit = peek() - '0';
                if (value > (UINT64_MAX - digit) / 10) is_count = false;
                value = value * 10 + digit;
                ++pos;
            }
        }
        if (peek() == '.' && more()) {
            is_count = false;
            ++pos;
            if (!more() || peek() < '0' || peek() > '9') return false;
            while (more() && peek() >= '0' && peek() <= '9') ++pos;
        }
        if (more() && (peek() == 'e' || peek() == 'E')) {
            is_count = false;
            ++pos;
            if (more() && (peek() == '+' || peek() == '-')) ++pos;
            if (!more() || peek() < '0' || peek() > '9') return false;
            while (more() && peek() >= '0' && peek() <= '9') ++pos;
        }
        return true;
    }

    /// The word `w` (true, false, null) at pos, consumed.
    CTA_DETAIL_TARGET_TAG constexpr bool word(const char* w) noexcept {
        for (; *w != '\0'; ++w, ++pos)
            if (pos >= end || file[pos] != static_cast<unsigned char>(*w)) return false;
        return true;
    }

    /// Whitespace, then any value of the grammar, consumed; false if there is none. Arrays and objects nest at most
    /// json_max_depth deep.
    CTA_DETAIL_TARGET_TAG constexpr bool skip_value(int depth = 0) noexcept {
        skip_whitespace();
        if (depth > json_max_depth || !more()) return false;
        const unsigned char c = peek();
        std::size_t b = 0;
        std::size_t e = 0;
        if (c == '"') return string(b, e);
        if (c == 't') return word("true");
        if (c == 'f') return word("false");
        if (c == 'n') return word("null");
        if (c == '[') {
            ++pos;
            if (consume(']')) return true;
            do {
                if (!skip_value(depth + 1)) return false;
            } while (consume(','));
            return consume(']');
        }
        if (c == '{') {
            ++pos;
            if (consume('}')) return true;
            do {
                if (!string(b, e) || !consume(':') || !skip_value(depth + 1)) return false;
            } while (consume(','));
            return consume('}');
        }
        bool is_count = false;
        std::uint64_t v = 0;
        return number(is_count, v);
    }
};

/// The UTF-8 bytes of the content [pos, end) of a string that json_reader::string accepted, escapes decoded, one by
/// one.
template <class Byte>
struct json_string_bytes {
    file_view<Byte> file;
    std::size_t pos;
    std::size_t end;
    unsigned char pending[4] = {};
    int count = 0;
    int next_pending = 0;

    CTA_DETAIL_TARGET_TAG constexpr unsigned long hex4() noexcept {
        unsigned long v = 0;
        for (int k = 0; k < 4; ++k) v = v * 16 + static_cast<unsigned long>(hex_digit(file[pos++]));
        return v;
    }

    /// The next byte into `out`; false at the end of the string.
    CTA_DETAIL_TARGET_TAG constexpr bool next(unsigned char& out) noexcept {
        if (next_pending < count) {
            out = pending[next_pending++];
            return true;
        }
        if (pos >= end) return false;
        const unsigned char c = file[pos++];
        if (c != '\\') {
            out = c;
            return true;
        }
        const unsigned char e = file[pos++];
        switch (e) {
        case 'b': out = '\b'; return true;
        case 'f': out = '\f'; return true;
        case 'n': out = '\n'; return true;
        case 'r': out = '\r'; return true;
        case 't': out = '\t'; return true;
        case 'u': break;
        default: out = e; return true;  // " \ /
        }
        unsigned long cp = hex4();
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            pos += 2;  // "\u"
            cp = 0x10000 + ((cp - 0xD800) << 10U) + (hex4() - 0xDC00);
        }
        count = 0;
        next_pending = 0;
        if (cp < 0x80) {
            pending[count++] = static_cast<unsigned char>(cp);
        } else if (cp < 0x800) {
            pending[count++] = static_cast<unsigned char>(0xC0 | (cp >> 6U));
            pending[count++] = static_cast<unsigned char>(0x80 | (cp & 0x3FU));
        } else if (cp < 0x10000) {
            pending[count++] = static_cast<unsigned char>(0xE0 | (cp >> 12U));
            pending[count++] = static_cast<unsigned char>(0x80 | ((cp >> 6U) & 0x3FU));
            pending[count++] = static_cast<unsigned char>(0x80 | (cp & 0x3FU));
        } else {
            pending[count++] = static_cast<unsigned char>(0xF0 | (cp >> 18U));
            pending[count++] = static_cast<unsigned char>(0x80 | ((cp >> 12U) & 0x3FU));
            pending[count++] = static_cast<unsigned char>(0x80 | ((cp >> 6U) & 0x3FU));
            pending[count++] = static_cast<unsigned char>(0x80 | (cp & 0x3FU));
        }
        out = pending[next_pending++];
        return true;
    }
};

/// Whether the JSON string content [begin, finish) of `file` decodes to the `n` bytes of `s`.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool json_string_equals(file_view<Byte> file, std::size_t begin, std::size_t finish,
                                                        const char* s, std::size_t n) noexcept {
    json_string_bytes<Byte> bytes{file, begin, finish};
    std::size_t k = 0;
    unsigned char c = 0;
    while (bytes.next(c)) {
        if (k >= n || static_cast<unsigned char>(s[k]) != c) return false;
        ++k;
    }
    return k == n;
}

/// Whether two JSON string contents of `file` decode to the same bytes.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool json_strings_equal(file_view<Byte> file, std::size_t begin1, std::size_t finish1,
                                                        std::size_t begin2, std::size_t finish2) noexcept {
    json_string_bytes<Byte> a{file, begin1, finish1};
    json_string_bytes<Byte> b{file, begin2, finish2};
    unsigned char x = 0;
    unsigned char y = 0;
    while (true) {
        const bool more_a = a.next(x);
        const bool more_b = b.next(y);
        if (more_a != more_b) return false;
        if (!more_a) return true;
        if (x != y) return false;
    }
}

/// The decoded JSON string content [begin, finish) of `file` as a tensor_name.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr tensor_name json_string_name(file_view<Byte> file, std::size_t begin,
                                                             std::size_t finish) noexcept {
    tensor_name name;
    json_string_bytes<Byte> bytes{file, begin, finish};
    unsigned char c = 0;
    while (bytes.next(c)) {
        if (name.size < sizeof name.chars) name.chars[name.size] = static_cast<char>(c);
        ++name.size;
    }
    return name;
}

}  // namespace cta::weights::detail
