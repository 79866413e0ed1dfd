// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Printing the steps of attention with `<ostream>`: each step of an `attention_steps` or `multi_head_steps`
/// record by name, in order, and `print_steps` for any Boost.Hana struct. Matrices print as `<cta/io_matrix.hpp>`
/// prints them.
#pragma once

#include <cstddef>
#include <ostream>

#include <boost/hana/accessors.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/core/to.hpp>
#include <boost/hana/string.hpp>

#include <cta/attention_steps.hpp>
#include <cta/io_matrix.hpp>
#include <cta/multi_head_steps.hpp>
#include <cta/detail/target.hpp>

namespace cta {

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

///@{
/// @brief Prints the steps of attention by name, in order (`cta::print_steps`): self- or cross-attention, with or
/// without options.
template <class... M>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const attention_steps<M...>& steps) {
    return print_steps(os, steps);
}

// The same for the steps of multi-head attention.
template <std::size_t H, class... M>
CTA_DETAIL_TARGET_TAG std::ostream& operator<<(std::ostream& os, const multi_head_steps<H, M...>& steps) {
    return print_steps(os, steps);
}
///@}

}  // namespace cta
