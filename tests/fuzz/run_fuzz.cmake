# Runs the libFuzzer target FUZZER for a bounded run (RUNS inputs or SECONDS seconds, whichever comes first) with a
# fixed seed, from a fresh working corpus in WORK_DIR/corpus plus the committed seed corpus SEED_CORPUS, which is only
# read (libFuzzer writes new inputs to the first directory). Crashes go to WORK_DIR/artifacts/. Prints the number of
# inputs run and the time; fails if the target found a problem. Run by the test fuzz.run (tests/fuzz/CMakeLists.txt).
file(REMOVE_RECURSE "${WORK_DIR}/corpus")
file(MAKE_DIRECTORY "${WORK_DIR}/corpus" "${WORK_DIR}/artifacts")
string(TIMESTAMP start "%s")
execute_process(COMMAND "${FUZZER}" -seed=1 "-runs=${RUNS}" "-max_total_time=${SECONDS}" -print_final_stats=1
                        "-artifact_prefix=${WORK_DIR}/artifacts/" "${WORK_DIR}/corpus" "${SEED_CORPUS}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
string(TIMESTAMP end "%s")
math(EXPR elapsed "${end} - ${start}")
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${output}\nThe fuzz target found a problem (exit code ${result}); its input is in "
                      "${WORK_DIR}/artifacts/. Once understood and fixed, copy it to tests/fuzz/regressions/.")
endif()
set(executions "?")
if(output MATCHES "stat::number_of_executed_units: *([0-9]+)")
  set(executions "${CMAKE_MATCH_1}")
endif()
set(corpus_size "?")
if(output MATCHES "INITED[^\n]*corp: ([0-9]+)")
  set(corpus_size "${CMAKE_MATCH_1}")
endif()
file(GLOB new_inputs "${WORK_DIR}/corpus/*")
list(LENGTH new_inputs new_count)
message("fuzz: ${executions} executions in ${elapsed} s, no failure (${corpus_size} inputs in the corpus after "
        "reading the seeds, ${new_count} new inputs found)")
