// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief TensorFlow Lite model files: `cta::tflite::open(bytes)` reads a `.tflite` file's model, in a constant
/// evaluation or at run time, with no heap (<cta/tflite/model.hpp>), and `cta::tflite::load<M>(model, "name")` a
/// tensor as a typed matrix (<cta/tflite/tensor.hpp>), and `cta::tflite::program<bytes>` a model as a function,
/// evaluated as TensorFlow Lite Micro evaluates it (<cta/tflite/program.hpp>). Not in `<cta/cta.hpp>`.
/// docs/tflite.md describes the reader, the program and their errors.
#pragma once

#include <cta/tflite/flatbuffer.hpp>
#include <cta/tflite/model.hpp>
#include <cta/tflite/program.hpp>
#include <cta/tflite/tensor.hpp>
