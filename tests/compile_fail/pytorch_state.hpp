// SPDX-License-Identifier: BSL-1.0
// The state_dicts of the compile-fail pairs of <cta/pytorch.hpp>: nn.Linear(2, 1)'s, weight [1, 2] and bias [1], in
// float32 (linear_2x1_f32) and float64 (linear_2x1_f64).
#pragma once

#include "../weights/files.hpp"

namespace test {

constexpr auto linear_2x1_f32 = safetensors(
    R"({"bias":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
    R"("weight":{"dtype":"F32","shape":[1,2],"data_offsets":[4,12]}})",
    "\x00\x00\x00\x3f"
    "\x00\x00\x80\x3f\x00\x00\x00\x40");
constexpr auto linear_2x1_f64 = safetensors(
    R"({"bias":{"dtype":"F64","shape":[1],"data_offsets":[0,8]},)"
    R"("weight":{"dtype":"F64","shape":[1,2],"data_offsets":[8,24]}})",
    "\x00\x00\x00\x00\x00\x00\xe0\x3f"
    "\x00\x00\x00\x00\x00\x00\xf0\x3f\x00\x00\x00\x00\x00\x00\x00\x40");

}  // namespace test
