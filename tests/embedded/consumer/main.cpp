// SPDX-License-Identifier: BSL-1.0
// A firmware that gets cta as a user's project does, through the target cta::cta (CMakeLists.txt here: ROUTE is
// find_package, add_subdirectory or fetch_content), built with cmake/toolchains/arm-none-eabi-cortex-m4.cmake and
// run on QEMU's mps2-an386 board. The Cortex-M4 computes the seed's self-attention in float from copies of the
// inputs and weights whose values the compiler no longer knows, and compares it bit for bit with the compiler's
// (constexpr). Exit code 0 if every bit agrees, 1 otherwise.
#include <cstdint>
#include <cstdio>

// The C library's headers must be the target's, newlib's. <cstdio> reaches newlib's stdio.h, which defines
// __NEWLIB__ (through <sys/features.h>; arm-none-eabi-g++'s <cstdint> uses the compiler's own stdint.h). Were the
// host's /usr/include (which holds Boost on Debian) on the include path, glibc's stdint.h and stdio.h would be found
// first: they define __GLIBC__, not __NEWLIB__.
#if !defined(__NEWLIB__) || defined(__GLIBC__)
#error "the C library's headers are not newlib's: the host's C headers come first on the include path"
#endif

#include <cta/cta.hpp>

#include "line.hpp"
#include "seed.hpp"

#ifndef CTA_CONSUMER_ROUTE
#error "CMakeLists.txt defines CTA_CONSUMER_ROUTE, the way the firmware gets cta"
#endif

int main() {
    print_title("Cortex-M4, cta::cta through " CTA_CONSUMER_ROUTE " with the toolchain file");

    auto inputs = seed::inputs;
    auto w_query = seed::w_query;
    auto w_key = seed::w_key;
    auto w_value = seed::w_value;
    // From here on the compiler cannot know the copies' values: the attention is computed at run time.
    asm volatile("" : : "r"(&inputs), "r"(&w_query), "r"(&w_key), "r"(&w_value) : "memory");

    constexpr auto expected = cta::self_attention<float>(seed::inputs, seed::w_query, seed::w_key, seed::w_value);
    const auto outputs = cta::self_attention<float>(inputs, w_query, w_key, w_value);
    print_rows(outputs);
    const bool same = cta::identical(outputs, expected);
    (line{} << (same ? "float: identical to the compile-time outputs, bit for bit" : "float: DIFFERENT")).print();
    (line{} << (same ? "PASS" : "FAIL")).print();
    return same ? 0 : 1;
}
