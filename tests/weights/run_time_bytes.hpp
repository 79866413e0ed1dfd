// SPDX-License-Identifier: BSL-1.0
// A file's bytes known only at run time: copied into a std::vector, each read through a volatile, so that what a
// loader computes from them is computed by the program (weights_runtime_test.cpp, load_stops.cpp).
#pragma once

#include <cstddef>
#include <iterator>
#include <vector>

#include "at_run_time.hpp"

namespace test {

/// The file's bytes in a vector, each read through a volatile: known only at run time.
template <class F>
std::vector<unsigned char> copy(const F& f) {
    std::vector<unsigned char> v;
    const unsigned char* p = std::data(f);
    for (std::size_t k = 0; k < std::size(f); ++k) v.push_back(test::at_run_time(p[k]));
    return v;
}

}  // namespace test
