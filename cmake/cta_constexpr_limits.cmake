# SPDX-License-Identifier: BSL-1.0
# Raises the compiler's budgets for constant evaluation on one target, for programs that compute larger models
# at compile time than the compilers' default budgets allow:
#
#   cta_raise_constexpr_limits(<target> [STEPS <n>] [OPS <n>] [LOOP <n>] [DEPTH <n>])
#
# adds PRIVATE compile options to <target> (opt-in: linking cta::cta changes no limit):
#
#   option  flag                              compiler  default here  compiler's default
#   STEPS   -fconstexpr-steps=<n>             Clang     16777216      1048576   (16 x)
#   OPS     -fconstexpr-ops-limit=<n>         GCC       536870912     33554432  (16 x)
#   LOOP    -fconstexpr-loop-limit=<n>        GCC       4194304       262144    (16 x)
#   DEPTH   -fconstexpr-depth=<n>             both      1024          512       (2 x)
#
# STEPS (Clang) and OPS (GCC) bound the whole evaluation of one constant expression; LOOP (GCC) bounds the
# iterations of one loop; DEPTH bounds nested constexpr calls. DEPTH grows only 2 x because each nested call uses
# the compiler's own stack: Clang 14 with an 8 MiB stack crashes on a plain recursion of about 2000 calls.
# Evaluation time grows with the budget used (GCC 12 evaluates a few million operations per second).
# Other compilers get no option. Included by cta-config.cmake and by cta's CMakeLists.txt, so the function is
# there after find_package(cta), add_subdirectory and FetchContent alike.
include_guard(GLOBAL)

function(cta_raise_constexpr_limits target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "STEPS;OPS;LOOP;DEPTH" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "cta_raise_constexpr_limits(${target}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "cta_raise_constexpr_limits(${target}): ${arg_KEYWORDS_MISSING_VALUES} needs a value")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "cta_raise_constexpr_limits(${target}): there is no target named ${target}")
  endif()

  set(steps 16777216)
  set(ops 536870912)
  set(loop 4194304)
  set(depth 1024)
  foreach(limit STEPS OPS LOOP DEPTH)
    if(DEFINED arg_${limit})
      if(NOT arg_${limit} MATCHES "^[1-9][0-9]*$")
        message(FATAL_ERROR "cta_raise_constexpr_limits(${target}): ${limit} must be a positive integer, "
                            "not '${arg_${limit}}'")
      endif()
      string(TOLOWER "${limit}" name)
      set(${name} "${arg_${limit}}")
    endif()
  endforeach()

  target_compile_options("${target}" PRIVATE
    "$<$<COMPILE_LANG_AND_ID:CXX,Clang,AppleClang>:-fconstexpr-steps=${steps};-fconstexpr-depth=${depth}>"
    "$<$<COMPILE_LANG_AND_ID:CXX,GNU>:-fconstexpr-ops-limit=${ops};-fconstexpr-loop-limit=${loop};-fconstexpr-depth=${depth}>")
endfunction()
