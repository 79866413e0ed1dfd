// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief How shape rules report a mismatch: a build error whose first lines name the operation and the shapes.
///
/// Each shape-checked operation tests its rule with `if constexpr` and, when the rule fails, stops the build with
///
///     static_assert(cta::shapes_agree<cta::op::matmul, A, B>, "cta::matmul(a, b) ...: <the rule>");
///
/// and returns a placeholder of the right type, so no follow-on error buries the first one. The condition is never
/// true; it is spelled with the operation's tag and the operands' types because both compilers print it (Clang in
/// the error line, GCC in the "In instantiation of" line and a note), e.g.
/// `shapes_agree<cta::op::matmul, cta::matrix<int, 3, 4>, cta::matrix<int, 3, 3>>`.
#pragma once

namespace cta {

/// @brief Tags that name each shape-checked operation in diagnostics.
namespace op {
struct make_matrix;     ///< `cta::make_matrix<T, R, C>(rows)`
struct matmul;          ///< `cta::matmul(a, b)`, `a * b`
struct add;             ///< `a + b`, `a += b`
struct subtract;        ///< `a - b`, `a -= b`
struct scalar_multiply;  ///< `m *= s` (the element type rule; `m * s` and `s * m` have none)
struct scalar_divide;    ///< `m /= s` (the element type rule; `m / s` has none)
struct equal;           ///< `a == b`, `a != b` between different matrix types
struct approx_equal;    ///< `cta::approx_equal(a, b, tolerance)`
struct self_attention;  ///< `cta::self_attention(...)`, `cta::self_attention_steps(...)`
struct cross_attention;  ///< `cta::cross_attention(...)`, `cta::cross_attention_steps(...)`
struct attention;        ///< `cta::attention(q, k, v, ...)`, `cta::scaled_dot_product_attention(...)`
struct attention_mask;   ///< a mask option of the attention functions
struct multi_head_attention;  ///< `cta::multi_head_attention<H>(...)` and its variants
struct quantized_self_attention;  ///< `cta::quantized::self_attention(x, model)` and its steps
struct quantized_multi_head_attention;  ///< `cta::quantized::multi_head_self_attention(x, model)` and its steps
struct quantized_linear;  ///< `cta::quantized::linear(x, layer)`
struct quantized_add;     ///< `cta::quantized::add<Q>(a, b)` (<cta/quantized/elementwise.hpp>)
struct quantized_subtract;  ///< `cta::quantized::subtract<Q>(a, b)`
struct quantized_multiply;  ///< `cta::quantized::multiply<Q>(a, b)`
struct quantized_squared_difference;  ///< `cta::quantized::squared_difference<Q>(a, b)`
struct quantized_mean;    ///< `cta::quantized::mean<Axis, Out>(x)` (<cta/quantized/mean.hpp>)
struct quantized_rsqrt;   ///< `cta::quantized::rsqrt<Out>(x)` (<cta/quantized/rsqrt.hpp>)
struct linear;            ///< `cta::linear(x, w, b)`, `cta::linear(x, w)` (<cta/transformer/linear.hpp>)
struct layer_norm;        ///< `cta::layer_norm(x, gain, bias, epsilon)` (<cta/transformer/normalization.hpp>)
struct rms_norm;          ///< `cta::rms_norm(x, gain, epsilon)` (<cta/transformer/normalization.hpp>)
struct positional_embedding;  ///< `cta::learned_positional_embedding(x, table)` (<cta/transformer/embedding.hpp>)
struct positional_encoding;   ///< `cta::sinusoidal_positional_encoding<T, n, d>()`
struct attention_layer;  ///< `cta::attention_layer<H>(x_q, x_kv, weights)` (<cta/transformer/attention_layer.hpp>)
struct encoder_layer;  ///< `cta::encode(x, layer)`, `cta::encoder_layer_steps(x, layer)`
struct decoder_layer;  ///< `cta::decode(x, memory, layer)`, `cta::decoder_layer_steps(...)`
struct tflite_program;  ///< `cta::tflite::program<bytes>::run(x...)`, `run_into(s, x...)` (<cta/tflite/program.hpp>)
}  // namespace op

/// @brief Never true: the condition of the `static_assert` that reports a broken shape rule of `Operation`.
template <class Operation, class... Operands>
inline constexpr bool shapes_agree = false;

/// @brief Never true: the condition of the `static_assert` that reports an argument of `Operation` that is not an
/// attention option (`cta::scaled`, `cta::causal` or a mask matrix), e.g. `options_agree<cta::op::self_attention,
/// int>`.
template <class Operation, class... Options>
inline constexpr bool options_agree = false;

/// @brief Never true: the condition of the `static_assert` that reports a compound assignment whose result would
/// not keep the element type of its left operand, e.g. `element_types_agree<cta::op::add, cta::matrix<int, 2, 2>,
/// cta::matrix<double, 2, 2>>` for `a += b`.
template <class Operation, class... Operands>
inline constexpr bool element_types_agree = false;

/// @brief Never true: the condition of the `static_assert` that reports quantized operands whose quantizations (or
/// shapes) do not fit the operation, e.g. `quantizations_agree<cta::op::quantized_self_attention,
/// cta::quantized::qmatrix<signed char, 3, 4, ...>, cta::quantized::self_attention_model<...>>`.
template <class Operation, class... Operands>
inline constexpr bool quantizations_agree = false;
/// @brief Never true: the condition of the `static_assert` that reports two named axes that should be one, e.g.
/// `axes_agree<cta::op::matmul, cta::axis::key, cta::axis::tokens>` for `queries * keys`.
template <class Operation, class... Axes>
inline constexpr bool axes_agree = false;

}  // namespace cta
