# SPDX-License-Identifier: BSL-1.0
# docs/digits.md and docs/digits.zh.md against the program digits_int8: the section "In int8" states what it prints
# (the images classified otherwise than in float, the float model's margins there, one step of the int8 logits, how far
# they are from the float ones, the accuracy and the workspace's bytes). Stops naming the first sentence a page lacks.
#
#   cmake -DPROGRAM=<digits_int8> -DDOC=<docs/digits.md> -DZH=<docs/digits.zh.md> [-DDRIFT=ON]
#         -P check_int8_figures.cmake
#
# DRIFT=ON checks a copy of DOC with the first margin changed (the test .detects_drift, which expects the failure).
cmake_minimum_required(VERSION 3.25)
foreach(_var IN ITEMS PROGRAM DOC ZH)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_int8_figures.cmake: -D${_var}=... is required")
  endif()
endforeach()
execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE _out RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} failed (${_status}):\n${_out}")
endif()
string(REGEX MATCHALL "image [0-9]+: label [0-9]+, float class [0-9]+ \\(margin [0-9.]+\\)" _lines "${_out}")
set(_images "")
set(_margins "")
foreach(_line IN LISTS _lines)
  string(REGEX MATCH "^image ([0-9]+):.*\\(margin ([0-9.]+)\\)$" _ "${_line}")
  list(APPEND _images "${CMAKE_MATCH_1}")
  list(APPEND _margins "${CMAKE_MATCH_2}")
endforeach()
if(NOT _out MATCHES "mean \\|difference\\| ([0-9.]+), largest ([0-9.]+) \\(one step: ([0-9.]+)\\)")
  message(FATAL_ERROR "${PROGRAM} printed no line of the logits' differences:\n${_out}")
endif()
set(_mean "${CMAKE_MATCH_1}")
set(_largest "${CMAKE_MATCH_2}")
set(_step "${CMAKE_MATCH_3}")
if(NOT _out MATCHES "([0-9]+) of ([0-9]+) test images with int8_reference.py's class and logits, ([0-9]+) right \\(float: ([0-9]+)\\)\\; ([0-9]+) classified otherwise.* workspace ([0-9]+) bytes")
  message(FATAL_ERROR "${PROGRAM} printed no summary line:\n${_out}")
endif()
set(_count "${CMAKE_MATCH_2}")
set(_right "${CMAKE_MATCH_3}")
set(_float "${CMAKE_MATCH_4}")
set(_otherwise "${CMAKE_MATCH_5}")
set(_bytes "${CMAKE_MATCH_6}")
list(LENGTH _images _listed)
if(NOT _listed EQUAL _otherwise OR _listed LESS 2)
  message(FATAL_ERROR "${PROGRAM} lists ${_listed} images but says ${_otherwise} are classified otherwise")
endif()
# "a, b, c and d" (English), "a、b、c、d" (Chinese).
function(_joined out_en out_zh)
  set(items ${ARGN})
  list(POP_BACK items last)
  list(JOIN items ", " en)
  list(JOIN ARGN "、" zh)
  set(${out_en} "${en} and ${last}" PARENT_SCOPE)
  set(${out_zh} "${zh}" PARENT_SCOPE)
endfunction()
_joined(_images_en _images_zh ${_images})
_joined(_margins_en _margins_zh ${_margins})
string(LENGTH "${_bytes}" _len)
if(_len GREATER 3)
  math(EXPR _split "${_len} - 3")
  string(SUBSTRING "${_bytes}" 0 ${_split} _thousands)
  string(SUBSTRING "${_bytes}" ${_split} 3 _units)
  set(_bytes "${_thousands},${_units}")
endif()

file(READ "${DOC}" _doc)
if(DRIFT)
  string(REPLACE "by ${_margins_en}" "by 9${_margins_en}" _doc "${_doc}")
endif()
file(READ "${ZH}" _zh)
string(REGEX REPLACE "\n" " " _doc "${_doc}")
set(_en_sentences
    "classified otherwise than in float: ${_images_en}."
    "the largest logit leads the next by ${_margins_en}."
    "One step of the int8 logits is ${_step}"
    "${_mean} from the float ones on average, ${_largest} at most"
    "accuracy: ${_right} of ${_count} (float: ${_float})"
    "is ${_bytes} bytes.")
set(_zh_sentences
    "（${_images_zh}）"
    "领先 ${_margins_zh}）"
    "一步是 ${_step}"
    "平均差 ${_mean}，最大 ${_largest}"
    "${_right}/${_count}（float：${_float}）"
    "${_bytes} 字节")
foreach(_sentence IN LISTS _en_sentences)
  string(FIND "${_doc}" "${_sentence}" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "${DOC} does not say '${_sentence}', which ${PROGRAM} prints")
  endif()
endforeach()
foreach(_sentence IN LISTS _zh_sentences)
  string(FIND "${_zh}" "${_sentence}" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "${ZH} does not say '${_sentence}', which ${PROGRAM} prints")
  endif()
endforeach()
message("${DOC} and ${ZH} state what ${PROGRAM} prints")
