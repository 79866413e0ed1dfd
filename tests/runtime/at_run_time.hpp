// SPDX-License-Identifier: BSL-1.0
// Values that only exist at run time: each element is read through a volatile, so the compiler cannot know it and
// cannot fold a computation on the copy into a constant. A function of `at_run_time(x)` is therefore computed by the
// code the program runs, which the tests compare with the same function evaluated in a constant expression.
#pragma once

#include <cstddef>
#include <cstring>
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

/// to[k] = from[k] for k < count, each element read through a volatile: one function per element type, whatever the
/// shape (a copy per shape, its loops unrolled, would cost the tests' builds time and nothing else).
template <class T>
[[gnu::noinline]] void copy_through_volatile(T* to, const T* from, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
        volatile T v = from[k];
        to[k] = v;
    }
}

/// A copy of `m` read element by element through a volatile.
template <class T, std::size_t R, std::size_t C>
cta::matrix<T, R, C> at_run_time(const cta::matrix<T, R, C>& m) {
    cta::matrix<T, R, C> copy;
    copy_through_volatile(&copy.elems[0][0], &m.elems[0][0], R * C);
    return copy;
}

}  // namespace test

namespace test {

/// Whether the `count` elements at a and at b have the same bits, as cta::identical compares them (long double and
/// integers by value): one function per element type, whatever the shape, for the run-time tests that compare
/// many records of many shapes (a copy of cta::identical per shape, its loops unrolled, costs their builds time).
template <class T>
[[gnu::noinline]] bool same_bits_of(const T* a, const T* b, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
        if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
            if (std::memcmp(a + k, b + k, sizeof(T)) != 0) return false;
        } else if constexpr (std::is_floating_point_v<T>) {  // long double has padding bits: compare values
            if (!(a[k] == b[k]) && !(a[k] != a[k] && b[k] != b[k])) return false;
        } else {
            if (!(a[k] == b[k])) return false;
        }
    }
    return true;
}

/// cta::identical(a, b), by same_bits_of.
template <cta::matrix_type M>
bool same_bits(const M& a, const M& b) {
    return same_bits_of(&a.elems[0][0], &b.elems[0][0], M::rows * M::cols);
}

}  // namespace test
