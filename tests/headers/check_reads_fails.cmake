# SPDX-License-Identifier: BSL-1.0
# check_reads.cmake fails where a header reads Boost: on a copy of INCLUDE_DIR's cta/ in which HEADER also includes
# <boost/hana/tuple.hpp>, CHECKER (check_reads.cmake) must fail for HEADER and name that file. Run by
# headers.without_boost.detects_boost (tests/CMakeLists.txt).
#   cmake -DCOMPILER=<c++> -DINCLUDE_DIR=<include> -DWORK_DIR=<dir> -DHEADER=cta/attention.hpp
#         -DCHECKER=<check_reads.cmake> [-DBOOST_DIR=<dir>] -P check_reads_fails.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${INCLUDE_DIR}/cta" DESTINATION "${WORK_DIR}/include")
if(NOT EXISTS "${WORK_DIR}/include/${HEADER}")
  message(FATAL_ERROR "${HEADER} is not a header of ${INCLUDE_DIR}")
endif()
file(APPEND "${WORK_DIR}/include/${HEADER}" "#include <boost/hana/tuple.hpp>\n")
execute_process(COMMAND "${CMAKE_COMMAND}" "-DCOMPILER=${COMPILER}" "-DINCLUDE_DIR=${WORK_DIR}/include"
                        "-DWORK_DIR=${WORK_DIR}/units" "-DHEADERS=${HEADER}" "-DBOOST_DIR=${BOOST_DIR}"
                        -P "${CHECKER}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "The check passed on a copy in which <${HEADER}> includes Boost.Hana:\n${output}")
endif()
if(NOT output MATCHES "<${HEADER}> reads [0-9]+ files of Boost, the first [^\n]*/boost/hana/tuple\\.hpp")
  message(FATAL_ERROR "The check failed, but without naming boost/hana/tuple.hpp for <${HEADER}>:\n${output}")
endif()
message("The check fails as it should on a copy in which <${HEADER}> includes Boost.Hana:\n${output}")
