// SPDX-License-Identifier: BSL-1.0
// Written by train.py: PyTorch's result on the test set, which digits_proof.hpp checks against the files.
#pragma once

#include <cstddef>

namespace digits::results {

inline constexpr std::size_t test_images = 360;
inline constexpr std::size_t pytorch_test_correct = 352;  // PyTorch, float32

}  // namespace digits::results
