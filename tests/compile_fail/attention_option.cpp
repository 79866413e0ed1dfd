// SPDX-License-Identifier: BSL-1.0
// The options of the attention functions are cta::scaled, cta::causal and mask matrices: another argument stops the
// build with the operation, the argument's type and the rule, not with "no matching function".
#include <cta/attention.hpp>

constexpr cta::matrix<double, 3, 4> inputs{};
constexpr cta::matrix<double, 4, 4> weights{};
#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, weights, weights, weights, 42);
#else
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, weights, weights, weights, cta::scaled);
#endif
