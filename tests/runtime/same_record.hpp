// SPDX-License-Identifier: BSL-1.0
// Records of steps compared member by member: `same_record(a, b, same)` is true if `same(x, y)` holds for every
// matrix of `a` and the matrix of `b` in its place, through std::arrays, boost::hana::tuples and Hana structs (the
// records of the Transformer blocks, of their stacks and of a model's run).
#pragma once

#include <cstddef>
#include <tuple>

#include <boost/hana/at_key.hpp>
#include <boost/hana/core/is_a.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/keys.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/zip.hpp>

#include <cta/matrix.hpp>

namespace test {

template <class A, class Same>
bool same_record(const A& a, const A& b, const Same& same) {
    namespace hana = boost::hana;
    if constexpr (cta::matrix_type<A>) {
        return same(a, b);
    } else if constexpr (requires { std::tuple_size<A>::value; }) {
        for (std::size_t i = 0; i < std::tuple_size<A>::value; ++i) {
            if (!same_record(a[i], b[i], same)) return false;
        }
        return true;
    } else if constexpr (hana::is_a<hana::tuple_tag, A>) {
        bool all = true;
        hana::for_each(hana::zip(a, b), [&](const auto& pair) {
            if (!same_record(pair[hana::size_c<0>], pair[hana::size_c<1>], same)) all = false;
        });
        return all;
    } else {
        bool all = true;
        hana::for_each(hana::keys(a), [&](auto key) {
            if (!same_record(hana::at_key(a, key), hana::at_key(b, key), same)) all = false;
        });
        return all;
    }
}

}  // namespace test
