// SPDX-License-Identifier: BSL-1.0
// std::format for matrices (<cta/format.hpp>): rows as operator<< prints them, the format spec applied to each
// element. Where the standard library has no <format>, the program says so and exits with 77 (the test is skipped).
// Its own main and no test framework, so that any standard library can build it (tests/format/CMakeLists.txt builds
// it with the project's compiler and with Clang and libc++).
#include <cta/format.hpp>

#if CTA_HAS_STD_FORMAT

#include <cstdint>
#include <cstdio>
#include <format>
#include <iterator>
#include <string>

#include <cta/io_matrix.hpp>

#include "../runtime/print.hpp"

namespace {

int checks = 0;
int failures = 0;

void check(const std::string& got, const std::string& expected, const char* what) {
    ++checks;
    if (got != expected) {
        ++failures;
        std::printf("FAILED: %s\n  got:      \"%s\"\n  expected: \"%s\"\n", what, got.c_str(), expected.c_str());
    }
}

using test::print;

}  // namespace

int main() {
    using cta::matrix;

    // Rows one per line, as operator<< prints them, for integers, small integer types and bool.
    constexpr matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
    check(std::format("{}", inputs), "[1, 0, 1, 0]\n[0, 2, 0, 2]\n[1, 1, 1, 1]", "{} of an int matrix");
    check(std::format("{}", inputs), print(inputs), "{} as operator<<");
    constexpr matrix<int, 1, 1> one{{{-7}}};
    check(std::format("{}", one), "[-7]", "a 1x1 matrix");
    constexpr matrix<std::int8_t, 1, 2> small{{{65, -1}}};
    check(std::format("{}", small), "[65, -1]", "int8_t as numbers");
    check(std::format("{}", small), print(small), "int8_t as operator<<");
    constexpr matrix<unsigned char, 1, 2> bytes{{{48, 255}}};
    check(std::format("{}", bytes), print(bytes), "unsigned char as operator<<");
    constexpr matrix<bool, 2, 2> keep{{{true, false}, {false, true}}};
    check(std::format("{}", keep), "[1, 0]\n[0, 1]", "bool as numbers");
    check(std::format("{}", keep), print(keep), "bool as operator<<");

    // The spec applies to each element: decimals, as with_decimals prints them, width and alignment, dynamic width.
    constexpr matrix<double, 2, 2> d{{{0.0634, -2.5}, {1.0, 7.0}}};
    check(std::format("{:.2f}", d), "[0.06, -2.50]\n[1.00, 7.00]", "{:.2f}");
    check(std::format("{:.3f}", d), print(cta::with_decimals(d, 3)), "{:.3f} as with_decimals(m, 3)");
    check(std::format("{}", matrix<double, 1, 3>{{{0.5, 2.0, -1.25}}}), "[0.5, 2, -1.25]", "{} of doubles");
    check(std::format("{:.1e}", matrix<double, 1, 2>{{{1234.5, -0.001}}}), "[1.2e+03, -1.0e-03]", "{:.1e}");
    constexpr matrix<int, 2, 2> m{{{1, -2}, {30, 4}}};
    check(std::format("{:>3}", m), "[  1,  -2]\n[ 30,   4]", "{:>3}");
    check(std::format("{:<3}|", m), "[1  , -2 ]\n[30 , 4  ]|", "{:<3} then text");
    check(std::format("{:{}}", m, 4), "[   1,   -2]\n[  30,    4]", "{:{}}: dynamic width");
    check(std::format("{:+}", m), "[+1, -2]\n[+30, +4]", "{:+}");
    check(std::format("{:x}", matrix<int, 1, 2>{{{255, 16}}}), "[ff, 10]", "{:x}");
    check(std::format("{0} {0:.1f}", matrix<float, 1, 1>{{{0.25F}}}), "[0.25] [0.2]", "one argument, two specs");

    // Named axes, wide characters, format_to and formatted_size.
    constexpr matrix<float, 1, 2, cta::axis::tokens, cta::axis::model> named{{{0.5F, 1.25F}}};
    check(std::format("{:.1f}", named), "[0.5, 1.2]", "named axes");
    const std::wstring wide = std::format(L"{:>2}", matrix<int, 1, 2>{{{1, 2}}});
    check(wide == L"[ 1,  2]" ? "same" : "different", "same", "wchar_t");
    std::string out = "m = ";
    std::format_to(std::back_inserter(out), "{:.2f}", d);
    check(out, "m = [0.06, -2.50]\n[1.00, 7.00]", "format_to");
    check(std::to_string(std::formatted_size("{}", inputs)), "38", "formatted_size");

#if defined(__cpp_exceptions)
    // A spec the element type does not accept is refused, as for the element itself.
    std::string refused = "not refused";
    try {
        const std::string spec = "{:.2f}";
        (void)std::vformat(spec, std::make_format_args(m));
    } catch (const std::format_error&) {
        refused = "refused";
    }
    check(refused, "refused", "{:.2f} on an int matrix");
#endif

    std::printf("format: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}

#else

#include <cstdio>

int main() {
    std::puts("format: skipped: this standard library has no std::format (__cpp_lib_format)");
    return 77;
}

#endif
