// SPDX-License-Identifier: BSL-1.0
// CTA_STACK_LIMIT: cta::self_attention_steps returns its record, which lives in automatic storage (the stack);
// at n = 512, d = 64 in float it takes 70778880 bytes (67108864 of them the weighted values, n x n x d_v), above
// the default limit of 1 MiB, so the build stops naming both numbers. cta::self_attention_steps_into writes the
// same record into storage the caller provides.
#include <cta/attention_steps.hpp>

using X = cta::matrix<float, 512, 64>;
using W = cta::matrix<float, 64, 64>;
X inputs;
W w_query, w_key, w_value;

#ifdef CTA_COMPILE_FAIL
float first_output() {
    const auto steps = cta::self_attention_steps(inputs, w_query, w_key, w_value, cta::scaled);
    return steps.outputs(0, 0);
}
#else
cta::self_attention_steps_t<void, X, W, W, W, cta::scaled_t> steps;  // static storage
float first_output() {
    cta::self_attention_steps_into(steps, inputs, w_query, w_key, w_value, cta::scaled);
    return steps.outputs(0, 0);
}
#endif
