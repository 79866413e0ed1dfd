# SPDX-License-Identifier: BSL-1.0
# Runs the figures program into OUTPUT_DIR and compares every file it writes with the committed one in
# REFERENCE_DIR, byte for byte; fails naming each stale, missing or extra figure. Run by the test docs.figures.
#
#   cmake -DPROGRAM=<figures> -DOUTPUT_DIR=<scratch dir> -DREFERENCE_DIR=<source>/docs/figures -P check_figures.cmake
cmake_minimum_required(VERSION 3.25)

foreach(_var PROGRAM OUTPUT_DIR REFERENCE_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_figures.cmake: -D${_var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${OUTPUT_DIR}")
execute_process(COMMAND "${PROGRAM}" "${OUTPUT_DIR}" RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${OUTPUT_DIR} failed (${result}):\n${out}${err}")
endif()

file(GLOB generated RELATIVE "${OUTPUT_DIR}" "${OUTPUT_DIR}/*.svg")
file(GLOB committed RELATIVE "${REFERENCE_DIR}" "${REFERENCE_DIR}/*.svg")
list(SORT generated)
list(SORT committed)
if(NOT generated)
  message(FATAL_ERROR "${PROGRAM} wrote no .svg file into ${OUTPUT_DIR}")
endif()

set(problems "")
foreach(name IN LISTS generated)
  if(NOT EXISTS "${REFERENCE_DIR}/${name}")
    string(APPEND problems "  ${name}: missing from ${REFERENCE_DIR}\n")
    continue()
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUTPUT_DIR}/${name}" "${REFERENCE_DIR}/${name}"
                  RESULT_VARIABLE differs OUTPUT_QUIET ERROR_QUIET)
  if(differs)
    string(APPEND problems "  ${name}: stale (differs from ${OUTPUT_DIR}/${name})\n")
  endif()
endforeach()
foreach(name IN LISTS committed)
  if(NOT name IN_LIST generated)
    string(APPEND problems "  ${name}: not made by the program (remove it from ${REFERENCE_DIR})\n")
  endif()
endforeach()

list(LENGTH generated count)
if(problems)
  message("The committed figures do not match what the program draws now:\n${problems}")
  message(FATAL_ERROR "Stale figures in ${REFERENCE_DIR}. Regenerate them with\n"
                      "  cmake --build <build dir> --target cta_update_figures")
endif()
message("All ${count} figures in ${REFERENCE_DIR} match the program's output.")
