# SPDX-License-Identifier: BSL-1.0
# cta_project_options: the flags of the project's own targets (tests, examples), never of consumers.
add_library(cta_project_options INTERFACE)
target_link_libraries(cta_project_options INTERFACE cta::cta)
# Clang: -flax-vector-conversions=none, so that the vector kernels convert between vector types only where they say so
# (a user's build may pass it).
target_compile_options(cta_project_options INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang,AppleClang>:-Wall -Wextra -Wpedantic -Wconversion -Wshadow>
  $<$<CXX_COMPILER_ID:Clang,AppleClang>:-flax-vector-conversions=none>
  $<$<AND:$<BOOL:${CTA_WARNINGS_AS_ERRORS}>,$<CXX_COMPILER_ID:GNU,Clang,AppleClang>>:-Werror>)
target_include_directories(cta_project_options INTERFACE "${PROJECT_SOURCE_DIR}/examples")
