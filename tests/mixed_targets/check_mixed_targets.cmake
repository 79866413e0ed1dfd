# SPDX-License-Identifier: BSL-1.0
# Builds the program of tests/mixed_targets and checks it: unit.cpp once for x86-64's baseline and once with
# -march=x86-64-v4, main.cpp for the baseline, linked with the x86-64-v4 unit first. In the program's code
# (objdump -d), every function that the baseline unit's functions call, directly or through other functions, must
# be baseline code: no AVX instruction (mnemonics beginning with v, the ymm and zmm registers, AVX-512's mask
# registers). So that the check can fail, the wide unit's functions must reach AVX code. Then the program runs (it
# calls only the baseline unit) and compares with the compile-time results.
# COMPILER, FLAGS (separated by spaces), INCLUDES ("|"-separated), SOURCE_DIR, WORK_DIR, OBJDUMP.
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cta_script_tools.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
cta_script_compile_flags(compile_flags)
function(compile output source)
  execute_process(COMMAND "${COMPILER}" ${compile_flags} ${ARGN} -c "${SOURCE_DIR}/${source}"
                          -o "${WORK_DIR}/${output}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output_text ERROR_VARIABLE output_text)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${source} ${ARGN} did not compile:\n${output_text}")
  endif()
endfunction()
compile(wide.o unit.cpp -march=x86-64-v4 -DCTA_MIXED_PREFIX=wide_)
compile(baseline.o unit.cpp -DCTA_MIXED_PREFIX=baseline_)
compile(main.o main.cpp)
set(program "${WORK_DIR}/mixed_targets")
execute_process(COMMAND "${COMPILER}" ${flags} "${WORK_DIR}/wide.o" "${WORK_DIR}/baseline.o" "${WORK_DIR}/main.o"
                        -o "${program}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output_text ERROR_VARIABLE output_text)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the program did not link:\n${output_text}")
endif()

execute_process(COMMAND "${OBJDUMP}" -d --no-show-raw-insn "${program}" RESULT_VARIABLE result
                OUTPUT_VARIABLE code ERROR_VARIABLE error_text)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} failed:\n${error_text}")
endif()
# The functions' code, by name: "<address> <name>:" starts a function.
string(REPLACE ";" "," code "${code}")
string(REGEX REPLACE "\n([0-9a-f]+) <([^>]+)>:" "\n@@\\2@@" code "${code}")
string(REPLACE "\n@@" ";@@" blocks "${code}")
set(names "")
foreach(block IN LISTS blocks)
  if(block MATCHES "^@@([^@]+)@@")
    set(name "${CMAKE_MATCH_1}")
    string(MAKE_C_IDENTIFIER "${name}" key)
    set("body_${key}" "${block}")
    list(APPEND names "${name}")
  endif()
endforeach()

# The functions reached from `root` by calls and jumps to other functions (not through the PLT).
function(reached root out)
  set(todo "${root}")
  set(seen "")
  while(todo)
    list(POP_FRONT todo name)
    if(name IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${name}")
    string(MAKE_C_IDENTIFIER "${name}" key)
    string(REGEX MATCHALL "(call|jmp)[a-z]*[ \t]+(0x)?[0-9a-f]+ <[^>+@]+>" targets "${body_${key}}")
    foreach(target IN LISTS targets)
      string(REGEX REPLACE ".*<([^>+@]+)>" "\\1" callee "${target}")
      if(NOT callee STREQUAL name AND callee IN_LIST names)
        list(APPEND todo "${callee}")
      endif()
    endforeach()
  endwhile()
  set(${out} "${seen}" PARENT_SCOPE)
endfunction()

# The AVX instructions of the functions reached from `root`, one line each with its function.
function(avx_lines root out)
  reached("${root}" functions)
  set(lines "")
  set(library 0)
  foreach(name IN LISTS functions)
    if(name MATCHES "^_ZN3cta")
      math(EXPR library "${library} + 1")
    endif()
    string(MAKE_C_IDENTIFIER "${name}" key)
    string(REGEX MATCHALL "\n[ 0-9a-f]+:[ \t]+(v[a-z0-9]+|[a-z0-9]+[^\n]*%[yz]mm[0-9]+|k[a-z]+[ \t][^\n]*%k[0-7])[^\n]*"
           found "${body_${key}}")
    foreach(line IN LISTS found)
      string(STRIP "${line}" line)
      list(APPEND lines "${name}: ${line}")
    endforeach()
  endforeach()
  list(LENGTH functions count)
  set(${out} "${lines}" PARENT_SCOPE)
  set(${out}_functions "${count}" PARENT_SCOPE)
  set(${out}_library "${library}" PARENT_SCOPE)
endfunction()

avx_lines(wide_softmax wide)
avx_lines(baseline_softmax baseline)
avx_lines(baseline_self_attention baseline_attention)
list(LENGTH wide wide_count)
list(LENGTH baseline baseline_count)
list(LENGTH baseline_attention attention_count)
message("wide_softmax reaches ${wide_functions} functions (${wide_library} of cta), ${wide_count} AVX instructions")
message("baseline_softmax reaches ${baseline_functions} functions (${baseline_library} of cta), "
        "${baseline_count} AVX instructions")
message("baseline_self_attention reaches ${baseline_attention_functions} functions (${baseline_attention_library} "
        "of cta), ${attention_count} AVX instructions")
if(wide_count EQUAL 0 OR wide_library EQUAL 0 OR baseline_library EQUAL 0 OR baseline_attention_library EQUAL 0)
  message(FATAL_ERROR "the units do not call out-of-line functions of cta, or the wide one has no AVX code: the "
                      "check would prove nothing")
endif()
if(baseline_count GREATER 0 OR attention_count GREATER 0)
  list(APPEND baseline ${baseline_attention})
  list(SUBLIST baseline 0 20 first)
  string(REPLACE ";" "\n" first "${first}")
  message(FATAL_ERROR "the baseline unit reaches AVX code (the linker kept the wide unit's copy):\n${first}")
endif()

cta_script_run("${program}" "the program, which calls the baseline unit")
