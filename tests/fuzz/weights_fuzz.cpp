// SPDX-License-Identifier: BSL-1.0
// A fuzz target for the weight file readers of <cta/weights.hpp> (libFuzzer's entry point, LLVMFuzzerTestOneInput).
// The input is a file's bytes, given whole to try_load_npy (into several matrix types) and to try_load (several
// tensor names, several matrix types). Each outcome is checked against what docs/weights.md says:
//   - no read outside the bytes, no undefined behaviour (AddressSanitizer and UndefinedBehaviorSanitizer in the
//     fuzz preset);
//   - a load that fails has a status other than ok, in the enumeration, an offset within the file (at most its
//     size), and a value of all zeros;
//   - a load that succeeds has a shape that fits the matrix and a dtype that converts exactly to its element type,
//     and (safetensors) the tensor's name as asked;
//   - the whole file is checked before the tensor: a file that fails for a reason of the file (any reason but
//     missing_tensor, shape_mismatch and dtype_mismatch) fails for that reason, at that offset, whatever the matrix
//     type and the tensor's name;
//   - an .npy file that loads holds, element by element, the bits this target reads from its data itself: the data
//     starts after the header (its length at byte 8, 2 bytes for version 1.0 and 4 otherwise), in row-major order or
//     column-major for Fortran order, and each element is decoded here by arithmetic (F16 through std::ldexp) rather
//     than by moving bits, NaNs by the documented rule (sign, all-ones exponent, payload at the top);
//   - a safetensors tensor that loads as float loads as double to the same values (a NaN to the NaN of the same sign
//     and payload), and an integer tensor that loads into a narrow type loads into std::int64_t to the same values.
// A violation prints what failed and aborts, which libFuzzer reports as a crash and saves the input.
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include <cta/weights.hpp>

namespace {

using cta::matrix;
using cta::weights::dtype;
using cta::weights::result;
using cta::weights::status;

[[noreturn]] void fail(const char* what, const char* name) {
    std::fprintf(stderr, "weights_fuzz: %s (tensor \"%s\")\n", what, name);
    std::abort();
}

void expect(bool ok, const char* what, const char* name = "") {
    if (!ok) fail(what, name);
}

/// True for the reasons that depend on the tensor asked for or the matrix type, not on the file alone.
bool depends_on_the_request(status s) {
    return s == status::missing_tensor || s == status::shape_mismatch || s == status::dtype_mismatch;
}

/// The bits of an element (floats) or its value's two's complement (integers).
template <class T>
std::uint64_t pattern(T v) {
    if constexpr (std::is_same_v<T, float>) return std::bit_cast<std::uint32_t>(v);
    else if constexpr (std::is_same_v<T, double>) return std::bit_cast<std::uint64_t>(v);
    else return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
}

/// The first outcome of the loads of one file: whether it failed for a reason of the file, which and where.
struct file_outcome {
    bool seen = false;
    bool file_level = false;
    status reason = status::ok;
    std::size_t offset = 0;
};

/// The checks every result passes.
template <class M>
void check_result(const result<M>& r, std::size_t size, const char* name) {
    expect(static_cast<unsigned>(r.reason) <= static_cast<unsigned>(status::dtype_mismatch), "status in range", name);
    expect(r.ok() == (r.reason == status::ok) && static_cast<bool>(r) == r.ok(), "ok() is reason == ok", name);
    if (!r.ok()) {
        expect(r.offset <= size, "a failure's offset is within the file", name);
        for (std::size_t i = 0; i < M::rows; ++i)
            for (std::size_t j = 0; j < M::cols; ++j)
                expect(pattern(r.value(i, j)) == 0, "a failure's value is 0", name);
        return;
    }
    expect(cta::weights::detail::shape_fits<M>(r.file), "a loaded tensor's shape fits the matrix", name);
    expect(cta::weights::converts_exactly<typename M::value_type>(r.file.type), "a loaded dtype converts exactly",
           name);
}

/// A reason of the file is the same, at the same offset, for every request.
void same_file_outcome(file_outcome& first, status reason, std::size_t offset, const char* name) {
    const bool file_level = reason != status::ok && !depends_on_the_request(reason);
    if (!first.seen) {
        first = {true, file_level, reason, offset};
        return;
    }
    expect(first.file_level == file_level, "a file fails for a reason of the file for every request or for none",
           name);
    if (file_level)
        expect(first.reason == reason && first.offset == offset,
               "a file that fails for a reason of the file fails so, at the same offset, for every request", name);
}

// ---- An independent reading of .npy data ---------------------------------------------------------------------------

std::uint64_t little_endian(const std::uint8_t* p, std::size_t n) {
    std::uint64_t v = 0;
    for (std::size_t k = n; k-- > 0;) v = (v << 8U) | p[k];
    return v;
}

/// The NaN of T whose sign and payload are those of the NaN `raw` of a format with `significand_bits`.
template <class T>
T widened_nan(std::uint64_t raw, int total_bits, int significand_bits) {
    const std::uint64_t sign = (raw >> (total_bits - 1)) & 1U;
    const std::uint64_t payload = raw & ((std::uint64_t{1} << significand_bits) - 1);
    if constexpr (std::is_same_v<T, float>) {
        return std::bit_cast<float>(static_cast<std::uint32_t>((sign << 31U) | (0xFFULL << 23U) |
                                                               (payload << (23 - significand_bits))));
    } else {
        return std::bit_cast<double>((sign << 63U) | (0x7FFULL << 52U) | (payload << (52 - significand_bits)));
    }
}

/// The value of T whose dtype-d encoding is raw, computed without the library.
template <class T>
T reference_decode(dtype d, std::uint64_t raw) {
    if constexpr (std::is_floating_point_v<T>) {
        switch (d) {
        case dtype::f64: return static_cast<T>(std::bit_cast<double>(raw));  // only into double
        case dtype::f32:
        case dtype::bf16: {
            const std::uint64_t bits32 = d == dtype::bf16 ? raw << 16U : raw;
            const float f = std::bit_cast<float>(static_cast<std::uint32_t>(bits32));
            if (std::isnan(f)) return widened_nan<T>(bits32, 32, 23);
            return static_cast<T>(f);
        }
        case dtype::f16: {
            const int exponent = static_cast<int>((raw >> 10U) & 0x1FU);
            const auto significand = static_cast<double>(raw & 0x3FFU);
            const double sign = (raw & 0x8000U) != 0 ? -1.0 : 1.0;
            if (exponent == 31) {
                if ((raw & 0x3FFU) != 0) return widened_nan<T>(raw, 16, 10);
                return static_cast<T>(sign * HUGE_VAL);
            }
            if (exponent == 0) return static_cast<T>(sign * std::ldexp(significand, -24));
            return static_cast<T>(sign * std::ldexp(1024.0 + significand, exponent - 25));
        }
        default: return T{};
        }
    } else {
        switch (d) {
        case dtype::i8: return static_cast<T>(static_cast<std::int8_t>(raw));
        case dtype::i16: return static_cast<T>(static_cast<std::int16_t>(raw));
        case dtype::i32: return static_cast<T>(static_cast<std::int32_t>(raw));
        case dtype::i64: return static_cast<T>(static_cast<std::int64_t>(raw));
        case dtype::u8: return static_cast<T>(static_cast<std::uint8_t>(raw));
        default: return T{};
        }
    }
}

template <class M>
void check_npy(const std::uint8_t* data, std::size_t size, file_outcome& first) {
    const result<M> r = cta::weights::try_load_npy<M>(data, size);
    check_result(r, size, "npy");
    same_file_outcome(first, r.reason, r.offset, "npy");
    if (!r.ok()) return;
    const std::size_t length_size = data[6] == 1 ? 2 : 4;
    const std::size_t start = 8 + length_size + little_endian(data + 8, length_size);
    const std::size_t element = cta::weights::dtype_size(r.file.type);
    expect(start + M::rows * M::cols * element == size, "an .npy file that loads has exactly its data after its header",
           "npy");
    const bool by_columns = r.file.fortran_order && r.file.rank == 2;
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const std::size_t k = by_columns ? j * M::rows + i : i * M::cols + j;
            const auto expected = reference_decode<typename M::value_type>(
                r.file.type, little_endian(data + start + k * element, element));
            expect(pattern(r.value(i, j)) == pattern(expected), "an .npy element has the bits of the file's element",
                   "npy");
        }
    }
}

/// The bytes as a contiguous range, for the overloads of try_load that take one.
struct byte_range {
    const std::uint8_t* p;
    std::size_t n;
    [[nodiscard]] const std::uint8_t* data() const { return p; }
    [[nodiscard]] std::size_t size() const { return n; }
};

/// Loads `name` as M and as Wide (double, or std::int64_t): when M loads, Wide loads to the same values.
template <class M, class Wide>
void check_safetensors(const byte_range& bytes, const char* name, file_outcome& first) {
    const result<M> r = cta::weights::try_load<M>(bytes, name);
    const result<Wide> w = cta::weights::try_load<Wide>(bytes, name);
    check_result(r, bytes.size(), name);
    check_result(w, bytes.size(), name);
    same_file_outcome(first, r.reason, r.offset, name);
    same_file_outcome(first, w.reason, w.offset, name);
    if (!r.ok()) return;
    expect(r.tensor.equals(name, std::strlen(name)), "a loaded tensor has the name asked for", name);
    expect(w.ok(), "a tensor that loads into a narrower element type loads into a wider one", name);
    for (std::size_t i = 0; i < M::rows; ++i) {
        for (std::size_t j = 0; j < M::cols; ++j) {
            const auto narrow = r.value(i, j);
            const auto wide = w.value(i, j);
            if constexpr (std::is_floating_point_v<typename M::value_type>) {
                const auto bits = std::bit_cast<std::uint32_t>(narrow);
                const double expected = std::isnan(narrow) ? widened_nan<double>(bits, 32, 23)
                                                           : static_cast<double>(narrow);
                expect(pattern(wide) == pattern(expected), "a float element widens to the double element", name);
            } else {
                expect(static_cast<std::int64_t>(narrow) == wide, "an integer element is the same in int64", name);
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const byte_range bytes{data, size};
    file_outcome npy;
    check_npy<matrix<float, 1, 1>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<float, 2, 3>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<double, 2, 3>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<double, 1, 16>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<double, 3, 4>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<std::int64_t, 2, 3>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<std::int64_t, 1, 8>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<std::uint8_t, 2, 3>>(bytes.data(), bytes.size(), npy);
    check_npy<matrix<std::int8_t, 3, 2>>(bytes.data(), bytes.size(), npy);

    file_outcome st;
    for (const char* name : {"w", "matrix", "specials", "scalar", "x"}) {
        check_safetensors<matrix<float, 2, 3>, matrix<double, 2, 3>>(bytes, name, st);
        check_safetensors<matrix<float, 1, 16>, matrix<double, 1, 16>>(bytes, name, st);
        check_safetensors<matrix<float, 1, 1>, matrix<double, 1, 1>>(bytes, name, st);
        check_safetensors<matrix<std::int8_t, 2, 3>, matrix<std::int64_t, 2, 3>>(bytes, name, st);
        check_safetensors<matrix<std::int16_t, 1, 8>, matrix<std::int64_t, 1, 8>>(bytes, name, st);
    }
    return 0;
}
