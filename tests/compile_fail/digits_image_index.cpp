// SPDX-License-Identifier: BSL-1.0
// The digits classifier's proof (examples/digits, docs/digits.md): a test image's index is below the count of test
// images; one that is not stops the build, naming the index and the count.
#include "digits_proof.hpp"

#ifdef CTA_COMPILE_FAIL
[[maybe_unused]] constexpr bool proven = digits::proof::predicts_as_pytorch<float>(360);
#else
[[maybe_unused]] constexpr bool proven = digits::proof::predicts_as_pytorch<float>(359);
#endif
