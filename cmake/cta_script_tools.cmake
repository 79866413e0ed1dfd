# SPDX-License-Identifier: BSL-1.0
# Helpers of the test scripts that compile and run programs themselves (cmake -P): tests/finite_math,
# tests/inlining, tests/mixed_targets.
#   cta_script_compile_flags(<out>)      -std=c++20, FLAGS (separated by spaces) and -I for each directory of
#                                        INCLUDES (separated by "|", since ";" would split a test's argument)
#   cta_script_run(<program> <what>)     runs <program>, prints its output, fails (naming <what>) unless it exits 0
function(cta_script_compile_flags out)
  separate_arguments(flags UNIX_COMMAND "${FLAGS}")
  string(REPLACE "|" ";" includes "${INCLUDES}")
  set(result -std=c++20 ${flags})
  foreach(dir IN LISTS includes)
    list(APPEND result "-I${dir}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(cta_script_run program what)
  execute_process(COMMAND "${program}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  message("${what}:\n${output}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what}: the program's checks failed (exit code ${result})")
  endif()
endfunction()
