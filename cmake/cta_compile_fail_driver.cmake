# SPDX-License-Identifier: BSL-1.0
# Builds TARGET in BUILD_DIR. With EXPECT=success the build must succeed, and that is all. Otherwise it must fail,
# and the compiler's first lines must match every regular expression REGEX_0 ... REGEX_<REGEX_COUNT - 1>, and the
# whole output ANYWHERE_0 ... ANYWHERE_<ANYWHERE_COUNT - 1>. Run by the compile_fail.<name>.ok and .ko tests (see
# cta_compile_fail.cmake).
# With NINJA (the build tree's Ninja), the target's command is Ninja's own (`ninja -t commands`, which reads the
# build file and writes nothing; the one that compiles into CMakeFiles/<target>.dir/) and runs here, in BUILD_DIR as Ninja runs it, so that tests of one build tree can
# run at once; a compile-fail target is one object, one command (what it needs generated, such as a header of
# cta_add_weights, the build has made before: with all, or cta_compiler_tests). Without NINJA, `cmake --build`.
# With COMMAND_FILE (a file of the fixture compile_fail.commands, cta_compile_fail_commands.cmake), its command runs
# here in BUILD_DIR.
if(DEFINED COMMAND_FILE)
  if(NOT EXISTS "${COMMAND_FILE}")
    message(FATAL_ERROR "${TARGET}: no ${COMMAND_FILE} (the test compile_fail.commands writes it)")
  endif()
  file(READ "${COMMAND_FILE}" commands)
  string(STRIP "${commands}" commands)
  execute_process(COMMAND /bin/sh -c "${commands}" WORKING_DIRECTORY "${BUILD_DIR}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
elseif(DEFINED NINJA AND NOT NINJA STREQUAL "")
  execute_process(COMMAND "${NINJA}" -C "${BUILD_DIR}" -t commands "${TARGET}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE all_commands ERROR_VARIABLE commands_error)
  string(REPLACE ";" "\\;" all_commands "${all_commands}")
  string(REPLACE "\n" ";" all_commands "${all_commands}")
  set(commands "")
  foreach(command IN LISTS all_commands)
    string(FIND "${command}" "CMakeFiles/${TARGET}.dir/" at)
    if(NOT at EQUAL -1)
      string(APPEND commands "${command}\n")
    endif()
  endforeach()
  string(STRIP "${commands}" commands)
  if(NOT result EQUAL 0 OR commands STREQUAL "" OR commands MATCHES "\n")
    message(FATAL_ERROR "${TARGET}: expected Ninja to build it with one command; `ninja -t commands` said:\n"
                        "${commands}${commands_error}")
  endif()
  execute_process(COMMAND /bin/sh -c "${commands}" WORKING_DIRECTORY "${BUILD_DIR}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
else()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target "${TARGET}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
endif()
if(EXPECT STREQUAL "success")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${TARGET} did not compile:\n${output}")
  endif()
  return()
endif()
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
