// SPDX-License-Identifier: BSL-1.0
// cta::sin and cta::cos against the correctly rounded values at every point of trig_double.txt and trig_float.txt
// (written by make_trig_tables.py from 50-digit mpmath values): at most 1 ulp between bit patterns everywhere, and
// the error from the exact value below the bounds measured on these tables. Prints the maximum errors, how many points
// are not correctly rounded, and the worst arguments.
#include "../runtime/catch.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <cta/math/trig.hpp>

#include "page_row.hpp"
#include "ulp_distance.hpp"

#ifndef CTA_NUMERICS_DIR
#error "CTA_NUMERICS_DIR must name the directory of the reference tables"
#endif

namespace {

using cta_numerics::bits_t;
using cta_numerics::describe;
using cta_numerics::float_traits;

constexpr std::size_t minimum_points = 100000;

// The largest error from the exact value, in ulps, measured on the tables (the test prints the figures: 0.505 for
// sin(double), 0.504 for cos(double); float is correctly rounded at every point): a change that makes any of them
// larger than these bounds fails here.
constexpr double sin_double_bound = 0.51;
constexpr double cos_double_bound = 0.51;
constexpr double sin_float_bound = 0.5;
constexpr double cos_float_bound = 0.5;

template <class F>
struct expected_value {
    bits_t<F> y = 0;          // correctly rounded
    double offset = 0.0;      // (f(x) - y) / ulp, when x is finite
};

template <class F>
struct trig_row {
    bits_t<F> x = 0;
    bool finite = false;
    expected_value<F> sin;
    expected_value<F> cos;
};

template <class F>
struct trig_table {
    std::vector<trig_row<F>> rows;
    std::size_t declared_points = 0;
};

// Reads "<x> <sin> [<offset>] <cos> [<offset>]" lines (offsets for finite x); fails the test on a malformed line.
template <class F>
trig_table<F> read_trig_table(const std::string& path) {
    std::ifstream in(path);
    INFO("reference table " << path);
    REQUIRE(in.good());
    trig_table<F> result;
    const std::string header_mark = "# Written by ";
    const std::string count_mark = " points.";
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        if (line.compare(0, header_mark.size(), header_mark) == 0) {
            const std::size_t number_end = line.size() - count_mark.size();
            const std::size_t number_begin = line.find_last_of(' ', number_end - 1) + 1;
            result.declared_points = std::stoul(line.substr(number_begin, number_end - number_begin));
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> fields;
        std::size_t at = 0;
        while (at < line.size()) {
            const std::size_t end = line.find(' ', at);
            fields.push_back(line.substr(at, end == std::string::npos ? std::string::npos : end - at));
            at = end == std::string::npos ? line.size() : end + 1;
        }
        trig_row<F> row;
        const bool ok = fields.size() == 5 || fields.size() == 3;
        if (!ok) {
            INFO("line " << line_number << ": " << line);
            FAIL("malformed reference line");
        }
        row.finite = fields.size() == 5;
        row.x = static_cast<bits_t<F>>(std::stoull(fields[0], nullptr, 16));
        row.sin.y = static_cast<bits_t<F>>(std::stoull(fields[1], nullptr, 16));
        row.cos.y = static_cast<bits_t<F>>(std::stoull(fields[row.finite ? 3 : 2], nullptr, 16));
        if (row.finite) {
            row.sin.offset = std::stod(fields[2]);
            row.cos.offset = std::stod(fields[4]);
        }
        result.rows.push_back(row);
    }
    return result;
}

struct sin_tag {
    static constexpr const char* name = "sin";
};
struct cos_tag {
    static constexpr const char* name = "cos";
};

template <class F>
F evaluate(sin_tag /*unused*/, F x) {
    return cta::sin(x);
}
template <class F>
F evaluate(cos_tag /*unused*/, F x) {
    return cta::cos(x);
}
template <class F>
const expected_value<F>& expected(sin_tag /*unused*/, const trig_row<F>& row) {
    return row.sin;
}
template <class F>
const expected_value<F>& expected(cos_tag /*unused*/, const trig_row<F>& row) {
    return row.cos;
}

template <class F, class Function>
void check_function(const trig_table<F>& data, Function function, double bound) {
    std::uint64_t max_ulps = 0;
    double max_error = 0.0;  // |f(x) - result| in ulps, from the offsets
    std::size_t not_correctly_rounded = 0;
    std::size_t nan_points = 0;
    const trig_row<F>* worst = nullptr;
    bits_t<F> worst_result = 0;
    for (const trig_row<F>& row : data.rows) {
        const F got = evaluate(function, std::bit_cast<F>(row.x));
        const expected_value<F>& want = expected(function, row);
        const std::uint64_t ulps = cta_numerics::ulp_distance(got, std::bit_cast<F>(want.y));
        if (cta::isnan(std::bit_cast<F>(want.y))) ++nan_points;
        if (ulps != 0) ++not_correctly_rounded;
        double error = 0.0;
        if (row.finite && ulps <= 1) {
            error = std::fabs(static_cast<double>(cta_numerics::signed_ulp_distance(got, std::bit_cast<F>(want.y))) -
                              want.offset);
        }
        if (worst == nullptr || ulps > max_ulps || (ulps == max_ulps && error > max_error)) {
            worst = &row;
            worst_result = std::bit_cast<bits_t<F>>(got);
        }
        if (ulps > max_ulps) max_ulps = ulps;
        if (error > max_error) max_error = error;
    }
    REQUIRE(worst != nullptr);
    REQUIRE(nan_points > 0);
    std::cout << Function::name << "(" << float_traits<F>::name << "): " << data.rows.size() << " points\n"
              << "  max error: " << max_ulps << " ulp between bit patterns, " << max_error
              << " ulp from the exact value\n"
              << "  not correctly rounded: " << not_correctly_rounded << " points ("
              << 100.0 * static_cast<double>(not_correctly_rounded) / static_cast<double>(data.rows.size()) << "%)\n"
              << "  worst: x = " << describe<F>(worst->x) << ": cta::" << Function::name << " gives "
              << describe<F>(worst_result) << ", correctly rounded " << describe<F>(expected(function, *worst).y)
              << ", exact offset " << expected(function, *worst).offset << " ulp\n";
    cta_numerics::print_page_row(Function::name, float_traits<F>::name, data.rows.size(), max_ulps, max_error,
                                 not_correctly_rounded);
    INFO(Function::name << ": max error " << max_ulps << " ulp, " << max_error << " ulp from the exact value, at x = "
                        << describe<F>(worst->x));
    CHECK(max_ulps <= 1);
    CHECK(max_error <= bound);
}

template <class F>
trig_table<F> load(const char* file) {
    const std::string path = std::string(CTA_NUMERICS_DIR) + "/" + file;
    trig_table<F> data = read_trig_table<F>(path);
    INFO(path << ": " << data.rows.size() << " points, " << data.declared_points << " in its header");
    REQUIRE(data.rows.size() >= minimum_points);
    REQUIRE(data.rows.size() == data.declared_points);
    return data;
}

}  // namespace

TEST_CASE("sin(double) and cos(double) are within 1 ulp on the reference table", "[sin][cos][double]") {
    const trig_table<double> data = load<double>("trig_double.txt");
    check_function(data, sin_tag{}, sin_double_bound);
    check_function(data, cos_tag{}, cos_double_bound);
}

TEST_CASE("sin(float) and cos(float) are within 1 ulp on the reference table", "[sin][cos][float]") {
    const trig_table<float> data = load<float>("trig_float.txt");
    check_function(data, sin_tag{}, sin_float_bound);
    check_function(data, cos_tag{}, cos_float_bound);
}
