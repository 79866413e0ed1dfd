// SPDX-License-Identifier: BSL-1.0
// cta-weights: writes a C++ header that declares the tensors of weight files as cta::matrix constants.
//
//   cta-weights --namespace <ns> --output <header.hpp> <file>...
//
// Each file is an .npy file (one tensor, named after the file's stem) or a .safetensors file (each tensor under its
// own name), told apart by the extension. The files are read with cta's own parser (<cta/weights.hpp>): the whole
// file is checked as cta::weights::try_load and try_load_npy check it, and the values are decoded as they decode them
// (cta::weights::decode), so the header's matrices are, bit for bit, what cta::weights::load gives from the same
// bytes. Per tensor the header declares
//
//   inline constexpr cta::matrix<T, R, C> <name>{...};
//
// with T from the dtype (F16, BF16, F32: float; F64: double; I8, I16, I32, I64: std::int8_t ... std::int64_t; U8:
// std::uint8_t), a 1-D tensor as 1 x n and a 0-D one as 1 x 1; floats as hexadecimal literals, infinities as
// std::numeric_limits<T>::infinity() and NaNs as std::bit_cast of their bits (the payload kept). Names are made C++
// identifiers (docs/weights.md, "The generator"). A file that does not load, a tensor of 3 or more dimensions or with
// no element, or two tensors that become the same identifier: a message that names the file, the tensor (where one
// is concerned) and the reason, exit code 1, and no output file (the header is written to a temporary file, then
// renamed; an older header of that name is removed). Bad arguments: exit code 2, no output either. docs/weights.md describes the output.
//
//   cta-weights --bytes --namespace <ns> --output <header.hpp> <file>...
//
// declares instead each file's bytes, `inline constexpr unsigned char <file name as an identifier>[N]`, for the
// functions that read a file in a constant evaluation (cta::pytorch::load, cta::weights::load) where the compiler has
// no #embed, and for TensorFlow Lite model files (cta::tflite::open). A .safetensors file is checked whole first (as
// cta::weights::try_load checks it), a .tflite file as cta::tflite::open checks it; a file that does not load is an
// error as above.
#include <cta/tflite/model.hpp>
#include <cta/weights.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

namespace {

namespace fs = std::filesystem;
namespace w = cta::weights;

/// The matrix type the files are probed with: try_load checks the whole file, then the shape and the dtype, and its
/// result tells the tensor's dtype and shape whatever M is.
using probe = cta::matrix<double, 1, 1>;

/// A tensor of a file as the header declares it.
struct tensor {
    std::string file;        ///< the file's name (without its directory)
    std::string name;        ///< the name in the file (UTF-8), or the .npy file's stem
    std::string identifier;  ///< the C++ name
    w::dtype type = w::dtype::none;
    std::size_t rank = 0;
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<std::string> literals;  ///< rows * cols values, row by row
};

/// A name for messages and comments: bytes below 0x20, 0x7f and backslashes escaped (\xNN, \\), UTF-8 kept.
std::string printable(std::string_view s) {
    std::string out;
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c == 0x7f || c == '\\') {
            static constexpr char digits[] = "0123456789abcdef";
            out += c == '\\' ? std::string("\\\\") : std::string("\\x") + digits[c >> 4U] + digits[c & 0xFU];
        } else {
            out += ch;
        }
    }
    return out;
}

/// The C++ keywords (and alternative tokens), which an identifier must not be.
bool is_keyword(std::string_view s) {
    static constexpr std::string_view keywords[] = {
        "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
        "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
        "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
        "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
        "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
        "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
        "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
        "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
        "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};
    for (const std::string_view k : keywords)
        if (s == k) return true;
    return false;
}

bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// A tensor's name as a C++ identifier: every byte that is not an ASCII letter, digit or underscore becomes an
/// underscore, runs of underscores become one (names with "__" are reserved), a name that starts with a digit or an
/// underscore (or is empty) gets a "t" in front, and a keyword gets an underscore after it.
std::string identifier_of(std::string_view name) {
    std::string out;
    for (const char c : name) {
        const char d = is_identifier_char(c) ? c : '_';
        if (d == '_' && !out.empty() && out.back() == '_') continue;
        out += d;
    }
    if (out.empty() || out.front() == '_' || (out.front() >= '0' && out.front() <= '9')) out.insert(0, "t");
    if (is_keyword(out)) out += '_';
    return out;
}

/// Whether `ns` is a namespace name the header can open: identifiers that are not keywords, have no "__" and do not
/// start with an underscore, joined by "::".
bool valid_namespace(std::string_view ns) {
    if (ns.empty()) return false;
    std::size_t start = 0;
    while (true) {
        const std::size_t colons = ns.find("::", start);
        const std::string_view part = ns.substr(start, colons == std::string_view::npos ? ns.npos : colons - start);
        if (part.empty() || part.front() == '_' || (part.front() >= '0' && part.front() <= '9') || is_keyword(part) ||
            part.find("__") != std::string_view::npos)
            return false;
        for (const char c : part)
            if (!is_identifier_char(c)) return false;
        if (colons == std::string_view::npos) return true;
        start = colons + 2;
    }
}

/// The C++ element type of a dtype.
const char* element_type(w::dtype d) {
    switch (d) {
    case w::dtype::f16:
    case w::dtype::bf16:
    case w::dtype::f32: return "float";
    case w::dtype::f64: return "double";
    case w::dtype::i8: return "std::int8_t";
    case w::dtype::i16: return "std::int16_t";
    case w::dtype::i32: return "std::int32_t";
    case w::dtype::i64: return "std::int64_t";
    case w::dtype::u8: return "std::uint8_t";
    case w::dtype::none: break;
    }
    return "";
}

std::string hex(std::uint64_t v, int digits) {
    static constexpr char hex_digits[] = "0123456789abcdef";
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int k = digits - 1; k >= 0; --k, v >>= 4U) out[static_cast<std::size_t>(k)] = hex_digits[v & 0xFU];
    return out;
}

/// The literal of the float (`significand_bits` 23) or double (52) whose bits are `bits`: a hexadecimal floating
/// literal of exactly its value ("0x1.8p+0f", "-0x1p-149f", "-0x0p+0"), std::numeric_limits<T>::infinity(), or for a
/// NaN std::bit_cast<T> of its bits, so that the payload and the quiet bit are kept.
std::string float_literal(std::uint64_t bits, bool is_float) {
    const int significand_bits = is_float ? 23 : 52;
    const int exponent_bits = is_float ? 8 : 11;
    const char* type = is_float ? "float" : "double";
    const char* suffix = is_float ? "f" : "";
    const bool negative = ((bits >> (significand_bits + exponent_bits)) & 1U) != 0;
    const std::uint64_t exponent_mask = (std::uint64_t{1} << exponent_bits) - 1;
    const std::uint64_t significand_mask = (std::uint64_t{1} << significand_bits) - 1;
    std::uint64_t exponent = (bits >> significand_bits) & exponent_mask;
    std::uint64_t significand = bits & significand_mask;
    const std::string sign = negative ? "-" : "";
    if (exponent == exponent_mask) {
        if (significand == 0) return sign + "std::numeric_limits<" + type + ">::infinity()";
        return is_float ? "std::bit_cast<float>(std::uint32_t{0x" + hex(bits, 8) + "})"
                        : "std::bit_cast<double>(std::uint64_t{0x" + hex(bits, 16) + "})";
    }
    if (exponent == 0 && significand == 0) return sign + "0x0p+0" + suffix;
    const std::int64_t bias = (std::int64_t{1} << (exponent_bits - 1)) - 1;
    std::int64_t e = static_cast<std::int64_t>(exponent) - bias;
    if (exponent == 0) {  // a subnormal: written normalised, the same value
        e = 1 - bias;
        while ((significand & (std::uint64_t{1} << significand_bits)) == 0) {
            significand <<= 1U;
            --e;
        }
        significand &= significand_mask;
    }
    // The significand's bits after the point as hexadecimal digits (a float's 23 bits padded to 24), trailing zeros
    // dropped.
    const int digits = (significand_bits + 3) / 4;
    std::string fraction = hex(significand << (digits * 4 - significand_bits), digits);
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    return sign + "0x1" + (fraction.empty() ? "" : "." + fraction) + "p" + (e < 0 ? "-" : "+") +
           std::to_string(e < 0 ? -e : e) + suffix;
}

/// The literal of an integer element: decimal; INT64_MIN as an expression, as its magnitude is no int64 literal.
std::string integer_literal(std::int64_t v) {
    if (v == INT64_MIN) return "(-9223372036854775807 - 1)";
    return std::to_string(v);
}

/// The literal of the element of dtype `d` whose encoding is `bits`, decoded as cta::weights::load decodes it.
std::string literal(w::dtype d, std::uint64_t bits) {
    switch (d) {
    case w::dtype::f16:
    case w::dtype::bf16:
    case w::dtype::f32: return float_literal(std::bit_cast<std::uint32_t>(w::decode<float>(d, bits)), true);
    case w::dtype::f64: return float_literal(std::bit_cast<std::uint64_t>(w::decode<double>(d, bits)), false);
    case w::dtype::u8: return std::to_string(w::decode<std::uint8_t>(d, bits));
    default: return integer_literal(w::decode<std::int64_t>(d, bits));
    }
}

/// A message about a file, and whether there were any.
struct errors {
    std::vector<std::string> lines;
    void add(const std::string& file, const std::string& tensor, const std::string& reason) {
        lines.push_back(file + ": tensor '" + printable(tensor) + "': " + reason);
    }
    /// A message about the file as a whole: no tensor is concerned.
    void add(const std::string& file, const std::string& reason) { lines.push_back(file + ": " + reason); }
};

/// Why a result is not a tensor to declare: the sentence of its status (cta::weights::describe) and the byte.
template <class M>
std::string reason_of(const w::result<M>& r) {
    return std::string(w::describe(r.reason)) + " (at byte " + std::to_string(r.offset) + ")";
}

/// Reads the tensor of `r.file` (a result whose file was read in full: ok, shape_mismatch or dtype_mismatch) from the
/// bytes at `data` of `bytes` into `t`; false with a message if the header cannot declare it.
bool read_values(const std::vector<unsigned char>& bytes, std::size_t data, const w::file_tensor& f, tensor& t,
                 errors& errs) {
    t.type = f.type;
    t.rank = f.rank;
    if (f.rank > 2) {
        errs.add(t.file, t.name,
                 "a tensor of " + std::to_string(f.rank) + " dimensions; a cta::matrix has 2 (a 1-D tensor becomes "
                 "1 x n, a 0-D one 1 x 1)");
        return false;
    }
    t.rows = f.rank == 2 ? f.shape[0] : 1;
    t.cols = f.rank == 0 ? 1 : f.shape[f.rank - 1];
    if (t.rows == 0 || t.cols == 0) {
        errs.add(t.file, t.name, "a tensor with no element (shape " + std::to_string(t.rows) + " x " +
                                     std::to_string(t.cols) + "); a cta::matrix has at least 1 x 1");
        return false;
    }
    const std::size_t size = w::dtype_size(f.type);
    const bool by_columns = f.fortran_order && f.rank == 2;
    t.literals.reserve(t.rows * t.cols);
    for (std::size_t i = 0; i < t.rows; ++i) {
        for (std::size_t j = 0; j < t.cols; ++j) {
            const std::size_t k = by_columns ? j * t.rows + i : i * t.cols + j;
            t.literals.push_back(literal(f.type, w::read_little_endian(bytes.data(), data + k * size, size)));
        }
    }
    return true;
}

/// A result that is no problem of the file: the tensor was read (ok) or only its shape or dtype is not the probe's.
template <class M>
bool file_is_sound(const w::result<M>& r) {
    return r.ok() || r.reason == w::status::shape_mismatch || r.reason == w::status::dtype_mismatch;
}

/// The tensor of the .npy file `bytes`, named after the file's stem.
void read_npy(const std::string& file, const std::string& stem, const std::vector<unsigned char>& bytes,
              std::vector<tensor>& out, errors& errs) {
    const auto r = w::try_load_npy<probe>(bytes);
    if (!file_is_sound(r)) {
        errs.add(file, stem, reason_of(r));
        return;
    }
    tensor t;
    t.file = file;
    t.name = stem;
    // The data is the file's last bytes: try_load_npy found exactly the shape's (status data_size_mismatch otherwise).
    std::size_t count = 1;
    for (std::size_t k = 0; k < r.file.rank && k < w::max_recorded_rank; ++k) count *= r.file.shape[k];
    if (read_values(bytes, bytes.size() - count * w::dtype_size(r.file.type), r.file, t, errs))
        out.push_back(std::move(t));
}

/// The tensors of the safetensors file `bytes`, in the header's order.
void read_safetensors(const std::string& file, const std::vector<unsigned char>& bytes, std::vector<tensor>& out,
                      errors& errs) {
    // The whole file, checked as try_load checks it before it looks for a name: any problem but the name's.
    const auto whole = w::try_load<probe>(bytes, std::string_view{});
    if (!file_is_sound(whole) && whole.reason != w::status::missing_tensor) {
        // The tensor concerned, the JSON entry where the problem was found; none when it was found before a name
        // was read (a truncated file, malformed JSON, bytes of the data that belong to no tensor).
        if (whole.tensor.size == 0)
            errs.add(file, reason_of(whole));
        else
            errs.add(file, std::string(whole.tensor.chars, std::min(whole.tensor.size, sizeof whole.tensor.chars)),
                     reason_of(whole));
        return;
    }
    const w::detail::file_view<unsigned char> view{bytes.data(), bytes.size()};
    const auto length = static_cast<std::size_t>(w::read_little_endian(bytes.data(), 0, 8));
    std::vector<std::pair<std::string, std::size_t>> entries;  // name, first byte of its data
    w::detail::walk_safetensors(view, length, [&](const w::detail::safetensors_entry& e) {
        if (e.metadata) return w::status::ok;
        w::detail::json_string_bytes<unsigned char> name_bytes{view, e.name_begin, e.name_end};
        std::string name;
        unsigned char c = 0;
        while (name_bytes.next(c)) name += static_cast<char>(c);
        entries.emplace_back(std::move(name), 8 + length + e.begin);
        return w::status::ok;
    });
    if (entries.empty()) errs.add(file, "the file holds no tensor");
    for (auto& [name, data] : entries) {
        const auto r = w::try_load<probe>(bytes, std::string_view(name));
        if (!file_is_sound(r)) {  // not reached: the file was checked above
            errs.add(file, name, reason_of(r));
            continue;
        }
        tensor t;
        t.file = file;
        t.name = std::move(name);
        if (read_values(bytes, data, r.file, t, errs)) out.push_back(std::move(t));
    }
}

/// The text of the header.
std::string header_text(const std::string& ns, const std::vector<std::string>& files, const std::vector<tensor>& ts) {
    std::ostringstream h;
    h << "// Generated by cta-weights from";
    for (std::size_t k = 0; k < files.size(); ++k) h << (k == 0 ? " " : ", ") << printable(files[k]);
    h << ": do not edit.\n"
         "// One cta::matrix per tensor, its values exactly those of the file (docs/weights.md, \"The generator\").\n"
         "#pragma once\n\n"
         "#include <bit>\n#include <cstdint>\n#include <limits>\n\n#include <cta/matrix.hpp>\n\n"
         "namespace "
      << ns << " {\n";
    for (const tensor& t : ts) {
        h << "\n// '" << printable(t.name) << "' of " << printable(fs::path(t.file).filename().string()) << ": "
          << w::dtype_name(t.type) << ", shape (";
        if (t.rank == 2) h << t.rows << ", " << t.cols;
        if (t.rank == 1) h << t.cols << ",";
        h << ")\n"
          << "inline constexpr cta::matrix<" << element_type(t.type) << ", " << t.rows << ", " << t.cols << "> "
          << t.identifier << "{{\n";
        for (std::size_t i = 0; i < t.rows; ++i) {
            std::string line = "    {";
            for (std::size_t j = 0; j < t.cols; ++j) {
                const std::string& v = t.literals[i * t.cols + j];
                if (j > 0) {
                    line += ",";
                    if (line.size() + 1 + v.size() > 116) {
                        h << line << '\n';
                        line = "     ";
                    } else {
                        line += ' ';
                    }
                }
                line += v;
            }
            h << line << "}" << (i + 1 < t.rows ? "," : "") << '\n';
        }
        h << "}};\n";
    }
    h << "\n}  // namespace " << ns << '\n';
    return h.str();
}

/// A file as bytes, for --bytes.
struct file_bytes {
    std::string name;        ///< the file's name (without its directory)
    std::string identifier;  ///< the C++ name
    std::vector<unsigned char> bytes;
};

/// The text of the header of --bytes.
std::string bytes_header_text(const std::string& ns, const std::vector<file_bytes>& files) {
    std::ostringstream h;
    h << "// Generated by cta-weights --bytes: do not edit.\n"
         "// The bytes of each file, as the file holds them (docs/weights.md, \"The generator\").\n"
         "#pragma once\n\n"
         "namespace "
      << ns << " {\n";
    static constexpr char digits[] = "0123456789abcdef";
    for (const file_bytes& f : files) {
        h << "\n// " << printable(f.name) << ": " << f.bytes.size() << " bytes\n"
          << "inline constexpr unsigned char " << f.identifier << "[" << std::max<std::size_t>(f.bytes.size(), 1)
          << "] = {";
        for (std::size_t k = 0; k < f.bytes.size(); ++k) {
            if (k % 16 == 0) h << "\n   ";
            h << " 0x" << digits[f.bytes[k] >> 4U] << digits[f.bytes[k] & 15U] << (k + 1 < f.bytes.size() ? "," : "");
        }
        h << "\n};\n";
    }
    h << "\n}  // namespace " << ns << '\n';
    return h.str();
}

/// A usage error: the message, the usage, exit code 2; the output named, if any, is removed as on other errors.
int usage(const std::string& message, const std::string& output = "") {
    std::error_code ec;
    if (!output.empty()) fs::remove(output, ec);
    std::cerr << "cta-weights: " << message
              << "\nusage: cta-weights [--bytes] --namespace <ns> --output <header.hpp> <file.npy|file.safetensors|file.tflite>...\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    std::string ns;
    std::string output;
    std::vector<std::string> inputs;
    bool as_bytes = false;
    for (int k = 1; k < argc; ++k) {
        const std::string_view arg = argv[k];
        if (arg == "--bytes") {
            as_bytes = true;
        } else if ((arg == "--namespace" || arg == "--output") && k + 1 < argc) {
            (arg == "--namespace" ? ns : output) = argv[++k];
        } else if (arg.starts_with("--")) {
            return usage("unknown option or option without a value: " + std::string(arg), output);
        } else {
            inputs.emplace_back(arg);
        }
    }
    if (ns.empty() || output.empty() || inputs.empty())
        return usage("give --namespace, --output and at least one file", output);
    if (!valid_namespace(ns))
        return usage("not a namespace name (identifiers joined by ::, no keyword, none starting with _ or holding "
                     "__): " + ns, output);

    errors errs;
    std::vector<tensor> tensors;
    std::vector<std::string> names;
    std::vector<file_bytes> files;
    for (const std::string& input : inputs) {
        const fs::path path(input);
        const std::string file = path.filename().string();
        names.push_back(file);
        std::ifstream in(path, std::ios::binary);
        std::vector<unsigned char> bytes;
        if (in) bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (!in && !in.eof()) {
            errs.lines.push_back(input + ": cannot be read");
            continue;
        }
        const std::string extension = path.extension().string();
        if (as_bytes) {
            if (extension == ".safetensors") {
                const auto whole = w::try_load<probe>(bytes, std::string_view{});
                if (!file_is_sound(whole) && whole.reason != w::status::missing_tensor) {
                    errs.add(file, reason_of(whole));
                    continue;
                }
            } else if (extension == ".tflite") {
                const auto model = cta::tflite::open(bytes);
                if (!model.ok()) {
                    errs.lines.push_back(input + ": " + cta::tflite::describe(model.why) + " (at byte " +
                                         std::to_string(model.offset) + ")");
                    continue;
                }
            } else if (extension != ".npy") {
                errs.lines.push_back(input +
                                     ": neither .npy, .safetensors nor .tflite (the extension tells the format)");
                continue;
            }
            files.push_back({file, identifier_of(file), std::move(bytes)});
            continue;
        }
        if (extension == ".npy")
            read_npy(input, path.stem().string(), bytes, tensors, errs);
        else if (extension == ".safetensors")
            read_safetensors(input, bytes, tensors, errs);
        else
            errs.lines.push_back(input + ": neither .npy nor .safetensors (the extension tells the format)");
    }

    // Identifiers, each of one file (--bytes).
    std::map<std::string, std::string> files_taken;
    for (const file_bytes& f : files) {
        const auto [at, inserted] = files_taken.emplace(f.identifier, f.name);
        if (!inserted)
            errs.lines.push_back(f.name + ": its identifier '" + f.identifier + "' is also that of " + at->second);
    }

    // Identifiers, each of one tensor.
    std::map<std::string, const tensor*> taken;
    for (tensor& t : tensors) {
        t.identifier = identifier_of(t.name);
        const auto [at, inserted] = taken.emplace(t.identifier, &t);
        if (!inserted)
            errs.add(t.file, t.name,
                     "its identifier '" + t.identifier + "' is also that of tensor '" + printable(at->second->name) +
                         "' of " + at->second->file);
    }

    std::error_code ec;
    const fs::path out_path(output);
    if (!errs.lines.empty()) {
        for (const std::string& line : errs.lines) std::cerr << "cta-weights: error: " << line << '\n';
        fs::remove(out_path, ec);
        std::cerr << "cta-weights: " << output << " not written\n";
        return 1;
    }

    const std::string text = as_bytes ? bytes_header_text(ns, files) : header_text(ns, names, tensors);
    fs::path temporary = out_path;
    temporary += ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) {
            fs::remove(temporary, ec);
            fs::remove(out_path, ec);
            std::cerr << "cta-weights: error: cannot write " << temporary.string() << '\n';
            return 1;
        }
    }
    fs::rename(temporary, out_path, ec);
    if (ec) {
        fs::remove(temporary, ec);
        std::cerr << "cta-weights: error: cannot rename " << temporary.string() << " to " << output << '\n';
        return 1;
    }
    return 0;
}
