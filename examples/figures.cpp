// SPDX-License-Identifier: BSL-1.0
// The figures of docs/figures/: one SVG per step of the seed's self-attention, drawn from the values the compiler
// computed (cta::self_attention_steps), and an overview of the steps with their shapes.
//
//   figures <output directory>
//
// The SVG is plain SVG 1.1 text written here: integer coordinates, numbers formatted by this program (no locale,
// no printf), so the output is the same byte for byte on every machine. The test docs.figures compares it with the
// committed files; `cmake --build <build dir> --target cta_update_figures` rewrites them.
#include <algorithm>
#include <array>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <cta/cta.hpp>

#include "seed.hpp"

namespace {

using cta::matrix;

// Every step of the seed (sections 5 to 11), computed while compiling.
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto keys_t = cta::transpose(steps.keys);
constexpr auto query_1_weights = cta::transpose(cta::row(steps.weights, 0));  // 3 x 1: query 1's weight per key

// What the figures' notes state, proven here.
static_assert(cta::row(seed::inputs, 0) * seed::w_key == cta::row(steps.keys, 0));                      // section 5
static_assert(cta::row(seed::inputs, 0) * seed::w_value == cta::row(steps.values, 0));                  // section 6
static_assert(cta::row(seed::inputs, 0) * seed::w_query == cta::row(steps.queries, 0));                 // section 6
static_assert(cta::row(steps.queries, 0) * keys_t == cta::row(steps.scores, 0));                        // section 7
static_assert(cta::row(steps.scores, 0) == matrix<int, 1, 3>{{{2, 4, 4}}});                             // section 7
static_assert(cta::identical(cta::row(steps.weights, 0), cta::softmax(cta::row(steps.scores, 0))));     // section 8
static_assert(cta::identical(cta::row(steps.weighted_values[0], 1),                                     // section 9
                             steps.weights(0, 1) * cta::row(steps.values, 1)));
static_assert(cta::identical(cta::row(steps.weighted_values[0], 0) + cta::row(steps.weighted_values[0], 1) +
                                 cta::row(steps.weighted_values[0], 2),                                 // section 10
                             cta::row(steps.outputs, 0)));
static_assert(cta::identical(steps.weights * steps.values, steps.outputs));                             // section 11

// ---- Text ----------------------------------------------------------------------------------------------------------

// The pieces one after the other, in one allocation.
std::string cat(std::initializer_list<std::string_view> pieces) {
    std::size_t size = 0;
    for (const std::string_view p : pieces) size += p.size();
    std::string s;
    s.reserve(size);
    for (const std::string_view p : pieces) s.append(p);
    return s;
}

std::string integer_text(long long v) {
    unsigned long long u = v < 0 ? 0ULL - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
        u /= 10;
    } while (u != 0);
    return v < 0 ? cat({"-", digits}) : digits;
}

std::string integer_text(std::size_t v) { return integer_text(static_cast<long long>(v)); }

std::string num(int v) { return integer_text(static_cast<long long>(v)); }

// x with `decimals` digits after the point, rounded halfway away from zero (as cta::round_to); "-" only if the
// rounded value is not zero.
std::string fixed_text(double x, int decimals) {
    long long scale = 1;
    for (int d = 0; d < decimals; ++d) scale *= 10;
    const auto n = static_cast<long long>(cta::round(x * static_cast<double>(scale)));
    const long long u = n < 0 ? -n : n;
    std::string fraction = integer_text(u % scale);
    while (fraction.size() < static_cast<std::size_t>(decimals)) fraction.insert(fraction.begin(), '0');
    return cat({n < 0 ? "-" : "", integer_text(u / scale), decimals > 0 ? "." : "", decimals > 0 ? fraction : ""});
}

// An element as the figures show it: integers exactly, floating values to 4 decimals.
template <class T>
std::string element_text(T x) {
    if constexpr (std::is_integral_v<T>) {
        return integer_text(static_cast<long long>(x));
    } else {
        return fixed_text(static_cast<double>(x), 4);
    }
}

// Row i of m as the seed writes it: [1, 0, 2].
template <class M>
std::string row_text(const M& m, std::size_t i, int decimals = 4) {
    std::string s = "[";
    for (std::size_t j = 0; j < M::cols; ++j) {
        if (j != 0) s += ", ";
        if constexpr (std::is_integral_v<typename M::value_type>) {
            s += element_text(m(i, j));
        } else {
            s += fixed_text(static_cast<double>(m(i, j)), decimals);
        }
    }
    s += ']';
    return s;
}

template <class T>
constexpr std::string_view element_name() {
    if constexpr (std::is_same_v<T, int>) {
        return "int";
    } else if constexpr (std::is_same_v<T, double>) {
        return "double";
    } else {
        static_assert(std::is_same_v<T, float>, "figures: int, double or float elements");
        return "float";
    }
}

// The type of a plain matrix as it is written in C++: cta::matrix<int, 3, 4>.
template <class M>
std::string type_text() {
    static_assert(std::is_same_v<M, matrix<typename M::value_type, M::rows, M::cols>>, "figures: plain matrices");
    return cat({"cta::matrix<", element_name<typename M::value_type>(), ", ", integer_text(M::rows), ", ",
                integer_text(M::cols), ">"});
}

// A shape as the figures write it: 3 × 4.
template <class M>
std::string shape_text() {
    return cat({integer_text(M::rows), " \u00d7 ", integer_text(M::cols)});
}

// Characters (UTF-8 code points) of s, counting the superscript mark "^T" as one.
int length(std::string_view s) {
    int n = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0U) == 0x80U) continue;  // a UTF-8 continuation byte
        if (s[i] == '^') continue;
        ++n;
    }
    return n;
}

// The width of s in a sans-serif font of size `size`, estimated generously (0.62 em per character, 0.68 bold).
int text_width(std::string_view s, int size, bool bold = false) {
    return (length(s) * size * (bold ? 68 : 62) + 99) / 100;
}

std::string escaped(std::string_view s) {
    std::string r;
    for (const char c : s) {
        switch (c) {
            case '&': r += "&amp;"; break;
            case '<': r += "&lt;"; break;
            case '>': r += "&gt;"; break;
            case '"': r += "&quot;"; break;
            default: r += c;
        }
    }
    return r;
}

// Text for <title> and <desc>: escaped, with "^T" written as the modifier letter ᵀ.
std::string plain_text(std::string_view s) {
    std::string r = escaped(s);
    for (std::size_t at = r.find("^T"); at != std::string::npos; at = r.find("^T", at)) r.replace(at, 2, "\u1d40");
    return r;
}

// Text content: escaped, with "^T" (a transpose) written as a raised T.
std::string text_content(std::string_view s, int size) {
    const std::size_t mark = s.find("^T");
    if (mark == std::string_view::npos) return escaped(s);
    const int rise = size * 2 / 5;
    std::string r = cat({escaped(s.substr(0, mark)), "<tspan dy=\"-", num(rise), "\" font-size=\"", num(size * 3 / 4),
                         "\">T</tspan>"});
    std::string_view rest = s.substr(mark + 2);
    if (!rest.empty()) {
        // A space that starts a <tspan> may be dropped by renderers: it goes between the two tspans.
        const bool space = rest.front() == ' ';
        if (space) rest.remove_prefix(1);
        r += cat({space ? " " : "", "<tspan dy=\"", num(rise), "\">", text_content(rest, size), "</tspan>"});
    }
    return r;
}

// ---- SVG -----------------------------------------------------------------------------------------------------------

// The elements of one picture; `document` wraps them in the <svg> element once the size is known.
class canvas {
public:
    void rect(int x, int y, int w, int h, std::string_view fill, int rx = 3) {
        body_ += cat({"<rect x=\"", num(x), "\" y=\"", num(y), "\" width=\"", num(w), "\" height=\"", num(h),
                      "\" rx=\"", num(rx), "\" fill=\"", fill, "\"/>\n"});
    }
    void outline(int x, int y, int w, int h, std::string_view stroke, int width, int rx = 4) {
        body_ += cat({"<rect x=\"", num(x), "\" y=\"", num(y), "\" width=\"", num(w), "\" height=\"", num(h),
                      "\" rx=\"", num(rx), "\" fill=\"none\" stroke=\"", stroke, "\" stroke-width=\"", num(width),
                      "\"/>\n"});
    }
    // anchor: "start", "middle" or "end".
    void text(int x, int y, std::string_view s, int size, std::string_view anchor, std::string_view fill,
              bool bold = false) {
        body_ += cat({"<text x=\"", num(x), "\" y=\"", num(y), "\" font-size=\"", num(size), "\""});
        if (anchor != "start") body_ += cat({" text-anchor=\"", anchor, "\""});
        if (bold) body_ += " font-weight=\"bold\"";
        body_ += cat({" fill=\"", fill, "\">", text_content(s, size), "</text>\n"});
    }
    void polyline(const std::vector<std::pair<int, int>>& points, std::string_view stroke) {
        body_ += cat({"<polyline points=\"", point_list(points), "\" fill=\"none\" stroke=\"", stroke,
                      "\" stroke-width=\"2\"/>\n"});
    }
    void polygon(const std::vector<std::pair<int, int>>& points, std::string_view fill) {
        body_ += cat({"<polygon points=\"", point_list(points), "\" fill=\"", fill, "\"/>\n"});
    }

    // The whole file: an SVG 1.1 document of width x height on white, with a title and a description.
    std::string document(int width, int height, std::string_view title, std::string_view description) const {
        return cat({"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    "<!-- Generated by examples/figures.cpp from the values of cta::self_attention_steps. -->\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"",
                    num(width), "\" height=\"", num(height), "\" viewBox=\"0 0 ", num(width), " ", num(height),
                    "\" font-family=\"sans-serif\">\n<title>", plain_text(title), "</title>\n<desc>",
                    plain_text(description), "</desc>\n<rect x=\"0\" y=\"0\" width=\"", num(width), "\" height=\"",
                    num(height), "\" fill=\"#ffffff\"/>\n", body_, "</svg>\n"});
    }

private:
    static std::string point_list(const std::vector<std::pair<int, int>>& points) {
        std::string s;
        for (const auto& [x, y] : points) s += cat({s.empty() ? "" : " ", num(x), ",", num(y)});
        return s;
    }
    std::string body_;
};

// ---- Colours: the seed's, one per kind of step ---------------------------------------------------------------------

struct colour {
    const char* fill;
    const char* text;
};

constexpr colour green{"#a5d6a7", "#1b1b1b"};        // inputs
constexpr colour neutral{"#e0e0e0", "#1b1b1b"};      // weights
constexpr colour orange{"#ffb74d", "#1b1b1b"};       // keys
constexpr colour red{"#ef9a9a", "#1b1b1b"};          // queries
constexpr colour purple{"#ce93d8", "#1b1b1b"};       // values
constexpr colour blue{"#64b5f6", "#1b1b1b"};         // attention scores
constexpr colour light_blue{"#bbdefb", "#1b1b1b"};   // softmax weights
constexpr colour yellow{"#fff176", "#1b1b1b"};       // weighted values
constexpr colour dark_green{"#2e7d32", "#ffffff"};   // outputs

constexpr const char* ink = "#1b1b1b";
constexpr const char* grey = "#555555";
constexpr const char* highlight = "#c62828";

// ---- Figures of matrices -------------------------------------------------------------------------------------------

// A titled grid of cells, labelled rows and columns, and its C++ type underneath.
struct grid {
    std::string name;
    std::vector<std::string> row_labels;
    std::vector<std::string> col_labels;
    std::vector<std::vector<std::string>> cells;
    colour paint;
    std::string type;
    std::size_t marked_row = static_cast<std::size_t>(-1);  // outlined, if any
};

std::vector<std::string> numbered(std::string_view prefix, std::size_t n) {
    std::vector<std::string> labels;
    for (std::size_t i = 1; i <= n; ++i) labels.push_back(cat({prefix, integer_text(i)}));
    return labels;
}

template <class M>
grid make_grid(std::string name, const M& m, colour paint, std::vector<std::string> row_labels,
               std::vector<std::string> col_labels) {
    grid g{std::move(name), std::move(row_labels), std::move(col_labels), {}, paint, type_text<M>()};
    for (std::size_t i = 0; i < M::rows; ++i) {
        g.cells.emplace_back();
        for (std::size_t j = 0; j < M::cols; ++j) g.cells.back().push_back(element_text(m(i, j)));
    }
    return g;
}

// Between two grids: an operator (×, =, →) and, optionally, a word above it.
struct operation {
    std::string symbol;
    std::string caption;
};

struct item {
    bool is_grid;
    grid g;
    operation op;
};

item of(grid g) { return {true, std::move(g), {}}; }
item of(std::string symbol, std::string caption = {}) { return {false, {}, {std::move(symbol), std::move(caption)}}; }

constexpr int margin = 24;
constexpr int title_size = 18;
constexpr int name_size = 15;
constexpr int label_size = 12;
constexpr int cell_size = 14;
constexpr int type_size = 12;
constexpr int note_size = 13;
constexpr int cell_height = 34;
constexpr int gap = 3;  // between cells

// Horizontal measures of a grid, relative to its block's left edge.
struct grid_layout {
    int cell_width;
    int cells_left;    // x of the first cell
    int width;         // of the block
};

grid_layout measure(const grid& g) {
    int label_width = 0;
    for (const auto& l : g.row_labels) label_width = std::max(label_width, text_width(l, label_size) + 10);
    int cell_width = 44;
    for (const auto& r : g.cells) {
        for (const auto& c : r) cell_width = std::max(cell_width, text_width(c, cell_size) + 18);
    }
    for (const auto& l : g.col_labels) cell_width = std::max(cell_width, text_width(l, label_size) + 12);
    const int cells_width = static_cast<int>(g.cells[0].size()) * cell_width;
    const int centre = label_width + cells_width / 2;
    const int half_text = std::max(text_width(g.name, name_size, true), text_width(g.type, type_size)) / 2;
    const int left = std::min(0, centre - half_text);
    const int right = std::max(label_width + cells_width, centre + half_text);
    return {cell_width, label_width - left, right - left};
}

int operation_width(const operation& op) {
    return std::max(text_width(op.symbol, 24) + 28, text_width(op.caption, label_size) + 16);
}

// Draws the grid with its cells' vertical centre at y_mid, in a block starting at x.
void draw(canvas& c, const grid& g, int x, int y_mid) {
    const grid_layout l = measure(g);
    const int rows = static_cast<int>(g.cells.size());
    const int cols = static_cast<int>(g.cells[0].size());
    const int top = y_mid - rows * cell_height / 2;
    const int left = x + l.cells_left;
    const int centre = left + cols * l.cell_width / 2;
    c.text(centre, top - 30, g.name, name_size, "middle", ink, true);
    for (int j = 0; j < cols; ++j) {
        c.text(left + j * l.cell_width + l.cell_width / 2, top - 8, g.col_labels[static_cast<std::size_t>(j)],
               label_size, "middle", grey);
    }
    for (int i = 0; i < rows; ++i) {
        const int y = top + i * cell_height;
        c.text(left - 8, y + cell_height / 2 + 4, g.row_labels[static_cast<std::size_t>(i)], label_size, "end", grey);
        for (int j = 0; j < cols; ++j) {
            const int cx = left + j * l.cell_width;
            c.rect(cx + 1, y + 1, l.cell_width - gap, cell_height - gap, g.paint.fill);
            c.text(cx + l.cell_width / 2, y + cell_height / 2 + 5,
                   g.cells[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)], cell_size, "middle",
                   g.paint.text);
        }
    }
    if (g.marked_row < g.cells.size()) {
        c.outline(left - 2, top + static_cast<int>(g.marked_row) * cell_height - 2, cols * l.cell_width + 3,
                  cell_height + 3, highlight, 2);
    }
    c.text(centre, top + rows * cell_height + 18, g.type, type_size, "middle", grey);
}

// A figure: a title, grids and operations in a row, centred on one line, and notes underneath.
std::string matrix_figure(const std::string& title, const std::vector<item>& items,
                          const std::vector<std::string>& notes) {
    constexpr int spacing = 12;
    int content_width = 0;
    int half_rows = 0;
    for (const auto& it : items) {
        content_width += (it.is_grid ? measure(it.g).width : operation_width(it.op)) + spacing;
        if (it.is_grid) half_rows = std::max(half_rows, static_cast<int>(it.g.cells.size()) * cell_height / 2);
    }
    content_width -= spacing;
    int width = content_width;
    width = std::max(width, text_width(title, title_size, true));
    for (const auto& n : notes) width = std::max(width, text_width(n, note_size));
    width += 2 * margin;

    canvas c;
    c.text(margin, margin + title_size, title, title_size, "start", ink, true);
    const int y_mid = margin + title_size + 20 + 38 + half_rows;  // title, a gap, the name and column labels
    int x = (width - content_width) / 2;
    for (const auto& it : items) {
        if (it.is_grid) {
            draw(c, it.g, x, y_mid);
            x += measure(it.g).width + spacing;
        } else {
            const int w = operation_width(it.op);
            c.text(x + w / 2, y_mid + 8, it.op.symbol, 24, "middle", ink);
            if (!it.op.caption.empty()) c.text(x + w / 2, y_mid - 18, it.op.caption, label_size, "middle", grey);
            x += w + spacing;
        }
    }
    int y = y_mid + half_rows + 18 + 14;  // below the type labels
    for (const auto& n : notes) {
        y += 22;
        c.text(margin, y, n, note_size, "start", ink);
    }
    const int height = y + margin - 4;
    std::string description;
    for (const auto& n : notes) description += cat({description.empty() ? "" : " ", n});
    return c.document(width, height, title, description);
}

// ---- The figures ---------------------------------------------------------------------------------------------------

const std::vector<std::string> features_4 = numbered("", 4);
const std::vector<std::string> features_3 = numbered("", 3);

grid inputs_grid() { return make_grid("inputs", seed::inputs, green, numbered("Input ", 3), features_4); }
grid w_key_grid() { return make_grid("w_key", seed::w_key, neutral, features_4, features_3); }
grid w_query_grid() { return make_grid("w_query", seed::w_query, neutral, features_4, features_3); }
grid w_value_grid() { return make_grid("w_value", seed::w_value, neutral, features_4, features_3); }
grid keys_grid() { return make_grid("keys", steps.keys, orange, numbered("Key ", 3), features_3); }
grid values_grid() { return make_grid("values", steps.values, purple, numbered("Value ", 3), features_3); }
grid queries_grid() { return make_grid("queries", steps.queries, red, numbered("Query ", 3), features_3); }
grid scores_grid() { return make_grid("scores", steps.scores, blue, numbered("Query ", 3), numbered("Key ", 3)); }
grid weights_grid() {
    return make_grid("weights", steps.weights, light_blue, numbered("Query ", 3), numbered("Key ", 3));
}

std::string inputs_figure() {
    return matrix_figure("Inputs: three tokens of four numbers (section 3)", {of(inputs_grid())},
                         {cat({"One token per row: Input 1 is ", row_text(seed::inputs, 0), ", Input 2 ",
                               row_text(seed::inputs, 1), ", Input 3 ", row_text(seed::inputs, 2), "."})});
}

std::string weights_figure() {
    return matrix_figure("Weights for keys, queries and values (section 4)",
                         {of(w_key_grid()), of(w_query_grid()), of(w_value_grid())},
                         {cat({"Each is ", shape_text<std::remove_cvref_t<decltype(seed::w_key)>>(),
                               ": the input size by the size of a key, a query or a value."})});
}

// inputs x weight = result, with the seed's computation for Input 1.
template <class M>
std::string projection_figure(std::string_view title, grid weight, grid result, const M& m) {
    const std::string weight_name = weight.name;
    return matrix_figure(std::string(title),
                         {of(inputs_grid()), of("\u00d7"), of(std::move(weight)), of("="), of(std::move(result))},
                         {cat({"Row i is Input i \u00d7 ", weight_name, ": for Input 1, ", row_text(seed::inputs, 0),
                               " \u00d7 ", weight_name, " = ", row_text(m, 0), "."})});
}

std::string keys_figure() {
    return projection_figure("Keys: inputs \u00d7 w_key (section 5)", w_key_grid(), keys_grid(), steps.keys);
}

std::string values_figure() {
    return projection_figure("Values: inputs \u00d7 w_value (section 6)", w_value_grid(), values_grid(), steps.values);
}

std::string queries_figure() {
    return projection_figure("Queries: inputs \u00d7 w_query (section 6)", w_query_grid(), queries_grid(),
                             steps.queries);
}

std::string scores_figure() {
    grid queries = queries_grid();
    queries.marked_row = 0;
    grid scores = scores_grid();
    scores.marked_row = 0;
    return matrix_figure(
        "Attention scores: queries \u00d7 keys^T (section 7)",
        {of(std::move(queries)), of("\u00d7"),
         of(make_grid("keys^T", keys_t, orange, features_3, numbered("Key ", 3))), of("="), of(std::move(scores))},
        {cat({"Query 1 against every key: ", row_text(steps.queries, 0), " \u00d7 keys^T = ",
              row_text(steps.scores, 0), "."}),
         "Row i holds the scores of query i, column j those against key j."});
}

std::string weights_softmax_figure() {
    return matrix_figure(
        "Softmax of each row of scores (section 8)",
        {of(scores_grid()), of("\u2192", "softmax, row by row"), of(weights_grid())},
        {cat({"Each row of weights sums to 1. Query 1: softmax(", row_text(steps.scores, 0), ") = ",
              row_text(steps.weights, 0), ","}),
         cat({"which is ", row_text(cta::round_to(steps.weights, 1), 0, 1),
              " to one decimal (the seed prints [0.0, 0.5, 0.5])."})});
}

std::string weighted_values_figure() {
    grid weighted = make_grid("weighted values of query 1", steps.weighted_values[0], yellow, features_3,
                              features_3);
    return matrix_figure(
        "Weighted values of query 1 (section 9)",
        {of(make_grid("weights of query 1", query_1_weights, light_blue, numbered("Key ", 3), {"Query 1"})),
         of("\u00d7", "row by row"), of(values_grid()), of("="), of(std::move(weighted))},
        {cat({"Row j is query 1's weight for key j times value j: for j = 2, ", fixed_text(steps.weights(0, 1), 4),
              " \u00d7 ", row_text(steps.values, 1), " = ", row_text(steps.weighted_values[0], 1), "."}),
         cat({"Their sum, row by row, is output 1: ", row_text(steps.outputs, 0), " (section 10)."})});
}

std::string outputs_figure() {
    grid outputs = make_grid("outputs", steps.outputs, dark_green, numbered("Output ", 3), features_3);
    outputs.marked_row = 0;
    return matrix_figure(
        "Outputs: weights \u00d7 values (sections 10 and 11)",
        {of(weights_grid()), of("\u00d7"), of(values_grid()), of("="), of(std::move(outputs))},
        {cat({"Output 1 is the sum of query 1's weighted values: ", row_text(steps.outputs, 0), "."}),
         "Outputs 2 and 3 repeat the steps for queries 2 and 3: output i is weights row i \u00d7 values."});
}

// ---- The overview --------------------------------------------------------------------------------------------------

struct box {
    std::string name;
    std::string formula;
    std::string shape;
    std::string section;
    colour paint;
    int x = 0;
    int y_mid = 0;
    int width = 0;
};

constexpr int box_height = 74;

int box_width(const box& b) {
    return std::max({text_width(b.name, 14, true), text_width(b.formula, 12), text_width(b.shape, 13),
                     text_width(b.section, 11)}) +
           20;
}

void draw(canvas& c, const box& b) {
    const int top = b.y_mid - box_height / 2;
    const int centre = b.x + b.width / 2;
    c.rect(b.x, top, b.width, box_height, b.paint.fill, 6);
    c.text(centre, top + 19, b.name, 14, "middle", b.paint.text, true);
    c.text(centre, top + 36, b.formula, 12, "middle", b.paint.text);
    c.text(centre, top + 53, b.shape, 13, "middle", b.paint.text, true);
    c.text(centre, top + 68, b.section, 11, "middle", b.paint.text);
}

// An arrow along the points, its head at the last one, pointing right or up.
void arrow(canvas& c, std::vector<std::pair<int, int>> points) {
    const auto [x, y] = points.back();
    if (points[points.size() - 2].second == y) {  // horizontal, pointing right
        points.back().first -= 8;
        c.polygon({{x, y}, {x - 9, y - 5}, {x - 9, y + 5}}, grey);
    } else {  // vertical, pointing up
        points.back().second += 8;
        c.polygon({{x, y}, {x - 5, y + 9}, {x + 5, y + 9}}, grey);
    }
    c.polyline(points, grey);
}

std::string pipeline_figure() {
    using wv_array = std::remove_cvref_t<decltype(steps.weighted_values)>;
    using wv_matrix = wv_array::value_type;
    const std::string weights_shape = shape_text<std::remove_cvref_t<decltype(seed::w_key)>>();
    box inputs{"inputs", "X", shape_text<std::remove_cvref_t<decltype(seed::inputs)>>(), "section 3", green};
    box queries{"queries", "X \u00d7 w_query", shape_text<decltype(steps.queries)>(), "section 6", red};
    box keys{"keys", "X \u00d7 w_key", shape_text<decltype(steps.keys)>(), "section 5", orange};
    box values{"values", "X \u00d7 w_value", shape_text<decltype(steps.values)>(), "section 6", purple};
    box scores{"scores", "queries \u00d7 keys^T", shape_text<decltype(steps.scores)>(), "section 7", blue};
    box weights{"weights", "softmax(scores)", shape_text<decltype(steps.weights)>(), "section 8", light_blue};
    box weighted{"weighted_values", "weight \u00d7 value, per query",
                 cat({integer_text(std::tuple_size_v<wv_array>), " \u00d7 (", shape_text<wv_matrix>(), ")"}),
                 "section 9", yellow};
    box outputs{"outputs", "weights \u00d7 values", shape_text<decltype(steps.outputs)>(), "sections 10, 11",
                dark_green};

    const std::string title = "cta::self_attention_steps: the seed's self-attention and its shapes";
    constexpr int column_gap = 44;
    constexpr int row_step = 90;  // between the centres of queries, keys and values
    const int y_mid = margin + title_size + 24 + row_step + box_height / 2;

    int x = margin;
    inputs.width = box_width(inputs);
    inputs.x = x;
    inputs.y_mid = y_mid;
    x += inputs.width + column_gap + 16;
    const int qkv_width = std::max({box_width(queries), box_width(keys), box_width(values)});
    for (box* b : {&queries, &keys, &values}) {
        b->x = x;
        b->width = qkv_width;
    }
    queries.y_mid = y_mid - row_step;
    keys.y_mid = y_mid;
    values.y_mid = y_mid + row_step;
    x += qkv_width + column_gap;
    for (box* b : {&scores, &weights, &weighted, &outputs}) {
        b->x = x;
        b->width = box_width(*b);
        x += b->width + column_gap;
    }
    scores.y_mid = y_mid - row_step / 2;
    weights.y_mid = y_mid - row_step / 2;
    weighted.y_mid = y_mid;
    outputs.y_mid = y_mid;
    const int width = x - column_gap + margin;

    canvas c;
    c.text(margin, margin + title_size, title, title_size, "start", ink, true);

    // inputs -> queries, keys, values: out to the right, then along a bus.
    const int bus = inputs.x + inputs.width + column_gap / 2 + 8;
    for (const box* b : {&queries, &keys, &values}) {
        arrow(c, {{inputs.x + inputs.width, y_mid}, {bus, y_mid}, {bus, b->y_mid}, {b->x, b->y_mid}});
    }
    // queries and keys -> scores.
    const int join = queries.x + queries.width + column_gap / 2;
    arrow(c, {{queries.x + queries.width, queries.y_mid}, {join, queries.y_mid}, {join, scores.y_mid},
              {scores.x, scores.y_mid}});
    arrow(c, {{keys.x + keys.width, keys.y_mid}, {join, keys.y_mid}, {join, scores.y_mid}, {scores.x, scores.y_mid}});
    arrow(c, {{scores.x + scores.width, scores.y_mid}, {weights.x, weights.y_mid}});
    // weights -> weighted values, and values underneath -> weighted values.
    const int join_2 = weights.x + weights.width + column_gap / 2;
    arrow(c, {{weights.x + weights.width, weights.y_mid}, {join_2, weights.y_mid}, {join_2, weighted.y_mid},
              {weighted.x, weighted.y_mid}});
    const int under = weighted.x + weighted.width / 2;
    arrow(c, {{values.x + values.width, values.y_mid}, {under, values.y_mid},
              {under, weighted.y_mid + box_height / 2}});
    arrow(c, {{weighted.x + weighted.width, weighted.y_mid}, {outputs.x, outputs.y_mid}});
    for (const box* b : {&inputs, &queries, &keys, &values, &scores, &weights, &weighted, &outputs}) draw(c, *b);

    const std::vector<std::string> notes{
        cat({"w_query, w_key and w_value are ", weights_shape,
             " (section 4). Each box is a member of the record that cta::self_attention_steps returns."}),
        "Row i of outputs is the sum of the rows of weighted_values[i]; cta::self_attention returns the outputs only."};
    int y = values.y_mid + box_height / 2 + 10;
    int note_width = 0;
    for (const auto& n : notes) {
        y += 20;
        c.text(margin, y, n, note_size, "start", ink);
        note_width = std::max(note_width, text_width(n, note_size));
    }
    const int height = y + margin - 6;
    std::string description;
    for (const auto& n : notes) description += cat({description.empty() ? "" : " ", n});
    return c.document(std::max(width, note_width + 2 * margin), height, title, description);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: figures <output directory>\n";
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) {
        std::cerr << "figures: cannot create " << dir.string() << ": " << error.message() << '\n';
        return 1;
    }
    const std::array<std::pair<const char*, std::string (*)()>, 10> figures{{
        {"inputs.svg", inputs_figure},
        {"weights.svg", weights_figure},
        {"keys.svg", keys_figure},
        {"values.svg", values_figure},
        {"queries.svg", queries_figure},
        {"scores.svg", scores_figure},
        {"weights_softmax.svg", weights_softmax_figure},
        {"weighted_values.svg", weighted_values_figure},
        {"outputs.svg", outputs_figure},
        {"pipeline.svg", pipeline_figure},
    }};
    for (const auto& [name, make] : figures) {
        const std::filesystem::path path = dir / name;
        std::ofstream out(path, std::ios::binary);
        out << make();
        out.close();
        if (!out) {
            std::cerr << "figures: cannot write " << path.string() << '\n';
            return 1;
        }
        std::cout << path.string() << '\n';
    }
    return 0;
}
