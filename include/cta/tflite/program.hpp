// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief A TensorFlow Lite model as a function: `cta::tflite::program<bytes>` evaluates the first subgraph of the
/// model whose file is the array `bytes` (`cta_add_weights(... BYTES ...)` embeds one), operator after operator as
/// TensorFlow Lite Micro's reference kernels compute them, in a constant expression (so `static_assert` proves what
/// the model gives) and at run time with the same bits. Everything about the model is read while compiling: the
/// types of its inputs and outputs, the parameters of each operator (multipliers, shifts, activation ranges), its
/// constant tensors (decoded into typed arrays: the file itself is not needed at run time), and where each tensor
/// computed at run time lives (`storage`, planned while compiling: no arena, no heap).
///
///     using hello = cta::tflite::program<files::hello_world_int8_tflite>;
///     constexpr hello::input_type<0> x{{-67}};  // qmatrix<std::int8_t, 1, 1, the input's scale and zero point>
///     static_assert(hello::run(x)(0, 0) == 123);  // hello::output_type<0>
///
/// Inputs and outputs: a tensor of shape [d0, ..., dk] is a matrix of d0 x ... x d(k-1) rows and dk columns (1 x 1
/// for a scalar), its elements in the tensor's order: a `cta::quantized::qmatrix` of the tensor's element type and
/// quantization (`per_tensor_of`) for an int8 or int16 tensor, a `cta::matrix` for a float32 or int32 tensor.
/// A model whose operators are not all among those listed in `kernel` (or whose file `open` refuses, or whose tensors
/// cta cannot hold) does not compile: the error names the operator's code, its index in the subgraph, its version and
/// why (`cannot_evaluate::operator_at`).
///
/// The operators and what each computes:
/// - FULLY_CONNECTED, int8 (input, weights and output int8, bias int32 or none; weights per tensor or per channel)
///   as `cta::quantized::fully_connected` and `fully_connected_per_channel` with TensorFlow Lite Micro's parameters:
///   per tensor the multiplier of `double(float(s_input * s_weights)) / double(s_output)`, per channel of
///   `double(s_input) * double(s_weights[c]) / double(s_output)`, the activation range as
///   `CalculateActivationRangeQuantized` gives it (NONE, RELU, RELU6, RELU_N1_TO_1); int16 (16x8: input and output
///   int16 with zero point 0, weights int8, bias int64, int32 or none) the same parameters, the sums of the bias's
///   type (without a bias 64-bit unless the options' `quantized_bias_type` is INT32, as TensorFlow Lite Micro
///   chooses), `fully_connected` and `fully_connected_per_channel` over int16;
/// - FULLY_CONNECTED, float32 (input, weights, output and bias float32, or no bias): `total += input * weight` in
///   float in the order of the input's elements, then `total + bias`, clamped to the activation's range;
/// - BATCH_MATMUL, int8 (`adj_x`, `adj_y`; up to 3 batch dimensions, broadcast): `cta::quantized::batch_matmul_strided`
///   with the multiplier of `double(float(s_lhs * s_rhs)) / double(s_output)`; with `adj_x` the left-hand side is
///   first transposed into a scratch tensor of the storage, as TensorFlow Lite Micro transposes it; int16 (zero
///   points 0) the same, in 64-bit sums (`batch_matmul_strided` over int16);
/// - SOFTMAX, int8 to int8 (the output's scale 1/256 and zero point -128, as TensorFlow Lite requires):
///   `prepare_softmax_int8(s_input, beta)`, a row per last dimension; int16 to int16 (zero points 0, the output's
///   scale 1/32768), `prepare_softmax_int16(s_input, beta)` and TensorFlow Lite Micro's tables
///   (`softmax_int16_luts_for<float>`);
/// - ADD, SUB, MUL, SQUARED_DIFFERENCE, int8, with `cta::quantized::detail::prepare_add` and the others (their fused
///   activation NONE or a RELU), broadcast where each operand, as a matrix, has the output's rows or 1 and the
///   output's columns or 1; ADD, SUB, MUL and SQUARED_DIFFERENCE, int16 (zero points 0, as TensorFlow Lite's 16x8
///   quantization has them), with `add_params_int16` and the others, broadcast the same way (TensorFlow Lite
///   Micro's int16 ADD takes its general path whatever `pot_scale_int16` says, and so does cta);
/// - MEAN, int8 and int16 (zero points 0), over the last axis (or the first of two), `prepare_mean`; RSQRT, int8,
///   `prepare_rsqrt` (TensorFlow Lite Micro's RSQRT takes float32 and int8 only);
/// - LOGISTIC and TANH, int8 (LOGISTIC's output zero point -128, as TensorFlow Lite requires),
///   `prepare_logistic_tanh_int8`; GELU, int8 (`approximate` or not), `prepare_gelu_int8`'s table, as TensorFlow
///   Lite's interpreter computes it (TensorFlow Lite Micro has no GELU);
/// - QUANTIZE float32 to int8 or int16 (`round(x / scale)` in float, ties away from zero, plus the zero point), and
///   from int8, int16 or int32 to int8 or int16 (`cta::quantized::requantize` with the multiplier of
///   `double(s_input) / double(s_output)`); DEQUANTIZE int8 or int16 to float32 (`scale * (q - zero point)` in
///   double, then float);
/// - RESHAPE and TRANSPOSE (up to 6 dimensions), any element type: the elements copied, or moved.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include <cta/detail/fp_strict.hpp>
#include <cta/detail/shape_check.hpp>
#include <cta/detail/target.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/batch_matmul.hpp>
#include <cta/quantized/elementwise.hpp>
#include <cta/quantized/gelu.hpp>
#include <cta/quantized/fixed_point.hpp>
#include <cta/quantized/fully_connected.hpp>
#include <cta/quantized/logistic_tanh.hpp>
#include <cta/quantized/mean.hpp>
#include <cta/quantized/qmatrix.hpp>
#include <cta/quantized/quantize.hpp>
#include <cta/quantized/rsqrt.hpp>
#include <cta/quantized/softmax.hpp>
#include <cta/tflite/model.hpp>
#include <cta/tflite/tensor.hpp>

CTA_FP_STRICT_BEGIN
CTA_FP_PRODUCTS_BEGIN

namespace cta::tflite {

/// @brief What `program` computes an operator with; `none` where it has no kernel for it.
enum class kernel : unsigned char {
    none,                             ///< no kernel: the operator, its tensors' types or its options are not supported
    fully_connected_int8,             ///< FULLY_CONNECTED, int8, weights per tensor
    fully_connected_int8_per_channel, ///< FULLY_CONNECTED, int8, weights per channel
    fully_connected_float,            ///< FULLY_CONNECTED, float32
    fully_connected_int16,            ///< FULLY_CONNECTED, int16 (16x8), weights per tensor
    fully_connected_int16_per_channel, ///< FULLY_CONNECTED, int16 (16x8), weights per channel
    reshape,                          ///< RESHAPE: a copy
    transpose,                        ///< TRANSPOSE: the elements moved, any element type, up to 6 dimensions
    quantize_int8,                    ///< QUANTIZE, float32 to int8
    dequantize_int8,                  ///< DEQUANTIZE, int8 to float32
    quantize_int16,                   ///< QUANTIZE, float32 to int16
    dequantize_int16,                 ///< DEQUANTIZE, int16 to float32
    requantize,                       ///< QUANTIZE, int8, int16 or int32 to int8 or int16
    batch_matmul_int8,                ///< BATCH_MATMUL, int8 (`adj_x`, `adj_y`)
    batch_matmul_int16,               ///< BATCH_MATMUL, int16 (`adj_x`, `adj_y`)
    softmax_int8,                     ///< SOFTMAX, int8 to int8
    add_int8,                         ///< ADD, int8
    subtract_int8,                    ///< SUB, int8
    multiply_int8,                    ///< MUL, int8
    squared_difference_int8,          ///< SQUARED_DIFFERENCE, int8
    mean_int8,                        ///< MEAN, int8, over the last axis (or the first of two)
    mean_int16,                       ///< MEAN, int16, over the last axis (or the first of two)
    rsqrt_int8,                       ///< RSQRT, int8
    logistic_int8,                    ///< LOGISTIC, int8
    tanh_int8,                        ///< TANH, int8
    add_int16,                        ///< ADD, int16
    subtract_int16,                   ///< SUB, int16
    gelu_int8,                        ///< GELU, int8 (a table)
    multiply_int16,                   ///< MUL, int16
    softmax_int16,                    ///< SOFTMAX, int16 to int16
    squared_difference_int16          ///< SQUARED_DIFFERENCE, int16
};

/// @brief Why `program` cannot evaluate an operator; `supported` where it can.
enum class unsupported : int {
    supported,       ///< it can
    operator_code,   ///< cta has no kernel for this operator (or a custom operator)
    tensor_types,    ///< the operator's tensors have element types cta does not compute it for
    quantization,    ///< a tensor's quantization is not one the kernel takes (a scale not positive and finite, a
                     ///< zero point out of range, per-channel weights with zero points other than 0)
    options,         ///< options cta does not compute (e.g. a fused activation other than NONE and the RELUs)
    shapes,          ///< the tensors' shapes do not fit together, or a dimension is not positive
    tensor_storage   ///< a tensor cta cannot hold: a variable tensor, or constant data not of the tensor's size
};

/// @brief What stops the build of a `program` whose model cannot be evaluated: the compilers print the template
/// with its arguments, then the assertion.
namespace cannot_evaluate {
/// @brief A file that `open` reads with `Why` at byte `Offset`.
template <status Why, std::size_t Offset>
struct the_file {};
/// @brief Operator `Index` of the subgraph, `Code` version `Version`, and why it cannot be evaluated (`Why`).
template <builtin_operator Code, std::size_t Index, std::int32_t Version, unsupported Why>
struct the_operator {};

/// @brief Whether `What` (a `the_file` or a `the_operator`) can be evaluated: the condition of the assertions of
/// `file` and `operator_at`, which the compilers print with `What`'s arguments.
template <class What>
inline constexpr bool evaluates = true;
/// @copydoc evaluates
template <status Why, std::size_t Offset>
inline constexpr bool evaluates<the_file<Why, Offset>> = Why == status::ok;
/// @copydoc evaluates
template <builtin_operator Code, std::size_t Index, std::int32_t Version, unsupported Why>
inline constexpr bool evaluates<the_operator<Code, Index, Version, Why>> = Why == unsupported::supported;

/// @brief Stops the build where the file does not open (`status` `Why`, at byte `Offset`).
template <status Why, std::size_t Offset>
struct file {
    static_assert(evaluates<the_file<Why, Offset>>,
                  "cta::tflite::program: the model's file does not open (cta::tflite::open): why and at which byte "
                  "are the arguments of cta::tflite::cannot_evaluate::the_file");
    static constexpr bool ok = Why == status::ok;  ///< whether it opens
};
/// @brief Stops the build where operator `Index` of the subgraph, `Code` version `Version`, cannot be evaluated,
/// for the reason `Why`.
template <builtin_operator Code, std::size_t Index, std::int32_t Version, unsupported Why>
struct operator_at {
    static_assert(evaluates<the_operator<Code, Index, Version, Why>>,
                  "cta::tflite::program: the model has an operator cta does not evaluate: its code, its index in the "
                  "subgraph, its version and why are the arguments of cta::tflite::cannot_evaluate::the_operator");
    static constexpr bool ok = Why == unsupported::supported;  ///< whether it can
};
}  // namespace cannot_evaluate

namespace detail {

/// The element types a program holds, each in its own array: a constant evaluation cannot read the bytes of one
/// type as another.
enum class pool : unsigned char { none, int8, int16, int32, float32, int64 };
inline constexpr std::size_t pools = 6;

CTA_DETAIL_TARGET_TAG constexpr pool pool_of(tensor_type t) noexcept {
    switch (t) {
    case tensor_type::int8: return pool::int8;
    case tensor_type::int16: return pool::int16;
    case tensor_type::int32: return pool::int32;
    case tensor_type::float32: return pool::float32;
    case tensor_type::int64: return pool::int64;
    default: return pool::none;
    }
}

CTA_DETAIL_TARGET_TAG constexpr std::size_t bytes_of(pool p) noexcept {
    return p == pool::int8 ? 1 : p == pool::int16 ? 2 : p == pool::int64 ? 8 : p == pool::none ? 0 : 4;
}

inline constexpr std::size_t no_tensor = std::numeric_limits<std::size_t>::max();

/// Where a tensor is: in the constants (its data is in the file) or in the storage, at `offset` of its pool.
struct tensor_plan {
    pool kind = pool::none;
    bool constant = false;
    bool used = false;
    std::size_t count = 1;   // elements
    std::size_t offset = 0;  // in its pool
    std::size_t first = 0;   // the first operator that writes it (0 for the inputs)
    std::size_t last = 0;    // the last operator that reads it (the operator count for the outputs)
    std::size_t rows = 1, cols = 1;  // as a matrix: the shape's last dimension is the columns
    cta::quantized::per_tensor quantization{};  // int8 and int16: the scale and zero point (per tensor)
};

/// An operator as it runs: its kernel, its tensors, its extents and parameters.
struct op_plan {
    kernel k = kernel::none;
    builtin_operator code{};
    std::int32_t version = 0;
    unsupported why = unsupported::supported;
    std::size_t input = no_tensor, weights = no_tensor, bias = no_tensor, output = no_tensor;
    std::size_t batches = 0, depth = 0, out_depth = 0;  // FULLY_CONNECTED; RESHAPE: depth = the element count
    cta::quantized::fully_connected_params params{};  // FULLY_CONNECTED, int8 and int16 (the same fields)
    bool sums_64 = false;  // FULLY_CONNECTED, int16: 64-bit sums (a 64-bit bias, or none unless quantized_bias_type)
    cta::quantized::quantized_multiplier multiplier{};
    std::size_t channels_at = 0;  // per channel: the first of its multipliers and shifts in the plan
    float float_min = 0.0F, float_max = 0.0F;  // float32: the activation range
    std::size_t input2 = no_tensor;  // the second operand (ADD, SUB, MUL, SQUARED_DIFFERENCE, BATCH_MATMUL)
    // Elementwise: the operands and the output as matrices; SOFTMAX: rows and row length; MEAN: the input's rows and
    // columns; BATCH_MATMUL: rows, depth (a_cols) and columns.
    std::size_t a_rows = 0, a_cols = 0, b_rows = 0, b_cols = 0, rows = 0, cols = 0;
    std::size_t axis = 0;  // MEAN: the axis of the rows x cols input it takes the means along
    cta::quantized::elementwise_params elementwise{};
    cta::quantized::softmax_int8_params softmax{};
    cta::quantized::softmax_int16_params softmax_int16{};
    cta::quantized::mean_params mean{};
    cta::quantized::rsqrt_params rsqrt{};
    cta::quantized::logistic_tanh_params logistic_tanh{};
    cta::quantized::batch_matmul_params batch_matmul{};
    cta::quantized::batch_shape lhs_batches{}, rhs_batches{};
    bool adj_x = false, adj_y = false;
    bool approximate = false;                   // GELU's option
    cta::quantized::per_tensor quantization{};  // QUANTIZE's output, DEQUANTIZE's input
    std::int32_t input_zero_point = 0;          // QUANTIZE from an integer tensor: the input's zero point
    std::size_t scratch = no_tensor;            // BATCH_MATMUL with adj_x: its left-hand side transposed
    std::size_t rank = 0;                       // TRANSPOSE: the input's dimensions and the permutation
    std::size_t dims[6]{};
    std::size_t perm[6]{};
};

/// The counts of a model that size the plan's arrays: tensors, operators, per-channel multipliers.
struct model_sizes {
    std::size_t tensors = 0, ops = 0, channels = 0;
};

template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool per_channel_weights(const tensor<Byte>& t) noexcept {
    return t.has_quantization() && t.quantization().scale().size() > 1;
}

template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr model_sizes sizes_of(const model<Byte>& m) noexcept {
    model_sizes s;
    const auto graph = m.subgraphs()[0];
    s.tensors = graph.tensors().size();
    s.ops = graph.operators().size();
    for (std::size_t i = 0; i < s.ops; ++i) {
        const auto o = graph.operators()[i];
        if (m.operator_codes()[o.opcode_index()].builtin() != builtin_operator::fully_connected) continue;
        if (o.inputs().size() < 2 || o.inputs()[1] < 0) continue;
        const auto w = graph.tensors()[static_cast<std::size_t>(o.inputs()[1])];
        if (per_channel_weights(w)) s.channels += w.quantization().scale().size();
    }
    return s;
}

template <std::size_t Tensors, std::size_t Ops, std::size_t Channels>
struct plan {
    tensor_plan tensors[Tensors + Ops]{};  // the model's tensors, then each operator's scratch (BATCH_MATMUL adj_x)
    op_plan ops[Ops]{};
    std::int32_t multipliers[Channels + 1]{};
    std::int32_t shifts[Channels + 1]{};
    std::size_t constants[pools]{};    // elements of each pool in the constants
    std::size_t activations[pools]{};  // elements of each pool in the storage
    std::size_t first_unsupported = Ops;  // the index of the first operator that cannot be evaluated, or Ops
};

/// The scale and zero point of a tensor's per-tensor quantization, and whether they are what an int8 kernel takes.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool int8_quantization_valid(const tensor<Byte>& t) noexcept {
    if (!t.has_quantization()) return false;
    const auto q = t.quantization();
    if (q.scale().empty() || q.zero_point().empty()) return false;
    for (std::size_t c = 0; c < q.scale().size(); ++c)
        if (!cta::quantized::detail::scale_positive_and_finite(q.scale()[c])) return false;
    const std::int64_t z = q.zero_point()[0];
    return z >= -128 && z <= 127;
}

/// Whether `t` has a per-tensor quantization cta's kernels take for its element type: a positive and finite scale,
/// and a zero point in [-128, 127] for int8, 0 for int16 and int32 (TensorFlow Lite's 16x8 quantization).
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool quantization_valid(const tensor<Byte>& t) noexcept {
    if (t.type() == tensor_type::int8) return int8_quantization_valid(t);
    if (t.type() != tensor_type::int16 && t.type() != tensor_type::int32) return false;
    if (!t.has_quantization()) return false;
    const auto q = t.quantization();
    return q.scale().size() == 1 && !q.zero_point().empty() && q.zero_point()[0] == 0 &&
           cta::quantized::detail::scale_positive_and_finite(q.scale()[0]);
}

/// FULLY_CONNECTED's plan (TensorFlow Lite Micro's `CalculateOpDataFullyConnected` and its kernel's extents).
template <class Byte, std::size_t Tensors, std::size_t Ops, std::size_t Channels>
CTA_DETAIL_TARGET_TAG constexpr void plan_fully_connected(plan<Tensors, Ops, Channels>& p, op_plan& o,
                                                          const subgraph<Byte>& graph, const op<Byte>& op,
                                                          std::size_t& channels) noexcept {
    const auto inputs = op.inputs();
    if (inputs.size() < 2 || op.outputs().size() != 1 || inputs[0] < 0 || inputs[1] < 0) {
        o.why = unsupported::shapes;
        return;
    }
    o.input = static_cast<std::size_t>(inputs[0]);
    o.weights = static_cast<std::size_t>(inputs[1]);
    o.bias = inputs.size() > 2 && inputs[2] >= 0 ? static_cast<std::size_t>(inputs[2]) : no_tensor;
    o.output = static_cast<std::size_t>(op.outputs()[0]);
    const auto x = graph.tensors()[o.input], w = graph.tensors()[o.weights], y = graph.tensors()[o.output];
    const tensor_type bias_type = o.bias == no_tensor ? tensor_type::int32 : graph.tensors()[o.bias].type();
    const fully_connected_options options = op.fully_connected();
    const bool int8 = x.type() == tensor_type::int8 && w.type() == tensor_type::int8 &&
                      y.type() == tensor_type::int8 && bias_type == tensor_type::int32;
    const bool float32 = x.type() == tensor_type::float32 && w.type() == tensor_type::float32 &&
                         y.type() == tensor_type::float32 &&
                         (o.bias == no_tensor || bias_type == tensor_type::float32);
    // int16 (16x8): int8 weights, a bias of int64 or int32 (the sums' type), or none (64-bit sums unless the options'
    // quantized_bias_type is INT32).
    const bool int16 = x.type() == tensor_type::int16 && w.type() == tensor_type::int8 &&
                       y.type() == tensor_type::int16 &&
                       (bias_type == tensor_type::int64 || bias_type == tensor_type::int32);
    if (!int8 && !float32 && !int16) {
        o.why = unsupported::tensor_types;
        return;
    }
    const activation a = options.fused_activation;
    if (options.weights_format != 0 || !(a == activation::none || a == activation::relu ||
                                         a == activation::relu6 || a == activation::relu_n1_to_1)) {
        o.why = unsupported::options;
        return;
    }
    // Extents: the weights are [out_depth, depth]; the output's last dimension is out_depth.
    const auto ws = w.shape();
    if (ws.size() != 2) {
        o.why = unsupported::shapes;
        return;
    }
    o.out_depth = static_cast<std::size_t>(ws[0]);
    o.depth = static_cast<std::size_t>(ws[1]);
    const tensor_plan& tx = p.tensors[o.input];
    const tensor_plan& ty = p.tensors[o.output];
    if (ty.cols != o.out_depth || ty.count % o.out_depth != 0 || tx.count != ty.count / o.out_depth * o.depth ||
        (o.bias != no_tensor && p.tensors[o.bias].count != o.out_depth)) {
        o.why = unsupported::shapes;
        return;
    }
    o.batches = ty.count / o.out_depth;
    if (float32) {
        o.k = kernel::fully_connected_float;
        constexpr float big = std::numeric_limits<float>::max();
        o.float_min = a == activation::none ? -big : a == activation::relu_n1_to_1 ? -1.0F : 0.0F;
        o.float_max = a == activation::relu6 ? 6.0F : a == activation::relu_n1_to_1 ? 1.0F : big;
        return;
    }
    if (!quantization_valid(x) || !int8_quantization_valid(w) || !quantization_valid(y)) {
        o.why = unsupported::quantization;
        return;
    }
    const cta::quantized::per_tensor qx = per_tensor_of(x), qy = per_tensor_of(y);
    o.params.input_offset = -qx.zero_point;
    o.params.output_offset = qy.zero_point;
    const cta::quantized::fused_activation fused = a == activation::relu    ? cta::quantized::fused_activation::relu
                                                   : a == activation::relu6 ? cta::quantized::fused_activation::relu6
                                                   : a == activation::relu_n1_to_1
                                                       ? cta::quantized::fused_activation::relu_n1_to_1
                                                       : cta::quantized::fused_activation::none;
    cta::quantized::elementwise_params range;
    if (int16) {
        cta::quantized::detail::set_activation_range<std::int16_t>(range, fused, qy);
        o.sums_64 = o.bias == no_tensor ? options.quantized_bias_type != tensor_type::int32
                                        : bias_type == tensor_type::int64;
    } else {
        cta::quantized::detail::set_activation_range(range, fused, qy);
    }
    o.params.activation_min = range.activation_min;
    o.params.activation_max = range.activation_max;
    if (per_channel_weights(w)) {
        // One scale per output channel along the weights' first axis, zero points 0.
        const auto q = w.quantization();
        if (q.scale().size() != o.out_depth || q.quantized_dimension() != 0 || q.zero_point().size() != o.out_depth) {
            o.why = unsupported::quantization;
            return;
        }
        for (std::size_t c = 0; c < o.out_depth; ++c)
            if (q.zero_point()[c] != 0) {
                o.why = unsupported::quantization;
                return;
            }
        o.k = int16 ? kernel::fully_connected_int16_per_channel : kernel::fully_connected_int8_per_channel;
        o.channels_at = channels;
        for (std::size_t c = 0; c < o.out_depth; ++c) {
            const auto m = cta::quantized::quantize_multiplier(static_cast<double>(qx.scale()) *
                                                               static_cast<double>(q.scale()[c]) /
                                                               static_cast<double>(qy.scale()));
            p.multipliers[channels + c] = m.multiplier;
            p.shifts[channels + c] = m.shift;
        }
        channels += o.out_depth;
        return;
    }
    const cta::quantized::per_tensor qw = per_tensor_of(w);
    o.params.filter_offset = -qw.zero_point;
    o.k = int16 ? kernel::fully_connected_int16 : kernel::fully_connected_int8;
    o.multiplier = cta::quantized::quantize_multiplier(static_cast<double>(qx.scale() * qw.scale()) /
                                                       static_cast<double>(qy.scale()));
}

/// Whether the shape `a` broadcasts to `out` as TensorFlow Lite broadcasts (aligned on the right, each dimension
/// equal or 1, no more dimensions than `out`).
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool broadcasts_to(const list<Byte, std::int32_t>& a,
                                                   const list<Byte, std::int32_t>& out) noexcept {
    if (a.size() > out.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const std::int32_t d = a[a.size() - 1 - k], o = out[out.size() - 1 - k];
        if (d != o && d != 1) return false;
    }
    return true;
}

/// The fused activation of ADD, SUB and MUL as cta's int8 elementwise operations take it; false where they do not.
CTA_DETAIL_TARGET_TAG constexpr bool elementwise_activation(activation a,
                                                            cta::quantized::fused_activation& f) noexcept {
    switch (a) {
    case activation::none: f = cta::quantized::fused_activation::none; return true;
    case activation::relu: f = cta::quantized::fused_activation::relu; return true;
    case activation::relu6: f = cta::quantized::fused_activation::relu6; return true;
    case activation::relu_n1_to_1: f = cta::quantized::fused_activation::relu_n1_to_1; return true;
    default: return false;
    }
}

/// The extents of an elementwise operator's operands, broadcast as TensorFlow Lite broadcasts, as far as rows x cols
/// views of the three tensors hold it: each operand's rows 1 or the output's, its columns 1 or the output's. False
/// (and `unsupported::shapes`) where they do not.
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool plan_elementwise_extents(op_plan& o, const tensor<Byte>& x, const tensor<Byte>& x2,
                                                              const tensor<Byte>& y, const tensor_plan& tx,
                                                              const tensor_plan& tx2, const tensor_plan& ty) noexcept {
    if (!broadcasts_to(x.shape(), y.shape()) || !broadcasts_to(x2.shape(), y.shape()) ||
        (tx.rows != 1 && tx.rows != ty.rows) || (tx.cols != 1 && tx.cols != ty.cols) ||
        (tx2.rows != 1 && tx2.rows != ty.rows) || (tx2.cols != 1 && tx2.cols != ty.cols) ||
        (tx.rows * tx.cols != tx.count) || (tx2.rows * tx2.cols != tx2.count)) {
        o.why = unsupported::shapes;
        return false;
    }
    o.a_rows = tx.rows;
    o.a_cols = tx.cols;
    o.b_rows = tx2.rows;
    o.b_cols = tx2.cols;
    return true;
}

/// int16 ADD's, SUB's, MUL's and SQUARED_DIFFERENCE's plan (TensorFlow Lite Micro's `CalculateOpDataAdd`,
/// `CalculateOpDataSub`, `CalculateOpDataMul` and SQUARED_DIFFERENCE's `Prepare` for int16).
template <class Byte>
CTA_DETAIL_TARGET_TAG constexpr void plan_elementwise_int16(op_plan& o, const op<Byte>& op, const tensor<Byte>& x,
                                                    const tensor<Byte>& x2, const tensor<Byte>& y,
                                                    const tensor_plan& tx, const tensor_plan& tx2,
                                                    const tensor_plan& ty) noexcept {
    namespace q = cta::quantized;
    if (!quantization_valid(x) || !quantization_valid(x2) || !quantization_valid(y)) {
        o.why = unsupported::quantization;
        return;
    }
    if (!plan_elementwise_extents(o, x, x2, y, tx, tx2, ty)) return;
    const q::per_tensor qa = per_tensor_of(x), qb = per_tensor_of(x2), qy = per_tensor_of(y);
    if (o.code == builtin_operator::squared_difference) {  // no options
        o.k = kernel::squared_difference_int16;
        o.elementwise = q::detail::prepare_squared_difference<std::int16_t>(qa, qb, qy);
        return;
    }
    q::fused_activation f = q::fused_activation::none;
    const bool mul = o.code == builtin_operator::mul;
    if (!elementwise_activation(mul ? op.mul().fused_activation : op.add().fused_activation, f)) {
        o.why = unsupported::options;
        return;
    }
    const bool sub = o.code == builtin_operator::sub;
    if (mul) {
        o.k = kernel::multiply_int16;
        o.elementwise = q::detail::prepare_multiply<std::int16_t>(qa, qb, qy, f);
        return;
    }
    if (!q::detail::output_multiplier_below_1(qa, qb, qy, sub, 15)) {
        o.why = unsupported::quantization;
        return;
    }
    o.k = sub ? kernel::subtract_int16 : kernel::add_int16;
    o.elementwise = sub ? q::detail::prepare_subtract<std::int16_t>(qa, qb, qy, f)
                        : q::detail::prepare_add<std::int16_t>(qa, qb, qy, f);
}

/// The int32 values of a constant tensor (MEAN's axes, TRANSPOSE's permutation), at most `N`; false where the tensor
/// has no data, another type or more values.
template <std::size_t N, class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool constant_int32s(const model<Byte>& m, const tensor<Byte>& t,
                                                     std::int32_t (&values)[N], std::size_t& count) noexcept;

/// The plans of the operators after FULLY_CONNECTED and RESHAPE (TensorFlow Lite Micro's `Prepare` of each: the
/// checks it makes that cta's kernels need, and the parameters it derives).
template <class Byte, std::size_t Tensors, std::size_t Ops, std::size_t Channels>
CTA_DETAIL_TARGET_TAG constexpr void plan_operator(plan<Tensors, Ops, Channels>& p, op_plan& o, const model<Byte>& m,
                                                   const subgraph<Byte>& graph, const op<Byte>& op) noexcept {
    namespace q = cta::quantized;
    const auto inputs = op.inputs();
    if (inputs.size() < 1 || inputs[0] < 0 || op.outputs().size() != 1) {
        o.why = unsupported::shapes;
        return;
    }
    o.input = static_cast<std::size_t>(inputs[0]);
    o.output = static_cast<std::size_t>(op.outputs()[0]);
    const auto x = graph.tensors()[o.input], y = graph.tensors()[o.output];
    const tensor_plan& tx = p.tensors[o.input];
    const tensor_plan& ty = p.tensors[o.output];
    const builtin_operator code = o.code;
    const bool x_int8 = x.type() == tensor_type::int8, y_int8 = y.type() == tensor_type::int8;
    if (code == builtin_operator::quantize || code == builtin_operator::dequantize) {
        const bool quantize = code == builtin_operator::quantize;
        const bool y_int16 = y.type() == tensor_type::int16, x_int16 = x.type() == tensor_type::int16;
        const bool from_float = quantize && x.type() == tensor_type::float32 && (y_int8 || y_int16);
        const bool requantize = quantize && (x_int8 || x_int16 || x.type() == tensor_type::int32) &&
                                (y_int8 || y_int16);
        const bool to_float = !quantize && (x_int8 || x_int16) && y.type() == tensor_type::float32;
        if (!from_float && !requantize && !to_float) {
            o.why = unsupported::tensor_types;
        } else if ((requantize && !quantization_valid(x)) || !quantization_valid(quantize ? y : x) ||
                   (quantize ? y : x).quantization().scale().size() != 1) {
            o.why = unsupported::quantization;
        } else if (tx.count != ty.count) {
            o.why = unsupported::shapes;
        } else {
            o.k = requantize ? kernel::requantize
                  : quantize ? (y_int8 ? kernel::quantize_int8 : kernel::quantize_int16)
                             : (x_int8 ? kernel::dequantize_int8 : kernel::dequantize_int16);
            o.quantization = per_tensor_of(quantize ? y : x);
            o.depth = tx.count;
            if (requantize) {
                o.input_zero_point = per_tensor_of(x).zero_point;
                o.multiplier = cta::quantized::quantize_multiplier(static_cast<double>(per_tensor_of(x).scale()) /
                                                                   static_cast<double>(o.quantization.scale()));
            }
        }
        return;
    }
    if (code == builtin_operator::transpose) {
        std::int32_t perm[6]{};
        std::size_t rank = 0;
        const auto shape = x.shape();
        if (inputs.size() != 2 || inputs[1] < 0 ||
            !constant_int32s(m, graph.tensors()[static_cast<std::size_t>(inputs[1])], perm, rank) ||
            rank != shape.size() || rank == 0 || tx.kind != ty.kind || tx.count != ty.count ||
            y.shape().size() != rank) {
            o.why = unsupported::shapes;
            return;
        }
        bool seen[6]{};
        for (std::size_t d = 0; d < rank; ++d) {
            if (perm[d] < 0 || static_cast<std::size_t>(perm[d]) >= rank || seen[perm[d]] ||
                y.shape()[d] != shape[static_cast<std::size_t>(perm[d])]) {
                o.why = unsupported::shapes;
                return;
            }
            seen[perm[d]] = true;
            o.perm[d] = static_cast<std::size_t>(perm[d]);
            o.dims[d] = static_cast<std::size_t>(shape[d]);
        }
        o.rank = rank;
        o.k = kernel::transpose;
        return;
    }
    if (code == builtin_operator::softmax && x.type() == tensor_type::int16 && y.type() == tensor_type::int16) {
        // int16 to int16 (TensorFlow Lite Micro's checks: zero points 0, the output's scale 1/32768 within a
        // thousandth of it; the differences' shift at most 15, as cta's kernel takes it).
        const double real = static_cast<double>(quantization_valid(x) ? per_tensor_of(x).scale() : 0.0F) *
                            static_cast<double>(op.softmax().beta) / (10.0 / 65535.0);
        const float error = quantization_valid(y) ? per_tensor_of(y).scale() - 1.0F / 32768.0F : 1.0F;
        if (!quantization_valid(x) || !quantization_valid(y) || error > 0.001F / 32768.0F ||
            error < -0.001F / 32768.0F || !(real > 0.0) || q::quantize_multiplier(real).shift > 15) {
            o.why = unsupported::quantization;
        } else if (tx.count != ty.count || tx.cols == 0) {
            o.why = unsupported::shapes;
        } else {
            o.k = kernel::softmax_int16;
            o.softmax_int16 = q::prepare_softmax_int16(static_cast<double>(per_tensor_of(x).scale()),
                                                       static_cast<double>(op.softmax().beta));
            o.rows = tx.count / tx.cols;
            o.cols = tx.cols;
        }
        return;
    }
    if (code == builtin_operator::softmax) {
        const float beta = op.softmax().beta;
        if (!x_int8 || !y_int8) {
            o.why = unsupported::tensor_types;
        } else if (!int8_quantization_valid(x) || !int8_quantization_valid(y) || per_tensor_of(y).zero_point != -128 ||
                   per_tensor_of(y).scale() != 1.0F / 256.0F ||
                   !(static_cast<double>(beta) * static_cast<double>(per_tensor_of(x).scale()) * 0x1p26 > 1.0)) {
            o.why = unsupported::quantization;
        } else if (tx.count != ty.count || tx.cols == 0) {
            o.why = unsupported::shapes;
        } else {
            o.k = kernel::softmax_int8;
            o.softmax = q::prepare_softmax_int8(static_cast<double>(per_tensor_of(x).scale()),
                                                static_cast<double>(beta));
            o.rows = tx.count / tx.cols;
            o.cols = tx.cols;
        }
        return;
    }
    if (code == builtin_operator::rsqrt || code == builtin_operator::logistic || code == builtin_operator::tanh ||
        code == builtin_operator::gelu) {
        // One int8 input, one int8 output of its elements (LOGISTIC's output zero point -128, as TensorFlow Lite
        // requires).
        const bool logistic = code == builtin_operator::logistic;
        if (!x_int8 || !y_int8) {
            o.why = unsupported::tensor_types;
        } else if (!int8_quantization_valid(x) || !int8_quantization_valid(y) ||
                   (logistic && per_tensor_of(y).zero_point != -128)) {
            o.why = unsupported::quantization;
        } else if (tx.count != ty.count) {
            o.why = unsupported::shapes;
        } else {
            const q::per_tensor qx = per_tensor_of(x), qy = per_tensor_of(y);
            o.depth = tx.count;
            if (code == builtin_operator::rsqrt) {
                o.k = kernel::rsqrt_int8;
                o.rsqrt = {qx.zero_point, q::prepare_rsqrt(qx.scale(), qy.scale()), qy.zero_point};
            } else if (code == builtin_operator::gelu) {
                o.k = kernel::gelu_int8;
                o.approximate = op.gelu().approximate;
            } else {
                o.k = logistic ? kernel::logistic_int8 : kernel::tanh_int8;
                o.logistic_tanh = q::prepare_logistic_tanh_int8(qx.scale(), qx.zero_point);
            }
        }
        return;
    }
    if (code == builtin_operator::mean) {
        std::int32_t axes[6]{};
        std::size_t count = 0;
        const auto rank = static_cast<std::int32_t>(x.shape().size());
        const bool int16 = x.type() == tensor_type::int16 && y.type() == tensor_type::int16;
        if (!(x_int8 && y_int8) && !int16) {
            o.why = unsupported::tensor_types;
        } else if (!quantization_valid(x) || !quantization_valid(y)) {
            o.why = unsupported::quantization;
        } else if (inputs.size() != 2 || inputs[1] < 0 ||
                   !constant_int32s(m, graph.tensors()[static_cast<std::size_t>(inputs[1])], axes, count) ||
                   count != 1 || rank == 0) {
            o.why = unsupported::shapes;
        } else {
            const std::int32_t axis = axes[0] < 0 ? axes[0] + rank : axes[0];
            // The last axis: the means of the rows of the rows x cols view; the first of two: of its columns.
            if (axis == rank - 1 && ty.count * tx.cols == tx.count) {
                o.axis = 1;
            } else if (axis == 0 && rank == 2 && ty.count == tx.cols) {
                o.axis = 0;
            } else {
                o.why = unsupported::shapes;
                return;
            }
            o.k = int16 ? kernel::mean_int16 : kernel::mean_int8;
            const q::per_tensor qx = per_tensor_of(x), qy = per_tensor_of(y);
            o.mean = {qx.zero_point, q::prepare_mean(qx.scale(), qy.scale()), qy.zero_point};
            o.rows = tx.count / tx.cols;
            o.cols = tx.cols;
        }
        return;
    }
    // Two operands: ADD, SUB, MUL, SQUARED_DIFFERENCE and BATCH_MATMUL.
    if (inputs.size() != 2 || inputs[1] < 0) {
        o.why = unsupported::shapes;
        return;
    }
    o.input2 = static_cast<std::size_t>(inputs[1]);
    const auto x2 = graph.tensors()[o.input2];
    const tensor_plan& tx2 = p.tensors[o.input2];
    const bool int16 = x.type() == tensor_type::int16 && x2.type() == tensor_type::int16 &&
                       y.type() == tensor_type::int16;
    if ((code == builtin_operator::add || code == builtin_operator::sub || code == builtin_operator::mul ||
         code == builtin_operator::squared_difference) &&
        int16) {
        plan_elementwise_int16(o, op, x, x2, y, tx, tx2, ty);
        return;
    }
    if (!(x_int8 && y_int8 && x2.type() == tensor_type::int8) && !(int16 && code == builtin_operator::batch_matmul)) {
        o.why = unsupported::tensor_types;
        return;
    }
    // int16 BATCH_MATMUL: zero points 0 (TensorFlow Lite Micro requires them), as quantization_valid asks.
    if (!quantization_valid(x) || !quantization_valid(x2) || !quantization_valid(y)) {
        o.why = unsupported::quantization;
        return;
    }
    const q::per_tensor qa = per_tensor_of(x), qb = per_tensor_of(x2), qy = per_tensor_of(y);
    if (code == builtin_operator::batch_matmul) {
        const batch_matmul_options options = op.batch_matmul();
        const auto sa = x.shape(), sb = x2.shape(), so = y.shape();
        if (sa.size() < 2 || sb.size() < 2 || sa.size() > 5 || sb.size() > 5 || so.size() < 2) {
            o.why = unsupported::shapes;
            return;
        }
        // With adj_x the left-hand side is stored [..., depth, rows]: transposed into the operator's scratch first.
        const auto rows = static_cast<std::size_t>(sa[sa.size() - (options.adj_x ? 1 : 2)]);
        const auto depth = static_cast<std::size_t>(sa[sa.size() - (options.adj_x ? 2 : 1)]);
        const auto b_depth = static_cast<std::size_t>(sb[sb.size() - (options.adj_y ? 1 : 2)]);
        const auto cols = static_cast<std::size_t>(sb[sb.size() - (options.adj_y ? 2 : 1)]);
        std::size_t a_batch[3] = {1, 1, 1}, b_batch[3] = {1, 1, 1}, out_count = rows * cols;
        // The batch dimensions, aligned on the right in three.
        for (std::size_t k = 0; k + 2 < sa.size(); ++k)
            a_batch[3 - (sa.size() - 2) + k] = static_cast<std::size_t>(sa[k]);
        for (std::size_t k = 0; k + 2 < sb.size(); ++k)
            b_batch[3 - (sb.size() - 2) + k] = static_cast<std::size_t>(sb[k]);
        for (std::size_t k = 0; k < 3; ++k) {
            if (a_batch[k] != b_batch[k] && a_batch[k] != 1 && b_batch[k] != 1) {
                o.why = unsupported::shapes;
                return;
            }
            out_count *= a_batch[k] == 1 ? b_batch[k] : a_batch[k];
        }
        if (depth != b_depth || ty.count != out_count || ty.cols != cols) {
            o.why = unsupported::shapes;
            return;
        }
        o.k = int16 ? kernel::batch_matmul_int16 : kernel::batch_matmul_int8;
        o.batch_matmul = {-qa.zero_point, -qb.zero_point, qy.zero_point, -128, 127};
        o.multiplier = q::quantize_multiplier(static_cast<double>(qa.scale() * qb.scale()) /
                                              static_cast<double>(qy.scale()));
        o.lhs_batches = {a_batch[0], a_batch[1], a_batch[2]};
        o.rhs_batches = {b_batch[0], b_batch[1], b_batch[2]};
        o.rows = rows;
        o.a_cols = depth;
        o.cols = cols;
        o.adj_x = options.adj_x;
        o.adj_y = options.adj_y;
        return;
    }
    if (!plan_elementwise_extents(o, x, x2, y, tx, tx2, ty)) return;
    q::fused_activation f = q::fused_activation::none;
    if (code == builtin_operator::squared_difference) {
        o.k = kernel::squared_difference_int8;
        o.elementwise = q::detail::prepare_squared_difference(qa, qb, qy);
        return;
    }
    const activation a = code == builtin_operator::mul ? op.mul().fused_activation : op.add().fused_activation;
    if (!elementwise_activation(a, f)) {
        o.why = unsupported::options;
        return;
    }
    if (code == builtin_operator::mul) {
        o.k = kernel::multiply_int8;
        o.elementwise = q::detail::prepare_multiply(qa, qb, qy, f);
        return;
    }
    const bool sub = code == builtin_operator::sub;
    if (!q::detail::output_multiplier_below_1(qa, qb, qy, sub)) {
        o.why = unsupported::quantization;
        return;
    }
    o.k = sub ? kernel::subtract_int8 : kernel::add_int8;
    o.elementwise = sub ? q::detail::prepare_subtract(qa, qb, qy, f) : q::detail::prepare_add(qa, qb, qy, f);
}

/// The plan of a model: each tensor's pool and extents, each operator's kernel and parameters, and each tensor's
/// place (constants in the order of the tensors; the storage planned by `place`).
template <std::size_t Tensors, std::size_t Ops, std::size_t Channels, class Byte>
CTA_DETAIL_TARGET_TAG constexpr plan<Tensors, Ops, Channels> make_plan(const model<Byte>& m) noexcept {
    plan<Tensors, Ops, Channels> p;
    const auto graph = m.subgraphs()[0];
    // Tensors: pool, element count, rows and columns, and whether the file holds their data.
    for (std::size_t t = 0; t < Tensors; ++t) {
        const auto ts = graph.tensors()[t];
        tensor_plan& tp = p.tensors[t];
        tp.kind = pool_of(ts.type());
        const auto shape = ts.shape();
        bool dims_valid = true;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (shape[d] <= 0) {
                dims_valid = false;
                continue;
            }
            tp.count *= static_cast<std::size_t>(shape[d]);
            if (d + 1 < shape.size()) tp.rows *= static_cast<std::size_t>(shape[d]);
        }
        tp.cols = shape.empty() || !dims_valid ? 1 : static_cast<std::size_t>(shape[shape.size() - 1]);
        if (!dims_valid) tp.count = 0;
        const std::size_t data = m.buffers()[ts.buffer()].data().size();
        tp.constant = data != 0;
        if (tp.constant && data != tp.count * bytes_of(tp.kind)) tp.kind = pool::none;  // data not of its size
        if (ts.is_variable()) tp.kind = pool::none;
        if (tp.kind == pool::int64 && !tp.constant) tp.kind = pool::none;  // int64: constants only (biases)
        if ((tp.kind == pool::int8 || tp.kind == pool::int16) && ts.has_quantization() &&
            !ts.quantization().scale().empty() &&
            cta::quantized::detail::scale_positive_and_finite(ts.quantization().scale()[0])) {
            tp.quantization = per_tensor_of(ts);
        }
    }
    // Operators.
    std::size_t channels = 0;
    for (std::size_t i = 0; i < Ops; ++i) {
        const auto op = graph.operators()[i];
        const auto code = m.operator_codes()[op.opcode_index()];
        op_plan& o = p.ops[i];
        o.code = code.builtin();
        o.version = code.version();
        // Every tensor the operator reads or writes must be one cta holds.
        bool held = true;
        for (std::size_t k = 0; k < op.inputs().size(); ++k)
            if (op.inputs()[k] >= 0 && p.tensors[static_cast<std::size_t>(op.inputs()[k])].kind == pool::none)
                held = false;
        for (std::size_t k = 0; k < op.outputs().size(); ++k) {
            const auto t = static_cast<std::size_t>(op.outputs()[k]);
            if (p.tensors[t].kind == pool::none || p.tensors[t].constant || p.tensors[t].count == 0) held = false;
        }
        if (!held) {
            o.why = unsupported::tensor_storage;
        } else if (o.code == builtin_operator::fully_connected) {
            plan_fully_connected(p, o, graph, op, channels);
        } else if (o.code == builtin_operator::reshape) {
            if (op.inputs().size() < 1 || op.outputs().size() != 1 || op.inputs()[0] < 0) {
                o.why = unsupported::shapes;
            } else {
                o.input = static_cast<std::size_t>(op.inputs()[0]);
                o.output = static_cast<std::size_t>(op.outputs()[0]);
                if (p.tensors[o.input].kind != p.tensors[o.output].kind) {
                    o.why = unsupported::tensor_types;
                } else if (p.tensors[o.input].count != p.tensors[o.output].count) {
                    o.why = unsupported::shapes;
                } else {
                    o.k = kernel::reshape;
                    o.depth = p.tensors[o.input].count;
                }
            }
        } else if (o.code == builtin_operator::quantize || o.code == builtin_operator::dequantize ||
                   o.code == builtin_operator::transpose || o.code == builtin_operator::softmax ||
                   o.code == builtin_operator::rsqrt || o.code == builtin_operator::mean ||
                   o.code == builtin_operator::batch_matmul || o.code == builtin_operator::add ||
                   o.code == builtin_operator::sub || o.code == builtin_operator::mul ||
                   o.code == builtin_operator::squared_difference || o.code == builtin_operator::logistic ||
                   o.code == builtin_operator::tanh || o.code == builtin_operator::gelu) {
            plan_operator(p, o, m, graph, op);
        } else {
            o.why = unsupported::operator_code;
        }
        if (o.why != unsupported::supported && p.first_unsupported == Ops) p.first_unsupported = i;
        if ((o.k == kernel::batch_matmul_int8 || o.k == kernel::batch_matmul_int16) && o.adj_x) {
            // A scratch tensor of the left-hand side's elements, alive during the operator only.
            o.scratch = Tensors + i;
            tensor_plan& sp = p.tensors[o.scratch];
            sp.kind = o.k == kernel::batch_matmul_int16 ? pool::int16 : pool::int8;
            sp.count = p.tensors[o.input].count;
            sp.used = true;
            sp.first = sp.last = i;
        }
    }
    // Lifetimes: the inputs from before the first operator, the outputs to after the last.
    for (std::size_t k = 0; k < graph.inputs().size(); ++k) {
        tensor_plan& tp = p.tensors[static_cast<std::size_t>(graph.inputs()[k])];
        tp.used = true;
        tp.first = 0;
    }
    for (std::size_t i = 0; i < Ops; ++i) {
        const auto op = graph.operators()[i];
        for (std::size_t k = 0; k < op.outputs().size(); ++k) {
            tensor_plan& tp = p.tensors[static_cast<std::size_t>(op.outputs()[k])];
            if (!tp.used) tp.first = i;
            tp.used = true;
            if (tp.last < i) tp.last = i;
        }
        for (std::size_t k = 0; k < op.inputs().size(); ++k) {
            if (op.inputs()[k] < 0) continue;
            tensor_plan& tp = p.tensors[static_cast<std::size_t>(op.inputs()[k])];
            tp.used = true;
            if (tp.last < i) tp.last = i;
        }
    }
    for (std::size_t k = 0; k < graph.outputs().size(); ++k) {
        tensor_plan& tp = p.tensors[static_cast<std::size_t>(graph.outputs()[k])];
        tp.used = true;
        tp.last = Ops;
    }
    // Constants, one after another in each pool.
    for (std::size_t t = 0; t < Tensors; ++t) {
        tensor_plan& tp = p.tensors[t];
        if (!tp.constant || tp.kind == pool::none) continue;
        const auto k = static_cast<std::size_t>(tp.kind);
        tp.offset = p.constants[k];
        p.constants[k] += tp.count;
    }
    // The storage: the largest tensors first, each at the lowest offset of its pool where it meets no tensor placed
    // before whose lifetime meets its own (an operator's inputs and outputs never share elements).
    constexpr std::size_t slots = Tensors + Ops;
    bool placed[slots]{};
    for (std::size_t n = 0; n < slots; ++n) {
        std::size_t next = slots;
        for (std::size_t t = 0; t < slots; ++t) {
            const tensor_plan& tp = p.tensors[t];
            if (placed[t] || tp.constant || !tp.used || tp.kind == pool::none) continue;
            if (next == slots || tp.count > p.tensors[next].count) next = t;
        }
        if (next == slots) break;
        tensor_plan& tp = p.tensors[next];
        std::size_t offset = 0;
        for (bool moved = true; moved;) {
            moved = false;
            for (std::size_t u = 0; u < slots; ++u) {
                const tensor_plan& up = p.tensors[u];
                if (!placed[u] || up.kind != tp.kind || up.last < tp.first || tp.last < up.first) continue;
                if (up.offset < offset + tp.count && offset < up.offset + up.count) {
                    offset = up.offset + up.count;
                    moved = true;
                }
            }
        }
        tp.offset = offset;
        placed[next] = true;
        const auto k = static_cast<std::size_t>(tp.kind);
        if (p.activations[k] < offset + tp.count) p.activations[k] = offset + tp.count;
    }
    return p;
}

/// An element of `bytes` at `at`, little-endian, as T.
template <class T, class Byte>
CTA_DETAIL_TARGET_TAG constexpr T element_at(const list<Byte, std::uint8_t>& bytes, std::size_t i) noexcept {
    if constexpr (sizeof(T) == 1) {
        return static_cast<T>(static_cast<std::int8_t>(bytes[i]));
    } else {
        std::uint64_t u = 0;
        for (std::size_t b = 0; b < sizeof(T); ++b)
            u |= static_cast<std::uint64_t>(bytes[i * sizeof(T) + b]) << (8 * b);
        if constexpr (std::is_same_v<T, float>) {
            return std::bit_cast<float>(static_cast<std::uint32_t>(u));
        } else if constexpr (sizeof(T) == 8) {
            return std::bit_cast<std::int64_t>(u);
        } else if constexpr (sizeof(T) == 2) {
            return std::bit_cast<std::int16_t>(static_cast<std::uint16_t>(u));
        } else {
            return std::bit_cast<std::int32_t>(static_cast<std::uint32_t>(u));
        }
    }
}

/// N elements of T; nothing for N = 0.
template <class T, std::size_t N>
struct pool_array {
    T elems[N]{};
    [[nodiscard]] constexpr T* data() noexcept { return elems; }
    [[nodiscard]] constexpr const T* data() const noexcept { return elems; }
};
template <class T>
struct pool_array<T, 0> {
    [[nodiscard]] constexpr T* data() noexcept { return nullptr; }
    [[nodiscard]] constexpr const T* data() const noexcept { return nullptr; }
};

template <std::size_t N, class Byte>
CTA_DETAIL_TARGET_TAG constexpr bool constant_int32s(const model<Byte>& m, const tensor<Byte>& t,
                                                     std::int32_t (&values)[N], std::size_t& count) noexcept {
    const auto data = m.buffers()[t.buffer()].data();
    if (t.type() != tensor_type::int32 || data.size() % 4 != 0 || data.size() / 4 > N) return false;
    count = data.size() / 4;
    for (std::size_t i = 0; i < count; ++i) values[i] = element_at<std::int32_t>(data, i);
    return count > 0;
}

/// One array per element type, of N8, N16, N32, NF and N64 elements (none for 0).
template <std::size_t N8, std::size_t N16, std::size_t N32, std::size_t NF, std::size_t N64>
struct pools_of {
    [[no_unique_address]] pool_array<std::int8_t, N8> int8;
    [[no_unique_address]] pool_array<std::int16_t, N16> int16;
    [[no_unique_address]] pool_array<std::int32_t, N32> int32;
    [[no_unique_address]] pool_array<float, NF> float32;
    [[no_unique_address]] pool_array<std::int64_t, N64> int64;
};

/// The array of element type T of `p` (a `pools_of`, const or not).
template <class T, class Pools>
CTA_DETAIL_TARGET_TAG constexpr auto* array_of(Pools& p) noexcept {
    if constexpr (std::is_same_v<T, std::int8_t>) {
        return p.int8.data();
    } else if constexpr (std::is_same_v<T, std::int16_t>) {
        return p.int16.data();
    } else if constexpr (std::is_same_v<T, std::int32_t>) {
        return p.int32.data();
    } else if constexpr (std::is_same_v<T, std::int64_t>) {
        return p.int64.data();
    } else {
        return p.float32.data();
    }
}

template <pool P>
struct element_of_pool {
    using type = void;
};
template <>
struct element_of_pool<pool::int8> {
    using type = std::int8_t;
};
template <>
struct element_of_pool<pool::int16> {
    using type = std::int16_t;
};
template <>
struct element_of_pool<pool::int32> {
    using type = std::int32_t;
};
template <>
struct element_of_pool<pool::float32> {
    using type = float;
};
template <>
struct element_of_pool<pool::int64> {
    using type = std::int64_t;
};

/// A tensor as a matrix type (the file's description): of pool P, R x C, quantized with Q.
template <pool P, std::size_t R, std::size_t C, cta::quantized::per_tensor Q>
struct matrix_of {
    using type = cta::matrix<typename element_of_pool<P>::type, R, C>;
};
template <std::size_t R, std::size_t C, cta::quantized::per_tensor Q>
struct matrix_of<pool::int8, R, C, Q> {
    using type = cta::quantized::qmatrix<std::int8_t, R, C, Q>;
};
template <std::size_t R, std::size_t C, cta::quantized::per_tensor Q>
struct matrix_of<pool::int16, R, C, Q> {
    using type = cta::quantized::qmatrix<std::int16_t, R, C, Q>;
};

/// The multipliers and shifts of a per-channel FULLY_CONNECTED's N output channels.
template <std::size_t N>
struct channel_parameters {
    std::int32_t multipliers[N]{};
    std::int32_t shifts[N]{};
};

/// A tensor's matrix type from its plan.
template <tensor_plan T>
struct matrix_of_tensor {
    using type = typename matrix_of<T.kind, T.rows, T.cols, T.quantization>::type;
};

/// The float32 FULLY_CONNECTED of TensorFlow Lite's reference kernel.
CTA_DETAIL_TARGET_TAG constexpr void fully_connected_float(const float* input, const float* weights,
                                                           const float* bias, float* output, std::size_t batches,
                                                           std::size_t depth, std::size_t out_depth, float lowest,
                                                           float highest) noexcept {
    for (std::size_t b = 0; b < batches; ++b) {
        for (std::size_t c = 0; c < out_depth; ++c) {
            float total = 0.0F;
            for (std::size_t d = 0; d < depth; ++d) total += input[b * depth + d] * weights[c * depth + d];
            const float value = total + (bias != nullptr ? bias[c] : 0.0F);
            // ActivationFunctionWithMinMax: std::min(std::max(value, lowest), highest).
            const float low = value < lowest ? lowest : value;
            output[b * out_depth + c] = highest < low ? highest : low;
        }
    }
}

/// TRANSPOSE (TensorFlow Lite's reference kernel): output dimension d is input dimension perm[d]; the output's
/// elements in row-major order, each read from the input at the index the permutation gives.
template <class E>
CTA_DETAIL_TARGET_TAG constexpr void transpose(const E* input, E* output, std::size_t rank, const std::size_t* dims,
                                               const std::size_t* perm) noexcept {
    std::size_t stride[6]{};  // of the input's dimensions
    std::size_t extent[6]{};  // of the output's dimensions
    std::size_t count = 1;
    for (std::size_t d = rank; d-- > 0;) {
        stride[d] = count;
        count *= dims[d];
    }
    for (std::size_t d = 0; d < rank; ++d) extent[d] = dims[perm[d]];
    std::size_t index[6]{};  // of the output element, dimension by dimension
    for (std::size_t i = 0; i < count; ++i) {
        std::size_t from = 0;
        for (std::size_t d = 0; d < rank; ++d) from += index[d] * stride[perm[d]];
        output[i] = input[from];
        for (std::size_t d = rank; d-- > 0;) {
            if (++index[d] < extent[d]) break;
            index[d] = 0;
        }
    }
}

}  // namespace detail

/// @brief The first subgraph of the TensorFlow Lite model whose file is `Bytes` (an array of bytes with static
/// storage: `unsigned char`, `std::byte` or `char`), as a function (see the file's description).
template <const auto& Bytes>
class program {
    static constexpr auto opened_ = open(Bytes);
    static_assert(cannot_evaluate::file<opened_.why, opened_.offset>::ok);

public:
    /// @brief The model, read while compiling.
    static constexpr auto model = opened_.model;

private:
    static constexpr auto graph_ = model.subgraphs()[0];
    static constexpr detail::model_sizes sizes_ = detail::sizes_of(model);

public:
    /// @brief The plan: each tensor's place, each operator's kernel and parameters.
    static constexpr auto plan = detail::make_plan<sizes_.tensors, sizes_.ops, sizes_.channels>(model);

private:
    static constexpr std::size_t bad_ = plan.first_unsupported;
    static constexpr detail::op_plan bad_op_ = bad_ < sizes_.ops ? plan.ops[bad_] : detail::op_plan{};
    static_assert(cannot_evaluate::operator_at<bad_op_.code, bad_, bad_op_.version, bad_op_.why>::ok);

    template <std::size_t T>
    using element_ = typename detail::element_of_pool<plan.tensors[T].kind>::type;

    using pools_ = detail::pools_of<plan.activations[1], plan.activations[2], plan.activations[3],
                                    plan.activations[4], plan.activations[5]>;
    using constant_pools_ = detail::pools_of<plan.constants[1], plan.constants[2], plan.constants[3],
                                             plan.constants[4], plan.constants[5]>;

    template <class A, class T>
    static constexpr void put_(A& a, std::size_t i, T value) noexcept {
        if constexpr (requires { a.elems; }) a.elems[i] = value;
    }

    static constexpr constant_pools_ decode_() noexcept {
        constant_pools_ c;
        for (std::size_t t = 0; t < sizes_.tensors; ++t) {
            const detail::tensor_plan& tp = plan.tensors[t];
            if (!tp.constant) continue;
            const auto data = model.buffers()[graph_.tensors()[t].buffer()].data();
            for (std::size_t i = 0; i < tp.count; ++i) {
                switch (tp.kind) {
                case detail::pool::int8: put_(c.int8, tp.offset + i, detail::element_at<std::int8_t>(data, i)); break;
                case detail::pool::int16:
                    put_(c.int16, tp.offset + i, detail::element_at<std::int16_t>(data, i));
                    break;
                case detail::pool::int32:
                    put_(c.int32, tp.offset + i, detail::element_at<std::int32_t>(data, i));
                    break;
                case detail::pool::float32: put_(c.float32, tp.offset + i, detail::element_at<float>(data, i)); break;
                case detail::pool::int64:
                    put_(c.int64, tp.offset + i, detail::element_at<std::int64_t>(data, i));
                    break;
                case detail::pool::none: break;
                }
            }
        }
        return c;
    }

public:
    /// @brief The number of inputs and outputs of the subgraph.
    static constexpr std::size_t inputs = sizes_.tensors == 0 ? 0 : graph_.inputs().size();
    /// @copydoc inputs
    static constexpr std::size_t outputs = sizes_.tensors == 0 ? 0 : graph_.outputs().size();

    /// @brief The index in the subgraph of input `i`'s tensor.
    static constexpr std::size_t input_tensor(std::size_t i) noexcept {
        return static_cast<std::size_t>(graph_.inputs()[i]);
    }
    /// @brief The index in the subgraph of output `i`'s tensor.
    static constexpr std::size_t output_tensor(std::size_t i) noexcept {
        return static_cast<std::size_t>(graph_.outputs()[i]);
    }

    /// @brief The type of input `I`, and of output `I`: a `qmatrix` or a `matrix` (the file's description).
    template <std::size_t I>
    using input_type = typename detail::matrix_of_tensor<plan.tensors[input_tensor(I)]>::type;
    /// @copydoc input_type
    template <std::size_t I>
    using output_type = typename detail::matrix_of_tensor<plan.tensors[output_tensor(I)]>::type;

    /// @brief The constant tensors, decoded from the file while compiling: one array per element type.
    static constexpr constant_pools_ constants = decode_();

    /// @brief The tensors computed at run time (inputs, outputs and every intermediate tensor), one array per
    /// element type; tensors whose lifetimes do not meet share elements. Its size is the RAM the model needs.
    struct storage {
        pools_ pools;  ///< the arrays
    };

private:
    template <class E>
    static constexpr const E* read_(const storage& s, std::size_t t) noexcept {
        const detail::tensor_plan& tp = plan.tensors[t];
        return (tp.constant ? detail::array_of<E>(constants) : detail::array_of<E>(s.pools)) + tp.offset;
    }
    template <class E>
    static constexpr E* write_(storage& s, std::size_t t) noexcept {
        return detail::array_of<E>(s.pools) + plan.tensors[t].offset;
    }

    // Operator I's per-channel multipliers and shifts, and its softmax table: constants of their own, so that the plan
    // itself is not needed at run time.
    template <std::size_t I>
    static constexpr auto channels_of_() noexcept {
        detail::channel_parameters<plan.ops[I].out_depth == 0 ? 1 : plan.ops[I].out_depth> c;
        for (std::size_t k = 0; k < plan.ops[I].out_depth; ++k) {
            c.multipliers[k] = plan.multipliers[plan.ops[I].channels_at + k];
            c.shifts[k] = plan.shifts[plan.ops[I].channels_at + k];
        }
        return c;
    }
    template <std::size_t I>
    static constexpr auto channel_parameters_ = channels_of_<I>();
    template <std::size_t I>
    static constexpr cta::quantized::gelu_int8_table gelu_table_ = cta::quantized::prepare_gelu_int8(
        plan.tensors[plan.ops[I].input].quantization.scale(), plan.tensors[plan.ops[I].input].quantization.zero_point,
        plan.tensors[plan.ops[I].output].quantization.scale(),
        plan.tensors[plan.ops[I].output].quantization.zero_point, plan.ops[I].approximate);
    template <std::size_t>  // a template, so that only a program with int16 SOFTMAX computes it
    static constexpr cta::quantized::softmax_int16_luts softmax_int16_luts_ =
        cta::quantized::softmax_int16_luts_for<float>();
    template <std::size_t I>
    static constexpr cta::quantized::softmax_int8_table softmax_table_ =
        cta::quantized::tabulate_softmax(plan.ops[I].softmax);

    template <std::size_t I>
    static constexpr void run_op_(storage& s) noexcept {
        constexpr detail::op_plan o = plan.ops[I];
        if constexpr (o.k == kernel::fully_connected_int8) {
            cta::quantized::fully_connected<o.batches, o.depth, o.out_depth>(
                o.params, o.multiplier, read_<std::int8_t>(s, o.input), read_<std::int8_t>(s, o.weights),
                o.bias == detail::no_tensor ? nullptr : read_<std::int32_t>(s, o.bias),
                write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::fully_connected_int8_per_channel) {
            cta::quantized::fully_connected_per_channel<o.batches, o.depth, o.out_depth>(
                o.params, channel_parameters_<I>.multipliers, channel_parameters_<I>.shifts,
                read_<std::int8_t>(s, o.input), read_<std::int8_t>(s, o.weights),
                o.bias == detail::no_tensor ? nullptr : read_<std::int32_t>(s, o.bias),
                write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::fully_connected_int16 ||
                             o.k == kernel::fully_connected_int16_per_channel) {
            using B = std::conditional_t<o.sums_64, std::int64_t, std::int32_t>;  // the bias's type, the sums'
            constexpr cta::quantized::fully_connected_int16_params params{o.params.input_offset, o.params.filter_offset,
                                                                          o.params.output_offset,
                                                                          o.params.activation_min,
                                                                          o.params.activation_max};
            const B* bias = o.bias == detail::no_tensor ? nullptr : read_<B>(s, o.bias);
            if constexpr (o.k == kernel::fully_connected_int16) {
                cta::quantized::fully_connected(params, o.multiplier, read_<std::int16_t>(s, o.input),
                                                read_<std::int8_t>(s, o.weights), bias,
                                                write_<std::int16_t>(s, o.output), o.batches, o.depth, o.out_depth);
            } else {
                cta::quantized::fully_connected_per_channel(
                    params, channel_parameters_<I>.multipliers, channel_parameters_<I>.shifts,
                    read_<std::int16_t>(s, o.input), read_<std::int8_t>(s, o.weights), bias,
                    write_<std::int16_t>(s, o.output), o.batches, o.depth, o.out_depth);
            }
        } else if constexpr (o.k == kernel::fully_connected_float) {
            detail::fully_connected_float(read_<float>(s, o.input), read_<float>(s, o.weights),
                                          o.bias == detail::no_tensor ? nullptr : read_<float>(s, o.bias),
                                          write_<float>(s, o.output), o.batches, o.depth, o.out_depth, o.float_min,
                                          o.float_max);
        } else if constexpr (o.k == kernel::reshape) {
            using E = element_<o.input>;
            const E* from = read_<E>(s, o.input);
            E* to = write_<E>(s, o.output);
            for (std::size_t i = 0; i < o.depth; ++i) to[i] = from[i];
        } else if constexpr (o.k == kernel::transpose) {
            using E = element_<o.input>;
            detail::transpose(read_<E>(s, o.input), write_<E>(s, o.output), o.rank, o.dims, o.perm);
        } else if constexpr (o.k == kernel::quantize_int8) {
            const float* from = read_<float>(s, o.input);
            std::int8_t* to = write_<std::int8_t>(s, o.output);
            for (std::size_t i = 0; i < o.depth; ++i)
                to[i] = cta::quantized::detail::quantize_number<std::int8_t>(from[i], o.quantization.scale(),
                                                                             o.quantization.zero_point);
        } else if constexpr (o.k == kernel::quantize_int16) {
            const float* from = read_<float>(s, o.input);
            std::int16_t* to = write_<std::int16_t>(s, o.output);
            for (std::size_t i = 0; i < o.depth; ++i)
                to[i] = cta::quantized::detail::quantize_number<std::int16_t>(from[i], o.quantization.scale(),
                                                                              o.quantization.zero_point);
        } else if constexpr (o.k == kernel::requantize) {
            cta::quantized::requantize(read_<element_<o.input>>(s, o.input), o.depth, o.multiplier,
                                       o.input_zero_point, o.quantization.zero_point,
                                       write_<element_<o.output>>(s, o.output));
        } else if constexpr (o.k == kernel::dequantize_int8 || o.k == kernel::dequantize_int16) {
            const element_<o.input>* from = read_<element_<o.input>>(s, o.input);
            float* to = write_<float>(s, o.output);
            for (std::size_t i = 0; i < o.depth; ++i)
                to[i] = cta::quantized::detail::dequantize_valid<float>(from[i], o.quantization.scale(),
                                                                        o.quantization.zero_point);
        } else if constexpr (o.k == kernel::batch_matmul_int8 || o.k == kernel::batch_matmul_int16) {
            using E = std::conditional_t<o.k == kernel::batch_matmul_int16, std::int16_t, std::int8_t>;
            const E* lhs = read_<E>(s, o.input);
            if constexpr (o.adj_x) {
                // Each batch of the left-hand side, depth x rows, transposed into the scratch: rows x depth.
                E* t = write_<E>(s, o.scratch);
                constexpr std::size_t matrix = o.rows * o.a_cols;
                constexpr std::size_t batches =
                    o.lhs_batches.outer * o.lhs_batches.middle * o.lhs_batches.inner;
                for (std::size_t b = 0; b < batches; ++b)
                    for (std::size_t r = 0; r < o.rows; ++r)
                        for (std::size_t k = 0; k < o.a_cols; ++k)
                            t[b * matrix + r * o.a_cols + k] = lhs[b * matrix + k * o.rows + r];
                lhs = t;
            }
            if constexpr (o.k == kernel::batch_matmul_int16) {
                cta::quantized::batch_matmul_strided(o.multiplier, lhs, o.lhs_batches, read_<E>(s, o.input2),
                                                     o.rhs_batches, write_<E>(s, o.output), o.rows, o.a_cols, o.cols,
                                                     o.adj_y ? 1 : o.cols, o.adj_y ? o.a_cols : 1);
            } else {
                cta::quantized::batch_matmul_strided(o.batch_matmul, o.multiplier, lhs, o.lhs_batches,
                                                     read_<E>(s, o.input2), o.rhs_batches, write_<E>(s, o.output),
                                                     o.rows, o.a_cols, o.cols, o.adj_y ? 1 : o.cols,
                                                     o.adj_y ? o.a_cols : 1);
            }
        } else if constexpr (o.k == kernel::softmax_int16) {
            cta::quantized::softmax(read_<std::int16_t>(s, o.input), o.rows, o.cols, o.softmax_int16,
                                    softmax_int16_luts_<0>, write_<std::int16_t>(s, o.output));
        } else if constexpr (o.k == kernel::softmax_int8) {
            cta::quantized::softmax(read_<std::int8_t>(s, o.input), o.rows, o.cols, softmax_table_<I>,
                                    write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::add_int8 || o.k == kernel::subtract_int8 || o.k == kernel::multiply_int8 ||
                             o.k == kernel::squared_difference_int8) {
            const std::int8_t* a = read_<std::int8_t>(s, o.input);
            const std::int8_t* b = read_<std::int8_t>(s, o.input2);
            std::int8_t* y = write_<std::int8_t>(s, o.output);
            if constexpr (o.k == kernel::add_int8) {
                cta::quantized::add(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else if constexpr (o.k == kernel::subtract_int8) {
                cta::quantized::subtract(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else if constexpr (o.k == kernel::multiply_int8) {
                cta::quantized::multiply(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else {
                cta::quantized::squared_difference(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            }
        } else if constexpr (o.k == kernel::add_int16 || o.k == kernel::subtract_int16 ||
                             o.k == kernel::multiply_int16 || o.k == kernel::squared_difference_int16) {
            const std::int16_t* a = read_<std::int16_t>(s, o.input);
            const std::int16_t* b = read_<std::int16_t>(s, o.input2);
            std::int16_t* y = write_<std::int16_t>(s, o.output);
            if constexpr (o.k == kernel::add_int16) {
                cta::quantized::add(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else if constexpr (o.k == kernel::subtract_int16) {
                cta::quantized::subtract(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else if constexpr (o.k == kernel::multiply_int16) {
                cta::quantized::multiply(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            } else {
                cta::quantized::squared_difference(o.elementwise, a, o.a_rows, o.a_cols, b, o.b_rows, o.b_cols, y);
            }
        } else if constexpr (o.k == kernel::mean_int8 || o.k == kernel::mean_int16) {
            using E = std::conditional_t<o.k == kernel::mean_int16, std::int16_t, std::int8_t>;
            if constexpr (o.axis == 1) {
                cta::quantized::mean<1>(o.mean, read_<E>(s, o.input), o.rows, o.cols, write_<E>(s, o.output));
            } else {
                cta::quantized::mean<0>(o.mean, read_<E>(s, o.input), o.rows, o.cols, write_<E>(s, o.output));
            }
        } else if constexpr (o.k == kernel::rsqrt_int8) {
            cta::quantized::rsqrt(o.rsqrt, read_<std::int8_t>(s, o.input), o.depth, write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::gelu_int8) {
            cta::quantized::gelu(gelu_table_<I>, read_<std::int8_t>(s, o.input), o.depth,
                                 write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::logistic_int8) {
            cta::quantized::logistic(o.logistic_tanh, read_<std::int8_t>(s, o.input), o.depth,
                                     write_<std::int8_t>(s, o.output));
        } else if constexpr (o.k == kernel::tanh_int8) {
            cta::quantized::tanh(o.logistic_tanh, read_<std::int8_t>(s, o.input), o.depth,
                                 write_<std::int8_t>(s, o.output));
        }
    }

    template <std::size_t I, class X>
    static constexpr void set_input_(storage& s, const X& x) noexcept {
        constexpr std::size_t t = input_tensor(I);
        using E = element_<t>;
        E* to = write_<E>(s, t);
        for (std::size_t r = 0; r < X::rows; ++r)
            for (std::size_t c = 0; c < X::cols; ++c) to[r * X::cols + c] = x(r, c);
    }

    // Whether X is the input's type, Input; where it is not, a build error that names the operation and both types.
    template <class Input, class X>
    static constexpr bool input_fits_() noexcept {
        if constexpr (!std::is_same_v<X, Input>) {
            static_assert(quantizations_agree<cta::op::tflite_program, X, Input>,
                          "cta::tflite::program<bytes>::run(x...): each input must be of the type the model gives it, "
                          "input_type<I>: its rows, columns, element type and quantization");
            return false;
        } else {
            return true;
        }
    }

public:
    /// @brief Evaluates the model on `x...` (one argument per input, of `input_type<0>`, `input_type<1>`, ...),
    /// every tensor computed at run time in `s`; read the outputs with `output<I>(s)`.
    template <class... X>
    static constexpr void run_into(storage& s, const X&... x) noexcept {
        static_assert(sizeof...(X) == inputs,
                      "cta::tflite::program<bytes>::run(x...): one argument per input of the model");
        if constexpr (sizeof...(X) == inputs) {
            if constexpr ([]<std::size_t... I>(std::index_sequence<I...>) {
                              return (input_fits_<input_type<I>, X>() && ...);
                          }(std::index_sequence_for<X...>{})) {
                [&]<std::size_t... I>(std::index_sequence<I...>) { (set_input_<I>(s, x), ...); }(
                    std::index_sequence_for<X...>{});
                [&]<std::size_t... I>(std::index_sequence<I...>) { (run_op_<I>(s), ...); }(
                    std::make_index_sequence<sizes_.ops>{});
            }
        }
    }

    /// @brief Output `I` of the evaluation that computed `s`.
    template <std::size_t I>
    static constexpr output_type<I> output(const storage& s) noexcept {
        constexpr std::size_t t = output_tensor(I);
        output_type<I> y{};
        const element_<t>* from = read_<element_<t>>(s, t);
        for (std::size_t r = 0; r < output_type<I>::rows; ++r)
            for (std::size_t c = 0; c < output_type<I>::cols; ++c) y(r, c) = from[r * output_type<I>::cols + c];
        return y;
    }

    /// @brief The model's first output for the inputs `x...` (`run_into` with a `storage` of its own).
    template <class... X>
    static constexpr output_type<0> run(const X&... x) noexcept {
        storage s{};
        run_into(s, x...);
        return output<0>(s);
    }
};

}  // namespace cta::tflite

CTA_FP_PRODUCTS_END
CTA_FP_STRICT_END
