// SPDX-License-Identifier: BSL-1.0
// Multi-head self-attention in int8 on the seed's inputs, two heads (the weights of examples/multi_head_attention.cpp),
// and the same steps by the array kernels that reproduce TensorFlow Lite's reference vectors: each head's columns
// copied out as TensorFlow Lite's reshape does, BATCH_MATMUL per head, FULLY_CONNECTED for the projections.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cta/math.hpp>
#include <cta/matrix.hpp>
#include <cta/quantized/multi_head_steps.hpp>

#include "attention_cases.hpp"
#include "two_heads.hpp"

namespace quantized_multi_head {

namespace q = cta::quantized;
using quantized_seed::product_multiplier;
using quantized_seed::project;

using two_heads::w_key;
using two_heads::w_out;
using two_heads::w_query;
using two_heads::w_value;

inline constexpr auto parameters =
    q::calibrate_multi_head_self_attention<2>(seed::inputs, w_query, w_key, w_value, w_out);
inline constexpr auto causal =
    q::calibrate_multi_head_self_attention<2>(seed::inputs, w_query, w_key, w_value, w_out, cta::causal);

template <auto P, class X, class Model>
constexpr bool matches_kernels(const X& x, const Model& m) {
    constexpr std::size_t n = X::rows, d_in = Model::d_in, d_model = Model::d_model, d_out = Model::d_out,
                          heads = Model::heads, d_k = d_model / heads;
    const auto s = q::multi_head_self_attention_steps(x, m);
    std::int8_t queries[n * d_model]{}, keys[n * d_model]{}, values[n * d_model]{}, concat[n * d_model]{},
        outputs[n * d_out]{};
    project<n, d_in, d_model>(x.data(), P.inputs, m.w_query, P.queries, queries);
    project<n, d_in, d_model>(x.data(), P.inputs, m.w_key, P.keys, keys);
    project<n, d_in, d_model>(x.data(), P.inputs, m.w_value, P.values, values);
    bool same = quantized_seed::same_integers(s.queries, queries) && quantized_seed::same_integers(s.keys, keys) &&
                quantized_seed::same_integers(s.values, values);
    const auto softmax = q::prepare_softmax_int8(static_cast<double>(P.scores.scale()));
    for (std::size_t h = 0; h < heads; ++h) {
        std::int8_t qh[n * d_k]{}, kh[n * d_k]{}, vh[n * d_k]{}, scores[n * n]{}, weights[n * n]{}, out[n * d_k]{};
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t c = 0; c < d_k; ++c) {
                qh[i * d_k + c] = queries[i * d_model + h * d_k + c];
                kh[i * d_k + c] = keys[i * d_model + h * d_k + c];
                vh[i * d_k + c] = values[i * d_model + h * d_k + c];
            }
        }
        q::batch_matmul_params sp;
        sp.lhs_offset = -P.queries.zero_point;
        sp.rhs_offset = -P.keys.zero_point;
        sp.output_offset = P.scores.zero_point;
        q::batch_matmul_rhs_transposed(
            sp, product_multiplier(P.queries, P.keys, P.scores, 1.0 / cta::sqrt(static_cast<double>(d_k))), qh, {},
            kh, {}, scores, n, d_k, n);
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t seen = P.causal ? i + 1 : n;
            q::softmax(scores + i * n, 1, seen, softmax, weights + i * n);
            for (std::size_t j = seen; j < n; ++j) weights[i * n + j] = -128;
        }
        q::batch_matmul_params op;
        op.lhs_offset = -P.weights.zero_point;
        op.rhs_offset = -P.values.zero_point;
        op.output_offset = P.heads_outputs.zero_point;
        q::batch_matmul(op, product_multiplier(P.weights, P.values, P.heads_outputs, 1.0), weights, {}, vh, {}, out,
                        n, n, d_k);
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t c = 0; c < d_k; ++c) concat[i * d_model + h * d_k + c] = out[i * d_k + c];
        }
        same = same && quantized_seed::same_integers(s.scores[h], scores) &&
               quantized_seed::same_integers(s.weights[h], weights);
    }
    project<n, d_model, d_out>(concat, P.heads_outputs, m.w_output, P.outputs, outputs);
    return same && quantized_seed::same_integers(s.heads_outputs, concat) &&
           quantized_seed::same_integers(s.outputs, outputs);
}

}  // namespace quantized_multi_head
