# SPDX-License-Identifier: BSL-1.0
# CTA_HAVE_EMBED: whether the compiler reads `#embed` in C++ with the project's strict flags (-Wall -Wextra
# -Wpedantic -Werror), the extension warning silenced as the sources silence it. Clang 19 and later take #embed in
# C++20 as an extension and warn under -Wpedantic ("#embed is a Clang extension", -Wc23-extensions); the sources that
# use it put `#pragma clang diagnostic ignored "-Wc23-extensions"` around it, and so does this check. The tests and
# the example of the #embed route (tests/weights/embed_proof.cpp, tests/compile_fail/weights_embed_*.cpp,
# examples/weights/) are added only where it is ON: with the presets used, those of Clang 22; not gcc (GCC 12) nor
# clang (Clang 14), which have no #embed, nor those of Clang 19, which reads a first byte of 0x80 or more as a negative
# int ("constant expression evaluates to -128 which cannot be narrowed to type 'unsigned char'"): the check's file
# starts with the byte 0xFF.
include_guard(GLOBAL)
include(CheckCXXSourceCompiles)

function(_cta_check_embed)
  set(dir "${CMAKE_BINARY_DIR}/cta_check_embed")
  string(ASCII 255 98 99 three_bytes)  # 0xFF, 'b', 'c'
  file(WRITE "${dir}/three_bytes.bin" "${three_bytes}")
  if(NOT DEFINED CMAKE_CXX_STANDARD)
    set(CMAKE_CXX_STANDARD 20)
  endif()
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    set(CMAKE_REQUIRED_FLAGS "-Wall -Wextra -Wpedantic -Werror")
  endif()
  check_cxx_source_compiles("
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored \"-Wc23-extensions\"
#endif
static constexpr unsigned char bytes[] = {
#embed \"${dir}/three_bytes.bin\"
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
static_assert(sizeof bytes == 3 && bytes[0] == 0xFF && bytes[2] == 'c');
int main() { return 0; }
" CTA_HAVE_EMBED)
endfunction()
_cta_check_embed()
