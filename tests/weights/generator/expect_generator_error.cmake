# SPDX-License-Identifier: BSL-1.0
# Runs the generator on a file it must refuse and requires: an exit code of EXIT_CODE (1 for a file, 2 for the
# arguments), a message that matches EXPECT (the file, the tensor and the reason), and no header left: OUTPUT, which
# is first written with stale content, and OUTPUT.tmp must not exist afterwards. Run by the tests
# weights.generator.<case>.
#   cmake -DGENERATOR=<cta-weights> -DOUTPUT=<header> -DEXPECT=<regex> -DEXIT_CODE=<n> -DARGS=<arguments> \
#         -P expect_generator_error.cmake
cmake_minimum_required(VERSION 3.25)
file(WRITE "${OUTPUT}" "// a header of an earlier run\n")
execute_process(COMMAND "${GENERATOR}" ${ARGS} --output "${OUTPUT}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result STREQUAL "${EXIT_CODE}")
  message(FATAL_ERROR "cta-weights exited with ${result}, not ${EXIT_CODE}:\n${output}")
endif()
if(NOT output MATCHES "${EXPECT}")
  message(FATAL_ERROR "cta-weights's message does not match '${EXPECT}':\n${output}")
endif()
if(EXISTS "${OUTPUT}" OR EXISTS "${OUTPUT}.tmp")
  message(FATAL_ERROR "cta-weights failed but left ${OUTPUT} or ${OUTPUT}.tmp behind:\n${output}")
endif()
message("cta-weights refuses as it should (exit code ${result}), leaving no header:\n${output}")
