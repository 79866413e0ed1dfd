// SPDX-License-Identifier: BSL-1.0
// Values that only exist at run time: each element is read through a volatile, so the compiler cannot know it and
// cannot fold a computation on the copy into a constant. A function of `at_run_time(x)` is therefore computed by the
// code the program runs, which the tests compare with the same function evaluated in a constant expression.
#pragma once

#include <cstddef>
#include <type_traits>

#include <cta/matrix.hpp>

namespace test {

/// A copy of the number `x` read through a volatile.
template <class T>
    requires std::is_arithmetic_v<T>
T at_run_time(T x) {
    volatile T v = x;
    return v;
}

/// A copy of `m` read element by element through a volatile.
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

}  // namespace test
