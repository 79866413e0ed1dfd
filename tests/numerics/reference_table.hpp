// SPDX-License-Identifier: BSL-1.0
// The reference tables of make_exp_tables.py and make_log_tables.py ("<x bits> <f(x) bits> [<offset>]" lines,
// "# section: " comments, a header that declares the number of points), read at run time, and a function of the
// library checked against every point: the largest error, in ulps between bit patterns and from the exact value
// (the offsets), printed with the worst argument and the points not correctly rounded per section.
#pragma once

#include "../runtime/catch.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include <cta/math.hpp>

#include "page_row.hpp"
#include "ulp_distance.hpp"

#ifndef CTA_NUMERICS_DIR
#error "CTA_NUMERICS_DIR must name the directory of the reference tables"
#endif

namespace cta_numerics {

inline constexpr std::size_t minimum_points = 100000;

template <class F>
struct table_point {
    bits_t<F> x;
    bits_t<F> y;            // f(x) correctly rounded
    double offset = 0.0;    // (f(x) - y) / ulp, when y is finite
    bool has_offset = false;
    std::size_t section = 0;
};

template <class F>
struct table {
    std::vector<table_point<F>> points;
    std::vector<std::string> sections;  // the titles of the "# section: " comments
    std::size_t declared_points = 0;    // the "N points." of the table's header
};

// Reads "<x bits> <y bits> [<offset>]" lines and the "# section: <title>" comments, skipping other '#' comments;
// fails the test on a malformed line.
template <class F>
table<F> read_table(const std::string& path) {
    std::ifstream in(path);
    INFO("reference table " << path);
    REQUIRE(in.good());
    table<F> result;
    std::vector<table_point<F>>& points = result.points;
    result.sections.emplace_back("(before the first section)");
    const std::string section_mark = "# section: ";
    const std::string header_mark = "# Written by ";
    const std::string count_mark = " points.";
    std::string line;
    std::size_t line_number = 0;
    while (std::getline(in, line)) {
        ++line_number;
        if (line.compare(0, section_mark.size(), section_mark) == 0) {
            result.sections.push_back(line.substr(section_mark.size()));
            continue;
        }
        if (line.compare(0, header_mark.size(), header_mark) == 0 && line.size() > count_mark.size() &&
            line.compare(line.size() - count_mark.size(), count_mark.size(), count_mark) == 0) {
            const std::size_t number_end = line.size() - count_mark.size();
            const std::size_t number_begin = line.find_last_of(' ', number_end - 1) + 1;
            result.declared_points = std::stoul(line.substr(number_begin, number_end - number_begin));
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        const char* p = line.c_str();
        char* end = nullptr;
        const unsigned long long x = std::strtoull(p, &end, 16);
        const bool x_ok = end != p;
        p = end;
        const unsigned long long y = std::strtoull(p, &end, 16);
        const bool y_ok = end != p;
        p = end;
        table_point<F> point{static_cast<bits_t<F>>(x), static_cast<bits_t<F>>(y)};
        point.section = result.sections.size() - 1;
        const double offset = std::strtod(p, &end);
        if (end != p) {
            point.offset = offset;
            point.has_offset = true;
        }
        if (!x_ok || !y_ok || x != point.x || y != point.y) {
            INFO("line " << line_number << ": " << line);
            FAIL("malformed reference line");
        }
        points.push_back(point);
    }
    return result;
}

/// What check_table found.
struct table_errors {
    std::uint64_t max_ulps = 0;  // between the bit patterns of the function's result and of the correctly rounded one
    double max_error = 0.0;      // |result - exact| in ulps, from the offsets
};

// function(x) against every point of the table `file` (in CTA_NUMERICS_DIR), `name` in the output: at least
// minimum_points points, as many as the table's header declares, some of them NaN, and at most 1 ulp between the
// bit patterns everywhere; prints the figures and returns them.
template <class F, class Function>
table_errors check_table(const char* name, const char* file, Function function) {
    const std::string path = std::string(CTA_NUMERICS_DIR) + "/" + file;
    const table<F> data = read_table<F>(path);
    const std::vector<table_point<F>>& points = data.points;
    INFO(path << ": " << points.size() << " points, " << data.declared_points << " in its header");
    REQUIRE(points.size() >= minimum_points);
    REQUIRE(points.size() == data.declared_points);

    table_errors errors;
    std::size_t not_correctly_rounded = 0;
    std::size_t nan_points = 0;
    const table_point<F>* worst = nullptr;  // the largest ulp distance, then the largest error
    double worst_error = 0.0;
    bits_t<F> worst_result = 0;
    const table_point<F>* worst_exact = nullptr;  // the largest error from the exact value
    bits_t<F> worst_exact_result = 0;
    std::vector<std::size_t> section_points(data.sections.size());
    std::vector<std::size_t> section_misrounded(data.sections.size());
    for (const table_point<F>& point : points) {
        const F x = std::bit_cast<F>(point.x);
        const F want = std::bit_cast<F>(point.y);
        const F got = function(x);
        const std::uint64_t ulps = ulp_distance(got, want);
        if (cta::isnan(want)) ++nan_points;
        ++section_points[point.section];
        if (ulps != 0) {
            ++not_correctly_rounded;
            ++section_misrounded[point.section];
        }
        // In units of the spacing between the correctly rounded value and its neighbour on the side of the exact
        // value (the unit of the offset); off by at most half an ulp where a neighbour is across a power of two.
        double error = 0.0;
        if (point.has_offset && ulps <= 1) {
            error = std::fabs(static_cast<double>(signed_ulp_distance(got, want)) - point.offset);
        }
        if (error > errors.max_error) {
            errors.max_error = error;
            worst_exact = &point;
            worst_exact_result = std::bit_cast<bits_t<F>>(got);
        }
        if (worst == nullptr || ulps > errors.max_ulps || (ulps == errors.max_ulps && error > worst_error)) {
            worst = &point;
            errors.max_ulps = ulps;
            worst_error = error;
            worst_result = std::bit_cast<bits_t<F>>(got);
        }
    }
    REQUIRE(worst != nullptr);
    REQUIRE(nan_points > 0);

    std::cout << name << "(" << float_traits<F>::name << "): " << points.size() << " points of " << file << "\n"
              << "  max error: " << errors.max_ulps << " ulp between bit patterns, " << errors.max_error
              << " ulp from the exact value\n"
              << "  not correctly rounded: " << not_correctly_rounded << " points ("
              << 100.0 * static_cast<double>(not_correctly_rounded) / static_cast<double>(points.size()) << "%)\n"
              << "  worst: x = " << describe<F>(worst->x) << ": cta::" << name << " gives "
              << describe<F>(worst_result) << ", correctly rounded " << describe<F>(worst->y) << ", exact offset "
              << worst->offset << " ulp\n";
    if (worst_exact != nullptr) {
        std::cout << "  farthest from the exact value: x = " << describe<F>(worst_exact->x) << ": gives "
                  << describe<F>(worst_exact_result) << ", correctly rounded " << describe<F>(worst_exact->y)
                  << ", exact offset " << worst_exact->offset << " ulp\n";
    }
    print_page_row(name, float_traits<F>::name, points.size(), errors.max_ulps, errors.max_error, not_correctly_rounded);
    std::cout << "  not correctly rounded, by section:\n";
    for (std::size_t i = 0; i < data.sections.size(); ++i) {
        if (section_points[i] == 0) continue;
        std::cout << "    " << section_misrounded[i] << " of " << section_points[i] << ": " << data.sections[i] << "\n";
    }
    INFO("max error " << errors.max_ulps << " ulp at x = " << describe<F>(worst->x) << ": cta::" << name << " gives "
                      << describe<F>(worst_result) << ", correctly rounded " << describe<F>(worst->y));
    REQUIRE(errors.max_ulps <= 1);
    return errors;
}

}  // namespace cta_numerics
