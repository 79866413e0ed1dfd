// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Printing with `<ostream>`: matrices, arrays of matrices, and the steps of attention by name. The only
/// header of the library that includes `<ostream>`.
#pragma once

#include <array>
#include <cstddef>
#include <ios>
#include <ostream>

#include <boost/hana/accessors.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/core/to.hpp>
#include <boost/hana/string.hpp>

#include <cta/attention.hpp>
#include <cta/multi_head.hpp>
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
template <class M>
struct fixed_decimals {
    const M& m;     ///< the matrix
    int decimals;   ///< digits after the decimal point

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

/// @brief `m`, to be printed with `decimals` digits after the decimal point.
template <matrix_type M>
fixed_decimals<M> with_decimals(const M& m, int decimals) {
    return {m, decimals};
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

/// @brief Prints every member of a Boost.Hana struct in order, each as `name:` on a line and its value below,
/// separated by blank lines.
template <class Struct>
CTA_DETAIL_TARGET_TAG std::ostream& print_steps(std::ostream& os, const Struct& record) {
    bool first = true;
    boost::hana::for_each(boost::hana::accessors<Struct>(), [&](auto accessor) {
        os << (first ? "" : "\n\n") << boost::hana::to<char const*>(boost::hana::first(accessor)) << ":\n"
           << boost::hana::second(accessor)(record);
        first = false;
    });
    return os;
}

/// @brief Prints the steps of attention by name, in order (`cta::print_steps`).
template <class... M>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const attention_steps<M...>& steps) {
    return print_steps(os, steps);
}

/// @copydoc operator<<(std::ostream&, const attention_steps<M...>&)
template <class... M>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const transformer_attention_steps<M...>& steps) {
    return print_steps(os, steps);
}

/// @copydoc operator<<(std::ostream&, const attention_steps<M...>&)
template <std::size_t H, class... M>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const multi_head_steps<H, M...>& steps) {
    return print_steps(os, steps);
}

}  // namespace cta
