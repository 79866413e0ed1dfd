# SPDX-License-Identifier: BSL-1.0
# bench/compile_time/quantized_activations.hpp against the program that writes it (quantized_activations.cpp, built
# with the sizes of docs/performance.md's table of the int8 self-attention): it passes when the header is the
# program's output, byte for byte, and otherwise stops naming the command that writes it again.
#
#   cmake -DPROGRAM=<the program> -DHEADER=<the header> [-DUPDATE=ON] [-DSTALE=ON] -P check_quantized_activations.cmake
#
# UPDATE=ON writes the header instead (the target update_quantized_activations); STALE=ON compares the program's
# output with a copy of the header whose first scale has one bit changed (the test .detects_stale, which expects the
# mismatch).
cmake_minimum_required(VERSION 3.25)
foreach(_var IN ITEMS PROGRAM HEADER)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_quantized_activations.cmake: -D${_var}=... is required")
  endif()
endforeach()
execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE _written RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "check_quantized_activations.cmake: ${PROGRAM} failed (${_status})")
endif()
if(UPDATE)
  file(WRITE "${HEADER}" "${_written}")
  message("wrote ${HEADER}")
  return()
endif()
file(READ "${HEADER}" _committed)
if(STALE)
  # The first scale's last hex digit, its lowest bit changed.
  string(FIND "${_committed}" "U, " _end)
  if(_end LESS 1)
    message(FATAL_ERROR "check_quantized_activations.cmake: ${HEADER} has no scale to change")
  endif()
  math(EXPR _at "${_end} - 1")
  string(SUBSTRING "${_committed}" ${_at} 1 _digit)
  math(EXPR _flipped "0x${_digit} ^ 1" OUTPUT_FORMAT HEXADECIMAL)
  string(SUBSTRING "${_flipped}" 2 -1 _flipped)
  string(TOLOWER "${_flipped}" _flipped)
  string(SUBSTRING "${_committed}" 0 ${_at} _before)
  string(SUBSTRING "${_committed}" ${_end} -1 _after)
  set(_committed "${_before}${_flipped}${_after}")
endif()
if(NOT _committed STREQUAL _written)
  message(FATAL_ERROR "${HEADER} is not what ${PROGRAM} writes (the quantization of the int8 self-attention's "
                      "activations at the sizes of docs/performance.md). Write it again with: cmake --build <build> "
                      "--target update_quantized_activations")
endif()
message("${HEADER} is what ${PROGRAM} writes")
