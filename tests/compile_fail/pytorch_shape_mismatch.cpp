// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::load<Module>(bytes): each tensor has the shape the module declares (nn.Linear(in, out)'s weight is
// [out, in]); here nn.Linear(3, 1) and the weight of nn.Linear(2, 1).
#include <cta/pytorch.hpp>

#include "pytorch_state.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 3, 1>>(test::linear_2x1_f32, "");
#else
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>>(test::linear_2x1_f32, "");
#endif
