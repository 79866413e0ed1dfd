# SPDX-License-Identifier: BSL-1.0
# How the headers under INCLUDE_DIR ask whether they are being constant-evaluated: only through
# cta::detail::is_constant_evaluated() (include/cta/detail/target.hpp, the compilers' builtin). libstdc++ 12 writes
# std::is_constant_evaluated() with `if consteval` in C++23, which Clang 14 takes as true at run time: a header that
# called it would skip its run-time code there. Fails naming each header and line that spells
# std::is_constant_evaluated or `if consteval` in code (comments are not read). Run by headers.constant_evaluation
# and headers.constant_evaluation.detects_std (tests/CMakeLists.txt).
#   cmake -DINCLUDE_DIR=<include> -P check_constant_evaluation.cmake
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/*.hpp")
set(found "")
list(LENGTH headers count)
foreach(header IN LISTS headers)
  file(STRINGS "${INCLUDE_DIR}/${header}" lines)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    string(REGEX REPLACE "//.*$" "" code "${line}")
    if(code MATCHES "std::is_constant_evaluated|if[ \t]+!?[ \t]*consteval")
      list(APPEND found "${header}:${number}")
      message("asks std::is_constant_evaluated or if consteval: ${header}:${number}")
    endif()
  endforeach()
endforeach()
list(LENGTH found found_count)
message("${count} headers, ${found_count} lines that do not use cta::detail::is_constant_evaluated()")
if(count EQUAL 0)
  message(FATAL_ERROR "no header found under ${INCLUDE_DIR}")
endif()
if(found_count GREATER 0)
  string(REPLACE ";" "\n  " found "${found}")
  message(FATAL_ERROR "use cta::detail::is_constant_evaluated() instead at:\n  ${found}")
endif()
