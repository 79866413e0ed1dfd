# SPDX-License-Identifier: BSL-1.0
# Runs PROGRAM and requires each line it prints in every page of PAGES (separated by commas), as a line of its own;
# fails naming each page and the lines it lacks. Run by docs.tflite_figures (and, on a changed copy, by
# docs.tflite_figures.detects_drift).
#
#   cmake -DPROGRAM=<cta_tflite_figures> -DPAGES=<page>,<page> -P check_page_rows.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE result OUTPUT_VARIABLE rows ERROR_VARIABLE err)
if(NOT result EQUAL 0 OR rows STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} failed (${result}):\n${err}")
endif()
string(REPLACE ";" "\\;" rows "${rows}")
string(REPLACE "\n" ";" rows "${rows}")
string(REPLACE "," ";" pages "${PAGES}")
set(problems "")
foreach(page IN LISTS pages)
  file(READ "${page}" text)
  string(REPLACE ";" "\\;" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  foreach(row IN LISTS rows)
    if(row STREQUAL "")
      continue()
    endif()
    list(FIND lines "${row}" at)
    if(at EQUAL -1)
      string(APPEND problems "${page} lacks the line the build writes:\n  ${row}\n")
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}(the lines come from ${PROGRAM}; write them into the pages)")
endif()
message("every page shows the ${PROGRAM} lines")
