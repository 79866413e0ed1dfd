// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A TensorFlow Lite model file (`.tflite`) read from its bytes, in a constant evaluation or at run time, with
/// no heap: `cta::tflite::open(bytes)` checks the whole file and gives a `cta::tflite::model` to read its subgraphs,
/// tensors (shape, type, buffer, name, quantization), buffers, operator codes and operators (inputs, outputs and the
/// builtin options of the operators cta computes), or the reason and the byte offset where the file is not one.
///
/// The tables and field numbers are those of TensorFlow Lite's public schema (`schema.fbs`, schema version 3; field
/// numbers count a union as two fields, its type and its value). `open` checks every table, vector and string that
/// the reader reads, and every index between them (a tensor's buffer, an operator's operator code and tensors),
/// before it returns a model; a model's functions then read without checking. docs/tflite.md describes the reader
/// and its errors.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cta/detail/target.hpp>
#include <cta/tflite/flatbuffer.hpp>
#include <cta/weights/result.hpp>

namespace cta::tflite {

/// @brief Why bytes are not a model `open` can read; `ok` when they are.
enum class status : unsigned char {
    ok,                   ///< read
    truncated,            ///< fewer than 8 bytes: no root offset and file identifier
    bad_identifier,       ///< bytes 4 to 7 are not "TFL3"
    unsupported_version,  ///< a schema version other than 3
    table_out_of_range,   ///< a table, or its vtable, does not lie inside the file
    field_out_of_range,   ///< a field runs past the end of its table
    vector_out_of_range,  ///< a vector runs past the end of the file
    string_out_of_range,  ///< a string runs past the end of the file or has no zero byte after it
    index_out_of_range,   ///< a tensor's buffer, an operator's operator code or a tensor index does not exist
    no_subgraph,          ///< the model has no subgraph
    external_data         ///< a buffer or tensor whose data is outside the file (offset/size, external_buffer)
};

/// @brief A sentence that says what `s` means.
CTA_DETAIL_TARGET_TAG constexpr const char* describe(status s) noexcept {
    switch (s) {
    case status::ok: return "read";
    case status::truncated: return "fewer than 8 bytes: no root offset and file identifier";
    case status::bad_identifier: return "not a TensorFlow Lite file: bytes 4 to 7 are not TFL3";
    case status::unsupported_version: return "a schema version other than 3";
    case status::table_out_of_range: return "a table or its vtable lies outside the file";
    case status::field_out_of_range: return "a field runs past the end of its table";
    case status::vector_out_of_range: return "a vector runs past the end of the file";
    case status::string_out_of_range: return "a string runs past the end of the file or is not terminated";
    case status::index_out_of_range: return "an index to a buffer, an operator code or a tensor that does not exist";
    case status::no_subgraph: return "the model has no subgraph";
    case status::external_data: return "data outside the file (a buffer's offset and size, a tensor's external_buffer)";
    }
    return "unknown";
}

/// @brief A tensor's element type, numbered as the schema's `TensorType`.
enum class tensor_type : std::int8_t {
    float32 = 0,
    float16 = 1,
    int32 = 2,
    uint8 = 3,
    int64 = 4,
    string = 5,
    boolean = 6,
    int16 = 7,
    complex64 = 8,
    int8 = 9,
    float64 = 10,
    complex128 = 11,
    uint64 = 12,
    resource = 13,
    variant = 14,
    uint32 = 15,
    uint16 = 16,
    int4 = 17,
    bfloat16 = 18
};

/// @brief An operator's code, numbered as the schema's `BuiltinOperator`: every code of schema version 3 by its
/// name in lower case (`if_` and `while_` for IF and WHILE, which are C++ keywords); a code a later schema adds is a
/// value of the type too.
enum class builtin_operator : std::int32_t {
    add = 0,
    average_pool_2d = 1,
    concatenation = 2,
    conv_2d = 3,
    depthwise_conv_2d = 4,
    depth_to_space = 5,
    dequantize = 6,
    embedding_lookup = 7,
    floor = 8,
    fully_connected = 9,
    hashtable_lookup = 10,
    l2_normalization = 11,
    l2_pool_2d = 12,
    local_response_normalization = 13,
    logistic = 14,
    lsh_projection = 15,
    lstm = 16,
    max_pool_2d = 17,
    mul = 18,
    relu = 19,
    relu_n1_to_1 = 20,
    relu6 = 21,
    reshape = 22,
    resize_bilinear = 23,
    rnn = 24,
    softmax = 25,
    space_to_depth = 26,
    svdf = 27,
    tanh = 28,
    concat_embeddings = 29,
    skip_gram = 30,
    call = 31,
    custom = 32,
    embedding_lookup_sparse = 33,
    pad = 34,
    unidirectional_sequence_rnn = 35,
    gather = 36,
    batch_to_space_nd = 37,
    space_to_batch_nd = 38,
    transpose = 39,
    mean = 40,
    sub = 41,
    div = 42,
    squeeze = 43,
    unidirectional_sequence_lstm = 44,
    strided_slice = 45,
    bidirectional_sequence_rnn = 46,
    exp = 47,
    topk_v2 = 48,
    split = 49,
    log_softmax = 50,
    delegate = 51,
    bidirectional_sequence_lstm = 52,
    cast = 53,
    prelu = 54,
    maximum = 55,
    arg_max = 56,
    minimum = 57,
    less = 58,
    neg = 59,
    padv2 = 60,
    greater = 61,
    greater_equal = 62,
    less_equal = 63,
    select = 64,
    slice = 65,
    sin = 66,
    transpose_conv = 67,
    sparse_to_dense = 68,
    tile = 69,
    expand_dims = 70,
    equal = 71,
    not_equal = 72,
    log = 73,
    sum = 74,
    sqrt = 75,
    rsqrt = 76,
    shape = 77,
    pow = 78,
    arg_min = 79,
    fake_quant = 80,
    reduce_prod = 81,
    reduce_max = 82,
    pack = 83,
    logical_or = 84,
    one_hot = 85,
    logical_and = 86,
    logical_not = 87,
    unpack = 88,
    reduce_min = 89,
    floor_div = 90,
    reduce_any = 91,
    square = 92,
    zeros_like = 93,
    fill = 94,
    floor_mod = 95,
    range = 96,
    resize_nearest_neighbor = 97,
    leaky_relu = 98,
    squared_difference = 99,
    mirror_pad = 100,
    abs = 101,
    split_v = 102,
    unique = 103,
    ceil = 104,
    reverse_v2 = 105,
    add_n = 106,
    gather_nd = 107,
    cos = 108,
    where = 109,
    rank = 110,
    elu = 111,
    reverse_sequence = 112,
    matrix_diag = 113,
    quantize = 114,
    matrix_set_diag = 115,
    round = 116,
    hard_swish = 117,
    if_ = 118,
    while_ = 119,
    non_max_suppression_v4 = 120,
    non_max_suppression_v5 = 121,
    scatter_nd = 122,
    select_v2 = 123,
    densify = 124,
    segment_sum = 125,
    batch_matmul = 126,
    placeholder_for_greater_op_codes = 127,
    cumsum = 128,
    call_once = 129,
    broadcast_to = 130,
    rfft2d = 131,
    conv_3d = 132,
    hashtable = 136,
    hashtable_find = 137,
    hashtable_import = 138,
    hashtable_size = 139,
    reduce_all = 140,
    conv_3d_transpose = 141,
    var_handle = 142,
    read_variable = 143,
    assign_variable = 144,
    broadcast_args = 145,
    random_standard_normal = 146,
    bucketize = 147,
    random_uniform = 148,
    multinomial = 149,
    gelu = 150,
    dynamic_update_slice = 151,
    relu_0_to_1 = 152,
    unsorted_segment_prod = 153,
    unsorted_segment_max = 154,
    unsorted_segment_sum = 155,
    atan2 = 156,
    unsorted_segment_min = 157,
    sign = 158,
    bitcast = 159,
    bitwise_xor = 160,
    right_shift = 161,
    stablehlo_logistic = 162,
    stablehlo_add = 163,
    stablehlo_divide = 164,
    stablehlo_multiply = 165,
    stablehlo_maximum = 166,
    stablehlo_reshape = 167,
    stablehlo_clamp = 168,
    stablehlo_concatenate = 169,
    stablehlo_broadcast_in_dim = 170,
    stablehlo_convolution = 171,
    stablehlo_slice = 172,
    stablehlo_custom_call = 173,
    stablehlo_reduce = 174,
    stablehlo_abs = 175,
    stablehlo_and = 176,
    stablehlo_cosine = 177,
    stablehlo_exponential = 178,
    stablehlo_floor = 179,
    stablehlo_log = 180,
    stablehlo_minimum = 181,
    stablehlo_negate = 182,
    stablehlo_or = 183,
    stablehlo_power = 184,
    stablehlo_remainder = 185,
    stablehlo_rsqrt = 186,
    stablehlo_select = 187,
    stablehlo_subtract = 188,
    stablehlo_tanh = 189,
    stablehlo_scatter = 190,
    stablehlo_compare = 191,
    stablehlo_convert = 192,
    stablehlo_dynamic_slice = 193,
    stablehlo_dynamic_update_slice = 194,
    stablehlo_pad = 195,
    stablehlo_iota = 196,
    stablehlo_dot_general = 197,
    stablehlo_reduce_window = 198,
    stablehlo_sort = 199,
    stablehlo_while = 200,
    stablehlo_gather = 201,
    stablehlo_transpose = 202,
    dilate = 203,
    stablehlo_rng_bit_generator = 204,
    reduce_window = 205,
    stablehlo_composite = 206,
    stablehlo_shift_left = 207,
    stablehlo_cbrt = 208,
    stablehlo_case = 209
};

/// @brief The table an operator's builtin options are in, numbered as the schema's union `BuiltinOptions`.
enum class options_type : std::uint8_t {
    none = 0,
    fully_connected = 8,
    softmax = 9,
    add = 11,
    reshape = 17,
    mul = 21,
    transpose = 26,
    reducer = 27,
    sub = 28,
    dequantize = 38,
    squared_difference = 76,
    quantize = 89,
    batch_matmul = 101,
    gelu = 116
};

/// @brief A fused activation, numbered as the schema's `ActivationFunctionType`.
enum class activation : std::int8_t { none = 0, relu = 1, relu_n1_to_1 = 2, relu6 = 3, tanh = 4, sign_bit = 5 };

/// @brief FULLY_CONNECTED's builtin options (the schema's `FullyConnectedOptions`), its defaults where absent.
struct fully_connected_options {
    activation fused_activation = activation::none;  ///< the activation applied to the outputs
    std::int8_t weights_format = 0;                  ///< 0: DEFAULT, 1: SHUFFLED4x16INT8
    bool keep_num_dims = false;                      ///< whether the output keeps the input's rank
    bool asymmetric_quantize_inputs = false;         ///< for hybrid (float input, int8 weights) operators
    /// @brief The type of the bias and of the sums of a quantized operator (version 11 and above; `float32`, the
    /// schema's default, where the file does not say); TensorFlow Lite Micro's int16 kernel reads it without a bias.
    tensor_type quantized_bias_type = tensor_type::float32;
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const fully_connected_options&, const fully_connected_options&) = default;
};
/// @brief SOFTMAX's builtin options.
struct softmax_options {
    float beta = 0.0f;  ///< the factor of the inputs before the exponential
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const softmax_options&, const softmax_options&) = default;
};
/// @brief ADD's and SUB's builtin options (`AddOptions`, `SubOptions`: the same fields).
struct add_options {
    activation fused_activation = activation::none;  ///< the activation applied to the outputs
    bool pot_scale_int16 = true;  ///< int16 operands: whether the scales are powers of two (the general kernel if not)
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const add_options&, const add_options&) = default;
};
/// @brief MUL's builtin options.
struct mul_options {
    activation fused_activation = activation::none;  ///< the activation applied to the outputs
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const mul_options&, const mul_options&) = default;
};
/// @brief MEAN's builtin options (the schema's `ReducerOptions`).
struct reducer_options {
    bool keep_dims = false;  ///< whether the reduced axes stay, of extent 1
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const reducer_options&, const reducer_options&) = default;
};
/// @brief BATCH_MATMUL's builtin options.
struct batch_matmul_options {
    bool adj_x = false;                       ///< whether the left operand is transposed (its last two axes)
    bool adj_y = false;                       ///< whether the right operand is transposed
    bool asymmetric_quantize_inputs = false;  ///< for hybrid operators
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const batch_matmul_options&, const batch_matmul_options&) = default;
};
/// @brief GELU's builtin options.
struct gelu_options {
    bool approximate = false;  ///< whether GELU is the tanh approximation rather than the one of erf
    /// @brief Member-wise equality.
    friend constexpr bool operator==(const gelu_options&, const gelu_options&) = default;
};

/// @brief A vector of scalars of the file: its length and its elements (`T`: std::int32_t, std::int64_t, float or
/// std::uint8_t), read little-endian.
template <class Byte, class T>
class list {
public:
    /// @brief An empty list.
    constexpr list() noexcept = default;
    /// @brief The vector at `at` of `file` (0: none, an empty list).
    CTA_DETAIL_TARGET_TAG constexpr list(detail::flatbuffer<Byte> file, std::size_t at) noexcept
        : file_(file), at_(at) {}
    /// @brief The number of elements (0 for a vector the file does not have).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t size() const noexcept { return file_.length(at_); }
    /// @brief Whether it has no element.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool empty() const noexcept { return size() == 0; }
    /// @brief Element `i` (< size()).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr T operator[](std::size_t i) const noexcept {
        const std::size_t p = at_ + 4 + sizeof(T) * i;
        if constexpr (sizeof(T) == 1) {
            return static_cast<T>(file_.u8(p));
        } else if constexpr (std::is_same_v<T, float>) {
            return file_.f32(p);
        } else {
            return static_cast<T>(file_.unsigned_at(p, sizeof(T)));
        }
    }
    /// @brief The position of its first element in the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t offset() const noexcept { return at_ + 4; }

private:
    detail::flatbuffer<Byte> file_{};
    std::size_t at_ = 0;
};

/// @brief A string of the file (a tensor's name, a description): its characters, compared with strings.
template <class Byte>
class name {
public:
    /// @brief An empty string.
    constexpr name() noexcept = default;
    /// @brief The string at `at` of `file` (0: none, an empty string).
    CTA_DETAIL_TARGET_TAG constexpr name(detail::flatbuffer<Byte> file, std::size_t at) noexcept
        : chars_(file, at) {}
    /// @brief The number of characters (the zero byte after them not counted).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t size() const noexcept { return chars_.size(); }
    /// @brief Character `i` (< size()).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr char operator[](std::size_t i) const noexcept {
        return static_cast<char>(chars_[i]);
    }
    /// @brief Whether it is `s`, a null-terminated string.
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const name& n, const char* s) noexcept {
        std::size_t i = 0;
        for (; i < n.size(); ++i)
            if (s[i] == '\0' || s[i] != n[i]) return false;
        return s[i] == '\0';
    }
    /// @brief Whether it is `s`, a string with `size()` and `operator[]` (`std::string_view`, `std::string`).
    template <class String>
        requires requires(const String& str) {
            str.size();
            str[0];
        }
    CTA_DETAIL_TARGET_TAG friend constexpr bool operator==(const name& n, const String& s) noexcept {
        if (s.size() != n.size()) return false;
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] != n[i]) return false;
        return true;
    }

private:
    list<Byte, std::uint8_t> chars_{};
};

/// @brief A vector of tables of the file, each read as a `View` (a class with a constructor from the file and the
/// table's position).
template <class Byte, class View>
class table_list {
public:
    /// @brief An empty list.
    constexpr table_list() noexcept = default;
    /// @brief The vector of tables at `at` of `file` (0: none, an empty list).
    CTA_DETAIL_TARGET_TAG constexpr table_list(detail::flatbuffer<Byte> file, std::size_t at) noexcept
        : file_(file), at_(at) {}
    /// @brief The number of tables.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t size() const noexcept { return file_.length(at_); }
    /// @brief Whether it has no table.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool empty() const noexcept { return size() == 0; }
    /// @brief Table `i` (< size()).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr View operator[](std::size_t i) const noexcept {
        return View(file_, file_.table_element(at_, i));
    }

private:
    detail::flatbuffer<Byte> file_{};
    std::size_t at_ = 0;
};

namespace detail {
/// A table of the file: the file and the table's position.
template <class Byte>
class table {
public:
    constexpr table() noexcept = default;
    CTA_DETAIL_TARGET_TAG constexpr table(flatbuffer<Byte> file, std::size_t at) noexcept : file_(file), at_(at) {}
    /// Its position in the file.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t offset() const noexcept { return at_; }

protected:
    template <class T>
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr T scalar(std::size_t id, T fallback) const noexcept {
        if (at_ == 0 || file_.field(at_, id) == 0) return fallback;
        const std::uint64_t bits = file_.scalar(at_, id, sizeof(T), 0);
        if constexpr (std::is_same_v<T, float>) {
            return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        } else if constexpr (std::is_same_v<T, bool>) {
            return bits != 0;
        } else {
            return static_cast<T>(bits);
        }
    }
    template <class T>
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, T> vector(std::size_t id) const noexcept {
        return {file_, child(id)};
    }
    template <class View>
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, View> tables(std::size_t id) const noexcept {
        return {file_, child(id)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::name<Byte> string(std::size_t id) const noexcept {
        return {file_, child(id)};
    }
    /// What offset field `id` refers to, or 0 where it is absent (or this table is: position 0).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t child(std::size_t id) const noexcept {
        return at_ == 0 ? 0 : file_.reference(at_, id);
    }

    flatbuffer<Byte> file_{};
    std::size_t at_ = 0;
};
/// An operator's options table, read with the accessors of the fields.
template <class Byte>
struct options_table : table<Byte> {
    using table<Byte>::table;
    using table<Byte>::scalar;
    using table<Byte>::vector;
};
}  // namespace detail

/// @brief A tensor's quantization (the schema's `QuantizationParameters`): `real = scale * (q - zero_point)`, one
/// scale and zero point per tensor, or per channel along `quantized_dimension`. Empty lists where the tensor has
/// none.
template <class Byte>
class quantization : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// @brief The smallest real value of each channel, as the converter recorded it (may be empty).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, float> min() const noexcept {
        return this->template vector<float>(0);
    }
    /// @brief The largest real value of each channel (may be empty).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, float> max() const noexcept {
        return this->template vector<float>(1);
    }
    /// @brief The scale of the tensor, or of each channel.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, float> scale() const noexcept {
        return this->template vector<float>(2);
    }
    /// @brief The zero point of the tensor, or of each channel.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int64_t> zero_point() const noexcept {
        return this->template vector<std::int64_t>(3);
    }
    /// @brief The axis of the channels, for per-channel quantization (0 where absent).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int32_t quantized_dimension() const noexcept {
        return this->template scalar<std::int32_t>(6, 0);
    }
};

/// @brief A tensor of a subgraph: shape, element type, the buffer that holds its data (0: none), name and
/// quantization.
template <class Byte>
class tensor : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// @brief Its extents, outermost first.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> shape() const noexcept {
        return this->template vector<std::int32_t>(0);
    }
    /// @brief Its element type (`float32` where absent, as the schema says).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr tensor_type type() const noexcept {
        return this->template scalar<tensor_type>(1, tensor_type::float32);
    }
    /// @brief The index of the buffer holding its data; 0, the empty buffer, for tensors computed at run time.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint32_t buffer() const noexcept {
        return this->template scalar<std::uint32_t>(2, 0);
    }
    /// @brief Its name.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::name<Byte> name() const noexcept {
        return this->string(3);
    }
    /// Its quantization; `has_quantization()` false where the file has none (all lists then empty).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::quantization<Byte> quantization() const noexcept {
        return {this->file_, this->child(4)};
    }
    /// @brief Whether the file gives it a quantization.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool has_quantization() const noexcept { return this->child(4) != 0; }
    /// @brief Whether it is a variable tensor (state kept across invocations).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr bool is_variable() const noexcept {
        return this->template scalar<bool>(5, false);
    }
};

/// @brief A buffer of the model: the bytes of a constant tensor (empty for the others).
template <class Byte>
class buffer : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// @brief Its bytes, little-endian, in row-major order of the tensor's shape.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::uint8_t> data() const noexcept {
        return this->template vector<std::uint8_t>(0);
    }
};

/// @brief An operator code: the builtin operator and its version (or a custom operator's name).
template <class Byte>
class operator_code : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// The builtin operator, as TensorFlow Lite reads it: the larger of the field `builtin_code` and the older
    /// field `deprecated_builtin_code` (which holds the codes below 127 in files of older converters).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr builtin_operator builtin() const noexcept {
        const std::int32_t code = builtin_code();
        const std::int32_t old = deprecated_builtin_code();
        return static_cast<builtin_operator>(code > old ? code : old);
    }
    /// @brief The field `builtin_code` (0 in files of older converters).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int32_t builtin_code() const noexcept {
        return this->template scalar<std::int32_t>(3, 0);
    }
    /// @brief The field `deprecated_builtin_code` (the codes below 127).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int32_t deprecated_builtin_code() const noexcept {
        return this->template scalar<std::int8_t>(0, 0);
    }
    /// @brief The operator's version (1 where absent).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::int32_t version() const noexcept {
        return this->template scalar<std::int32_t>(2, 1);
    }
    /// A custom operator's name (empty for builtin operators).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::name<Byte> custom_code() const noexcept {
        return this->string(1);
    }
};

/// @brief An operator of a subgraph: its operator code (an index into the model's), the indices of its input and
/// output tensors (-1: an optional input left out) and its builtin options.
template <class Byte>
class op : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// The schema's union `BuiltinOptions` (the enumeration `cta::tflite::options_type`).
    using kind = cta::tflite::options_type;
    /// @brief The index of its operator code in the model's.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint32_t opcode_index() const noexcept {
        return this->template scalar<std::uint32_t>(0, 0);
    }
    /// @brief The indices of its input tensors in the subgraph (-1: an optional input left out).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> inputs() const noexcept {
        return this->template vector<std::int32_t>(1);
    }
    /// @brief The indices of its output tensors.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> outputs() const noexcept {
        return this->template vector<std::int32_t>(2);
    }
    /// Which options table the operator has (`none` where it has none).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr kind options_type() const noexcept {
        return this->template scalar<cta::tflite::options_type>(3, kind::none);
    }
    ///@{
    /// The options, from the table of that type, or the schema's defaults where the operator has another or none.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr fully_connected_options fully_connected() const noexcept {
        const options o = options_of(kind::fully_connected);
        return {o.template scalar<activation>(0, activation::none), o.template scalar<std::int8_t>(1, 0),
                o.template scalar<bool>(2, false), o.template scalar<bool>(3, false),
                o.template scalar<tensor_type>(4, tensor_type::float32)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr softmax_options softmax() const noexcept {
        return {options_of(kind::softmax).template scalar<float>(0, 0.0f)};
    }
    /// ADD's, or SUB's (the same fields).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr add_options add() const noexcept {
        const options o = options_of(options_type() == kind::sub ? kind::sub : kind::add);
        return {o.template scalar<activation>(0, activation::none), o.template scalar<bool>(1, true)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr mul_options mul() const noexcept {
        return {options_of(kind::mul).template scalar<activation>(0, activation::none)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr reducer_options reducer() const noexcept {
        return {options_of(kind::reducer).template scalar<bool>(0, false)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr batch_matmul_options batch_matmul() const noexcept {
        const options o = options_of(kind::batch_matmul);
        return {o.template scalar<bool>(0, false), o.template scalar<bool>(1, false),
                o.template scalar<bool>(2, false)};
    }
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr gelu_options gelu() const noexcept {
        return {options_of(kind::gelu).template scalar<bool>(0, false)};
    }
    /// RESHAPE's new shape (empty where the file gives none: the shape is then the second input's).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> new_shape() const noexcept {
        return options_of(kind::reshape).template vector<std::int32_t>(0);
    }
    ///@}

private:
    using options = detail::options_table<Byte>;
    CTA_DETAIL_TARGET_TAG constexpr options options_of(kind t) const noexcept {
        return {this->file_, options_type() == t ? this->child(4) : 0};
    }
};

/// @brief A subgraph: its tensors, the indices of its inputs and outputs, its operators in execution order, its
/// name.
template <class Byte>
class subgraph : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// @brief Its tensors.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, tensor<Byte>> tensors() const noexcept {
        return this->template tables<tensor<Byte>>(0);
    }
    /// @brief The indices of its input tensors.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> inputs() const noexcept {
        return this->template vector<std::int32_t>(1);
    }
    /// @brief The indices of its output tensors.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr list<Byte, std::int32_t> outputs() const noexcept {
        return this->template vector<std::int32_t>(2);
    }
    /// @brief Its operators, in the order they run.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, op<Byte>> operators() const noexcept {
        return this->template tables<op<Byte>>(3);
    }
    /// @brief Its name.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::name<Byte> name() const noexcept {
        return this->string(4);
    }
};

/// @brief A model that `open` has checked: its schema version, operator codes, subgraphs (the first is the main
/// one), description and buffers (buffer 0 is the empty buffer of tensors without data).
template <class Byte>
class model : public detail::table<Byte> {
public:
    using detail::table<Byte>::table;
    /// @brief The schema version (3: `open` refuses others).
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::uint32_t version() const noexcept {
        return this->template scalar<std::uint32_t>(0, 0);
    }
    /// @brief The operator codes its operators refer to.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, operator_code<Byte>> operator_codes()
        const noexcept {
        return this->template tables<operator_code<Byte>>(1);
    }
    /// @brief Its subgraphs; the first is the model's entry.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, subgraph<Byte>> subgraphs() const noexcept {
        return this->template tables<subgraph<Byte>>(2);
    }
    /// @brief The converter's description.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr cta::tflite::name<Byte> description() const noexcept {
        return this->string(3);
    }
    /// @brief Its buffers; buffer 0 is empty.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr table_list<Byte, buffer<Byte>> buffers() const noexcept {
        return this->template tables<buffer<Byte>>(4);
    }
    /// The bytes the model was read from.
    [[nodiscard]] CTA_DETAIL_TARGET_TAG constexpr std::size_t file_size() const noexcept { return this->file_.size; }
};

/// @brief What `open` gives: the model, or why the bytes are not one (`why`) and the byte offset where that was
/// found (`offset`).
template <class Byte>
struct opened {
    cta::tflite::model<Byte> model{};  ///< the model, where ok()
    status why = status::ok;           ///< why the bytes are not a model, or ok
    std::size_t offset = 0;            ///< the byte where that was found
    /// @brief Whether the bytes are a model.
    [[nodiscard]] constexpr bool ok() const noexcept { return why == status::ok; }
};

namespace detail {

/// The checks of `open`: each function checks one table of the schema and what it refers to, and records the first
/// failure.
template <class Byte>
class checker {
public:
    CTA_DETAIL_TARGET_TAG constexpr explicit checker(flatbuffer<Byte> file) noexcept : f_(file) {}
    status why = status::ok;
    std::size_t where = 0;

    CTA_DETAIL_TARGET_TAG constexpr bool fail(status s, std::size_t at) noexcept {
        why = s;
        where = at;
        return false;
    }
    /// A table at `t` (0: absent, which is fine where `optional`).
    CTA_DETAIL_TARGET_TAG constexpr bool table(std::size_t t, std::size_t from) noexcept {
        return f_.table_ok(t) || fail(status::table_out_of_range, t == f_.size ? from : t);
    }
    /// Scalar field `id` of `n` bytes.
    CTA_DETAIL_TARGET_TAG constexpr bool scalar(std::size_t t, std::size_t id, std::size_t n) noexcept {
        return f_.field_ok(t, id, n) || fail(status::field_out_of_range, t);
    }
    /// Offset field `id`: inside its table and referring inside the file; `to` is what it refers to (0: absent).
    CTA_DETAIL_TARGET_TAG constexpr bool reference(std::size_t t, std::size_t id, std::size_t& to) noexcept {
        to = 0;
        if (!scalar(t, id, 4)) return false;
        const std::size_t at = f_.field(t, id);
        if (at == 0) return true;
        to = f_.target(at);
        return to != f_.size || fail(status::table_out_of_range, at);
    }
    /// Vector field `id` of elements of `n` bytes.
    CTA_DETAIL_TARGET_TAG constexpr bool vector(std::size_t t, std::size_t id, std::size_t n) noexcept {
        std::size_t to = 0;
        if (!reference(t, id, to)) return false;
        return to == 0 || f_.vector_ok(to, n) || fail(status::vector_out_of_range, to);
    }
    /// String field `id`.
    CTA_DETAIL_TARGET_TAG constexpr bool string(std::size_t t, std::size_t id) noexcept {
        std::size_t to = 0;
        if (!reference(t, id, to)) return false;
        return to == 0 || f_.string_ok(to) || fail(status::string_out_of_range, to);
    }
    /// Vector field `id` of tables, each checked by `each(table position)`.
    template <class Each>
    CTA_DETAIL_TARGET_TAG constexpr bool tables(std::size_t t, std::size_t id, Each each) noexcept {
        std::size_t to = 0;
        if (!reference(t, id, to)) return false;
        if (to == 0) return true;
        if (!f_.vector_ok(to, 4)) return fail(status::vector_out_of_range, to);
        for (std::size_t i = 0; i < f_.u32(to); ++i) {
            const std::size_t e = f_.table_element(to, i);
            if (!table(e, to + 4 + 4 * i) || !each(e)) return false;
        }
        return true;
    }
    /// Table field `id`, checked by `each` where present.
    template <class Each>
    CTA_DETAIL_TARGET_TAG constexpr bool child(std::size_t t, std::size_t id, Each each) noexcept {
        std::size_t to = 0;
        if (!reference(t, id, to)) return false;
        return to == 0 || (table(to, f_.field(t, id)) && each(to));
    }
    /// Every element of the int32 vector field `id` in [low, high).
    CTA_DETAIL_TARGET_TAG constexpr bool indices(std::size_t t, std::size_t id, std::int64_t low,
                                                 std::int64_t high) noexcept {
        const std::size_t to = f_.reference(t, id);
        for (std::size_t i = 0; i < f_.length(to); ++i) {
            const std::int32_t v = f_.i32(to + 4 + 4 * i);
            if (v < low || v >= high) return fail(status::index_out_of_range, to + 4 + 4 * i);
        }
        return true;
    }

    CTA_DETAIL_TARGET_TAG constexpr bool quantization(std::size_t q) noexcept {
        return vector(q, 0, 4) && vector(q, 1, 4) && vector(q, 2, 4) && vector(q, 3, 8) && scalar(q, 4, 1) &&
               scalar(q, 6, 4);
    }
    CTA_DETAIL_TARGET_TAG constexpr bool tensor(std::size_t t, std::size_t buffers) noexcept {
        if (!(vector(t, 0, 4) && scalar(t, 1, 1) && scalar(t, 2, 4) && string(t, 3) &&
              child(t, 4, [this](std::size_t q) { return quantization(q); }) && scalar(t, 5, 1) && scalar(t, 8, 1) &&
              scalar(t, 10, 4)))
            return false;
        if (f_.scalar(t, 2, 4, 0) >= buffers) return fail(status::index_out_of_range, f_.field(t, 2));
        if (f_.scalar(t, 10, 4, 0) != 0) return fail(status::external_data, f_.field(t, 10));
        return true;
    }
    /// The options of the operator at `o`, whose table is at `t`: the fields the reader reads.
    CTA_DETAIL_TARGET_TAG constexpr bool options(std::size_t o, std::size_t t) noexcept {
        switch (static_cast<options_type>(f_.scalar(o, 3, 1, 0))) {
        case options_type::fully_connected:
            return scalar(t, 0, 1) && scalar(t, 1, 1) && scalar(t, 2, 1) && scalar(t, 3, 1);
        case options_type::softmax: return scalar(t, 0, 4);
        case options_type::add:
        case options_type::sub: return scalar(t, 0, 1) && scalar(t, 1, 1);
        case options_type::mul:
        case options_type::reducer:
        case options_type::gelu: return scalar(t, 0, 1);
        case options_type::batch_matmul: return scalar(t, 0, 1) && scalar(t, 1, 1) && scalar(t, 2, 1);
        case options_type::reshape: return vector(t, 0, 4);
        default: return true;
        }
    }
    CTA_DETAIL_TARGET_TAG constexpr bool op(std::size_t o, std::size_t codes, std::size_t tensors) noexcept {
        if (!(scalar(o, 0, 4) && vector(o, 1, 4) && vector(o, 2, 4) && scalar(o, 3, 1) &&
              child(o, 4, [this, o](std::size_t t) { return options(o, t); }) && vector(o, 5, 1)))
            return false;
        if (f_.scalar(o, 0, 4, 0) >= codes) return fail(status::index_out_of_range, f_.field(o, 0));
        const auto n = static_cast<std::int64_t>(tensors);
        return indices(o, 1, -1, n) && indices(o, 2, 0, n);
    }
    CTA_DETAIL_TARGET_TAG constexpr bool subgraph(std::size_t s, std::size_t codes, std::size_t buffers) noexcept {
        if (!(tables(s, 0, [this, buffers](std::size_t t) { return tensor(t, buffers); }) && vector(s, 1, 4) &&
              vector(s, 2, 4) && string(s, 4)))
            return false;
        const std::size_t tensors = f_.length(f_.reference(s, 0));
        const auto n = static_cast<std::int64_t>(tensors);
        return indices(s, 1, 0, n) && indices(s, 2, 0, n) &&
               tables(s, 3, [this, codes, tensors](std::size_t o) { return op(o, codes, tensors); });
    }
    CTA_DETAIL_TARGET_TAG constexpr bool operator_code(std::size_t c) noexcept {
        return scalar(c, 0, 1) && string(c, 1) && scalar(c, 2, 4) && scalar(c, 3, 4);
    }
    CTA_DETAIL_TARGET_TAG constexpr bool buffer(std::size_t b) noexcept {
        if (!(vector(b, 0, 1) && scalar(b, 1, 8) && scalar(b, 2, 8))) return false;
        return f_.scalar(b, 1, 8, 0) <= 1 || fail(status::external_data, f_.field(b, 1));
    }
    /// The whole file from its root.
    CTA_DETAIL_TARGET_TAG constexpr bool file() noexcept {
        if (f_.size < 8) return fail(status::truncated, 0);
        if (f_.u8(4) != 'T' || f_.u8(5) != 'F' || f_.u8(6) != 'L' || f_.u8(7) != '3')
            return fail(status::bad_identifier, 4);
        const std::size_t root = f_.target(0);
        if (!table(root, 0) || !scalar(root, 0, 4)) return false;
        if (f_.scalar(root, 0, 4, 0) != 3) return fail(status::unsupported_version, f_.field(root, 0));
        if (!tables(root, 1, [this](std::size_t c) { return operator_code(c); }) || !string(root, 3) ||
            !tables(root, 4, [this](std::size_t b) { return buffer(b); }))
            return false;
        const std::size_t codes = f_.length(f_.reference(root, 1));
        const std::size_t buffers = f_.length(f_.reference(root, 4));
        if (!tables(root, 2, [this, codes, buffers](std::size_t s) { return subgraph(s, codes, buffers); }))
            return false;
        return f_.length(f_.reference(root, 2)) > 0 || fail(status::no_subgraph, root);
    }

private:
    flatbuffer<Byte> f_;
};

}  // namespace detail

/// @brief The TensorFlow Lite model in `bytes` (an array of `unsigned char`, `char`, `signed char` or `std::byte`,
/// or a contiguous range of them with `data()` and `size()`), checked whole: `opened::model` where `ok()`, else the
/// reason and the offset of the first fault. The model refers to `bytes`, which must outlive it.
template <class Bytes>
CTA_DETAIL_TARGET_TAG constexpr auto open(const Bytes& bytes) noexcept {
    const auto view = cta::weights::detail::view_of(bytes);
    using Byte = std::remove_cvref_t<decltype(*view.data)>;
    const detail::flatbuffer<Byte> file{view.data, view.size};
    detail::checker<Byte> check(file);
    opened<Byte> result;
    if (check.file()) {
        result.model = model<Byte>(file, file.target(0));
    } else {
        result.why = check.why;
        result.offset = check.where;
    }
    return result;
}

}  // namespace cta::tflite
