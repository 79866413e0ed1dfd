// SPDX-License-Identifier: BSL-1.0
// The tests are compiled in the standard their configuration names: CTA_TEST_STANDARD is CMAKE_CXX_STANDARD (20 when
// unset). __cplusplus is 202002L in C++20; C++23 is above it and at most 202302L (GCC 12 and Clang 16 say 202100L and
// 202101L, Clang 19 and later 202302L); C++26 is above 202302L.
#ifndef CTA_TEST_STANDARD
#error "CTA_TEST_STANDARD: the standard of the configuration (20, 23 or 26)"
#elif CTA_TEST_STANDARD == 20
static_assert(__cplusplus == 202002L, "the configuration names C++20, the compiler is in another standard");
#elif CTA_TEST_STANDARD == 23
static_assert(__cplusplus > 202002L && __cplusplus <= 202302L,
              "the configuration names C++23, the compiler is in another standard");
#elif CTA_TEST_STANDARD == 26
static_assert(__cplusplus > 202302L, "the configuration names C++26, the compiler is in another standard");
#else
#error "CTA_TEST_STANDARD: 20, 23 or 26"
#endif
