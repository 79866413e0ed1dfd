// SPDX-License-Identifier: BSL-1.0
// Lines of output for the bare-metal programs (examples/cortex-m4, tests/embedded/cortex-a15): built in a fixed
// buffer by a small fixed-point formatter (no printf, no iostream, no heap) and printed by semihosting.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/math.hpp>
#include <cta/version.hpp>

#include "semihosting.hpp"

// In an unnamed namespace, as a program's own functions (each program is one translation unit): with internal
// linkage GCC inlines them as it did in examples/cortex-m4/main.cpp, whose code is the same bytes.
namespace {

/// One line of output, built in a fixed buffer (longer text is cut) and printed by `print()`.
class line {
public:
    line& operator<<(const char* text) noexcept {
        while (*text != '\0') put(*text++);
        return *this;
    }

    line& operator<<(char c) noexcept {
        put(c);
        return *this;
    }

    /// `n` in decimal, at least `min_digits` digits (leading zeros).
    line& decimal(std::uint64_t n, int min_digits = 1) noexcept {
        char digits[20];
        int count = 0;
        do {
            digits[count++] = static_cast<char>('0' + n % 10);
            n /= 10;
        } while (n != 0);
        while (count < min_digits && count < 20) digits[count++] = '0';
        while (count > 0) put(digits[--count]);
        return *this;
    }

    /// `x` with `decimals` digits after the point (0 to 9), rounded half away from zero as the seed rounds.
    line& fixed(double x, int decimals) noexcept {
        if (cta::isnan(x)) return *this << "nan";
        if (x < 0 || (x == 0 && std::bit_cast<std::uint64_t>(x) >> 63 != 0)) {
            put('-');
            x = -x;
        }
        if (cta::isinf(x)) return *this << "inf";
        std::uint64_t scale = 1;
        for (int d = 0; d < decimals; ++d) scale *= 10;
        const double scaled = cta::round(x * static_cast<double>(scale));
        if (!(scaled < 1e18)) return *this << "(too large)";
        const auto n = static_cast<std::uint64_t>(scaled);
        decimal(n / scale);
        if (decimals > 0) {
            put('.');
            decimal(n % scale, decimals);
        }
        return *this;
    }

    /// The bits of `x` in hexadecimal.
    template <class F>
    line& bits(F x) noexcept {
        using U = std::conditional_t<sizeof(F) == 8, std::uint64_t, std::uint32_t>;
        const auto u = std::bit_cast<U>(x);
        *this << "0x";
        for (int shift = static_cast<int>(8 * sizeof(U)) - 4; shift >= 0; shift -= 4) {
            put("0123456789abcdef"[(u >> shift) & 0xFU]);
        }
        return *this;
    }

    /// Prints the line and a newline, and empties the buffer.
    void print() noexcept {
        text_[size_] = '\n';
        text_[size_ + 1] = '\0';
        semihosting::write(text_);
        size_ = 0;
    }

private:
    void put(char c) noexcept {
        if (size_ < capacity) text_[size_++] = c;
    }

    static constexpr std::size_t capacity = 158;
    char text_[capacity + 2]{};
    std::size_t size_ = 0;
};

/// Prints each row of `m` as the tutorial does, `[1.9366, 6.6831, 1.5951]`, followed by the bits of its elements.
template <class M>
void print_rows(const M& m) {
    for (std::size_t i = 0; i < M::rows; ++i) {
        line out;
        out << '[';
        for (std::size_t j = 0; j < M::cols; ++j) (out << (j == 0 ? "" : ", ")).fixed(static_cast<double>(m(i, j)), 4);
        out << "]  ";
        for (std::size_t j = 0; j < M::cols; ++j) (out << (j == 0 ? "" : " ")).bits(m(i, j));
        out.print();
    }
}

/// Prints the program's first line: `cta <version> on <what>`.
inline void print_title(const char* what) {
    line title;
    title << "cta ";
    title.decimal(CTA_VERSION_MAJOR) << '.';
    title.decimal(CTA_VERSION_MINOR) << '.';
    title.decimal(CTA_VERSION_PATCH) << " on " << what;
    title.print();
}

}  // namespace
