// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief `std::format` for matrices: `std::format("{}", m)` gives the rows one per line, `[1, 0, 1, 0]`, as
/// `operator<<` of `<cta/io_matrix.hpp>` prints them, and the format spec applies to each element:
/// `std::format("{:.2f}", weights)` gives `[0.06, 0.47, 0.47]` and so on.
///
/// Only where the standard library has `<format>` and says so with `__cpp_lib_format` (libc++ 22, tested with it;
/// not libstdc++ 12). Elsewhere this header defines nothing but `CTA_HAS_STD_FORMAT` as 0, so that code including
/// it still compiles and can test for it.
#pragma once

#include <version>

#if defined(__cpp_lib_format)

/// @brief 1 where `std::formatter<cta::matrix<...>>` is defined (the standard library has `<format>`), else 0.
#define CTA_HAS_STD_FORMAT 1

#include <cstddef>
#include <format>
#include <utility>

#include <cta/matrix.hpp>

namespace std {

/// @brief Formats a matrix one row per line, `[a, b]`, without a newline after the last row. Each element is
/// formatted as `+m(i, j)` (small integer types and `bool` as numbers, as `operator<<` prints them) with the
/// format spec of the replacement field: `{:.2f}`, `{:>6}`, `{:{}}`. Floating values without a spec take
/// `std::format`'s shortest form (`1234567`), where `operator<<` takes the stream's (`1.23457e+06`).
template <class T, std::size_t R, std::size_t C, class... Axes, class CharT>
struct formatter<cta::matrix<T, R, C, Axes...>, CharT> {
    /// @brief The type each element is formatted as: `T` after integral promotion.
    using element_type = decltype(+std::declval<const T&>());

    /// @brief Reads the element format spec.
    constexpr auto parse(basic_format_parse_context<CharT>& ctx) { return element_.parse(ctx); }

    /// @brief Writes the rows, each element with the element format spec.
    template <class FormatContext>
    auto format(const cta::matrix<T, R, C, Axes...>& m, FormatContext& ctx) const {
        auto out = ctx.out();
        for (std::size_t i = 0; i < R; ++i) {
            if (i != 0) *out++ = CharT('\n');
            *out++ = CharT('[');
            for (std::size_t j = 0; j < C; ++j) {
                if (j != 0) {
                    *out++ = CharT(',');
                    *out++ = CharT(' ');
                }
                ctx.advance_to(out);
                out = element_.format(+m(i, j), ctx);
            }
            *out++ = CharT(']');
        }
        return out;
    }

private:
    formatter<element_type, CharT> element_;
};

}  // namespace std

#else

#define CTA_HAS_STD_FORMAT 0

#endif
