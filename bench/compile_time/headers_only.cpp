// SPDX-License-Identifier: BSL-1.0
// Compile-time baseline: the library's headers and nothing else.
#include <cta/cta.hpp>
