# SPDX-License-Identifier: BSL-1.0
# Builds TARGET in BUILD_DIR, expects the build to fail, and checks that the compiler's first lines match every
# regular expression REGEX_0 ... REGEX_<REGEX_COUNT - 1>, and that the whole output matches ANYWHERE_0 ...
# ANYWHERE_<ANYWHERE_COUNT - 1>. Run by the compile_fail.<name>.ko tests (see cta_compile_fail.cmake).
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "${TARGET} compiled, but it holds a mistake that must not compile.")
endif()

# The compiler's first lines: from its first line of output up to and including its first "error:" line, without
# the build tool's own lines (Ninja's progress, "FAILED: <object>" and the command line that follows it).
string(REPLACE ";" "\\;" output_escaped "${output}")
string(REPLACE "\n" ";" lines "${output_escaped}")
set(first_lines "")
set(skip_next FALSE)
foreach(line IN LISTS lines)
  if(skip_next)
    set(skip_next FALSE)
    continue()
  endif()
  if(line MATCHES "^FAILED: ")
    set(skip_next TRUE)
    continue()
  endif()
  if(line MATCHES "^\\[[0-9]+/[0-9]+\\] " OR line MATCHES "^ninja: " OR line MATCHES "^gmake")
    continue()
  endif()
  string(APPEND first_lines "${line}\n")
  if(line MATCHES "error:")
    break()
  endif()
endforeach()

message("The compiler's first lines for ${TARGET}:\n${first_lines}")
math(EXPR last "${REGEX_COUNT} - 1")
foreach(i RANGE ${last})
  set(regex "${REGEX_${i}}")
  if(NOT first_lines MATCHES "${regex}")
    message(FATAL_ERROR "The first lines of the error do not match '${regex}'.\nWhole output:\n${output}")
  endif()
endforeach()

if(ANYWHERE_COUNT GREATER 0)
  math(EXPR last "${ANYWHERE_COUNT} - 1")
  foreach(i RANGE ${last})
    set(regex "${ANYWHERE_${i}}")
    if(NOT output MATCHES "${regex}")
      message(FATAL_ERROR "The error output does not match '${regex}'.\nWhole output:\n${output}")
    endif()
  endforeach()
endif()
