# SPDX-License-Identifier: BSL-1.0
# The stack that a call takes, from the call graph that arm-none-eabi-g++ writes with -fcallgraph-info=su (included
# by embedded_figures.cmake, and by digits_figures.cmake and digits_int8_figures.cmake through
# digits_firmware_figures.cmake).
#
# cta_read_call_graph(<file>), a macro: reads the graph <file> (a .ci file: a node for each function, "<bytes> bytes
# (static)" in the label of those compiled in that unit, and an edge for each call) and sets, in the caller's scope,
# call_graph_name (the file's name), nodes (each function's title), frames (each one's frame, 0 for a function of
# another unit: libgcc's, the C library's) and calls_<index> (the nodes that node <index> calls). Stops the script if
# a frame is not of a fixed size or a call names a function the graph does not list.
# cta_deepest(<index> <out>): sets <out> to the deepest stack of a call of node <index>: its frame, and the deepest of
# the calls it makes; stops the script if the function calls itself, through other functions or not. The results are
# kept (global properties) until the script reads another graph.
macro(cta_read_call_graph file)
  # A new graph: the results of cta_deepest kept for the one read before no longer hold.
  get_property(_cta_graph GLOBAL PROPERTY cta_call_graph_count)
  if("${_cta_graph}" STREQUAL "")
    set(_cta_graph 0)
  endif()
  math(EXPR _cta_graph "${_cta_graph} + 1")
  set_property(GLOBAL PROPERTY cta_call_graph_count ${_cta_graph})
  file(READ "${file}" _cta_graph)
  get_filename_component(call_graph_name "${file}" NAME)
  # As a CMake list, with ";" and the brackets of "[with T = ...]" (which a list does not split) replaced.
  string(REPLACE ";" "," _cta_graph "${_cta_graph}")
  string(REPLACE "[" "(" _cta_graph "${_cta_graph}")
  string(REPLACE "]" ")" _cta_graph "${_cta_graph}")
  string(REPLACE "\n" ";" _cta_graph "${_cta_graph}")
  set(nodes "")
  set(frames "")
  set(_cta_edges "")
  foreach(_cta_line IN LISTS _cta_graph)
    if(_cta_line MATCHES "^node: { title: \"([^\"]+)\" label: \"([^\"]*)\"")
      list(APPEND nodes "${CMAKE_MATCH_1}")
      set(_cta_label "${CMAKE_MATCH_2}")
      if(_cta_label MATCHES "\\\\n([0-9]+) bytes \\(([a-z,]+)\\)")
        if(NOT CMAKE_MATCH_2 STREQUAL "static")
          message(FATAL_ERROR "a frame of ${call_graph_name} is not of a fixed size (${CMAKE_MATCH_2}): ${_cta_label}")
        endif()
        list(APPEND frames "${CMAKE_MATCH_1}")
      else()
        list(APPEND frames 0)  # a function of another unit: libgcc's, or keep
      endif()
    elseif(_cta_line MATCHES "^edge: { sourcename: \"([^\"]+)\" targetname: \"([^\"]+)\"")
      list(APPEND _cta_edges "${CMAKE_MATCH_1}>${CMAKE_MATCH_2}")
    endif()
  endforeach()
  foreach(_cta_edge IN LISTS _cta_edges)
    string(REGEX MATCH "^([^>]*)>(.*)$" _cta_parsed "${_cta_edge}")
    list(FIND nodes "${CMAKE_MATCH_1}" _cta_caller)
    list(FIND nodes "${CMAKE_MATCH_2}" _cta_callee)
    if(_cta_caller EQUAL -1 OR _cta_callee EQUAL -1)
      message(FATAL_ERROR "${call_graph_name}: a call between functions it does not list: ${_cta_edge}")
    endif()
    list(APPEND calls_${_cta_caller} ${_cta_callee})
  endforeach()
endmacro()

function(cta_deepest index out)
  get_property(graph GLOBAL PROPERTY cta_call_graph_count)
  set(key cta_deepest_${graph}_${index})
  get_property(value GLOBAL PROPERTY ${key})  # unset, not empty, before the first visit
  if("${value}" STREQUAL "visiting")
    list(GET nodes ${index} name)
    message(FATAL_ERROR "${call_graph_name}: ${name} calls itself, through other functions or not")
  elseif(NOT "${value}" STREQUAL "")
    set(${out} ${value} PARENT_SCOPE)
    return()
  endif()
  set_property(GLOBAL PROPERTY ${key} visiting)
  list(GET frames ${index} value)
  set(most 0)
  foreach(callee IN LISTS calls_${index})
    cta_deepest(${callee} depth)
    if(depth GREATER most)
      set(most ${depth})
    endif()
  endforeach()
  math(EXPR value "${value} + ${most}")
  set_property(GLOBAL PROPERTY ${key} ${value})
  set(${out} ${value} PARENT_SCOPE)
endfunction()
