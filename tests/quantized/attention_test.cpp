// SPDX-License-Identifier: BSL-1.0
// The seed's int8 self-attention at run time, and the random model's (attention_cases.hpp): from inputs the compiler
// cannot see, the same integers as the compile-time steps (attention_proof.cpp), step by step, and the same as the
// array kernels compute at run time.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

#include "catch.hpp"  // Catch2 2.13 or 3 (tests/runtime)

#include <cta/quantized/io.hpp>

#include "attention_cases.hpp"

namespace {

using namespace quantized_seed;

template <class M>
M through_memory(const M& m) {  // a copy the optimizer cannot see through
    M copy{};
    volatile const std::int8_t* source = m.elems;
    for (std::size_t i = 0; i < M::rows * M::cols; ++i) copy.elems[i] = source[i];
    return copy;
}

/// The int8 self-attention of these inputs and weights with the parameters P, at run time against compile time.
template <auto P, const auto& inputs, const auto& w_query, const auto& w_key, const auto& w_value>
void check_at_run_time() {
    static constexpr auto model = q::quantize_self_attention<P>(w_query, w_key, w_value);
    static constexpr auto x = q::quantize<std::int8_t, P.inputs>(inputs);
    static constexpr auto compile_time = q::self_attention_steps(x, model);
    const auto x_run = through_memory(x);
    const auto run_time = q::self_attention_steps(x_run, model);
    CHECK(run_time.queries == compile_time.queries);
    CHECK(run_time.keys == compile_time.keys);
    CHECK(run_time.values == compile_time.values);
    CHECK(run_time.scores == compile_time.scores);
    CHECK(run_time.weights == compile_time.weights);
    CHECK(run_time.outputs == compile_time.outputs);
    CHECK(q::self_attention(x_run, model) == compile_time.outputs);
    CHECK(steps_match(run_time, by_kernels<P>(x_run, model)));
    // The inputs quantized at run time too.
    using Inputs = std::remove_cvref_t<decltype(inputs)>;
    Inputs inputs_run{};
    using Element = typename Inputs::value_type;
    volatile const Element* source = &inputs.elems[0][0];
    for (std::size_t i = 0; i < Inputs::rows * Inputs::cols; ++i) (&inputs_run.elems[0][0])[i] = source[i];
    CHECK(q::quantize<std::int8_t, P.inputs>(inputs_run) == x);
}

TEST_CASE("the seed's int8 self-attention at run time gives the compile-time integers", "[quantized]") {
    check_at_run_time<parameters, seed::inputs, seed::w_query, seed::w_key, seed::w_value>();
    check_at_run_time<scaled_causal, seed::inputs, seed::w_query, seed::w_key, seed::w_value>();
}

TEST_CASE("a random model's int8 self-attention at run time gives the compile-time integers", "[quantized]") {
    namespace rm = random_model;
    check_at_run_time<rm::parameters, rm::inputs, rm::w_query, rm::w_key, rm::w_value>();
    check_at_run_time<rm::scaled_causal, rm::inputs, rm::w_query, rm::w_key, rm::w_value>();
}

TEST_CASE("the steps of int8 self-attention print with their quantization", "[quantized]") {
    static constexpr auto model = q::quantize_self_attention<parameters>(seed::w_query, seed::w_key, seed::w_value);
    std::ostringstream out;
    out << q::self_attention_steps(q::quantize<std::int8_t, parameters.inputs>(seed::inputs), model);
    const std::string text = out.str();
    CHECK(text.rfind("queries:\n", 0) == 0);
    CHECK(text.find("\n\nweights:\n") != std::string::npos);
    CHECK(text.find("int8, scale 0.00390625, zero point -128") != std::string::npos);
}

}  // namespace

#include "multi_head_cases.hpp"

namespace {

template <auto P>
void check_multi_head_at_run_time() {
    using namespace quantized_multi_head;
    static constexpr auto model = q::quantize_multi_head_self_attention<P>(w_query, w_key, w_value, w_out);
    static constexpr auto x = q::quantize<std::int8_t, P.inputs>(seed::inputs);
    static constexpr auto compile_time = q::multi_head_self_attention_steps(x, model);
    const auto x_run = through_memory(x);
    const auto run_time = q::multi_head_self_attention_steps(x_run, model);
    CHECK(run_time.queries == compile_time.queries);
    CHECK(run_time.scores == compile_time.scores);
    CHECK(run_time.weights == compile_time.weights);
    CHECK(run_time.heads_outputs == compile_time.heads_outputs);
    CHECK(run_time.outputs == compile_time.outputs);
    CHECK(q::multi_head_self_attention(x_run, model) == compile_time.outputs);
    CHECK(matches_kernels<P>(x_run, model));
}

TEST_CASE("int8 multi-head self-attention at run time gives the compile-time integers", "[quantized]") {
    check_multi_head_at_run_time<quantized_multi_head::parameters>();
    check_multi_head_at_run_time<quantized_multi_head::causal>();
    std::ostringstream out;
    static constexpr auto model = q::quantize_multi_head_self_attention<quantized_multi_head::parameters>(
        quantized_multi_head::w_query, quantized_multi_head::w_key, quantized_multi_head::w_value,
        quantized_multi_head::w_out);
    out << q::multi_head_self_attention_steps(
        q::quantize<std::int8_t, quantized_multi_head::parameters.inputs>(seed::inputs), model);
    CHECK(out.str().find("\n\nheads_outputs:\n") != std::string::npos);
}

}  // namespace

#include "calibration_cases.hpp"

namespace {

/// A copy of a real-valued matrix the optimizer cannot see through.
template <class M>
M unseen(const M& m) {
    M copy{};
    using Element = typename M::value_type;
    volatile const Element* source = &m.elems[0][0];
    for (std::size_t i = 0; i < M::rows * M::cols; ++i) (&copy.elems[0][0])[i] = source[i];
    return copy;
}

TEST_CASE("calibration on several sequences at run time gives the compile-time parameters", "[quantized]") {
    using namespace quantized_calibration;
    const auto a = unseen(seed::inputs), b = unseen(other);
    const auto wq = unseen(seed::w_query), wk = unseen(seed::w_key), wv = unseen(seed::w_value);
    CHECK(q::calibrate_self_attention({a, b}, wq, wk, wv) == both);
    CHECK(q::calibrate_self_attention({b, a}, wq, wk, wv) == both);
    CHECK(q::calibrate_self_attention({a, b}, wq, wk, wv, cta::scaled, cta::causal) == both_scaled_causal);
    CHECK(q::calibrate_self_attention({a}, wq, wk, wv) == quantized_seed::parameters);
    const auto mq = unseen(w_query), mk = unseen(w_key), mv = unseen(w_value);
    const auto mo = unseen(w_out);
    CHECK(q::calibrate_multi_head_self_attention<2>({a, b}, mq, mk, mv, mo) == both_multi_head);
    CHECK(q::calibrate_multi_head_self_attention<2>({a, b}, mq, mk, mv, mo, cta::causal) == both_multi_head_causal);
    CHECK(q::calibrate_linear({a, b}, wv, unseen(bias)) == both_linear);
    CHECK(q::calibrate_self_attention({unseen(rm::inputs), unseen(random_other)}, unseen(rm::w_query),
                                      unseen(rm::w_key), unseen(rm::w_value)) == random_both);
}

}  // namespace
