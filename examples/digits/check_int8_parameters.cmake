# SPDX-License-Identifier: BSL-1.0
# The calibrated parameters are current: runs PROGRAM (digits_int8_calibrate) into OUT_DIR and compares what it writes,
# byte for byte, with HEADER and JSON (digits_int8_parameters.hpp and .json here). With MUTATE=ON it compares with a
# copy of HEADER whose first zero point is changed, which must be reported (the test .detects_stale).
#   cmake -DPROGRAM=... -DHEADER=... -DJSON=... -DOUT_DIR=... [-DMUTATE=ON] -P check_int8_parameters.cmake
file(MAKE_DIRECTORY "${OUT_DIR}")
execute_process(COMMAND "${PROGRAM}" "${OUT_DIR}/digits_int8_parameters.hpp" "${OUT_DIR}/digits_int8_parameters.json"
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "digits_int8_calibrate failed (${result})")
endif()
set(header "${HEADER}")
if(MUTATE)
  file(READ "${HEADER}" text)
  string(REGEX REPLACE "U, (-?[0-9]+)\\};" "U, 99};" text "${text}")  # every zero point; the first is enough
  set(header "${OUT_DIR}/mutated_digits_int8_parameters.hpp")
  file(WRITE "${header}" "${text}")
endif()
set(stale "")
foreach(pair "${header}|${OUT_DIR}/digits_int8_parameters.hpp" "${JSON}|${OUT_DIR}/digits_int8_parameters.json")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 committed)
  list(GET pair 1 written)
  file(READ "${committed}" a HEX)
  file(READ "${written}" b HEX)
  if(NOT a STREQUAL b)
    string(APPEND stale "  ${committed}\n")
  endif()
endforeach()
if(stale)
  message(FATAL_ERROR "digits-int8: the calibrated parameters differ from what digits_int8_calibrate writes:\n"
                      "${stale}(`cmake --build <build dir> --target update_digits_int8` writes them again)")
endif()
message(STATUS "digits-int8: the calibrated parameters are current")
