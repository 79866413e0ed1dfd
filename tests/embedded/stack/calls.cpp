// SPDX-License-Identifier: BSL-1.0
// The stack that a call to cta's self-attention takes on the Cortex-M4, for docs/embedded.md's "Stack" section:
// compiled (not linked) by tests/embedded/embedded_figures.cmake with the flags of examples/cortex-m4's -Os build
// and -fcallgraph-info=su, which gives each function's frame and the calls it makes.
//
// For each case <c> below (inputs and weights, and the element type of the results):
//   cta_stack_<c>_steps    calls cta::self_attention_steps and passes the record it returns on;
//   cta_stack_<c>_outputs  calls cta::self_attention (the outputs only) and passes them on;
//   cta_stack_<c>_into     calls cta::self_attention_steps_into with a record in static storage;
//   cta_stack_<c>_record   the bytes of that record (sizeof), read from the assembly.
// The arguments come by reference from the caller, and the results go to `keep`, which is declared and not defined:
// nothing is computed in advance or left out.
#include <cstddef>

#include <cta/cta.hpp>

#include "seed.hpp"

template <class T>
void keep(const T& result);

namespace {

using tutorial_inputs = decltype(seed::inputs);  // 3 x 4 int
using tutorial_weights = decltype(seed::w_key);  // 4 x 3 int
using square_float = cta::matrix<float, 16, 16>;
using square_double = cta::matrix<double, 16, 16>;

template <class Real, class X, class W, class... Options>
void steps(const X& x, const W& wq, const W& wk, const W& wv, const Options&... options) {
    keep(cta::self_attention_steps<Real>(x, wq, wk, wv, options...));
}

template <class Real, class X, class W, class... Options>
void outputs(const X& x, const W& wq, const W& wk, const W& wv, const Options&... options) {
    keep(cta::self_attention<Real>(x, wq, wk, wv, options...));
}

template <class Real, class X, class W, class... Options>
void into(const X& x, const W& wq, const W& wk, const W& wv, const Options&... options) {
    static cta::self_attention_steps_t<Real, X, W, W, W, Options...> record;
    cta::self_attention_steps_into<Real>(record, x, wq, wk, wv, options...);
    keep(record);
}

template <class Real, class X, class W, class... Options>
constexpr std::size_t record_bytes(const Options&...) {
    return sizeof(cta::self_attention_steps_t<Real, X, W, W, W, Options...>);
}

}  // namespace

// One case: its three functions and its record's bytes. CASE is the case's name, REAL the result's element type
// (void: the default), X and W the types of the inputs and of the weights, and the options follow.
#define CTA_STACK_CASE(CASE, REAL, X, W, ...)                                                                         \
    extern "C" void cta_stack_##CASE##_steps(const X& x, const W& wq, const W& wk, const W& wv) {                    \
        steps<REAL>(x, wq, wk, wv __VA_OPT__(, ) __VA_ARGS__);                                                        \
    }                                                                                                                 \
    extern "C" void cta_stack_##CASE##_outputs(const X& x, const W& wq, const W& wk, const W& wv) {                  \
        outputs<REAL>(x, wq, wk, wv __VA_OPT__(, ) __VA_ARGS__);                                                      \
    }                                                                                                                 \
    extern "C" void cta_stack_##CASE##_into(const X& x, const W& wq, const W& wk, const W& wv) {                     \
        into<REAL>(x, wq, wk, wv __VA_OPT__(, ) __VA_ARGS__);                                                         \
    }                                                                                                                 \
    extern "C" const std::size_t cta_stack_##CASE##_record;                                                           \
    extern "C" const std::size_t cta_stack_##CASE##_record = record_bytes<REAL, X, W>(__VA_ARGS__);

// The tutorial's 3 x 4 int inputs and 4 x 3 int weights (d = 4, d_k = d_v = 3): the projections and scores in int,
// the rest in double (the default) or float.
CTA_STACK_CASE(tutorial_double, void, tutorial_inputs, tutorial_weights)
CTA_STACK_CASE(tutorial_float, float, tutorial_inputs, tutorial_weights)
// n = d = d_k = d_v = 16, every step in float or in double.
CTA_STACK_CASE(square_float, void, square_float, square_float)
CTA_STACK_CASE(square_double, void, square_double, square_double)
// The same with cta::scaled: the same record (its logits are then the scores divided by 4); self_attention keeps a
// matrix of logits apart from the weights.
CTA_STACK_CASE(square_double_scaled, void, square_double, square_double, cta::scaled)
