# SPDX-License-Identifier: BSL-1.0
# A proof of many inputs, spread over translation units that build in parallel (and, with a distributed compiler
# such as distcc as CMAKE_CXX_COMPILER_LAUNCHER, on other machines):
#
#   cta_add_proof(<target> HEADER <file> CHECK <expression> INPUTS <input>... [SHARDS <n>] [EXCLUDE_FROM_ALL])
#
# adds the object library <target> of <n> translation units (default: one per 8 inputs), written at configure time
# into <current binary dir>/cta_proof/<target>/: shard_<k>.cpp includes HEADER (relative paths are from the current
# source directory) and holds, for each of its inputs, one
#
#   static_assert(<CHECK with @INPUT@ replaced by the input>, "<target>: <input>");
#
# The inputs go to the shards in order, as evenly as they divide (shard sizes differ by at most one). Building
# <target> is the proof: a false check, or one that is not a constant expression, is a build error naming the
# input. Link what the header needs (target_link_libraries(<target> PRIVATE cta::cta ...)) and give it its data
# (cta_add_weights(<target> BYTES ...)) as for any target. Shards are rewritten only when their text changes.
# Included by cta-config.cmake and by cta's CMakeLists.txt.
include_guard(GLOBAL)

function(cta_add_proof target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "EXCLUDE_FROM_ALL" "HEADER;CHECK;SHARDS" "INPUTS")
  set(where "cta_add_proof(${target})")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_HEADER)
    message(FATAL_ERROR "${where}: give the header the checks need: HEADER <file>")
  endif()
  if(NOT arg_CHECK MATCHES "@INPUT@")
    message(FATAL_ERROR "${where}: CHECK must be an expression with @INPUT@ where each input goes, not "
                        "'${arg_CHECK}'")
  endif()
  list(LENGTH arg_INPUTS count)
  if(count EQUAL 0)
    message(FATAL_ERROR "${where}: give the inputs: INPUTS <input>...")
  endif()
  if(NOT DEFINED arg_SHARDS)
    math(EXPR arg_SHARDS "(${count} + 7) / 8")
  endif()
  if(NOT arg_SHARDS MATCHES "^[1-9][0-9]*$" OR arg_SHARDS GREATER count)
    message(FATAL_ERROR "${where}: SHARDS must be a number from 1 to the count of inputs (${count}), not "
                        "'${arg_SHARDS}'")
  endif()
  get_filename_component(header "${arg_HEADER}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")

  set(dir "${CMAKE_CURRENT_BINARY_DIR}/cta_proof/${target}")
  set(sources "")
  math(EXPR last_shard "${arg_SHARDS} - 1")
  set(first 0)
  foreach(k RANGE ${last_shard})
    # Shard k holds inputs [first, end): count / shards each, one more for the first count % shards.
    math(EXPR end "${first} + ${count} / ${arg_SHARDS}")
    math(EXPR extra "${count} % ${arg_SHARDS}")
    if(k LESS extra)
      math(EXPR end "${end} + 1")
    endif()
    math(EXPR last "${end} - 1")
    set(text "// Written by cta_add_proof (cmake/cta_proof.cmake): shard ${k} of ${arg_SHARDS} of ${target}.\n")
    string(APPEND text "#include \"${header}\"\n\n")
    foreach(i RANGE ${first} ${last})
      list(GET arg_INPUTS ${i} input)
      string(REPLACE "@INPUT@" "${input}" check "${arg_CHECK}")
      string(REPLACE "\\" "\\\\" label "${input}")
      string(REPLACE "\"" "\\\"" label "${label}")
      string(APPEND text "static_assert(${check}, \"${target}: ${label}\");\n")
    endforeach()
    set(shard "${dir}/shard_${k}.cpp")
    set(old "")
    if(EXISTS "${shard}")
      file(READ "${shard}" old)
    endif()
    if(NOT old STREQUAL text)
      file(WRITE "${shard}" "${text}")
    endif()
    list(APPEND sources "${shard}")
    set(first ${end})
  endforeach()
  set(exclude "")
  if(arg_EXCLUDE_FROM_ALL)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  add_library(${target} OBJECT ${exclude} ${sources})
endfunction()
