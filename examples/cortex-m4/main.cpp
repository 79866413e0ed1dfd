// The seed tutorial's self-attention on a Cortex-M4 (QEMU's mps2-an386 board), in double and in float.
//
// For each type the compiler computes the outputs while it builds this program (`constexpr`); the Cortex-M4
// computes them again when the program runs, from inputs and weights it reads through volatile, so that nothing of
// the computation can be done in advance. The program prints the outputs the target computed and compares them bit
// for bit with the compiler's. Exit code 0 if every bit agrees, 1 otherwise.
//
// No heap, no exceptions, no printf: lines are built in a fixed buffer and printed by semihosting.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/cta.hpp>

#include "seed.hpp"
#include "semihosting.hpp"

namespace {

/// A copy of `m` read element by element through a volatile: its values are known only when the program runs.
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> at_run_time(const cta::matrix<T, R, C>& m) {
    cta::matrix<T, R, C> copy;
    for (std::size_t i = 0; i < R; ++i) {
        for (std::size_t j = 0; j < C; ++j) {
            volatile T v = m(i, j);
            copy(i, j) = v;
        }
    }
    return copy;
}

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

/// Computes the seed's self-attention in `Real` on the target, prints it and compares it with the compiler's.
template <class Real>
bool attention_matches_compile_time(const char* type_name) {
    constexpr auto expected = cta::self_attention<Real>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    const auto outputs = cta::self_attention<Real>(at_run_time(seed::inputs), at_run_time(seed::w_query),
                                                   at_run_time(seed::w_key), at_run_time(seed::w_value));
    const bool same = cta::identical(outputs, expected);

    (line{} << type_name << " outputs, computed on the target:").print();
    print_rows(outputs);
    if (same) {
        (line{} << type_name << ": identical to the compile-time outputs, bit for bit").print();
    } else {
        (line{} << type_name << ": DIFFERENT from the compile-time outputs, which are:").print();
        print_rows(expected);
    }
    return same;
}

}  // namespace

int main() {
    line title;
    title << "cta ";
    title.decimal(CTA_VERSION_MAJOR) << '.';
    title.decimal(CTA_VERSION_MINOR) << '.';
    title.decimal(CTA_VERSION_PATCH) << " on Cortex-M4: the seed's self-attention, computed at run time";
    title.print();

    const bool double_ok = attention_matches_compile_time<double>("double");
    const bool float_ok = attention_matches_compile_time<float>("float");
    const bool ok = double_ok && float_ok;
    (line{} << (ok ? "PASS" : "FAIL")).print();
    return ok ? 0 : 1;
}
