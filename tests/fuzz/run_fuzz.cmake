# SPDX-License-Identifier: BSL-1.0
# Runs the libFuzzer target FUZZER for a bounded run of RUNS inputs with a fixed seed (no bound in seconds, which
# would make what is run depend on the machine's speed and load), from a fresh working corpus in WORK_DIR/corpus
# plus the committed seed corpus SEED_CORPUS, which is only read (libFuzzer writes new inputs to the first
# directory). Crashes go to WORK_DIR/artifacts/. Prints the number of inputs run and the time; fails if the target
# found a problem or stopped before RUNS inputs. MAX_LEN, if given, bounds the length of the inputs (libFuzzer's
# -max_len; longer seeds are read up to it); REGRESSIONS names the directory a crash's input is to be copied to
# (tests/fuzz/regressions/ if not given). Run by the tests fuzz.run and fuzz.weights_run (tests/fuzz/CMakeLists.txt).
file(REMOVE_RECURSE "${WORK_DIR}/corpus")
file(MAKE_DIRECTORY "${WORK_DIR}/corpus" "${WORK_DIR}/artifacts")
# The same inputs in every run: a fixed seed; no rereading of the corpus directory every second (-reload=0, a
# clock-driven step); and the same addresses (setarch -R turns off address-space randomisation for the run), as
# the coverage that libFuzzer records includes comparisons of addresses, which otherwise differ from run to run and
# steer it to other inputs.
find_program(SETARCH setarch)
set(same_addresses "")
if(SETARCH)
  execute_process(COMMAND "${SETARCH}" -R true RESULT_VARIABLE setarch_result OUTPUT_QUIET ERROR_QUIET)
  if(setarch_result EQUAL 0)
    set(same_addresses "${SETARCH}" -R)
  endif()
endif()
set(max_len "")
if(MAX_LEN)
  set(max_len "-max_len=${MAX_LEN}")
endif()
if(NOT REGRESSIONS)
  set(REGRESSIONS "tests/fuzz/regressions/")
endif()
get_filename_component(target_name "${FUZZER}" NAME)
string(TIMESTAMP start "%s")
execute_process(COMMAND ${same_addresses} "${FUZZER}" -seed=1 "-runs=${RUNS}" -reload=0 ${max_len}
                        -print_final_stats=1 "-artifact_prefix=${WORK_DIR}/artifacts/" "${WORK_DIR}/corpus"
                        "${SEED_CORPUS}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
string(TIMESTAMP end "%s")
math(EXPR elapsed "${end} - ${start}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${output}\nThe fuzz target found a problem (exit code ${result}); its input is in "
                      "${WORK_DIR}/artifacts/. Once understood and fixed, copy it to ${REGRESSIONS}.")
endif()
set(executions "?")
if(output MATCHES "stat::number_of_executed_units: *([0-9]+)")
  set(executions "${CMAKE_MATCH_1}")
endif()
if(NOT executions MATCHES "^[0-9]+$" OR executions LESS RUNS)
  message(FATAL_ERROR "${output}\nThe fuzz run stopped after ${executions} of ${RUNS} inputs.")
endif()
set(corpus_size "?")
if(output MATCHES "INITED[^\n]*corp: ([0-9]+)")
  set(corpus_size "${CMAKE_MATCH_1}")
endif()
file(GLOB new_inputs "${WORK_DIR}/corpus/*")
list(LENGTH new_inputs new_count)
if(same_addresses)
  set(addresses "address-space randomisation off")
else()
  set(addresses "setarch -R unavailable: address-space randomisation on, the inputs may differ between runs")
endif()
message("fuzz: ${executions} executions of ${target_name} in ${elapsed} s, no failure (${corpus_size} inputs in the "
        "corpus after reading the seeds, ${new_count} new inputs found; ${addresses})")
