// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Printing matrices with `<ostream>`: a matrix, a matrix with a fixed number of decimals, an array of
/// matrices. Needs only `<cta/matrix.hpp>` and the standard stream headers; `<cta/io.hpp>` adds the steps of
/// attention (`<cta/io_steps.hpp>`).
#pragma once

#include <array>
#include <cstddef>
#include <ios>
#include <ostream>
#include <type_traits>
#include <utility>

#include <cta/matrix.hpp>
#include <cta/detail/target.hpp>

namespace cta {

/// @brief Prints a matrix one row per line, as the seed does: `[1, 0, 1, 0]`, with the stream's number format.
/// No newline after the last row.
template <class T, std::size_t R, std::size_t C, class... Axes>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const matrix<T, R, C, Axes...>& m) {
    for (std::size_t i = 0; i < R; ++i) {
        os << (i == 0 ? "[" : "\n[");
        for (std::size_t j = 0; j < C; ++j) {
            os << (j == 0 ? "" : ", ") << +m(i, j);  // + prints small integer types as numbers
        }
        os << ']';
    }
    return os;
}

/// @brief A matrix printed with a fixed number of decimals, as the seed prints its floating values
/// (`std::cout << cta::with_decimals(m, 1)` gives `[1.0, 4.0, 0.0]`). Made by `cta::with_decimals`.
///
/// `M` is `const matrix<...>&` when made from a named matrix (no copy: keep that matrix alive while this object is
/// used), and `matrix<...>` when made from a temporary, which this object then holds, so that
/// `auto p = cta::with_decimals(a * b, 2);` stays valid after the statement that computed `a * b`.
template <class M>
struct fixed_decimals {
    M m;            ///< the matrix, or a reference to it
    int decimals;   ///< digits after the decimal point

    /// @brief Prints `f.m` as `operator<<` of a matrix does, each element with `f.decimals` digits after the point.
    friend std::ostream& operator<<(std::ostream& os, const fixed_decimals& f) {
        const auto flags = os.flags();
        const auto precision = os.precision(f.decimals);
        os.setf(std::ios_base::fixed, std::ios_base::floatfield);
        os << f.m;
        os.flags(flags);
        os.precision(precision);
        return os;
    }
};

/// @brief `m`, to be printed with `decimals` digits after the decimal point. Refers to a named matrix (an lvalue);
/// holds a copy of a temporary (an rvalue).
template <matrix_type M>
fixed_decimals<std::conditional_t<std::is_lvalue_reference_v<M>, const std::remove_reference_t<M>&,
                                  std::remove_cvref_t<M>>>
with_decimals(M&& m, int decimals) {
    return {std::forward<M>(m), decimals};
}

/// @brief Prints each matrix of an array, numbered from 1 and separated by blank lines (e.g. the weighted values of
/// each query).
template <class T, std::size_t R, std::size_t C, class... Axes, std::size_t N>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const std::array<matrix<T, R, C, Axes...>, N>& ms) {
    for (std::size_t i = 0; i < N; ++i) {
        os << (i == 0 ? "" : "\n\n") << '#' << (i + 1) << ":\n" << ms[i];
    }
    return os;
}

}  // namespace cta
