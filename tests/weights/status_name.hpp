// SPDX-License-Identifier: BSL-1.0
// The name of each cta::weights::status as the enumeration spells it, which files.manifest uses
// (weights_files_test.cpp, generator/describe_statuses.cpp).
#pragma once

#include <cta/weights.hpp>

namespace test {

/// The status's name in the enumeration.
inline const char* status_name(cta::weights::status s) {
    switch (s) {
    case cta::weights::status::ok: return "ok";
    case cta::weights::status::truncated: return "truncated";
    case cta::weights::status::bad_magic: return "bad_magic";
    case cta::weights::status::unsupported_version: return "unsupported_version";
    case cta::weights::status::header_too_long: return "header_too_long";
    case cta::weights::status::header_not_terminated: return "header_not_terminated";
    case cta::weights::status::malformed_header: return "malformed_header";
    case cta::weights::status::bad_shape: return "bad_shape";
    case cta::weights::status::unsupported_dtype: return "unsupported_dtype";
    case cta::weights::status::big_endian: return "big_endian";
    case cta::weights::status::data_size_mismatch: return "data_size_mismatch";
    case cta::weights::status::offsets_out_of_range: return "offsets_out_of_range";
    case cta::weights::status::overlapping_offsets: return "overlapping_offsets";
    case cta::weights::status::uncovered_data: return "uncovered_data";
    case cta::weights::status::duplicate_name: return "duplicate_name";
    case cta::weights::status::missing_tensor: return "missing_tensor";
    case cta::weights::status::shape_mismatch: return "shape_mismatch";
    case cta::weights::status::dtype_mismatch: return "dtype_mismatch";
    case cta::weights::status::unexpected_tensor: return "unexpected_tensor";
    case cta::weights::status::too_many_tensors: return "too_many_tensors";
    }
    return "?";
}
/// The last status that loading one tensor gives (try_load, try_load_npy): the corpus of files has a file for each up
/// to it. unexpected_tensor and too_many_tensors come from loading a module (cta::pytorch::try_load, tests/pytorch).
inline constexpr auto last_status = cta::weights::status::dtype_mismatch;

}  // namespace test
