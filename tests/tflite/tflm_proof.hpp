// SPDX-License-Identifier: BSL-1.0
// What the proofs of cta::tflite::program (program_proof.cpp, block_d64_proof.cpp) compare: a model's outputs,
// computed while compiling, with TensorFlow Lite Micro's lines of tflm/outputs for its lines of tflm/inputs.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace cta_test::tflite {

/// An element of a matrix from a number of tflm/ (a float by its bits) and back.
template <class T>
constexpr T from_number(long long v) {
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<float>(static_cast<std::uint32_t>(v));
    } else {
        return static_cast<T>(v);
    }
}
template <class T>
constexpr long long to_number(T v) {
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<std::uint32_t>(v);
    } else {
        return v;
    }
}

/// Input I of a line of tflm/inputs whose elements start at `line` (each input's elements in row-major order, the
/// inputs one after another).
template <class P, std::size_t I>
constexpr auto input_of(const long long* line) {
    using X = typename P::template input_type<I>;
    std::size_t start = 0;
    for (std::size_t k = 0; k < I; ++k) start += P::plan.tensors[P::input_tensor(k)].count;
    X in{};
    for (std::size_t i = 0; i < X::rows; ++i)
        for (std::size_t j = 0; j < X::cols; ++j)
            in(i, j) = from_number<typename X::value_type>(line[start + i * X::cols + j]);
    return in;
}

/// The elements of output O of the evaluation in `s`, from element 0 of `expected` on: the count of those equal to
/// TensorFlow Lite Micro's numbers.
template <class P, std::size_t O>
constexpr std::size_t output_matches(const typename P::storage& s, const long long* expected) {
    const auto y = P::template output<O>(s);
    std::size_t same = 0;
    for (std::size_t i = 0; i < y.rows; ++i)
        for (std::size_t j = 0; j < y.cols; ++j) same += to_number(y(i, j)) == expected[i * y.cols + j] ? 1 : 0;
    return same;
}

/// Whether the model P computes, for lines `first` to `last - 1` of its `runs` lines of inputs, TensorFlow Lite
/// Micro's lines of outputs (its inputs as `input_of` reads them; its outputs one after another on a line, each in
/// row-major order).
template <class P, std::size_t NI, std::size_t NO, std::size_t... I, std::size_t... O>
constexpr bool runs_as_tflm(const long long (&inputs)[NI], const long long (&outputs)[NO], std::size_t runs,
                            std::size_t first, std::size_t last, std::index_sequence<I...>,
                            std::index_sequence<O...>) {
    const std::size_t line = (std::size_t{0} + ... + P::plan.tensors[P::input_tensor(I)].count);
    constexpr std::size_t out_counts[] = {P::plan.tensors[P::output_tensor(O)].count...};
    constexpr std::size_t out_line = (std::size_t{0} + ... + out_counts[O]);
    if (NI != runs * line || NO != runs * out_line || last > runs) return false;
    for (std::size_t r = first; r < last; ++r) {
        typename P::storage s{};
        P::run_into(s, input_of<P, I>(inputs + r * line)...);
        std::size_t start = r * out_line, same = 0;
        ((same += output_matches<P, O>(s, outputs + start), start += out_counts[O]), ...);
        if (same != out_line) return false;
    }
    return true;
}
template <class P, std::size_t NI, std::size_t NO, std::size_t... I>
constexpr bool runs_as_tflm(const long long (&inputs)[NI], const long long (&outputs)[NO], std::size_t runs,
                            std::size_t first, std::size_t last, std::index_sequence<I...> in) {
    return runs_as_tflm<P>(inputs, outputs, runs, first, last, in, std::make_index_sequence<P::outputs>{});
}
template <class P, std::size_t NI, std::size_t NO>
constexpr bool computes_as_tflm(const long long (&inputs)[NI], const long long (&outputs)[NO], std::size_t runs) {
    return runs_as_tflm<P>(inputs, outputs, runs, 0, runs, std::make_index_sequence<P::inputs>{});
}

/// The same, each line a constant evaluation of its own (each within the compilers' budgets for one evaluation).
template <class P, const auto& Inputs, const auto& Outputs, std::size_t Runs, std::size_t R>
inline constexpr bool run_as_tflm_v =
    runs_as_tflm<P>(Inputs, Outputs, Runs, R, R + 1, std::make_index_sequence<P::inputs>{});
template <class P, const auto& Inputs, const auto& Outputs, std::size_t Runs, std::size_t... R>
constexpr bool each_run_as_tflm(std::index_sequence<R...>) {
    return (run_as_tflm_v<P, Inputs, Outputs, Runs, R> && ...);
}

}  // namespace cta_test::tflite
