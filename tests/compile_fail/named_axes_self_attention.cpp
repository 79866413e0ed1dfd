// SPDX-License-Identifier: BSL-1.0
// Axis rule of cta::self_attention: each weight's row axis is the inputs' column axis (the model features).
#include <cta/attention.hpp>

using cta::axis::key;
using cta::axis::model;
using cta::axis::tokens;
using cta::axis::value;

constexpr cta::matrix<int, 3, 3, tokens, model> inputs{};
constexpr cta::matrix<int, 3, 3, model, key> w_query{};
#ifdef CTA_COMPILE_FAIL
constexpr cta::matrix<int, 3, 3, key, key> w_key{};  // 3 rows for 3 input columns, but rows of key features
#else
constexpr cta::matrix<int, 3, 3, model, key> w_key{};
#endif
constexpr cta::matrix<int, 3, 3, model, value> w_value{};
[[maybe_unused]] constexpr auto outputs = cta::self_attention(inputs, w_query, w_key, w_value);
