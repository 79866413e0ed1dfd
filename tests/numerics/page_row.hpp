// SPDX-License-Identifier: BSL-1.0
// The row of docs/numerics.md's table of accuracy for one function and type, as the accuracy tests print it:
//   page row: | `cta::<name>` | `<type>` | <points> | <u> ulp (<e> ulp from the exact value) | <n> (<p> %) |
// with the largest error from the exact value rounded up to the next hundredth and the share of points not correctly
// rounded to one decimal; and a row of its table of special values, as special_values_page.cpp prints it:
//   special row: | <call> | <result> |
// with the figures (thresholds) written by the test from the constants of the headers or from the functions
// themselves. tests/docs_generated/check_accuracy.cmake compares these lines with the page (and rewrites its tables
// with UPDATE=ON).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>

namespace cta_numerics {

// n with a comma between each group of three digits: 117164 -> "117,164".
inline std::string with_separators(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

inline void print_page_row(const char* name, const char* type, std::size_t points, std::uint64_t max_ulps,
                           double max_error, std::size_t not_correctly_rounded) {
    char error[32];
    char share[32];
    std::snprintf(error, sizeof error, "%.2f", std::ceil(max_error * 100.0) / 100.0);
    std::snprintf(share, sizeof share, "%.1f",
                  100.0 * static_cast<double>(not_correctly_rounded) / static_cast<double>(points));
    std::cout << "  page row: | `cta::" << name << "` | `" << type << "` | " << with_separators(points) << " | "
              << max_ulps << " ulp (" << error << " ulp from the exact value) | "
              << with_separators(not_correctly_rounded) << " (" << share << " %) |\n";
}

// x with `decimals` decimals, a negative number with the minus sign of the page: -745.133 -> "−745.13".
inline std::string page_number(double x, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, x < 0.0 ? -x : x);
    return (x < 0.0 ? "−" : "") + std::string(text);
}

// x with `digits` significant digits (printf's %g), a negative number with the page's minus sign.
inline std::string page_digits(double x, int digits) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*g", digits, x < 0.0 ? -x : x);
    return (x < 0.0 ? "−" : "") + std::string(text);
}

// 2^e as the page writes it: "2^−54".
inline std::string page_power_of_two(int e) {
    return "2^" + (e < 0 ? "−" + std::to_string(-e) : std::to_string(e));
}

inline void print_special_row(std::string_view call, std::string_view result) {
    std::cout << "  special row: | " << call << " | " << result << " |\n";
}

}  // namespace cta_numerics
