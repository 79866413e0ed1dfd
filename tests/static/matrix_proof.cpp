// SPDX-License-Identifier: BSL-1.0
// The matrix as the standard library sees it, proven while compiling: a random-access, sized range of its elements
// in row-major order (the concepts, the legacy iterator category, range-for, sorting, in constant expressions), the
// tuple protocol of structured bindings, the literals of cta::make_matrix and the conversions from std::array, the
// compound assignments (the bits of a = a op b), size() and the integer arguments of cta::exp and cta::sqrt.
// Built with `all`: a wrong value breaks the build (test static.matrix_proof).
#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <limits>
#include <ranges>
#include <tuple>
#include <type_traits>
#include <utility>

#include <cta/cta.hpp>

namespace {

using cta::matrix;
using cta::axis::key;
using cta::axis::tokens;

// ---- A random-access, sized range ----------------------------------------------------------------------------------

template <class M>
concept element_range = std::ranges::random_access_range<M> && std::ranges::sized_range<M> &&
                        std::ranges::common_range<M> &&
                        std::same_as<std::ranges::range_value_t<M>, cta::element_t<M>> &&
                        std::random_access_iterator<typename std::remove_cvref_t<M>::iterator> &&
                        std::random_access_iterator<typename std::remove_cvref_t<M>::const_iterator> &&
                        std::same_as<typename std::iterator_traits<std::ranges::iterator_t<M>>::iterator_category,
                                     std::random_access_iterator_tag>;

static_assert(element_range<matrix<int, 2, 3>>);
static_assert(element_range<const matrix<int, 2, 3>>);
static_assert(element_range<matrix<double, 1, 5, tokens, key>>);
static_assert(element_range<matrix<bool, 4, 1>>);
// Writable through a matrix, read-only through a const one; sortable in place.
static_assert(std::ranges::output_range<matrix<float, 2, 2>, float>);
static_assert(!std::ranges::output_range<const matrix<float, 2, 2>, float>);
static_assert(std::sortable<matrix<float, 2, 2>::iterator>);
static_assert(std::same_as<std::ranges::range_reference_t<const matrix<int, 2, 3>>, const int&>);
// Not contiguous: in a constant expression a pointer cannot leave a row (data() is for run time).
static_assert(!std::ranges::contiguous_range<matrix<int, 2, 3>>);
// An iterator converts to a const one, and they compare.
static_assert(std::convertible_to<matrix<int, 2, 3>::iterator, matrix<int, 2, 3>::const_iterator>);
static_assert(!std::convertible_to<matrix<int, 2, 3>::const_iterator, matrix<int, 2, 3>::iterator>);
static_assert(std::totally_ordered_with<matrix<int, 2, 3>::iterator, matrix<int, 2, 3>::const_iterator>);

// Still an aggregate, written like the tutorial's tables, with the deduction guide.
static_assert(std::is_aggregate_v<matrix<int, 3, 4>>);
constexpr matrix w_key{{{0, 0, 1}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}}};
static_assert(std::same_as<decltype(w_key), const matrix<int, 4, 3>>);

// size() is a static member function, as the standard containers have it.
static_assert(matrix<int, 4, 3>::size() == 12 && w_key.size() == 12 && std::ranges::size(w_key) == 12);
static_assert(std::ranges::distance(w_key) == 12 && w_key.end() - w_key.begin() == 12);

// Row-major order: element k is m(k / C, k % C), through every operation of the iterator.
constexpr matrix<int, 3, 4> inputs{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
constexpr bool row_major() {
    std::size_t k = 0;
    for (const int& x : inputs) {
        if (&x != &inputs(k / 4, k % 4)) return false;
        ++k;
    }
    auto i = inputs.begin();
    const auto e = inputs.cend();
    return k == 12 && i[5] == 2 && *(i + 6) == 0 && *(7 + i) == 2 && *(e - 1) == 1 && e - i == 12 && i < e &&
           !(e < i) && i <= i && e >= i && e > i && *(i += 4) == 0 && *(i -= 3) == 0 && *++i == 1 && *i++ == 1 &&
           *i-- == 0 && *--i == 0 && std::ranges::next(i, 2) - i == 2 && i == inputs.begin() + 1;
}
static_assert(row_major());
// The same values as the matrix, in order, through the standard algorithms.
constexpr std::array<int, 12> flat{1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1};
static_assert(std::ranges::equal(inputs, flat));
static_assert(std::equal(std::reverse_iterator(inputs.end()), std::reverse_iterator(inputs.begin()), flat.rbegin()));
static_assert(std::ranges::count(inputs, 1) == 6 && *std::ranges::max_element(inputs) == 2);

// Sorting: a whole matrix in row-major order, a row of it (a copy), with std::sort too.
constexpr matrix<int, 2, 3> shuffled{{{5, 3, 6}, {1, 4, 2}}};
constexpr auto sorted = [] {
    auto m = shuffled;
    std::ranges::sort(m);
    return m;
}();
static_assert(sorted == matrix<int, 2, 3>{{{1, 2, 3}, {4, 5, 6}}});
constexpr auto sorted_row = [] {
    auto r = cta::row(shuffled, 1);
    std::ranges::sort(r);
    return r;
}();
static_assert(sorted_row == matrix<int, 1, 3>{{{1, 2, 4}}});
constexpr auto sorted_down = [] {
    auto m = shuffled;
    std::sort(m.begin(), m.end(), std::greater<>{});
    return m;
}();
static_assert(sorted_down == matrix<int, 2, 3>{{{6, 5, 4}, {3, 2, 1}}});
// Sorting the temporary that cta::row returns compiles, and gives no iterator into it.
static_assert(std::same_as<decltype(std::ranges::sort(cta::row(shuffled, 0))), std::ranges::dangling>);

// ---- Structured bindings -------------------------------------------------------------------------------------------

static_assert(std::tuple_size_v<matrix<int, 2, 3>> == 6);
static_assert(std::tuple_size_v<const matrix<int, 1, 3, tokens, key>> == 3);
static_assert(std::same_as<std::tuple_element_t<5, matrix<float, 2, 3>>, float>);
static_assert(std::same_as<std::tuple_element_t<0, const matrix<float, 2, 3>>, const float>);
constexpr bool binds_elements() {
    const auto [a, b, c] = cta::row(shuffled, 0);  // a row's elements
    auto m = shuffled;
    auto& [p, q, r, s, t, u] = m;  // references into m, row by row
    t = 40;
    return a == 5 && b == 3 && c == 6 && p == 5 && q == 3 && r == 6 && s == 1 && u == 2 && m(1, 1) == 40 &&
           cta::get<4>(m) == 40 && cta::get<2>(shuffled) == 6 && cta::get<3>(matrix<int, 2, 2>{{{1, 2}, {3, 4}}}) == 4;
}
static_assert(binds_elements());
static_assert(std::same_as<decltype(cta::get<0>(std::declval<matrix<int, 2, 2>>())), int&&>);
static_assert(std::same_as<decltype(cta::get<0>(std::declval<const matrix<int, 2, 2>&>())), const int&>);

// ---- Literals and conversions --------------------------------------------------------------------------------------

// Deduced shape and element type, an explicit element type, an explicit shape (checked), with axes.
constexpr auto deduced = cta::make_matrix({{1, 2, 3}, {4, 5, 6}});
static_assert(std::same_as<decltype(deduced), const matrix<int, 2, 3>> && deduced == sorted);
constexpr auto as_double = cta::make_matrix<double>({{1, 2}, {3, 4.5}});
static_assert(std::same_as<decltype(as_double), const matrix<double, 2, 2>> && as_double(1, 1) == 4.5);
constexpr auto checked = cta::make_matrix<int, 3, 4>({{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}});
static_assert(std::same_as<decltype(checked), const matrix<int, 3, 4>> && checked == inputs);
constexpr auto named = cta::make_matrix<float, 1, 2, tokens, key>({{0.5, 2}});
static_assert(std::same_as<decltype(named), const matrix<float, 1, 2, tokens, key>> && named(0, 0) == 0.5F);
// The checked form is the only one that takes an explicit shape; the deduced one does not deduce ragged rows.
template <class T>
concept deduces_ragged_rows = requires { cta::make_matrix<T>({{1, 2}, {3}}); };
static_assert(!deduces_ragged_rows<int>);
template <std::size_t C>
concept takes_shape_with_std_array = requires(const std::array<int, C>& a) { cta::make_matrix<int, 1, C>(a); };
static_assert(!takes_shape_with_std_array<3>);

// std::array: a row, and an array of rows.
constexpr std::array<int, 3> token{1, 0, 1};
static_assert(std::same_as<decltype(cta::make_matrix(token)), matrix<int, 1, 3>>);
static_assert(cta::make_matrix(token) == cta::make_matrix({{1, 0, 1}}));
constexpr std::array<std::array<int, 4>, 3> table{{{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}}};
static_assert(std::same_as<decltype(cta::make_matrix(table)), matrix<int, 3, 4>>);
static_assert(cta::make_matrix(table) == inputs);

// ---- Compound assignment: the bits of a = a op b --------------------------------------------------------------------

constexpr matrix<double, 2, 3> x{{{0.1, -0.0, 1e300}, {3.5, -2.25, 1e-310}}};
constexpr matrix<double, 2, 3> y{{{0.2, 0.0, 1e300}, {-3.5, 0.75, 1e-310}}};
constexpr matrix<int, 2, 3> n{{{1, -2, 3}, {-4, 5, -6}}};

template <class A, class B, class F>
constexpr A in_place(A a, const B& b, F f) {
    f(a, b);
    return a;
}
static_assert(cta::identical(in_place(x, y, [](auto& a, const auto& b) { a += b; }), x + y));
static_assert(cta::identical(in_place(x, y, [](auto& a, const auto& b) { a -= b; }), x - y));
static_assert(cta::identical(in_place(x, n, [](auto& a, const auto& b) { a += b; }), x + n));  // double += int
static_assert(cta::identical(in_place(x, n, [](auto& a, const auto& b) { a -= b; }), x - n));
static_assert(cta::identical(in_place(n, n, [](auto& a, const auto& b) { a += b; }), n + n));
static_assert(cta::identical(in_place(x, 3.0, [](auto& a, double s) { a *= s; }), x * 3.0));
static_assert(cta::identical(in_place(x, 3, [](auto& a, int s) { a *= s; }), x * 3));
static_assert(cta::identical(in_place(x, 0.1, [](auto& a, double s) { a /= s; }), x / 0.1));
static_assert(cta::identical(in_place(n, 2, [](auto& a, int s) { a /= s; }), n / 2));  // integer division
// float += float, and a float scalar for float elements.
constexpr matrix<float, 1, 3> f{{{0.1F, 1e38F, -1.5F}}};
static_assert(cta::identical(in_place(f, f, [](auto& a, const auto& b) { a += b; }), f + f));  // 2e38 fits
static_assert(cta::identical(in_place(f, 0.1F, [](auto& a, float s) { a *= s; }), f * 0.1F));
// Small integer types compute in int and convert back, as the built-in compound assignments do.
constexpr matrix<short, 1, 2> small{{{30000, -7}}};
static_assert(in_place(small, small, [](auto& a, const auto& b) { a += b; }) ==
              matrix<short, 1, 2>{{{static_cast<short>(-5536), -14}}});
static_assert(in_place(small, short{3}, [](auto& a, short s) { a *= s; }) ==
              matrix<short, 1, 2>{{{static_cast<short>(24464), -21}}});
// The left operand keeps its type, its axes included.
constexpr auto tokens_by_key = cta::with_axes<tokens, key>(x);
static_assert(std::same_as<decltype(in_place(tokens_by_key, y, [](auto& a, const auto& b) { a += b; })),
                           matrix<double, 2, 3, tokens, key>>);
static_assert(cta::identical(in_place(tokens_by_key, y, [](auto& a, const auto& b) { a += b; }), tokens_by_key + y));
// a = a + a for a plain matrix: the operations return the one type of a plain matrix.
static_assert(std::same_as<decltype(n + n), matrix<int, 2, 3>> &&
              std::same_as<cta::matrix_t<int, 2, 3, cta::any_axis, cta::any_axis>, matrix<int, 2, 3>>);
// Not for a const matrix, and *= and /= take a scalar only (a * b with matrices is a product).
template <class A, class B>
concept adds_in_place = requires(A& a, const B& b) { a += b; };
template <class M, class S>
concept scales_in_place = requires(M& m, const S& s) { m *= s; };
static_assert(adds_in_place<matrix<int, 2, 3>, matrix<int, 2, 3>>);
static_assert(!adds_in_place<const matrix<int, 2, 3>, matrix<int, 2, 3>>);
static_assert(scales_in_place<matrix<int, 2, 2>, int> && !scales_in_place<matrix<int, 2, 2>, matrix<int, 2, 2>>);

// ---- cta::exp and cta::sqrt take integers alike: converted to double ----------------------------------------------

static_assert(std::same_as<decltype(cta::sqrt(2)), double> && std::same_as<decltype(cta::exp(2)), double>);
static_assert(std::bit_cast<std::uint64_t>(cta::sqrt(2)) == std::bit_cast<std::uint64_t>(cta::sqrt(2.0)));
static_assert(std::bit_cast<std::uint64_t>(cta::exp(2)) == std::bit_cast<std::uint64_t>(cta::exp(2.0)));
static_assert(cta::sqrt(49U) == 7.0 && cta::sqrt(std::int64_t{1} << 62) == 2147483648.0 && cta::sqrt(0) == 0.0);
static_assert(cta::isnan(cta::sqrt(-4)));

}  // namespace
