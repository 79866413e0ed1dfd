// SPDX-License-Identifier: BSL-1.0
// <cta/weights.hpp> on files read from disk: every line of files.manifest (written by make_files.py with
// tools/weights/write_weights.py, which writes what np.save and safetensors' save_file write) loads a tensor of a
// file of files/ into a matrix and must give the status the line expects and, when it loads, the values the line
// gives, bit for bit (computed in Python from the file's bits, not by the C++ conversion). Every reason a file can
// fail to load must be expected by some line, and every file of files/ must be named by one. Then the seed's files
// of examples/weights/seed/ (make_seed_weights.py) against examples/seed.hpp and the quantized tutorial's int8
// weights and scales.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <cta/quantized/attention.hpp>
#include <cta/quantized/calibrate.hpp>
#include <cta/weights.hpp>

#include "catch.hpp"
#include "seed.hpp"
#include "status_name.hpp"

namespace {

using cta::matrix;
using cta::weights::status;
using test::last_status;
using test::status_name;

/// A file's bytes.
std::vector<unsigned char> read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// One line of the manifest.
struct expectation {
    std::string file, tensor, element;
    std::size_t rows = 0, cols = 0;
    std::string status_text, kind;
    std::vector<std::string> values;
};

/// The bit pattern of an element as an unsigned 64-bit integer (floats by their bits, integers by their value's
/// two's complement).
template <class T>
std::uint64_t pattern(T v) {
    if constexpr (std::is_same_v<T, float>) return std::bit_cast<std::uint32_t>(v);
    else if constexpr (std::is_same_v<T, double>) return std::bit_cast<std::uint64_t>(v);
    else return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
}

/// Loads the line's tensor into M and checks the outcome against the line.
template <class M>
void check(const expectation& e, const std::vector<unsigned char>& bytes) {
    using T = typename M::value_type;
    // On the heap: a 256 x 256 matrix of doubles is 512 KiB.
    const auto r = std::make_unique<cta::weights::result<M>>(
        e.tensor == "-" ? cta::weights::try_load_npy<M>(bytes) : cta::weights::try_load<M>(bytes, e.tensor));
    INFO("reason: " << status_name(r->reason) << " (" << cta::weights::describe(r->reason) << "), offset "
                    << r->offset);
    CHECK(status_name(r->reason) == e.status_text);
    if (e.kind == "tensor") {  // the tensor the reason concerns, "-" for none
        REQUIRE(e.values.size() == 1);
        const std::string concerned(r->tensor.chars, std::min(r->tensor.size, sizeof r->tensor.chars));
        CHECK(concerned == (e.values[0] == "-" ? "" : e.values[0]));
    }
    if (!r->ok()) {
        bool zeros = true;  // the value of a failed load is all zeros
        for (std::size_t i = 0; i < M::rows; ++i)
            for (std::size_t j = 0; j < M::cols; ++j) zeros = zeros && pattern((*r).value(i, j)) == 0;
        CHECK(zeros);
        return;
    }
    if (e.kind == "fnv1a") {
        REQUIRE(e.values.size() == 1);
        std::uint64_t h = 0xCBF29CE484222325ULL;
        for (std::size_t i = 0; i < M::rows; ++i)
            for (std::size_t j = 0; j < M::cols; ++j)
                for (std::size_t k = 0; k < sizeof(T); ++k) {
                    h ^= (pattern((*r).value(i, j)) >> (8 * k)) & 0xFFU;
                    h *= 0x100000001B3ULL;
                }
        CHECK(h == std::stoull(e.values[0], nullptr, 16));
        return;
    }
    REQUIRE(e.values.size() == M::rows * M::cols);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const std::string& text = e.values[i * M::cols + j];
            const T got = (*r).value(i, j);
            bool same = false;
            if (e.kind == "bits") {
                same = std::is_floating_point_v<T> && pattern(got) == std::stoull(text, nullptr, 16);
            } else if (e.kind == "ints") {
                same = std::is_integral_v<T> && static_cast<long long>(got) == std::stoll(text);
            }
            if (!same) {
                ++wrong;
                UNSCOPED_INFO("element (" << i << ", " << j << "): expected " << text << ", got bits " << std::hex
                                          << pattern(got) << std::dec);
            }
        }
    }
    CHECK(wrong == 0);
}

/// An element type and shape the manifest loads into. Only these are instantiated: each instantiates the readers
/// once more, and the test's compile time grows with their number.
template <class T, std::size_t R, std::size_t C>
struct entry {
    using type = matrix<T, R, C>;
    static constexpr std::size_t rows = R, cols = C;
};
template <class... E>
struct entries {};
using manifest_entries = entries<
    entry<float, 1, 1>, entry<float, 1, 2>, entry<float, 2, 2>, entry<float, 2, 3>, entry<float, 3, 2>,
    entry<float, 3, 4>, entry<float, 1, 16>, entry<float, 256, 256>,                                       //
    entry<double, 1, 1>, entry<double, 1, 2>, entry<double, 2, 1>, entry<double, 2, 3>, entry<double, 3, 2>,
    entry<double, 3, 4>, entry<double, 4, 3>, entry<double, 1, 8>, entry<double, 1, 16>, entry<double, 16, 1>,
    entry<double, 256, 256>,                                                                               //
    entry<std::int8_t, 1, 1>, entry<std::int8_t, 2, 3>, entry<std::int8_t, 3, 2>, entry<std::int8_t, 1, 8>,
    entry<std::uint8_t, 1, 1>, entry<std::uint8_t, 2, 3>, entry<std::uint8_t, 3, 2>, entry<std::uint8_t, 1, 8>,
    entry<std::int16_t, 1, 1>, entry<std::int16_t, 2, 3>, entry<std::int16_t, 1, 8>,                       //
    entry<std::int32_t, 1, 1>, entry<std::int32_t, 1, 2>, entry<std::int32_t, 2, 3>, entry<std::int32_t, 3, 2>,
    entry<std::int32_t, 3, 4>, entry<std::int32_t, 1, 8>, entry<std::int32_t, 1, 16>, entry<std::int32_t, 256, 256>,
    entry<std::int64_t, 1, 1>, entry<std::int64_t, 2, 3>, entry<std::int64_t, 3, 2>, entry<std::int64_t, 1, 8>,
    entry<std::int64_t, 8, 1>>;

template <class T>
constexpr const char* element_name() {
    if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, double>) return "double";
    else if constexpr (std::is_same_v<T, std::int8_t>) return "i8";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "u8";
    else if constexpr (std::is_same_v<T, std::int16_t>) return "i16";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "i32";
    else return "i64";
}

/// Checks the line with the element type and shape it names; false if they are not among the test's entries.
template <class... E>
bool check_entries(const expectation& e, const std::vector<unsigned char>& bytes, entries<E...>) {
    return ((e.element == element_name<typename E::type::value_type>() && e.rows == E::rows && e.cols == E::cols &&
             (check<typename E::type>(e, bytes), true)) ||
            ...);
}

bool check_line(const expectation& e, const std::vector<unsigned char>& bytes) {
    return check_entries(e, bytes, manifest_entries{});
}

std::vector<expectation> read_manifest(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<expectation> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        expectation e;
        words >> e.file >> e.tensor >> e.element >> e.rows >> e.cols >> e.status_text;
        if (words >> e.kind)
            for (std::string v; words >> v;) e.values.push_back(v);
        out.push_back(e);
    }
    return out;
}

const std::filesystem::path weights_dir = CTA_WEIGHTS_TEST_DIR;
const std::filesystem::path seed_dir = CTA_SEED_WEIGHTS_DIR;

}  // namespace

TEST_CASE("every file of tests/weights/files loads as files.manifest says", "[weights]") {
    const auto lines = read_manifest(weights_dir / "files.manifest");
    REQUIRE(!lines.empty());
    std::set<std::string> statuses;
    std::set<std::string> named;
    for (const auto& e : lines) {
        INFO(e.file << " " << e.tensor << " into matrix<" << e.element << ", " << e.rows << ", " << e.cols
                    << ">: expected " << e.status_text);
        const auto bytes = read_file(weights_dir / "files" / e.file);
        REQUIRE(!bytes.empty());
        CHECK(check_line(e, bytes));  // false: an element type and shape the test does not instantiate
        statuses.insert(e.status_text);
        named.insert(e.file);
    }
    // Every status is expected somewhere: the corpus has a file for each reason.
    for (auto s = static_cast<unsigned>(status::ok); s <= static_cast<unsigned>(last_status); ++s) {
        INFO("no line of the manifest expects " << status_name(static_cast<status>(s)));
        CHECK(statuses.count(status_name(static_cast<status>(s))) == 1);
    }
    // Every file is checked.
    for (const auto& entry : std::filesystem::directory_iterator(weights_dir / "files")) {
        INFO("no line of the manifest names " << entry.path().filename().string());
        CHECK(named.count(entry.path().filename().string()) == 1);
    }
}

namespace {

template <class T, std::size_t R, std::size_t C>
matrix<T, R, C> converted(const matrix<int, R, C>& m) {
    matrix<T, R, C> out;
    for (std::size_t i = 0; i < R; ++i)
        for (std::size_t j = 0; j < C; ++j) out(i, j) = static_cast<T>(m(i, j));
    return out;
}

template <class M>
M loaded(const std::vector<unsigned char>& bytes, const char* tensor) {
    const auto r = cta::weights::try_load<M>(bytes, tensor);
    INFO(tensor << ": " << cta::weights::describe(r.reason));
    CHECK(r.ok());
    return r.value;
}

}  // namespace

TEST_CASE("the seed's weight files hold examples/seed.hpp", "[weights]") {
    using X = matrix<double, 3, 4>;
    using W = matrix<double, 4, 3>;
    const auto npy = [](const char* name) { return read_file(seed_dir / name); };
    CHECK(cta::weights::try_load_npy<X>(npy("x.npy")).value == converted<double>(seed::inputs));
    CHECK(cta::weights::try_load_npy<W>(npy("w_query.npy")).value == converted<double>(seed::w_query));
    CHECK(cta::weights::try_load_npy<W>(npy("w_key.npy")).value == converted<double>(seed::w_key));
    CHECK(cta::weights::try_load_npy<W>(npy("w_value.npy")).value == converted<double>(seed::w_value));

    const auto f64 = read_file(seed_dir / "seed.safetensors");
    CHECK(loaded<X>(f64, "x") == converted<double>(seed::inputs));
    CHECK(loaded<W>(f64, "w_query") == converted<double>(seed::w_query));
    CHECK(loaded<W>(f64, "w_key") == converted<double>(seed::w_key));
    CHECK(loaded<W>(f64, "w_value") == converted<double>(seed::w_value));
    const auto f32 = read_file(seed_dir / "seed_f32.safetensors");
    CHECK(loaded<matrix<float, 3, 4>>(f32, "x") == converted<float>(seed::inputs));
    CHECK(loaded<matrix<float, 4, 3>>(f32, "w_query") == converted<float>(seed::w_query));
    CHECK(loaded<matrix<float, 4, 3>>(f32, "w_key") == converted<float>(seed::w_key));
    CHECK(loaded<matrix<float, 4, 3>>(f32, "w_value") == converted<float>(seed::w_value));
}

TEST_CASE("the seed's int8 weight file holds the quantized tutorial's weights and scales", "[weights]") {
    namespace q = cta::quantized;
    constexpr auto P = q::calibrate_self_attention(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    constexpr auto model = q::quantize_self_attention<P>(seed::w_query, seed::w_key, seed::w_value);
    const auto f = read_file(seed_dir / "seed_int8.safetensors");
    using I = matrix<std::int8_t, 4, 3>;
    CHECK(loaded<I>(f, "w_query") == model.w_query.values());
    CHECK(loaded<I>(f, "w_key") == model.w_key.values());
    CHECK(loaded<I>(f, "w_value") == model.w_value.values());
    const auto scales = [&](const char* name, const auto& quantization) {
        const auto s = loaded<matrix<float, 1, 3>>(f, name);
        for (std::size_t c = 0; c < 3; ++c) {
            INFO(name << " column " << c);
            CHECK(std::bit_cast<std::uint32_t>(s(0, c)) == std::bit_cast<std::uint32_t>(quantization.scale(c)));
        }
    };
    scales("w_query_scale", P.w_query);
    scales("w_key_scale", P.w_key);
    scales("w_value_scale", P.w_value);
}
