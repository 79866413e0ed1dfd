// SPDX-License-Identifier: BSL-1.0
// The figures of docs/figures/: one SVG per step of the seed's self-attention, drawn from the values the compiler
// computed (cta::self_attention_steps), and an overview of the steps with their shapes; in its subdirectory
// transformer/, the figures of docs/transformer.md (the tokens with their positions, the multi-head attention of its
// encoder layer, post-norm and pre-norm); in digits/, those of docs/digits.md (a few test images of the digits
// classifier with the classes cta computes for them while compiling). Each figure NAME.svg in English has its twin
// NAME.zh.svg in Chinese, which the Chinese pages (.zh.md) show.
//
//   figures <output directory>
//
// The SVG is plain SVG 1.1 text written here: integer coordinates, numbers formatted by this program (no locale,
// no printf), so the output is the same byte for byte on every machine. The tests docs.figures,
// docs.figures.transformer and docs.figures.digits compare it with the committed files; `cmake --build <build dir>
// --target cta_update_figures` rewrites them.
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
#include <cta/transformer.hpp>

#include "digits/digits_proof.hpp"
#include "seed.hpp"

namespace {

using cta::matrix;

// Every step of the seed (sections 5 to 11), computed while compiling.
constexpr auto steps = cta::self_attention_steps(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
constexpr auto keys_t = cta::transpose(steps.keys);
constexpr auto input_row_0 = cta::row(seed::inputs, 0);  // Input 1
constexpr auto key_1 = input_row_0 * seed::w_key;
constexpr auto query_1 = input_row_0 * seed::w_query;
constexpr auto value_1 = input_row_0 * seed::w_value;

// Without options the logits are the scores in double, and the weights are softmax of the logits.
constexpr bool logits_are_scores() {
    for (std::size_t i = 0; i < decltype(steps.scores)::rows; ++i) {
        for (std::size_t j = 0; j < decltype(steps.scores)::cols; ++j) {
            if (!(steps.logits(i, j) == static_cast<double>(steps.scores(i, j)))) return false;
        }
    }
    return cta::identical(steps.weights, cta::softmax(steps.logits));
}

// Row j of weighted_values[i] is the number weights(i, j) times row j of values, for every i and j.
constexpr bool weighted_values_scale_rows() {
    for (std::size_t i = 0; i < decltype(steps.weights)::rows; ++i) {
        for (std::size_t j = 0; j < decltype(steps.values)::rows; ++j) {
            const auto scaled = steps.weights(i, j) * cta::row(steps.values, j);
            if (!cta::identical(cta::row(steps.weighted_values[i], j), scaled)) return false;
        }
    }
    return true;
}

// Row i of outputs is the sum of the rows of weighted_values[i], for every i.
constexpr bool outputs_sum_weighted_values() {
    for (std::size_t i = 0; i < decltype(steps.outputs)::rows; ++i) {
        auto sum = cta::row(steps.weighted_values[i], 0);
        for (std::size_t j = 1; j < decltype(steps.values)::rows; ++j) {
            sum = sum + cta::row(steps.weighted_values[i], j);
        }
        if (!cta::identical(sum, cta::row(steps.outputs, i))) return false;
    }
    return true;
}

// Each row of weights sums to 1, to within the rounding of its three terms.
constexpr bool weights_rows_sum_to_1() {
    for (std::size_t i = 0; i < decltype(steps.weights)::rows; ++i) {
        double sum = 0.0;
        for (std::size_t j = 0; j < decltype(steps.weights)::cols; ++j) sum += steps.weights(i, j);
        if (sum - 1.0 > 1e-15 || 1.0 - sum > 1e-15) return false;
    }
    return true;
}

// What the figures' notes state, proven here.
static_assert(std::is_same_v<decltype(input_row_0), const matrix<int, 1, 4>>);                          // section 4
static_assert(std::is_same_v<decltype(key_1), const matrix<int, 1, 3>>);
static_assert(std::is_same_v<decltype(query_1), const matrix<int, 1, 3>>);
static_assert(std::is_same_v<decltype(value_1), const matrix<int, 1, 3>>);
static_assert(key_1 == cta::row(steps.keys, 0));                                                        // section 5
static_assert(value_1 == cta::row(steps.values, 0));                                                    // section 6
static_assert(query_1 == cta::row(steps.queries, 0));                                                   // section 6
static_assert(cta::row(steps.queries, 0) * keys_t == cta::row(steps.scores, 0));                        // section 7
static_assert(cta::row(steps.scores, 0) == matrix<int, 1, 3>{{{2, 4, 4}}});                             // section 7
static_assert(cta::identical(cta::row(steps.weights, 0), cta::softmax(cta::row(steps.scores, 0))));     // section 8
static_assert(weights_rows_sum_to_1());                                                                 // section 8
static_assert(logits_are_scores());                                                                     // overview
static_assert(weighted_values_scale_rows());                                                            // section 9
static_assert(cta::identical(cta::row(steps.weighted_values[0], 0) + cta::row(steps.weighted_values[0], 1) +
                                 cta::row(steps.weighted_values[0], 2),                                 // section 10
                             cta::row(steps.outputs, 0)));
static_assert(outputs_sum_weighted_values());                                                           // overview
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

// CJK characters and full-width punctuation in s: the code points from U+3000, whose UTF-8 starts with 0xE3 or more.
int wide_characters(std::string_view s) {
    int n = 0;
    for (const char c : s) n += static_cast<unsigned char>(c) >= 0xE3U;
    return n;
}

// The width of s in a sans-serif font of size `size`, estimated generously: 0.62 em per character (0.68 bold), and
// one em per CJK character or full-width punctuation mark.
int text_width(std::string_view s, int size, bool bold = false) {
    const int wide = wide_characters(s);
    return ((length(s) - wide) * size * (bold ? 68 : 62) + wide * size * 100 + 99) / 100;
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

// The language of a figure's words: NAME.svg is in English, its twin NAME.zh.svg in Chinese (for the .zh.md pages).
enum class language { english, chinese };

// The phrase in the figure's language.
std::string_view say(language l, std::string_view english, std::string_view chinese) {
    return l == language::chinese ? chinese : english;
}

// The <svg> element's attributes of the language: its fonts and, in Chinese, its language tag. In Chinese, fonts
// with CJK glyphs first (Noto and Source Han on Linux, PingFang on macOS, Microsoft YaHei on Windows), then any
// sans-serif font.
std::string_view language_attributes(language l) {
    return say(l, "font-family=\"sans-serif\"",
               "font-family=\"'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', "
               "sans-serif\" xml:lang=\"zh-Hans\"");
}

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
    // anchor: "start", "middle" or "end"; mono: in a monospace font, as code is written.
    void text(int x, int y, std::string_view s, int size, std::string_view anchor, std::string_view fill,
              bool bold = false, bool mono = false) {
        body_ += cat({"<text x=\"", num(x), "\" y=\"", num(y), "\" font-size=\"", num(size), "\""});
        if (anchor != "start") body_ += cat({" text-anchor=\"", anchor, "\""});
        if (bold) body_ += " font-weight=\"bold\"";
        if (mono) body_ += " font-family=\"monospace\"";
        body_ += cat({" fill=\"", fill, "\">", text_content(s, size), "</text>\n"});
    }
    void polyline(const std::vector<std::pair<int, int>>& points, std::string_view stroke) {
        body_ += cat({"<polyline points=\"", point_list(points), "\" fill=\"none\" stroke=\"", stroke,
                      "\" stroke-width=\"2\"/>\n"});
    }
    void circle(int cx, int cy, int r, std::string_view fill) {
        body_ += cat({"<circle cx=\"", num(cx), "\" cy=\"", num(cy), "\" r=\"", num(r), "\" fill=\"", fill, "\"/>\n"});
    }
    void polygon(const std::vector<std::pair<int, int>>& points, std::string_view fill) {
        body_ += cat({"<polygon points=\"", point_list(points), "\" fill=\"", fill, "\"/>\n"});
    }

    // The whole file: an SVG 1.1 document of width x height on white, with a title and a description, in the
    // language `lang`; `source` ends the comment "Generated by examples/figures.cpp from ...".
    std::string document(int width, int height, std::string_view title, std::string_view description,
                         language lang = language::english,
                         std::string_view source = "the values of cta::self_attention_steps") const {
        return cat({"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Generated by examples/figures.cpp from ",
                    source, ". -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"",
                    num(width), "\" height=\"", num(height), "\" viewBox=\"0 0 ", num(width), " ", num(height),
                    "\" ", language_attributes(lang), ">\n<title>", plain_text(title), "</title>\n<desc>",
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
constexpr colour mid_blue{"#90caf9", "#1b1b1b"};     // logits
constexpr colour light_blue{"#bbdefb", "#1b1b1b"};   // softmax weights
constexpr colour yellow{"#fff176", "#1b1b1b"};       // weighted values
constexpr colour dark_green{"#2e7d32", "#ffffff"};   // outputs

constexpr const char* ink = "#1b1b1b";
constexpr const char* grey = "#555555";
constexpr const char* highlight = "#c62828";

// ---- Figures of matrices -------------------------------------------------------------------------------------------

// A titled grid of cells, with its C++ type (or another line of text) underneath. Beside the rows and above the
// columns, in grey monospace: the C++ indices, counted from 0, so that the number in row i and column j of m is
// m(i, j). Further out, where rows or columns are tokens: the tutorial's names for them (Input 1, query 2, key 3),
// counted from 1 as the seed counts them.
struct grid {
    std::string name;
    std::vector<std::vector<std::string>> cells;
    colour paint;
    std::string type;
    std::vector<std::string> row_indices;
    std::vector<std::string> col_indices;
    std::vector<std::string> row_names;  // empty, or one per row
    std::vector<std::string> col_names;  // empty, or one per column
    std::size_t marked_row = static_cast<std::size_t>(-1);  // outlined, if any
    std::vector<colour> col_paints{};    // empty (all cells in paint), or one per column
};

// The C++ indices 0, 1, ..., n - 1.
std::vector<std::string> indices(std::size_t n) {
    std::vector<std::string> labels;
    for (std::size_t i = 0; i < n; ++i) labels.push_back(integer_text(i));
    return labels;
}

// The tutorial's names, counted from 1: "query 1", "query 2", ...
std::vector<std::string> names(std::string_view prefix, std::size_t n) {
    std::vector<std::string> labels;
    for (std::size_t i = 1; i <= n; ++i) labels.push_back(cat({prefix, " ", integer_text(i)}));
    return labels;
}

template <class M>
grid make_grid(std::string name, const M& m, colour paint, std::vector<std::string> row_names = {},
               std::vector<std::string> col_names = {}) {
    grid g{std::move(name), {}, paint, type_text<M>(), indices(M::rows), indices(M::cols), std::move(row_names),
           std::move(col_names)};
    for (std::size_t i = 0; i < M::rows; ++i) {
        g.cells.emplace_back();
        for (std::size_t j = 0; j < M::cols; ++j) g.cells.back().push_back(element_text(m(i, j)));
    }
    return g;
}

// Between two grids: an operator (×, =, →, ·) and, optionally, a word above it. An operator `per_row` is written
// once beside each of that many rows (a number times a row, row by row), else once in the middle.
struct operation {
    std::string symbol;
    std::string caption;
    std::size_t per_row = 0;
    int size = 24;  // of the symbol
};

struct item {
    bool is_grid;
    grid g;
    operation op;
};

item of(grid g) { return {true, std::move(g), {}}; }
item of(std::string symbol, std::string caption = {}) { return {false, {}, {std::move(symbol), std::move(caption)}}; }
item per_row(std::string symbol, std::size_t rows, int size = 24) {
    return {false, {}, {std::move(symbol), {}, rows, size}};
}

constexpr int margin = 24;
constexpr int title_size = 18;
constexpr int name_size = 15;
constexpr int label_size = 12;
constexpr int cell_size = 14;
constexpr int type_size = 12;
constexpr int note_size = 13;
constexpr int cell_height = 34;
constexpr int gap = 3;  // between cells

int widest(const std::vector<std::string>& labels, int size) {
    int w = 0;
    for (const auto& l : labels) w = std::max(w, text_width(l, size));
    return w;
}

// Horizontal measures of a grid, relative to its block's left edge.
struct grid_layout {
    int cell_width;
    int cells_left;    // x of the first cell
    int width;         // of the block
    int index_width;   // of the widest row index
};

grid_layout measure(const grid& g) {
    const int index_width = widest(g.row_indices, label_size);
    const int name_width = widest(g.row_names, label_size);
    int label_width = 0;
    if (index_width > 0) label_width += index_width + 10;
    if (name_width > 0) label_width += name_width + 10;
    int cell_width = 44;
    for (const auto& r : g.cells) {
        for (const auto& c : r) cell_width = std::max(cell_width, text_width(c, cell_size) + 18);
    }
    cell_width = std::max({cell_width, widest(g.col_names, label_size) + 12, widest(g.col_indices, label_size) + 12});
    const int cells_width = static_cast<int>(g.cells[0].size()) * cell_width;
    const int centre = label_width + cells_width / 2;
    const int half_text = std::max(text_width(g.name, name_size, true), text_width(g.type, type_size)) / 2;
    const int left = std::min(0, centre - half_text);
    const int right = std::max(label_width + cells_width, centre + half_text);
    return {cell_width, label_width - left, right - left, index_width};
}

// Above the cells: the column indices, the column names if any, and the grid's name.
int header_height(const grid& g) { return g.col_names.empty() ? 38 : 54; }

int half_height(const grid& g) { return static_cast<int>(g.cells.size()) * cell_height / 2; }

int operation_width(const operation& op) {
    return std::max(text_width(op.symbol, op.size) + 28, text_width(op.caption, label_size) + 16);
}

// Draws the grid with its cells' vertical centre at y_mid, in a block starting at x.
void draw(canvas& c, const grid& g, int x, int y_mid) {
    const grid_layout l = measure(g);
    const int rows = static_cast<int>(g.cells.size());
    const int cols = static_cast<int>(g.cells[0].size());
    const int top = y_mid - half_height(g);
    const int left = x + l.cells_left;
    const int centre = left + cols * l.cell_width / 2;
    c.text(centre, top - header_height(g) + 8, g.name, name_size, "middle", ink, true);
    for (int j = 0; j < cols; ++j) {
        const int cx = left + j * l.cell_width + l.cell_width / 2;
        const auto at = static_cast<std::size_t>(j);
        if (at < g.col_indices.size()) c.text(cx, top - 8, g.col_indices[at], label_size, "middle", grey, false, true);
        if (at < g.col_names.size()) c.text(cx, top - 24, g.col_names[at], label_size, "middle", ink);
    }
    const int names_right = left - 8 - (l.index_width > 0 ? l.index_width + 10 : 0);
    for (int i = 0; i < rows; ++i) {
        const int y = top + i * cell_height;
        const auto at = static_cast<std::size_t>(i);
        if (at < g.row_indices.size()) {
            c.text(left - 8, y + cell_height / 2 + 4, g.row_indices[at], label_size, "end", grey, false, true);
        }
        if (at < g.row_names.size()) {
            c.text(names_right, y + cell_height / 2 + 4, g.row_names[at], label_size, "end", ink);
        }
        for (int j = 0; j < cols; ++j) {
            const int cx = left + j * l.cell_width;
            const auto col = static_cast<std::size_t>(j);
            const colour paint = col < g.col_paints.size() ? g.col_paints[col] : g.paint;
            c.rect(cx + 1, y + 1, l.cell_width - gap, cell_height - gap, paint.fill);
            c.text(cx + l.cell_width / 2, y + cell_height / 2 + 5, g.cells[at][col], cell_size, "middle", paint.text);
        }
    }
    if (g.marked_row < g.cells.size()) {
        c.outline(left - 2, top + static_cast<int>(g.marked_row) * cell_height - 2, cols * l.cell_width + 3,
                  cell_height + 3, highlight, 2);
    }
    c.text(centre, top + rows * cell_height + 18, g.type, type_size, "middle", grey);
}

void draw(canvas& c, const operation& op, int x, int y_mid) {
    const int w = operation_width(op);
    const int baseline = op.size / 3;  // below the middle of the symbol
    if (op.per_row == 0) {
        c.text(x + w / 2, y_mid + baseline, op.symbol, op.size, "middle", ink);
        if (!op.caption.empty()) c.text(x + w / 2, y_mid - 18, op.caption, label_size, "middle", grey);
        return;
    }
    const int top = y_mid - static_cast<int>(op.per_row) * cell_height / 2;
    for (std::size_t i = 0; i < op.per_row; ++i) {
        c.text(x + w / 2, top + static_cast<int>(i) * cell_height + cell_height / 2 + baseline, op.symbol, op.size,
               "middle", ink);
    }
}

int item_width(const item& it) { return it.is_grid ? measure(it.g).width : operation_width(it.op); }

// A figure: a title; lines of grids and operations, each line centred on its middle and the n-th items of all
// lines in one column; notes underneath; in the language `lang`.
std::string matrix_figure(std::string_view title, const std::vector<std::vector<item>>& lines,
                          const std::vector<std::string>& notes, language lang = language::english) {
    constexpr int spacing = 12;
    constexpr int line_gap = 22;
    std::vector<int> column_widths;
    for (const auto& line : lines) {
        if (column_widths.size() < line.size()) column_widths.resize(line.size(), 0);
        for (std::size_t k = 0; k < line.size(); ++k) {
            column_widths[k] = std::max(column_widths[k], item_width(line[k]));
        }
    }
    int content_width = -spacing;
    for (const int w : column_widths) content_width += w + spacing;
    int width = std::max(content_width, text_width(title, title_size, true));
    for (const auto& n : notes) width = std::max(width, text_width(n, note_size));
    width += 2 * margin;

    canvas c;
    c.text(margin, margin + title_size, title, title_size, "start", ink, true);
    int y = margin + title_size + 20;  // the top of the first line
    for (const auto& line : lines) {
        int above = 0;  // from the line's middle up to its top
        int below = 0;  // and down to the baseline of the type labels
        for (const auto& it : line) {
            if (!it.is_grid) continue;
            above = std::max(above, half_height(it.g) + header_height(it.g));
            below = std::max(below, half_height(it.g) + 18);
        }
        const int y_mid = y + above;
        int x = (width - content_width) / 2;
        for (std::size_t k = 0; k < line.size(); ++k) {
            const int left = x + (column_widths[k] - item_width(line[k])) / 2;
            if (line[k].is_grid) {
                draw(c, line[k].g, left, y_mid);
            } else {
                draw(c, line[k].op, left, y_mid);
            }
            x += column_widths[k] + spacing;
        }
        y = y_mid + below + line_gap;
    }
    y += 14 - line_gap;  // below the last type labels
    for (const auto& n : notes) {
        y += 22;
        c.text(margin, y, n, note_size, "start", ink);
    }
    const int height = y + margin - 4;
    std::string description;
    for (const auto& n : notes) description += cat({description.empty() ? "" : " ", n});
    return c.document(width, height, title, description, lang);
}

std::string matrix_figure(std::string_view title, const std::vector<item>& items,
                          const std::vector<std::string>& notes, language lang = language::english) {
    return matrix_figure(title, std::vector<std::vector<item>>{items}, notes, lang);
}

// ---- The figures ---------------------------------------------------------------------------------------------------

grid inputs_grid() { return make_grid("inputs", seed::inputs, green, names("Input", 3)); }
grid w_key_grid() { return make_grid("w_key", seed::w_key, neutral); }
grid w_query_grid() { return make_grid("w_query", seed::w_query, neutral); }
grid w_value_grid() { return make_grid("w_value", seed::w_value, neutral); }
grid keys_grid() { return make_grid("keys", steps.keys, orange, names("key", 3)); }
grid values_grid() { return make_grid("values", steps.values, purple, names("value", 3)); }
grid queries_grid() { return make_grid("queries", steps.queries, red, names("query", 3)); }
grid scores_grid() { return make_grid("scores", steps.scores, blue, names("query", 3), names("key", 3)); }
grid weights_grid() { return make_grid("weights", steps.weights, light_blue, names("query", 3), names("key", 3)); }

std::string inputs_figure(language l) {
    return matrix_figure(
        say(l, "Inputs: three tokens of four numbers (section 3)", "输入：三个token，每个四个数（第3节）"),
        {of(inputs_grid())},
        {cat({say(l, "One token per row: Input 1 is row 0, ", "每行一个token：Input 1是第0行，"), row_text(seed::inputs, 0),
              say(l, "; Input 2 is row 1, ", "；Input 2是第1行，"), row_text(seed::inputs, 1),
              say(l, "; Input 3 is row 2, ", "；Input 3是第2行，"), row_text(seed::inputs, 2), say(l, ".", "。")}),
         std::string(say(l, "Grey numbers are C++ indices, counted from 0: the number in row i and column j is "
                            "inputs(i, j).",
                         "灰色数字是C++的下标，从0开始计数：第i行、第j列的数是inputs(i, j)。"))},
        l);
}

// Input 1 times each weight matrix: its key (orange), query (red) and value (purple).
std::string weights_figure(language l) {
    const auto input_1 = make_grid("Input 1", input_row_0, green);
    return matrix_figure(
        say(l, "Input 1 times the three weight matrices (section 4)", "Input 1乘以三个权重矩阵（第4节）"),
        {{of(input_1), of("\u00d7"), of(w_key_grid()), of("="), of(make_grid("key 1", key_1, orange))},
         {of(input_1), of("\u00d7"), of(w_query_grid()), of("="), of(make_grid("query 1", query_1, red))},
         {of(input_1), of("\u00d7"), of(w_value_grid()), of("="), of(make_grid("value 1", value_1, purple))}},
        {cat({say(l, "Input 1 (row 0 of inputs) is ", "Input 1（inputs的第0行）是"), shape_text<decltype(input_row_0)>(),
              say(l, " and each weight matrix ", "，每个权重矩阵是"),
              shape_text<std::remove_cvref_t<decltype(seed::w_key)>>(),
              say(l, ", so its key, query and value are ", "，所以它的key、query和value都是"), shape_text<decltype(key_1)>(),
              say(l, ".", "。")}),
         std::string(say(l, "Every input is multiplied by the same three weight matrices (sections 5 and 6).",
                         "每个输入都乘以同样的三个权重矩阵（第5节和第6节）。"))},
        l);
}

// inputs x weight = result, with the seed's computation for Input 1.
template <class M>
std::string projection_figure(std::string_view title, grid weight, grid result, const M& m, language l) {
    const std::string weight_name = weight.name;
    const std::string result_name = result.name;
    const std::string note =
        l == language::chinese
            ? cat({result_name, "的第i行是inputs的第i行 \u00d7 ", weight_name, "：Input 1（第0行）是",
                   row_text(seed::inputs, 0), " \u00d7 ", weight_name, " = ", row_text(m, 0), "。"})
            : cat({"Row i of ", result_name, " is row i of inputs \u00d7 ", weight_name, ": for Input 1 (row 0), ",
                   row_text(seed::inputs, 0), " \u00d7 ", weight_name, " = ", row_text(m, 0), "."});
    return matrix_figure(title,
                         {of(inputs_grid()), of("\u00d7"), of(std::move(weight)), of("="), of(std::move(result))},
                         {note}, l);
}

std::string keys_figure(language l) {
    return projection_figure(say(l, "Keys: inputs \u00d7 w_key (section 5)", "keys：inputs \u00d7 w_key（第5节）"),
                             w_key_grid(), keys_grid(), steps.keys, l);
}

std::string values_figure(language l) {
    return projection_figure(say(l, "Values: inputs \u00d7 w_value (section 6)", "values：inputs \u00d7 w_value（第6节）"),
                             w_value_grid(), values_grid(), steps.values, l);
}

std::string queries_figure(language l) {
    return projection_figure(
        say(l, "Queries: inputs \u00d7 w_query (section 6)", "queries：inputs \u00d7 w_query（第6节）"),
        w_query_grid(), queries_grid(), steps.queries, l);
}

std::string scores_figure(language l) {
    grid queries = queries_grid();
    queries.marked_row = 0;
    grid scores = scores_grid();
    scores.marked_row = 0;
    return matrix_figure(
        say(l, "Attention scores: queries \u00d7 keys^T (section 7)", "注意力分数：queries \u00d7 keys^T（第7节）"),
        {of(std::move(queries)), of("\u00d7"), of(make_grid("keys^T", keys_t, orange, {}, names("key", 3))), of("="),
         of(std::move(scores))},
        {cat({say(l, "Query 1 (row 0) against every key: ", "query 1（第0行）与每个key做点积："),
              row_text(steps.queries, 0), " \u00d7 keys^T = ", row_text(steps.scores, 0), say(l, ".", "。")}),
         std::string(say(l, "scores(i, j) is row i of queries times column j of keys^T: query i + 1 against key j + 1.",
                         "scores(i, j)是queries的第i行乘以keys^T的第j列：query i + 1对key j + 1的分数。"))},
        l);
}

std::string weights_softmax_figure(language l) {
    return matrix_figure(
        say(l, "Softmax of each row of scores (section 8)", "对scores的每一行做softmax（第8节）"),
        {of(scores_grid()), of("\u2192", std::string(say(l, "softmax, row by row", "逐行softmax"))), of(weights_grid())},
        {cat({say(l, "Each row of weights sums to 1. Query 1 (row 0): softmax(",
                  "weights的每一行之和为1。query 1（第0行）：softmax("),
              row_text(steps.scores, 0), ") = ", row_text(steps.weights, 0), say(l, ",", "，")}),
         cat({say(l, "which is ", "保留一位小数是"), row_text(cta::round_to(steps.weights, 1), 0, 1),
              say(l, " to one decimal (the seed prints [0.0, 0.5, 0.5]).", "（原文打印的是[0.0, 0.5, 0.5]）。")})},
        l);
}

// Row j of weighted_values[0] is the number weights(0, j) times row j of values: three rows, each scaled by its
// weight, as cta::self_attention_steps computes them (and the tutorial's weighted_1, weighted_2, weighted_3).
std::string weighted_values_figure(language l) {
    constexpr std::size_t n = decltype(steps.values)::rows;
    grid query_1_weights{
        "weights(0, j)", {}, light_blue, std::string(say(l, "query 1's weights", "query 1的权重")), {}, {}, {}, {}};
    for (std::size_t j = 0; j < n; ++j) {
        query_1_weights.cells.push_back({element_text(steps.weights(0, j))});
        query_1_weights.row_indices.push_back(cat({"j = ", integer_text(j)}));
    }
    return matrix_figure(
        say(l, "Weighted values of query 1: each row of values times its weight (section 9)",
                 "query 1的weighted values：values的每一行乘以它的权重（第9节）"),
        {of(std::move(query_1_weights)), per_row("\u00b7", n, 40), of(values_grid()), per_row("=", n),
         of(make_grid("weighted_values[0]", steps.weighted_values[0], yellow))},
        {std::string(say(l, "Row j of weighted_values[0] is the number weights(0, j) times row j of values.",
                         "weighted_values[0]的第j行是数weights(0, j)乘以values的第j行。")),
         cat({say(l, "For j = 1 (value 2): ", "j = 1（value 2）时："), fixed_text(steps.weights(0, 1), 4), " \u00b7 ",
              row_text(steps.values, 1), " = ", row_text(steps.weighted_values[0], 1),
              say(l, "; in the tutorial's code, weighted_2.", "；在教程的代码里就是weighted_2。")}),
         cat({say(l, "The three rows added up are output 1: ", "三行相加就是output 1："), row_text(steps.outputs, 0),
              say(l, " (section 10).", "（第10节）。")})},
        l);
}

std::string outputs_figure(language l) {
    grid outputs = make_grid("outputs", steps.outputs, dark_green, names("output", 3));
    outputs.marked_row = 0;
    return matrix_figure(
        say(l, "Outputs: weights \u00d7 values (sections 10 and 11)",
                 "outputs：weights \u00d7 values（第10节和第11节）"),
        {of(weights_grid()), of("\u00d7"), of(values_grid()), of("="), of(std::move(outputs))},
        {cat({say(l, "Output 1 (row 0) is the sum of query 1's weighted values: ",
                  "output 1（第0行）是query 1的weighted values之和："),
              row_text(steps.outputs, 0), say(l, ".", "。")}),
         cat({say(l, "Row i of outputs is row i of weights \u00d7 values: outputs 2 and 3 repeat the steps for queries "
                     "2 and 3.",
                  "outputs的第i行是weights的第i行 \u00d7 values：output 2和output 3对query 2和query 3重复同样的步骤。")})},
        l);
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

// An arrow along the points, its head at the last one, pointing right, up or down.
void arrow(canvas& c, std::vector<std::pair<int, int>> points) {
    const auto [x, y] = points.back();
    const int previous_y = points[points.size() - 2].second;
    if (previous_y == y) {  // horizontal, pointing right
        points.back().first -= 8;
        c.polygon({{x, y}, {x - 9, y - 5}, {x - 9, y + 5}}, grey);
    } else if (previous_y > y) {  // vertical, pointing up
        points.back().second += 8;
        c.polygon({{x, y}, {x - 5, y + 9}, {x + 5, y + 9}}, grey);
    } else {  // vertical, pointing down
        points.back().second -= 8;
        c.polygon({{x, y}, {x - 5, y - 9}, {x + 5, y - 9}}, grey);
    }
    c.polyline(points, grey);
}

// "section 3", "第3节".
std::string section_text(language l, std::string_view number) {
    return cat({say(l, "section ", "第"), number, say(l, "", "节")});
}

std::string pipeline_figure(language l) {
    using wv_array = std::remove_cvref_t<decltype(steps.weighted_values)>;
    using wv_matrix = wv_array::value_type;
    const std::string weights_shape = shape_text<std::remove_cvref_t<decltype(seed::w_key)>>();
    box inputs{"inputs", std::string(say(l, "the tokens", "token")),
               shape_text<std::remove_cvref_t<decltype(seed::inputs)>>(), section_text(l, "3"), green};
    box queries{"queries", "inputs \u00d7 w_query", shape_text<decltype(steps.queries)>(), section_text(l, "6"), red};
    box keys{"keys", "inputs \u00d7 w_key", shape_text<decltype(steps.keys)>(), section_text(l, "5"), orange};
    box values{"values", "inputs \u00d7 w_value", shape_text<decltype(steps.values)>(), section_text(l, "6"), purple};
    box scores{"scores", "queries \u00d7 keys^T", shape_text<decltype(steps.scores)>(), section_text(l, "7"), blue};
    box logits{"logits", std::string(say(l, "scores in double", "double类型的scores")),
               shape_text<decltype(steps.logits)>(),
               std::string(say(l, "scaled, masked by options", "选项可缩放、加mask")), mid_blue};
    box weights{"weights", "softmax(logits)", shape_text<decltype(steps.weights)>(), section_text(l, "8"),
                light_blue};
    box weighted{"weighted_values", std::string(say(l, "weights(i, j) \u00b7 row j of values",
                                                    "weights(i, j) \u00b7 values的第j行")),
                 cat({integer_text(std::tuple_size_v<wv_array>), " \u00d7 (", shape_text<wv_matrix>(), ")"}),
                 section_text(l, "9"), yellow};
    box outputs{"outputs", "weights \u00d7 values", shape_text<decltype(steps.outputs)>(),
                std::string(say(l, "sections 10, 11", "第10、11节")), dark_green};

    const std::string_view title = say(l, "cta::self_attention_steps: the seed's self-attention and its shapes",
                                       "cta::self_attention_steps：原文的self-attention及其形状");
    constexpr int column_gap = 40;
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
    // scores -> logits -> weights level with queries and keys; weighted values -> outputs level with values.
    const int right_x = x;
    for (box* b : {&scores, &logits, &weights}) {
        b->x = x;
        b->width = box_width(*b);
        b->y_mid = y_mid - row_step / 2;
        x += b->width + column_gap;
    }
    int width = x;
    x = right_x;
    for (box* b : {&weighted, &outputs}) {
        b->x = x;
        b->width = box_width(*b);
        b->y_mid = values.y_mid;
        x += b->width + column_gap;
    }
    width = std::max(width, x) - column_gap + margin;

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
    arrow(c, {{scores.x + scores.width, scores.y_mid}, {logits.x, logits.y_mid}});
    arrow(c, {{logits.x + logits.width, logits.y_mid}, {weights.x, weights.y_mid}});
    // weights down to the weighted values (straight where the two boxes overlap), and values across to them.
    const int weights_bottom = weights.y_mid + box_height / 2;
    const int weighted_top = weighted.y_mid - box_height / 2;
    const int overlap_left = std::max(weights.x, weighted.x) + 12;
    const int overlap_right = std::min(weights.x + weights.width, weighted.x + weighted.width) - 12;
    if (overlap_left <= overlap_right) {
        const int down = (overlap_left + overlap_right) / 2;
        arrow(c, {{down, weights_bottom}, {down, weighted_top}});
    } else {
        const int from = weights.x + weights.width / 2;
        const int to = weighted.x + weighted.width - 20;
        const int turn = (weights_bottom + weighted_top) / 2;
        arrow(c, {{from, weights_bottom}, {from, turn}, {to, turn}, {to, weighted_top}});
    }
    arrow(c, {{values.x + values.width, values.y_mid}, {weighted.x, weighted.y_mid}});
    arrow(c, {{weighted.x + weighted.width, weighted.y_mid}, {outputs.x, outputs.y_mid}});
    for (const box* b : {&inputs, &queries, &keys, &values, &scores, &logits, &weights, &weighted, &outputs}) {
        draw(c, *b);
    }

    const std::vector<std::string> notes =
        l == language::chinese
            ? std::vector<std::string>{cat({"w_query、w_key和w_value都是", weights_shape, "（第4节）。"}),
                                       "inputs之后的每个框都是cta::self_attention_steps返回的记录的一个成员；",
                                       "cta::self_attention只返回outputs。没有选项时，logits就是double类型的scores；",
                                       "cta::scaled把它们除以sqrt(d_k)，mask去掉其中一些项。",
                                       "weighted_values[i]的第j行是weights(i, j) \u00b7 values的第j行，",
                                       "outputs的第i行是weighted_values[i]各行之和。"}
            : std::vector<std::string>{
                  cat({"w_query, w_key and w_value are ", weights_shape, " (section 4)."}),
                  "Every box after inputs is a member of the record that cta::self_attention_steps returns;",
                  "cta::self_attention returns the outputs only. Without options the logits are the scores in double;",
                  "cta::scaled divides them by sqrt(d_k), masks remove entries.",
                  "Row j of weighted_values[i] is weights(i, j) \u00b7 row j of values, and",
                  "row i of outputs is the sum of the rows of weighted_values[i]."};
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
    return c.document(std::max(width, note_width + 2 * margin), height, title, description, l);
}

}  // namespace

// ---- The Transformer chapter (docs/transformer.md) -----------------------------------------------------------------

// Section 7: the seed's tokens, which the chapter's token embedding gives for ids 0, 1, 2, plus the sinusoidal
// positional encoding of 3 positions and d = 4.
constexpr auto encoding = cta::sinusoidal_positional_encoding<double, 3, 4>();
constexpr auto positioned = seed::inputs + encoding;
static_assert(encoding(1, 0) == cta::sin(1.0) && encoding(1, 1) == cta::cos(1.0));
static_assert(cta::round_to(encoding, 2)(1, 2) == 0.01);  // the second pair's frequency, 10000^(-2/4)

std::string positions_figure(language l) {
    return matrix_figure(
        say(l, "The tokens and their positions: x = inputs + PE (section 7)", "token及其位置：x = inputs + PE（第7节）"),
        {of(inputs_grid()), of("+"), of(make_grid("PE", encoding, neutral)), of("="),
         of(make_grid("x", positioned, green, names("Input", 3)))},
        {std::string(say(l,
                         "Row pos of PE, pos = 0, 1, 2: sin and cos of pos (columns 0 and 1), of pos / 100 (columns 2 "
                         "and 3).",
                         "PE的第pos行（pos = 0, 1, 2）：pos的sin和cos（第0、1列），pos / 100的sin和cos（第2、3列）。")),
         cat({say(l, "Input 2 (row 1) at position 1: ", "位置1上的Input 2（第1行）："), row_text(seed::inputs, 1), " + ",
              row_text(encoding, 1), " = ", row_text(positioned, 1), say(l, ".", "。")})},
        l);
}

// Section 8: the chapter's encoder layer on x (d_model = 4, two heads of 2 columns, d_ff = 4), with the weights of
// examples/transformer_tutorial.cpp; the figures show its attention sublayer and where it normalises.
namespace layer_figure {

using row_4 = matrix<double, 1, 4>;
using square_4 = matrix<double, 4, 4>;
constexpr square_4 identity{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
constexpr cta::attention_weights attention{square_4{{{1, 0, 1, 0}, {1, 0, 0, 1}, {0, 0, 1, 0}, {0, 1, 1, 1}}},
                                           row_4{{{0.5, 0, 0, -0.5}}},
                                           square_4{{{0, 0, 1, 1}, {1, 1, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}}},
                                           row_4{{{0, 0.5, 0, 0}}},
                                           square_4{{{0, 1, 0, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}, {1, 0, 0, 1}}},
                                           row_4{{{1, 0, 0, 0}}}, identity, row_4{{{0, 0, 0, 0.5}}}};
constexpr cta::feed_forward_weights feed_forward{
    square_4{{{1, -1, 0, 0}, {0, 1, -1, 0}, {0, 0, 1, -1}, {-1, 0, 0, 1}}}, row_4{{{0, 0.5, 0, -0.5}}}, identity,
    row_4{}};
constexpr row_4 gain{{{1, 1, 1, 1}}};
constexpr cta::layer_norm_weights norm{gain, row_4{}};
constexpr auto post_layer = cta::make_encoder_layer<2>(attention, feed_forward, norm, norm);
constexpr auto pre_layer = cta::make_encoder_layer<2>(attention, feed_forward, norm, norm, cta::pre_norm);
constexpr auto post = cta::encoder_layer_steps(positioned, post_layer);
constexpr auto pre = cta::encoder_layer_steps(positioned, pre_layer);
constexpr auto& sa = post.self_attention;

using model_matrix = decltype(sa.queries);
constexpr std::size_t heads = decltype(post_layer)::heads;
constexpr std::size_t d_model = model_matrix::cols;
constexpr std::size_t d_k = d_model / heads;

// Head h's columns of m, h d_k to (h + 1) d_k - 1: its part of the queries, keys or values.
template <class M>
constexpr matrix<typename M::value_type, M::rows, d_k> head_columns(const M& m, std::size_t h) {
    matrix<typename M::value_type, M::rows, d_k> r{};
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < d_k; ++j) r.elems[i][j] = m.elems[i][h * d_k + j];
    }
    return r;
}

// Head h's outputs, by cta's scaled dot-product attention on its columns of the queries, keys and values.
constexpr auto head_outputs(std::size_t h) {
    return cta::scaled_dot_product_attention(head_columns(sa.queries, h), head_columns(sa.keys, h),
                                             head_columns(sa.values, h));
}

// Each head's columns of `concatenated` are its outputs, and its weights are softmax(Q_h K_h^T / sqrt(d_k)) to the
// 4 decimals drawn: the heads' outputs side by side are what the layer multiplies by w_out.
constexpr bool heads_side_by_side() {
    for (std::size_t h = 0; h < heads; ++h) {
        if (!cta::identical(head_columns(sa.concatenated, h), head_outputs(h))) return false;
        const auto scores = head_columns(sa.queries, h) * cta::transpose(head_columns(sa.keys, h));
        const auto weights = cta::softmax(scores / cta::sqrt(static_cast<double>(d_k)));
        if (!(cta::round_to(weights, 4) == cta::round_to(sa.weights[h], 4))) return false;
    }
    return true;
}

// What the figures draw, proven here.
static_assert(heads == 2 && d_k == 2 && d_model == 4);
static_assert(cta::identical(positioned, cta::sinusoidal_positional_encoding<double, 3, 4>() + seed::inputs));
static_assert(sa.queries == cta::linear(positioned, attention.w_query, attention.b_query));
static_assert(sa.keys == cta::linear(positioned, attention.w_key, attention.b_key));
static_assert(sa.values == cta::linear(positioned, attention.w_value, attention.b_value));
static_assert(heads_side_by_side());
static_assert(sa.outputs == cta::linear(sa.concatenated, attention.w_out, attention.b_out));
static_assert(cta::round_to(sa.weights[0], 4)(0, 1) == 0.9983 && cta::round_to(sa.weights[1], 4)(0, 2) == 0.9184);
// Post-norm: r1 = x + SA(x), z = LN1(r1), r2 = z + FF(z), outputs = LN2(r2).
static_assert(std::is_same_v<decltype(post_layer)::placement, cta::post_norm_t>);
static_assert(post.attention_inputs == positioned && post.residual_1 == positioned + sa.outputs);
static_assert(post.feed_forward_inputs == cta::layer_norm(post.residual_1, gain, row_4{}));
static_assert(post.residual_2 == post.feed_forward_inputs + post.feed_forward);
static_assert(post.outputs == cta::layer_norm(post.residual_2, gain, row_4{}));
// Pre-norm: r1 = x + SA(LN1(x)), z = LN2(r1), r2 = r1 + FF(z), outputs = r2.
static_assert(std::is_same_v<decltype(pre_layer)::placement, cta::pre_norm_t>);
static_assert(pre.attention_inputs == cta::layer_norm(positioned, gain, row_4{}));
static_assert(pre.residual_1 == positioned + pre.self_attention.outputs);
static_assert(pre.feed_forward_inputs == cta::layer_norm(pre.residual_1, gain, row_4{}));
static_assert(pre.residual_2 == pre.residual_1 + pre.feed_forward && pre.outputs == pre.residual_2);

// The colours of the heads' columns: head 1 (and every odd head) in the darker shade, head 2 in the lighter.
colour head_paint(colour dark, colour light, std::size_t h) { return h % 2 == 0 ? dark : light; }

std::vector<colour> head_paints(colour dark, colour light) {
    std::vector<colour> paints;
    for (std::size_t j = 0; j < d_model; ++j) paints.push_back(head_paint(dark, light, j / d_k));
    return paints;
}

// "head 1", "头1".
std::string head_name(language l, std::size_t h) { return cat({say(l, "head ", "头"), integer_text(h + 1)}); }

// The column names of a matrix of every head's columns: "head 1" above each of head 1's.
std::vector<std::string> head_names(language l) {
    std::vector<std::string> labels;
    for (std::size_t j = 0; j < d_model; ++j) labels.push_back(head_name(l, j / d_k));
    return labels;
}

// Columns of head h: "columns 0 and 1", "第0、1列".
std::string head_columns_text(language l, std::size_t h) {
    std::string columns;
    for (std::size_t j = h * d_k; j < (h + 1) * d_k; ++j) {
        const bool last = j + 1 == (h + 1) * d_k;
        columns += cat({j == h * d_k ? "" : (last ? say(l, " and ", "、") : say(l, ", ", "、")), integer_text(j)});
    }
    return l == language::chinese ? cat({"第", columns, "列"}) : cat({d_k == 1 ? "column " : "columns ", columns});
}

constexpr colour light_red{"#ffcdd2", "#1b1b1b"};
constexpr colour light_orange{"#ffe0b2", "#1b1b1b"};
constexpr colour light_purple{"#e1bee7", "#1b1b1b"};
constexpr colour light_yellow{"#fff9c4", "#1b1b1b"};

template <class M>
grid heads_grid(std::string name, const M& m, colour dark, colour light, language l) {
    grid g = make_grid(std::move(name), m, dark, {}, head_names(l));
    g.col_paints = head_paints(dark, light);
    return g;
}

std::string multi_head_figure(language l) {
    std::vector<std::vector<item>> lines{{of(heads_grid("queries", sa.queries, red, light_red, l)), of(""),
                                          of(heads_grid("keys", sa.keys, orange, light_orange, l)), of(""),
                                          of(heads_grid("values", sa.values, purple, light_purple, l))}};
    for (std::size_t h = 0; h < heads; ++h) {
        const std::string head = head_name(l, h);
        grid values_h = make_grid(l == language::chinese ? cat({"values（", head, "）"}) : cat({"values, ", head}),
                                  head_columns(sa.values, h), head_paint(purple, light_purple, h));
        values_h.col_indices.clear();
        for (std::size_t j = h * d_k; j < (h + 1) * d_k; ++j) values_h.col_indices.push_back(integer_text(j));
        lines.push_back({of(make_grid(cat({"weights[", integer_text(h), "]"}), sa.weights[h], light_blue,
                                      names("query", model_matrix::rows), names("key", model_matrix::rows))),
                         of("\u00d7"), of(std::move(values_h)), of("="),
                         of(make_grid(head, head_outputs(h), head_paint(yellow, light_yellow, h)))});
    }
    lines.push_back({of(heads_grid("concatenated", sa.concatenated, yellow, light_yellow, l)),
                     of("\u2192", "\u00d7 w_out + b_out"), of(make_grid("outputs", sa.outputs, dark_green))});

    const std::string heads_text = integer_text(heads);
    const std::string d_k_text = integer_text(d_k);
    const std::string shape = shape_text<model_matrix>();
    std::string columns;
    for (std::size_t h = 0; h < heads; ++h) {
        columns +=
            cat({h == 0 ? "" : say(l, ", ", "，"), head_name(l, h), say(l, " takes ", "用"), head_columns_text(l, h)});
    }
    const std::vector<std::string> notes{
        cat({"queries = x w_query + b_query", say(l, ", and likewise keys and values, ", "，keys和values同理，都是"), shape,
             say(l, "; ", "；"), columns, say(l, " (d_k = ", "（d_k = "), integer_text(d_model), " / ", heads_text, " = ",
             d_k_text, say(l, "; two shades tell the heads apart).", "；深浅两色分开各个头的列）。")}),
        cat({say(l, "weights[h]: head h + 1's ", "weights[h]：第h + 1个头的"), "softmax(Q_h K_h^T / sqrt(", d_k_text,
             say(l, ")), one row per query; the head's outputs are weights[h] times its columns of values.",
                 "))，每个query一行；这个头的输出是weights[h]乘以它那几列values。")}),
        cat({say(l, "concatenated: the heads' outputs side by side, ", "concatenated：各个头的输出并排拼在一起，又是"), shape,
             say(l, " again; ", "；"), "outputs = concatenated \u00d7 w_out + b_out", say(l, ".", "。")}),
        std::string(say(l,
                        "All are members of cta::encoder_layer_steps(x, layer).self_attention, computed by the "
                        "compiler; x is section 7's.",
                        "这些都是cta::encoder_layer_steps(x, layer).self_attention的成员，由编译器算出；x见第7节。"))};
    const std::string title = cat({say(l, "Multi-head attention: ", "多头注意力："), heads_text,
                                   say(l, " heads of ", "个头，每个头"), d_k_text,
                                   say(l, " columns each (section 8)", "列（第8节）")});
    return matrix_figure(title, lines, notes, l);
}

// ---- Post-norm and pre-norm ----

// A step of an encoder layer, from top to bottom: a box, or a residual addition (a circle with a "+" and, beside
// it, the record's member that keeps the sum), whose residual comes from the outputs of step `residual_from`.
struct layer_step {
    box b;
    std::string sum;  // empty for a box
    std::size_t residual_from = 0;
};

constexpr int sum_radius = 13;
constexpr int step_gap = 34;  // between two steps, the arrow's length
constexpr int lane = 28;      // from the residual connections' lane to the boxes

int step_height(const layer_step& s) { return s.sum.empty() ? box_height : 2 * sum_radius; }

int sum_label_width(const layer_step& s) { return s.sum.empty() ? 0 : text_width(s.sum, label_size) + 8; }

// The width of a column of steps whose boxes are `box_w` wide, from the residuals' lane to the widest label.
int column_width(const std::vector<layer_step>& steps, int box_w) {
    int right = box_w;
    for (const auto& s : steps) right = std::max(right, box_w / 2 + sum_radius + sum_label_width(s));
    return lane + right;
}

// Draws the heading and the steps in a column from x, the heading's baseline at y; returns the bottom.
int draw_layer(canvas& c, std::string_view heading, std::vector<layer_step> steps, int x, int y, int box_w,
               std::string_view outputs) {
    c.text(x, y, heading, name_size, "start", ink, true);
    const int left = x + lane;
    const int centre = left + box_w / 2;
    std::vector<int> tops;
    int top = y + 20;
    for (const auto& s : steps) {
        tops.push_back(top);
        top += step_height(s) + step_gap;
    }
    const auto bottom = [&](std::size_t i) { return tops[i] + step_height(steps[i]); };
    const int outputs_y = top + 4;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const int end = i + 1 < steps.size() ? tops[i + 1] : top - 4;
        arrow(c, {{centre, bottom(i)}, {centre, end}});
        if (steps[i].sum.empty()) continue;
        const int branch = bottom(steps[i].residual_from) + step_gap / 2;
        const int mid = tops[i] + sum_radius;
        arrow(c, {{centre, branch}, {x + 6, branch}, {x + 6, mid}, {centre - sum_radius, mid}});
        c.circle(centre, branch, 4, grey);
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
        layer_step& s = steps[i];
        if (s.sum.empty()) {
            s.b.x = left;
            s.b.width = box_w;
            s.b.y_mid = tops[i] + box_height / 2;
            draw(c, s.b);
            continue;
        }
        const int mid = tops[i] + sum_radius;
        c.circle(centre, mid, sum_radius, grey);
        c.circle(centre, mid, sum_radius - 2, "#ffffff");
        c.text(centre, mid + 6, "+", 18, "middle", ink, true);
        c.text(centre + sum_radius + 8, mid + 4, s.sum, label_size, "start", ink);
    }
    c.text(centre, outputs_y + 14, outputs, name_size, "middle", ink, true);
    return outputs_y + 14;
}

std::string post_pre_norm_figure(language l) {
    const std::string shape = shape_text<decltype(post.outputs)>();
    const std::string heads_text = integer_text(heads);
    const auto step = [&](std::string_view name, std::string_view formula, std::string_view member, colour paint) {
        return layer_step{box{std::string(name), std::string(formula), shape, std::string(member), paint}, {}};
    };
    const auto sum = [](std::string text, std::size_t from) { return layer_step{{}, std::move(text), from}; };
    const std::string_view sa_name = say(l, "self-attention", "自注意力");
    const std::string_view ff_name = say(l, "feed-forward", "前馈部分");
    const std::string_view ln_1 = say(l, "LayerNorm (norm_1)", "层归一化（norm_1）");
    const std::string_view ln_2 = say(l, "LayerNorm (norm_2)", "层归一化（norm_2）");
    const std::string sa_heads = cat({", ", heads_text, say(l, " heads", "个头")});
    const layer_step x_step = step("x", say(l, "tokens and positions", "token及其位置"), say(l, "section 7", "第7节"),
                                   green);
    const std::vector<layer_step> post_steps{
        x_step,
        step(sa_name, cat({"SA(x)", sa_heads}), "self_attention.outputs", red),
        sum("residual_1: r1 = x + SA(x)", 0),
        step(ln_1, "z = LN1(r1)", "feed_forward_inputs", light_blue),
        step(ff_name, "FF(z)", "feed_forward", purple),
        sum("residual_2: r2 = z + FF(z)", 3),
        step(ln_2, "LN2(r2)", "outputs", light_blue)};
    const std::vector<layer_step> pre_steps{
        x_step,
        step(ln_1, "LN1(x)", "attention_inputs", light_blue),
        step(sa_name, cat({"SA(LN1(x))", sa_heads}), "self_attention.outputs", red),
        sum("residual_1: r1 = x + SA(LN1(x))", 0),
        step(ln_2, "z = LN2(r1)", "feed_forward_inputs", light_blue),
        step(ff_name, "FF(z)", "feed_forward", purple),
        sum(cat({"residual_2: r2 = r1 + FF(z)", say(l, ", the outputs", "，即outputs")}), 3)};

    int box_w = 0;
    for (const auto* steps : {&post_steps, &pre_steps}) {
        for (const auto& s : *steps) box_w = std::max(box_w, s.sum.empty() ? box_width(s.b) : 0);
    }
    const std::string_view post_heading =
        say(l, "Post-norm: cta::post_norm (the default)", "Post-norm：cta::post_norm（默认）");
    const std::string_view pre_heading = say(l, "Pre-norm: cta::pre_norm", "Pre-norm：cta::pre_norm");
    const int post_width = std::max(column_width(post_steps, box_w), text_width(post_heading, name_size, true));
    const int pre_width = std::max(column_width(pre_steps, box_w), text_width(pre_heading, name_size, true));
    constexpr int column_gap = 48;

    const std::string_view title = say(l, "Post-norm and pre-norm encoder layers: where LayerNorm goes (section 8)",
                                       "Post-norm与pre-norm编码器层：层归一化放在哪里（第8节）");
    canvas c;
    c.text(margin, margin + title_size, title, title_size, "start", ink, true);
    const int top = margin + title_size + 34;
    draw_layer(c, post_heading, post_steps, margin, top, box_w, "outputs");
    int y = draw_layer(c, pre_heading, pre_steps, margin + post_width + column_gap, top, box_w, "outputs") + 8;

    const std::string make = cat({"cta::make_encoder_layer<", heads_text, ">(attention, feed_forward, norm_1, norm_2"});
    const std::vector<std::string> notes =
        l == language::chinese
            ? std::vector<std::string>{cat({make, ")是post-norm；最后加上cta::pre_norm就是pre-norm。"}),
                                       "x之后每个框的最后一行是cta::encoder_layer_steps(x, layer)里保存其输出的成员；",
                                       "左边的箭头是残差连接。Post-norm对每个和做归一化，pre-norm让和保持原样。"}
            : std::vector<std::string>{
                  cat({make, ") is post-norm; with cta::pre_norm last, pre-norm."}),
                  "The last line of each box after x: the member of cta::encoder_layer_steps(x, layer) that keeps "
                  "its outputs;",
                  "the arrows on the left are the residual connections. Post-norm normalizes each sum, pre-norm "
                  "leaves it."};
    int width = 2 * margin + std::max(post_width + column_gap + pre_width, text_width(title, title_size, true));
    for (const auto& n : notes) {
        y += 20;
        c.text(margin, y, n, note_size, "start", ink);
        width = std::max(width, 2 * margin + text_width(n, note_size));
    }
    std::string description;
    for (const auto& n : notes) description += cat({description.empty() ? "" : " ", n});
    return c.document(width, y + margin - 6, title, description, l,
                      "the encoder layer of docs/transformer.md, section 8, and its record of steps");
}

}  // namespace layer_figure

using layer_figure::multi_head_figure;
using layer_figure::post_pre_norm_figure;

// ---- The digits chapter (docs/digits.md) ---------------------------------------------------------------------------

// A few test images of the digits classifier with their labels and the classes cta computes for them while
// compiling (the float model of examples/digits/digits.hpp), in English and in Chinese.
namespace digit_figure {

using digits::proof::test_count;
using digits::proof::test_labels;

inline constexpr std::size_t first_shown = 10;  // test images 0 to 9,
inline constexpr std::size_t wrong_shown = 2;   // then the first two after them that PyTorch classifies wrongly
inline constexpr std::size_t shown_count = first_shown + wrong_shown;

constexpr bool pytorch_wrong(std::size_t i) { return digits::proof::pytorch_prediction(i) != test_labels.elems[0][i]; }

// The test images the figure shows, by the rule above.
constexpr std::array<std::size_t, shown_count> shown_images() {
    std::array<std::size_t, shown_count> shown{};
    std::size_t n = 0;
    for (; n < first_shown; ++n) shown[n] = n;
    for (std::size_t i = first_shown; i < test_count && n < shown_count; ++i) {
        if (pytorch_wrong(i)) shown[n++] = i;
    }
    return n == shown_count ? shown : std::array<std::size_t, shown_count>{};
}
constexpr auto shown = shown_images();
static_assert(shown[shown_count - 1] != 0, "PyTorch classifies fewer than two test images after the first ten wrongly");

// The class of shown image k, computed by cta's float model: one constant evaluation per image.
template <std::size_t K>
inline constexpr std::size_t cta_class = digits::proof::trained<float>.classify(digits::proof::test_image(shown[K]));

template <std::size_t... K>
constexpr std::array<std::size_t, shown_count> classes_of(std::index_sequence<K...>) {
    return {cta_class<K>...};
}
constexpr auto cta_classes = classes_of(std::make_index_sequence<shown_count>{});

// What the figure's notes state, proven here: each class is PyTorch's, and the pixels are 0 to 16.
constexpr bool classes_are_pytorch() {
    for (std::size_t k = 0; k < shown_count; ++k) {
        if (cta_classes[k] != digits::proof::pytorch_prediction(shown[k])) return false;
    }
    return true;
}
constexpr bool pixels_within_0_to_16() {
    for (const std::size_t i : shown) {
        for (std::size_t p = 0; p < digits::pixels; ++p) {
            if (digits::proof::test_images.elems[i][p] > 16) return false;
        }
    }
    return true;
}
static_assert(classes_are_pytorch());
static_assert(pixels_within_0_to_16());

// The words of the figure, in one language.
struct words {
    std::string_view title;
    std::string_view image;    // before the index of a test image
    std::string_view label;    // before its label
    std::string_view cta;      // before cta's class
    std::string_view wrong;    // under an image classified wrongly
    std::vector<std::string> notes;
    std::string_view source;   // ends the file's comment "Generated by examples/figures.cpp from ..."
    language lang;
};

words english() {
    const std::string right = integer_text(digits::results::pytorch_test_correct);
    const std::string count = integer_text(test_count);
    return {"Test images of the digits and the classes cta proves while compiling",
            "image ",
            "label ",
            "cta: ",
            "wrong",
            {cat({"Test images 0 to 9 of the ", count, ", then the first 2 after them that PyTorch gets wrong;"}),
             "each pixel from 0 (white) to 16 (black). label: the class the data set gives.",
             "cta: the class of cta's float model, computed while compiling; static_assert: it is PyTorch's.",
             cat({"In red: the class is not the label. PyTorch, and so cta, gets ", right, " of the ", count,
                  " right."})},
            "the digits' test images and the classes cta computes while compiling",
            language::english};
}

words chinese() {
    const std::string right = integer_text(digits::results::pytorch_test_correct);
    const std::string count = integer_text(test_count);
    return {"手写数字的测试图片，以及 cta 在编译时证明的类别",
            "图片 ",
            "标签 ",
            "cta：",
            "分错",
            {cat({count, " 张测试图片中的第 0 到 9 张，以及其后 PyTorch 最先分错的 2 张；"}),
             "每个像素取 0（白）到 16（黑）。标签：数据集给出的类别。",
             "cta：cta 的 float 模型在编译时算出的类别，static_assert 断言它与 PyTorch 的相同。",
             cat({"红色：类别不是标签。", count, " 张中 PyTorch 答对 ", right, " 张，cta 也一样。"})},
            "the digits' test images and the classes cta computes while compiling",
            language::chinese};
}

// A pixel's grey: 0 white, 16 black.
std::string pixel_grey(int v) {
    constexpr std::string_view hex = "0123456789abcdef";
    const int level = 255 - (v * 255 + 8) / 16;
    const std::string h{hex[static_cast<std::size_t>(level / 16)], hex[static_cast<std::size_t>(level % 16)]};
    return cat({"#", h, h, h});
}

constexpr int pixel = 9;              // the side of a pixel
constexpr int side = 8 * pixel;       // of an image
constexpr int columns = 6;
constexpr int tile_width = 112;
constexpr int tile_height = 166;

std::string predictions_figure(const words& w) {
    canvas c;
    c.text(margin, margin + title_size, w.title, title_size, "start", ink, true);
    const int tiles_top = margin + title_size + 16;
    for (std::size_t k = 0; k < shown_count; ++k) {
        const std::size_t i = shown[k];
        const std::size_t label = test_labels.elems[0][i];
        const bool wrong = cta_classes[k] != label;
        const int column = static_cast<int>(k) % columns;
        const int row = static_cast<int>(k) / columns;
        const int centre = margin + column * tile_width + tile_width / 2;
        const int top = tiles_top + row * tile_height;
        const int left = centre - side / 2;
        const int image_top = top + 22;
        c.text(centre, top + 13, cat({w.image, integer_text(i)}), label_size, "middle", grey);
        for (std::size_t p = 0; p < digits::pixels; ++p) {
            const int v = digits::proof::test_images.elems[i][p];
            if (v == 0) continue;  // white, as the background
            c.rect(left + static_cast<int>(p % 8) * pixel, image_top + static_cast<int>(p / 8) * pixel, pixel, pixel,
                   pixel_grey(v), 0);
        }
        c.outline(left, image_top, side, side, wrong ? highlight : "#9e9e9e", wrong ? 3 : 1, 0);
        const char* paint = wrong ? highlight : ink;
        c.text(centre, image_top + side + 20, cat({w.label, integer_text(label)}), note_size, "middle", paint);
        c.text(centre, image_top + side + 38, cat({w.cta, integer_text(cta_classes[k])}), note_size, "middle", paint,
               true);
        if (wrong) c.text(centre, image_top + side + 56, w.wrong, note_size, "middle", highlight, true);
    }
    const int rows = static_cast<int>((shown_count + columns - 1) / columns);
    int y = tiles_top + rows * tile_height - 4;
    int width = 2 * margin + columns * tile_width;
    std::string description;
    for (const auto& n : w.notes) {
        y += 20;
        c.text(margin, y, n, note_size, "start", ink);
        width = std::max(width, 2 * margin + text_width(n, note_size));
        description += cat({description.empty() ? "" : " ", n});
    }
    return c.document(width, y + margin - 6, w.title, description, w.lang, w.source);
}

}  // namespace digit_figure

std::string digits_predictions_figure(language l) {
    return digit_figure::predictions_figure(l == language::chinese ? digit_figure::chinese() : digit_figure::english());
}

// A figure: its name, NAME in NAME.svg (English) and NAME.zh.svg (Chinese), and the function that draws it.
struct figure {
    const char* name;
    std::string (*make)(language);
};

// Writes each figure into dir, in English and in Chinese; false (with a message) if one cannot be written.
template <std::size_t N>
bool write_figures(const std::filesystem::path& dir, const std::array<figure, N>& figures) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) {
        std::cerr << "figures: cannot create " << dir.string() << ": " << error.message() << '\n';
        return false;
    }
    for (const auto& [name, make] : figures) {
        for (const language l : {language::english, language::chinese}) {
            const std::filesystem::path path = dir / cat({name, say(l, ".svg", ".zh.svg")});
            std::ofstream out(path, std::ios::binary);
            out << make(l);
            out.close();
            if (!out) {
                std::cerr << "figures: cannot write " << path.string() << '\n';
                return false;
            }
            std::cout << path.string() << '\n';
        }
    }
    return true;
}

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: figures <output directory>\n";
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    const std::array<figure, 10> figures{{
        {"inputs", inputs_figure},
        {"weights", weights_figure},
        {"keys", keys_figure},
        {"values", values_figure},
        {"queries", queries_figure},
        {"scores", scores_figure},
        {"weights_softmax", weights_softmax_figure},
        {"weighted_values", weighted_values_figure},
        {"outputs", outputs_figure},
        {"pipeline", pipeline_figure},
    }};
    const std::array<figure, 3> transformer_figures{{
        {"positions", positions_figure},
        {"multi_head", multi_head_figure},
        {"post_pre_norm", post_pre_norm_figure},
    }};
    const std::array<figure, 1> digits_figures{{
        {"predictions", digits_predictions_figure},
    }};
    return write_figures(dir, figures) && write_figures(dir / "transformer", transformer_figures) &&
                   write_figures(dir / "digits", digits_figures)
               ? 0
               : 1;
}
