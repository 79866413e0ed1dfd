// SPDX-License-Identifier: BSL-1.0
// The seed tutorial's data (sections 3 and 4): three tokens of four numbers and the three 4 x 3 weight matrices.
// Shared by the examples and the tests.
#pragma once

#include <cta/matrix.hpp>

namespace seed {

// Section 3: Input 1, 2 and 3, one token per row.
inline constexpr cta::matrix<int, 3, 4> inputs{{
    {1, 0, 1, 0},
    {0, 2, 0, 2},
    {1, 1, 1, 1},
}};

// Section 4: the weights, each 4 x 3 (the input size by the key/query/value size). The types are spelled out
// (rather than deduced, as examples/quick_start.cpp shows) so that GCC places them in read-only memory on embedded
// targets.
inline constexpr cta::matrix<int, 4, 3> w_key{{
    {0, 0, 1},
    {1, 1, 0},
    {0, 1, 0},
    {1, 1, 0},
}};
inline constexpr cta::matrix<int, 4, 3> w_query{{
    {1, 0, 1},
    {1, 0, 0},
    {0, 0, 1},
    {0, 1, 1},
}};
inline constexpr cta::matrix<int, 4, 3> w_value{{
    {0, 2, 0},
    {0, 3, 0},
    {1, 0, 3},
    {1, 1, 0},
}};

}  // namespace seed
