# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM (precondition_stops) with RULE and requires: for RULE "none", that it returns 0 having printed "not
# stopped"; for a precondition, that it printed "breaking RULE" (it knows the rule and reached the call that breaks
# it) and then stopped there (__builtin_trap: a signal, no "not stopped"). Run by the tests
# quantized.precondition.<rule>, and by weights.load_stops.<case> with PROGRAM tests/weights/load_stops.cpp (a file
# that does not load, at run time).
#   cmake -DPROGRAM=<precondition_stops> -DRULE=<rule> -P expect_precondition_stop.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND "${PROGRAM}" "${RULE}" RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(RULE STREQUAL "none")
  if(NOT result EQUAL 0 OR NOT output MATCHES "not stopped")
    message(FATAL_ERROR "With no rule broken, the program should return 0 (result: ${result}):\n${output}")
  endif()
  message("With no rule broken, the program runs to its end:\n${output}")
  return()
endif()
if(result EQUAL 0 OR output MATCHES "not stopped")
  message(FATAL_ERROR "Breaking ${RULE} did not stop the program (result: ${result}):\n${output}")
endif()
if(NOT output MATCHES "breaking ${RULE}\n")
  message(FATAL_ERROR "The program stopped (result: ${result}) without reaching the call that breaks ${RULE}:\n"
                      "${output}")
endif()
message("Breaking ${RULE} stops the program (result: ${result}):\n${output}")
