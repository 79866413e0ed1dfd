// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::load<Module>(bytes): every tensor of the file under the prefix is one of the module's
// (load_state_dict(strict=True)); here nn.Linear(2, 1, bias=False) and a state_dict with a bias.
#include <cta/pytorch.hpp>

#include "pytorch_state.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1, false>>(test::linear_2x1_f32);
#else
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1, true>>(test::linear_2x1_f32);
#endif
