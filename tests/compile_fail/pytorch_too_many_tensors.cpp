// SPDX-License-Identifier: BSL-1.0
// cta::pytorch::load<Module, Capacity>(bytes): the file holds at most Capacity tensors.
#include <cta/pytorch.hpp>

#include "pytorch_state.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>, 1>(test::linear_2x1_f32);
#else
[[maybe_unused]] constexpr auto m = cta::pytorch::load<cta::pytorch::nn::Linear<float, 2, 1>, 2>(test::linear_2x1_f32);
#endif
