// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief PyTorch's modules by their own names, loaded from a state_dict and computed as PyTorch computes them at
/// inference: `cta::pytorch::nn::...` (`<cta/pytorch/nn.hpp>`), `cta::pytorch::load` (`<cta/pytorch/state_dict.hpp>`),
/// batches of sequences (`<cta/pytorch/batch.hpp>`) and PyTorch's masks (`<cta/pytorch/masks.hpp>`). Not in
/// `<cta/cta.hpp>`. docs/pytorch.md is the guide.
#pragma once

#include <cta/pytorch/batch.hpp>
#include <cta/pytorch/masks.hpp>
#include <cta/pytorch/nn.hpp>
#include <cta/pytorch/state_dict.hpp>
