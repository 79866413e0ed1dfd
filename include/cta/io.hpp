// SPDX-License-Identifier: BSL-1.0
/// @file
/// @brief All of printing with `<ostream>`: matrices, arrays of matrices and a fixed number of decimals
/// (`<cta/io_matrix.hpp>`), and the steps of attention by name (`<cta/io_steps.hpp>`, which brings
/// `<cta/attention_steps.hpp>`, `<cta/multi_head_steps.hpp>` and Boost.Hana). To print matrices alone, include
/// `<cta/io_matrix.hpp>`: it needs only `<cta/matrix.hpp>` and the standard stream headers.
#pragma once

#include <cta/io_matrix.hpp>
#include <cta/io_steps.hpp>
