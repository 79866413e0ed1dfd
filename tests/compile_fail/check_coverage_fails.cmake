# SPDX-License-Identifier: BSL-1.0
# check_coverage.cmake fails on a precondition without a pair: on a copy of ROOT's include/cta and
# tests/compile_fail in WORK_DIR, with two headers that declare one precondition more each, one in
# include/cta/quantized/ and one in its detail/, and one that declares a reason more that a weight file does not load
# (cta::weights::cannot_load), CHECKER (check_coverage.cmake) must fail and name the three. Run by
# compile_fail.coverage.detects_precondition.
#   cmake -DROOT=<source dir> -DWORK_DIR=<dir> -DCHECKER=<check_coverage.cmake> -P check_coverage_fails.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${ROOT}/include/cta" DESTINATION "${WORK_DIR}/include")
file(COPY "${ROOT}/tests/compile_fail" DESTINATION "${WORK_DIR}/tests")
foreach(_probe IN ITEMS unpaired detail/unpaired)
  string(REPLACE "/" "_" _function "${_probe}")
  file(WRITE "${WORK_DIR}/include/cta/quantized/${_probe}.hpp"
       "#pragma once\nnamespace cta::quantized {\nnamespace precondition {\n"
       "inline void ${_function}_probe_must_have_a_pair() noexcept {}\n}  // namespace precondition\n"
       "}  // namespace cta::quantized\n")
endforeach()
file(WRITE "${WORK_DIR}/include/cta/weights/unpaired.hpp"
     "#pragma once\nnamespace cta::weights {\nnamespace cannot_load {\n"
     "template <class M> void the_probe_reason_must_have_a_pair() noexcept {}\n}  // namespace cannot_load\n"
     "}  // namespace cta::weights\n")
execute_process(COMMAND "${CMAKE_COMMAND}" "-DROOT=${WORK_DIR}" -P "${CHECKER}"
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0)
  message(FATAL_ERROR "The check passed on a copy with preconditions that have no pair:\n${output}")
endif()
foreach(_probe IN ITEMS unpaired detail/unpaired)
  string(REPLACE "/" "_" _function "${_probe}")
  set(_named "rule precondition::${_function}_probe_must_have_a_pair in include/cta/quantized/${_probe}\\.hpp has no")
  if(NOT output MATCHES "${_named}")
    message(FATAL_ERROR "The check failed, but without naming precondition::${_function}_probe_must_have_a_pair:\n"
                        "${output}")
  endif()
endforeach()
set(_named "rule cannot_load::the_probe_reason_must_have_a_pair in include/cta/weights/unpaired\\.hpp has no")
if(NOT output MATCHES "${_named}")
  message(FATAL_ERROR "The check failed, but without naming cannot_load::the_probe_reason_must_have_a_pair:\n"
                      "${output}")
endif()
message("The check fails as it should on a copy with preconditions and a weight file's reason that have no pair:\n"
        "${output}")
