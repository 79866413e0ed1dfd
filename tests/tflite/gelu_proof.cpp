// SPDX-License-Identifier: BSL-1.0
// static.tflite_gelu: int8 GELU while compiling. cta::quantized::prepare_gelu_int8 gives, for four quantizations and
// both forms (erfc and the tanh approximation), the 256 outputs that TensorFlow Lite's GeluPrepare computes
// (gelu/tables.txt, written by gelu/gelu_run.cc from TensorFlow Lite's sources, gelu/README.md); and
// cta::tflite::program computes blocks/gelu_int8.tflite (8 GELU operators on every int8 value) into those outputs.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include <cta/quantized/gelu.hpp>
#include <cta/tflite/program.hpp>

#include <gelu_tables.hpp>
#include <tflite_files.hpp>

namespace {

namespace q = cta::quantized;
using cta_test::tflite::gelu::tables;
constexpr std::size_t row = 5 + 256;  // the case, then the outputs for -128 to 127
static_assert(sizeof(tables) / sizeof(tables[0]) == 8 * row);

/// The table of row r of gelu/tables.txt as prepare_gelu_int8 computes it.
constexpr q::gelu_int8_table table_of(std::size_t r) {
    const long long* c = tables + r * row;
    return q::prepare_gelu_int8(std::bit_cast<float>(static_cast<std::uint32_t>(c[0])), static_cast<std::int32_t>(c[1]),
                                std::bit_cast<float>(static_cast<std::uint32_t>(c[2])), static_cast<std::int32_t>(c[3]),
                                c[4] != 0);
}

/// Whether row r's outputs are `values`.
constexpr bool row_is(std::size_t r, const std::int8_t* values) {
    for (std::size_t i = 0; i < 256; ++i)
        if (values[i] != tables[r * row + 5 + i]) return false;
    return true;
}

template <std::size_t... R>
constexpr bool tables_as_tensorflow_lite(std::index_sequence<R...>) {
    return (row_is(R, table_of(R).values) && ...);
}
static_assert(tables_as_tensorflow_lite(std::make_index_sequence<8>{}));
// The two forms differ by less than an output step mostly: their tables are the same for the coarser quantizations
// (rows 0 and 1, 4 and 5), and differ for the finer ones (in 2 and 3 outputs of 256).
/// The number of outputs where rows a and b differ.
constexpr int differences(std::size_t a, std::size_t b) {
    const q::gelu_int8_table ta = table_of(a), tb = table_of(b);
    int n = 0;
    for (std::size_t i = 0; i < 256; ++i) n += ta.values[i] != tb.values[i] ? 1 : 0;
    return n;
}
static_assert(differences(0, 1) == 0 && differences(2, 3) == 2);
static_assert(differences(4, 5) == 0 && differences(6, 7) == 3);

// <cta/quantized/gelu.hpp>'s example: GELU of -1, 0 and 1.
constexpr bool example() {
    constexpr auto t = q::prepare_gelu_int8(0.0625F, 0, 0.0318F, -123);
    const std::int8_t x[3] = {-16, 0, 16};
    std::int8_t y[3]{};
    q::gelu(t, x, 3, y);
    return y[0] == -128 && y[1] == -123 && y[2] == -97;
}
static_assert(example());

// The file: inputs x0 to x3 of the four quantizations, each every int8 value; outputs GELU and GELU approximate of
// each, in the order of the table's rows.
using gelu_file = cta::tflite::program<cta_test::tflite::files::gelu_int8_tflite>;
static_assert(gelu_file::inputs == 4 && gelu_file::outputs == 8);
static_assert(gelu_file::plan.ops[1].k == cta::tflite::kernel::gelu_int8 && gelu_file::plan.ops[1].approximate);

template <std::size_t... O>
constexpr bool outputs_are_rows(const gelu_file::storage& s, std::index_sequence<O...>) {
    return (row_is(O, gelu_file::output<O>(s).data()) && ...);
}
constexpr bool file_as_tensorflow_lite() {
    gelu_file::input_type<0> x0{};
    gelu_file::input_type<1> x1{};
    gelu_file::input_type<2> x2{};
    gelu_file::input_type<3> x3{};
    for (std::size_t j = 0; j < 256; ++j) {
        const auto v = static_cast<std::int8_t>(static_cast<int>(j) - 128);
        x0(0, j) = v;
        x1(0, j) = v;
        x2(0, j) = v;
        x3(0, j) = v;
    }
    gelu_file::storage s{};
    gelu_file::run_into(s, x0, x1, x2, x3);
    return outputs_are_rows(s, std::make_index_sequence<8>{});
}
static_assert(file_as_tensorflow_lite());

}  // namespace
