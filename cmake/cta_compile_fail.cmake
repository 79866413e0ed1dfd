# SPDX-License-Identifier: BSL-1.0
# Compile-fail tests, made as pairs from one source file (as Eigen does):
#
#   cta_add_compile_fail_test(<name> <source> REGEX <regex>... [ANYWHERE <regex>...])
#
# builds two OBJECT targets from <source>, excluded from `all`, with the project's real flags:
#   <name>_ok  as it is: it must compile (so the file itself is sound), test compile_fail.<name>.ok;
#   <name>_ko  with CTA_COMPILE_FAIL defined, which switches the mistake on: it must fail, and the compiler's
#              first lines (up to and including its first "error:" line) must match every REGEX,
#              and the whole output must match every ANYWHERE regex (for notes that follow the first error),
#              test compile_fail.<name>.ko.
# With Ninja the tests run each target's one compile command (`ninja -t commands`, which only reads the build
# file) themselves, so they run in parallel with each other and with the rest of the tests. With another generator
# they run the build tool on this build tree, which two tests must not do at once: they hold a RESOURCE_LOCK on it.

set(_cta_compile_fail_driver "${CMAKE_CURRENT_LIST_DIR}/cta_compile_fail_driver.cmake")

# The arguments of cta_compile_fail_driver.cmake that say how to build a target of this build tree, and the lock the
# tests that use them need (empty with Ninja).
if(CMAKE_GENERATOR MATCHES "Ninja")
  set(CTA_BUILD_TARGET_ARGS "-DBUILD_DIR=${CMAKE_BINARY_DIR}" "-DNINJA=${CMAKE_MAKE_PROGRAM}")
  set(CTA_BUILD_TARGET_LOCK "")
else()
  set(CTA_BUILD_TARGET_ARGS "-DBUILD_DIR=${CMAKE_BINARY_DIR}")
  set(CTA_BUILD_TARGET_LOCK RESOURCE_LOCK cta_build_tree)
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

  add_test(NAME compile_fail.${name}.ok
           COMMAND "${CMAKE_COMMAND}" ${CTA_BUILD_TARGET_ARGS} "-DTARGET=${name}_ok" -DEXPECT=success
                   -P "${_cta_compile_fail_driver}")
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
           COMMAND "${CMAKE_COMMAND}" ${CTA_BUILD_TARGET_ARGS} "-DTARGET=${name}_ko"
                   "-DREGEX_COUNT=${count}" "-DANYWHERE_COUNT=${anywhere_count}" ${regex_args}
                   -P "${_cta_compile_fail_driver}")
  set_tests_properties(compile_fail.${name}.ok compile_fail.${name}.ko PROPERTIES
                       ${CTA_BUILD_TARGET_LOCK} LABELS compile_fail)
endfunction()
