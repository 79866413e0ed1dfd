// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief Weight files as typed matrices, in a constant evaluation or at run time: NumPy's `.npy`
/// (`cta::weights::load_npy<M>(bytes)`) and `.safetensors` (`cta::weights::load<M>(bytes, "name")`), with their
/// `try_` forms that return the reason a file does not load (`cta::weights::result<M>`). Not in `<cta/cta.hpp>`.
/// docs/weights.md describes the formats, the dtypes, the conversion rule and the errors.
#pragma once

#include <cta/weights/dtype.hpp>
#include <cta/weights/json.hpp>
#include <cta/weights/npy.hpp>
#include <cta/weights/result.hpp>
#include <cta/weights/safetensors.hpp>
