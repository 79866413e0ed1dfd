# SPDX-License-Identifier: BSL-1.0
# The light printing headers read nothing of the rest of cta and nothing of Boost: for each of HEADERS (separated
# by "|"), a translation unit that includes it alone is listed with the compiler's -M (every file it reads), and of
# include/cta it may read only the header itself and ALLOWED (separated by "|"), and no file under boost/. Run by
# headers.light_printing (tests/CMakeLists.txt).
#   cmake -DCOMPILER=<c++> -DINCLUDE_DIR=<include> -DWORK_DIR=<dir> -DHEADERS="cta/io_matrix.hpp|cta/format.hpp"
#         -DALLOWED="cta/matrix.hpp|cta/detail/target.hpp" -P check_reads.cmake
cmake_minimum_required(VERSION 3.25)
string(REPLACE "|" ";" headers "${HEADERS}")
string(REPLACE "|" ";" allowed "${ALLOWED}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(failures "")
foreach(header IN LISTS headers)
  string(MAKE_C_IDENTIFIER "${header}" id)
  set(source "${WORK_DIR}/${id}.cpp")
  file(WRITE "${source}" "#include <${header}>\n")
  execute_process(COMMAND "${COMPILER}" -std=c++20 "-I${INCLUDE_DIR}" -M "${source}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE deps ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${COMPILER} -M failed for <${header}>:\n${errors}")
  endif()
  string(REGEX MATCHALL "[^ \t\n\\\\]+" files "${deps}")
  set(read "")
  foreach(file IN LISTS files)
    if(file MATCHES "/boost/")
      string(APPEND failures "  <${header}> reads ${file}\n")
    else()
      string(FIND "${file}" "${INCLUDE_DIR}/cta/" at)
      if(at EQUAL 0)
        file(RELATIVE_PATH name "${INCLUDE_DIR}" "${file}")
        list(APPEND read "${name}")
        if(NOT name STREQUAL header AND NOT name IN_LIST allowed)
          string(APPEND failures "  <${header}> reads ${name}\n")
        endif()
      endif()
    endif()
  endforeach()
  list(JOIN read ", " read)
  message("<${header}> reads, of cta: ${read}")
endforeach()
if(failures)
  message(FATAL_ERROR "Headers read beyond ${ALLOWED}:\n${failures}")
endif()
