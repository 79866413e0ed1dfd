// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::load<Module>(bytes, prefix): every tensor of the module is in the file, by prefix + PyTorch's name.
#include <cta/pytorch.hpp>

#include "pytorch_state.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>>(test::linear_2x1_f32, "fc.");
#else
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>>(test::linear_2x1_f32, "");
#endif
