// SPDX-License-Identifier: BSL-1.0
// A small linear layer, calibrated and quantized, for the compile-fail pairs of cta::quantized::linear.
#pragma once

#include <cta/quantized/linear.hpp>

namespace q = cta::quantized;
constexpr cta::matrix<double, 2, 3> samples{{{1.0, -2.0, 0.5}, {0.0, 1.0, 3.0}}};
constexpr cta::matrix<double, 3, 2> weights{{{1.0, 0.5}, {-1.0, 2.0}, {0.25, 0.0}}};
constexpr cta::matrix<double, 1, 2> bias{{{0.5, -0.5}}};
constexpr auto parameters = q::calibrate_linear(samples, weights, bias);
constexpr auto layer = q::quantize_linear<parameters>(weights, bias);
