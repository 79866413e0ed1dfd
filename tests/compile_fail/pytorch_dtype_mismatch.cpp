// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::load<Module>(bytes): each tensor's dtype loads exactly into the module's element type (float64 does
// not into float).
#include <cta/pytorch.hpp>

#include "pytorch_state.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>>(test::linear_2x1_f64, "");
#else
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<double, 2, 1>>(test::linear_2x1_f64, "");
#endif
