# SPDX-License-Identifier: BSL-1.0
# Compile-fail tests, made as pairs from one source file (as Eigen does):
#
#   cta_add_compile_fail_test(<name> <source> REGEX <regex>... [ANYWHERE <regex>...])
#
# builds two OBJECT targets from <source>, excluded from `all`, with the project's real flags:
#   <name>_ok  as it is: it must compile (so the file itself is sound), test compile_fail.<name>.ok, label
#              compile_fail_ok;
#   <name>_ko  with CTA_COMPILE_FAIL defined, which switches the mistake on: it must fail, and the compiler's
#              first lines (up to and including its first "error:" line) must match every REGEX,
#              and the whole output must match every ANYWHERE regex (for notes that follow the first error),
#              test compile_fail.<name>.ko, label compile_fail.
# .ci/test-all runs label compile_fail, the messages, with each compiler; that the files are sound, label
# compile_fail_ok, with GCC 12 (the configuration gcc, which runs every label).
# With Ninja the tests run each target's one compile command themselves, so they run in parallel with each other and
# with the rest of the tests: the test compile_fail.commands, a fixture every pair requires, asks Ninja once for the
# commands of all the pairs' targets (`ninja -t commands`, which only reads the build file) and writes each into
# <build>/cta_compile_fail/<target>.sh; the .ok test runs its file with /bin/sh, the .ko test runs it through
# cta_compile_fail_driver.cmake, which matches the messages. With another generator they run the build tool on this
# build tree, which two tests must not do at once: they hold a RESOURCE_LOCK on it.

set(_cta_compile_fail_driver "${CMAKE_CURRENT_LIST_DIR}/cta_compile_fail_driver.cmake")

# The arguments of cta_compile_fail_driver.cmake that say how to build a target of this build tree, and the lock the
# tests that use them need (empty with Ninja).
if(CMAKE_GENERATOR MATCHES "Ninja")
  set(CTA_BUILD_TARGET_ARGS "-DBUILD_DIR=${CMAKE_BINARY_DIR}" "-DNINJA=${CMAKE_MAKE_PROGRAM}")
  set(CTA_BUILD_TARGET_LOCK "")
  set(_cta_compile_fail_commands "${CMAKE_BINARY_DIR}/cta_compile_fail")
else()
  set(CTA_BUILD_TARGET_ARGS "-DBUILD_DIR=${CMAKE_BINARY_DIR}")
  set(CTA_BUILD_TARGET_LOCK RESOURCE_LOCK cta_build_tree)
  set(_cta_compile_fail_commands "")
endif()

# compile_fail.commands, once all pairs are known (at the end of the top-level directory): the fixture that writes
# each pair's commands.
function(_cta_compile_fail_write_commands_test)
  get_property(targets GLOBAL PROPERTY CTA_COMPILE_FAIL_TARGETS)
  if(NOT targets)
    return()
  endif()
  string(REPLACE ";" "," targets "${targets}")
  get_property(out_dir GLOBAL PROPERTY CTA_COMPILE_FAIL_COMMANDS)
  add_test(NAME compile_fail.commands
           COMMAND "${CMAKE_COMMAND}" "-DBUILD_DIR=${CMAKE_BINARY_DIR}" "-DNINJA=${CMAKE_MAKE_PROGRAM}"
                   "-DOUT_DIR=${out_dir}" "-DTARGETS=${targets}"
                   -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cta_compile_fail_commands.cmake")
  set_tests_properties(compile_fail.commands PROPERTIES FIXTURES_SETUP cta_compile_fail_commands
                       LABELS compile_fail)
endfunction()
if(_cta_compile_fail_commands)
  set_property(GLOBAL PROPERTY CTA_COMPILE_FAIL_COMMANDS "${_cta_compile_fail_commands}")
  cmake_language(DEFER DIRECTORY "${PROJECT_SOURCE_DIR}" CALL _cta_compile_fail_write_commands_test)
endif()

function(cta_add_compile_fail_test name source)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "REGEX;ANYWHERE")
  if(NOT arg_REGEX)
    message(FATAL_ERROR "cta_add_compile_fail_test(${name}): give at least one REGEX for the expected message")
  endif()
  foreach(kind ok ko)
    add_library(${name}_${kind} OBJECT EXCLUDE_FROM_ALL "${source}")
    target_link_libraries(${name}_${kind} PRIVATE cta_project_options)
  endforeach()
  target_compile_definitions(${name}_ko PRIVATE CTA_COMPILE_FAIL)

  if(_cta_compile_fail_commands)
    set_property(GLOBAL APPEND PROPERTY CTA_COMPILE_FAIL_TARGETS ${name}_ok ${name}_ko)
    add_test(NAME compile_fail.${name}.ok COMMAND /bin/sh "${_cta_compile_fail_commands}/${name}_ok.sh"
             WORKING_DIRECTORY "${CMAKE_BINARY_DIR}")
    set(build_args "-DCOMMAND_FILE=${_cta_compile_fail_commands}/${name}_ko.sh" "-DBUILD_DIR=${CMAKE_BINARY_DIR}")
  else()
    add_test(NAME compile_fail.${name}.ok
             COMMAND "${CMAKE_COMMAND}" ${CTA_BUILD_TARGET_ARGS} "-DTARGET=${name}_ok" -DEXPECT=success
                     -P "${_cta_compile_fail_driver}")
    set(build_args ${CTA_BUILD_TARGET_ARGS})
  endif()
  set(regex_args "")
  set(count 0)
  foreach(regex IN LISTS arg_REGEX)
    list(APPEND regex_args "-DREGEX_${count}=${regex}")
    math(EXPR count "${count} + 1")
  endforeach()
  set(anywhere_count 0)
  foreach(regex IN LISTS arg_ANYWHERE)
    list(APPEND regex_args "-DANYWHERE_${anywhere_count}=${regex}")
    math(EXPR anywhere_count "${anywhere_count} + 1")
  endforeach()
  add_test(NAME compile_fail.${name}.ko
           COMMAND "${CMAKE_COMMAND}" ${build_args} "-DTARGET=${name}_ko"
                   "-DREGEX_COUNT=${count}" "-DANYWHERE_COUNT=${anywhere_count}" ${regex_args}
                   -P "${_cta_compile_fail_driver}")
  if(CTA_BUILD_TARGET_LOCK)
    set_tests_properties(compile_fail.${name}.ok compile_fail.${name}.ko PROPERTIES ${CTA_BUILD_TARGET_LOCK})
  endif()
  set_tests_properties(compile_fail.${name}.ok PROPERTIES LABELS compile_fail_ok)
  set_tests_properties(compile_fail.${name}.ko PROPERTIES LABELS compile_fail)
  if(_cta_compile_fail_commands)
    set_tests_properties(compile_fail.${name}.ok compile_fail.${name}.ko PROPERTIES
                         FIXTURES_REQUIRED cta_compile_fail_commands)
  endif()
endfunction()
