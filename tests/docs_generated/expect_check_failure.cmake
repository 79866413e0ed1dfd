# SPDX-License-Identifier: BSL-1.0
# Proves that a documentation check fails when the documentation drifts: copies the committed files to SCRATCH,
# changes the copy, runs CHECKER on it, and fails unless the checker fails with the expected messages.
#
#   CHECK=figures       keys.svg changed (its 4s drawn as 5s), outputs.svg removed, extra.svg added
#                       -> "keys.svg: stale", "outputs.svg: missing", "extra.svg: not made by the program"
#   CHECK=figure_pages  copies of the figures and of PAGES (tutorial.md first, then tutorial.zh.md), which pass the
#                       check; then the line showing scores.svg removed from the first page, and lines showing
#                       figures/absent.svg and figure/inputs.svg (a directory that does not exist) added to the second
#                       -> "scores.svg: not shown by tutorial.md", "tutorial.zh.md shows absent.svg, which the
#                       program does not write", "tutorial.zh.md shows figure/inputs.svg, which does not exist"
#   CHECK=chapter_figures  copies of a chapter's figures (those of SUBDIR, committed in REFERENCE_DIR) and of PAGES
#                       (the English page first, then the Chinese one), which pass the check; then, for the first
#                       figure NAME.zh.svg, the white background of NAME.svg drawn off-white, and the Chinese page
#                       showing NAME.svg in place of NAME.zh.svg -> "NAME.svg: stale", "NAME.zh.svg: not shown by
#                       <chinese page>", "<chinese page> shows NAME.svg in place of its Chinese NAME.zh.svg"
#   CHECK=shape_errors  in a copy of DOC, the first MUTATE_FROM of the block for COMPILER and the first of CASES
#                       changed to MUTATE_TO (by default the matmul_operator block's matrix<int, 3, 3> to
#                       matrix<int, 3, 5>) -> "<case>: the page's block differs"; then UPDATE=ON rewrites the copy,
#                       which passes the check again
#   CHECK=header_lines  in a copy of DOC (docs/performance.md), the lines of <cta/matrix.hpp> for COMPILER's
#                       toolchain one more, <cta/attention.hpp> said to read Boost, and the row of <cta/version.hpp>
#                       removed -> "<cta/matrix.hpp>: N + 1 lines on the page, N in the build", "<cta/attention.hpp>:
#                       Boost "yes" on the page", "<cta/version.hpp>: no row on the page"; skipped (as the check)
#                       where DOC has no column for the toolchain
#   CHECK=function_costs  in a copy of DOC (docs/performance.md), the first count of the rows of the compiler NAME
#                       VERSION one more -> "<name>: N + 1 on the page, N in tests/budget", and the row of the next
#                       function removed -> "in tests/budget, no row on the page"; skipped (as the check) where DOC or
#                       tests/budget has no counts for the compiler
#   CHECK=accuracy      in a copy of DOC (docs/numerics.md), the points checked of log (double) one more -> "the table
#                       of accuracy differs from the build"; then UPDATE=ON rewrites the copy, which passes the check;
#                       then exp's overflow threshold in the table of special values one hundredth higher -> "the
#                       table of special values differs from the build", and UPDATE=ON repairs it again; the
#                       program runs once for all these checks (check_accuracy.cmake's OUTPUTS)
#   CHECK=api_names     in a copy of DOC (docs/api.md), the table row of cta::quantized::rounding_half_sum removed and
#                       a full name and a macro added that no header documents -> "cta::quantized::rounding_half_sum
#                       (...): not named in docs/api.md's section <cta/quantized/fixed_point_math.hpp>",
#                       "cta::not_an_entity: ... documented in no header", "CTA_NOT_A_MACRO: ..."
#   CHECK=doxygen       CHECKER is Doxygen, run on DOXYFILE (docs/Doxyfile.in for a copy of a header with an
#                       undocumented function added) -> EXPECTED, Doxygen's error naming that function
cmake_minimum_required(VERSION 3.25)

foreach(_var CHECK SCRATCH CHECKER)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "expect_check_failure.cmake: -D${_var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")

# Runs the checker with ARGN; sets result and output in the caller.
macro(_run_checker)
  execute_process(COMMAND "${CMAKE_COMMAND}" ${ARGN} -P "${CHECKER}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
endmacro()

# Runs the checker with ARGN on the unchanged page, fails unless it passes, and ends the script (as the checker) when
# its output says it skipped the page (the regular expression skipped).
macro(_expect_pass_or_skip skipped)
  _run_checker(${ARGN})
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "The page fails the check; the test needs a page that passes it:\n${output}")
  endif()
  if(output MATCHES "${skipped}")
    message("${skipped}: the check has nothing to compare here")
    return()
  endif()
endmacro()

# Runs the checker with ARGN and -DUPDATE=ON, then with ARGN alone, which must pass.
macro(_expect_update_repairs)
  _run_checker(${ARGN} -DUPDATE=ON)
  _run_checker(${ARGN})
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "After UPDATE=ON the copy still fails the check:\n${output}")
  endif()
  message("UPDATE=ON repairs the copy:\n${output}")
endmacro()

function(_expect_failure output result)
  if(result EQUAL 0)
    message(FATAL_ERROR "The check passed on a changed copy; it should have failed:\n${output}")
  endif()
  foreach(expected IN LISTS ARGN)
    string(FIND "${output}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "The check failed, but without \"${expected}\":\n${output}")
    endif()
  endforeach()
  message("The check fails as it should:\n${output}")
endfunction()

# For the checks of figures and their pages: copies the figures of REFERENCE_DIR into <figures> and the two PAGES
# (separated by commas) into SCRATCH/docs, laid out as in the source tree; sets pages (the copies, in order) and args
# (the checker's arguments for them, with ARGN added), and fails unless the copies pass the check.
macro(_copy_figures_and_pages figures)
  file(GLOB svgs "${REFERENCE_DIR}/*.svg")
  file(COPY ${svgs} DESTINATION "${figures}")
  string(REPLACE "," ";" PAGES "${PAGES}")
  set(pages "")
  foreach(page IN LISTS PAGES)
    get_filename_component(name "${page}" NAME)
    configure_file("${page}" "${SCRATCH}/docs/${name}" COPYONLY)
    list(APPEND pages "${SCRATCH}/docs/${name}")
  endforeach()
  list(LENGTH pages page_count)
  if(NOT page_count EQUAL 2)
    message(FATAL_ERROR "expect_check_failure.cmake: CHECK=${CHECK} takes two pages, not '${PAGES}'")
  endif()
  list(JOIN pages "," page_arg)
  set(args "-DPROGRAM=${PROGRAM}" "-DOUTPUT_DIR=${SCRATCH}/out" "-DREFERENCE_DIR=${figures}" "-DPAGES=${page_arg}"
           ${ARGN})
  _run_checker(${args})
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "The unchanged copies fail the check; the test needs pages that pass it:\n${output}")
  endif()
endmacro()

if(CHECK STREQUAL "figures")
  set(reference "${SCRATCH}/reference")
  file(GLOB svgs "${REFERENCE_DIR}/*.svg")
  file(COPY ${svgs} DESTINATION "${reference}")
  file(READ "${reference}/keys.svg" keys)
  string(REPLACE ">4</text>" ">5</text>" changed "${keys}")  # the cells that show 4 show 5
  if(changed STREQUAL keys)
    message(FATAL_ERROR "keys.svg has no cell showing 4: the mutation needs another target")
  endif()
  file(WRITE "${reference}/keys.svg" "${changed}")
  file(REMOVE "${reference}/outputs.svg")
  file(WRITE "${reference}/extra.svg" "<svg/>\n")
  _run_checker("-DPROGRAM=${PROGRAM}" "-DOUTPUT_DIR=${SCRATCH}/out" "-DREFERENCE_DIR=${reference}")
  _expect_failure("${output}" "${result}"
                  "keys.svg: stale" "outputs.svg: missing" "extra.svg: not made by the program" "cta_update_figures")
elseif(CHECK STREQUAL "figure_pages")
  # Pages and figures laid out as in the source tree: <dir>/tutorial.md shows figures/<name>.svg.
  _copy_figures_and_pages("${SCRATCH}/docs/figures")
  list(GET pages 0 first)
  list(GET pages 1 second)
  file(READ "${first}" text)
  string(REGEX REPLACE "[^\n]*\\(figures/scores\\.svg\\)[^\n]*\n" "" changed "${text}")
  if(changed STREQUAL text)
    message(FATAL_ERROR "${first} has no line showing scores.svg: the mutation needs another target")
  endif()
  file(WRITE "${first}" "${changed}")
  file(APPEND "${second}" "\n![A figure that nothing draws](figures/absent.svg)\n"
                          "\n![A misspelt path](figure/inputs.svg)\n")
  get_filename_component(first_name "${first}" NAME)
  get_filename_component(second_name "${second}" NAME)
  _run_checker(${args})
  _expect_failure("${output}" "${result}" "scores.svg: not shown by ${first_name}"
                  "${second_name} shows absent.svg, which the program does not write"
                  "${second_name} shows figure/inputs.svg, which does not exist" "stop drawing it")
elseif(CHECK STREQUAL "chapter_figures")
  # Pages and figures laid out as in the source tree: <dir>/digits.md shows figures/<SUBDIR>/<name>.svg (SUBDIR
  # digits).
  set(figures "${SCRATCH}/docs/figures/${SUBDIR}")
  _copy_figures_and_pages("${figures}" "-DSUBDIR=${SUBDIR}")
  file(GLOB chinese RELATIVE "${figures}" "${figures}/*.zh.svg")
  if(NOT chinese)
    message(FATAL_ERROR "${REFERENCE_DIR} has no Chinese figure (NAME.zh.svg): the mutations need another target")
  endif()
  list(SORT chinese)
  list(GET chinese 0 chinese_name)
  string(REGEX REPLACE "\\.zh\\.svg$" ".svg" english_name "${chinese_name}")
  file(READ "${figures}/${english_name}" svg)
  string(FIND "${svg}" "fill=\"#ffffff\"" at)
  list(GET pages 1 chinese_page)
  file(READ "${chinese_page}" text)
  string(REPLACE "(figures/${SUBDIR}/${chinese_name})" "(figures/${SUBDIR}/${english_name})" changed "${text}")
  if(at EQUAL -1 OR changed STREQUAL text)
    message(FATAL_ERROR "${english_name} has no white background, or ${chinese_page} does not show ${chinese_name}: "
                        "the mutations need other targets")
  endif()
  string(SUBSTRING "${svg}" 0 ${at} before)
  math(EXPR after_at "${at} + 14")
  string(SUBSTRING "${svg}" ${after_at} -1 after)
  file(WRITE "${figures}/${english_name}" "${before}fill=\"#fefefe\"${after}")
  file(WRITE "${chinese_page}" "${changed}")
  get_filename_component(chinese_page_name "${chinese_page}" NAME)
  _run_checker(${args})
  _expect_failure("${output}" "${result}" "${english_name}: stale" "${chinese_name}: not shown by ${chinese_page_name}"
                  "${chinese_page_name} shows ${english_name} in place of its Chinese ${chinese_name}"
                  "cta_update_figures")
elseif(CHECK STREQUAL "shape_errors")
  if(NOT DEFINED MUTATE_FROM)
    set(MUTATE_FROM "matrix<int, 3, 3>")
    set(MUTATE_TO "matrix<int, 3, 5>")
  endif()
  string(REPLACE "," ";" cases "${CASES}")
  list(GET cases 0 case)
  get_filename_component(name "${DOC}" NAME)
  set(copy "${SCRATCH}/${name}")
  file(READ "${DOC}" doc)
  set(marker "<!-- compiler-output: ${COMPILER}, ${case} -->")
  string(FIND "${doc}" "${marker}" at)
  if(at EQUAL -1)
    message("docs.shape_errors skipped: no block for ${COMPILER} in ${DOC}")
    return()
  endif()
  string(SUBSTRING "${doc}" 0 ${at} before)
  string(SUBSTRING "${doc}" ${at} -1 after)
  string(FIND "${after}" "${MUTATE_FROM}" type_at)
  if(type_at EQUAL -1)
    message(FATAL_ERROR "${DOC}: no ${MUTATE_FROM} after the block for ${COMPILER}, ${case}: the mutation needs "
                        "another target")
  endif()
  string(SUBSTRING "${after}" 0 ${type_at} head)
  string(LENGTH "${MUTATE_FROM}" from_length)
  math(EXPR tail_at "${type_at} + ${from_length}")
  string(SUBSTRING "${after}" ${tail_at} -1 tail)
  file(WRITE "${copy}" "${before}${head}${MUTATE_TO}${tail}")
  # Each case is built once, for every check of the copy (OUTPUTS, check_shape_errors.cmake).
  set(args "-DBUILD_DIR=${BUILD_DIR}" "-DSOURCE_DIR=${SOURCE_DIR}" "-DCOMPILER=${COMPILER}" "-DCASES=${CASES}"
           "-DDOC=${copy}" "-DOUTPUTS=${SCRATCH}/outputs")
  _run_checker(${args})
  _expect_failure("${output}" "${result}" "${COMPILER}, ${case}: the page's block differs"
                  "${MUTATE_TO}" "update_shape_errors.cmake")
  _run_checker(${args} -DUPDATE=ON)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "UPDATE=ON failed:\n${output}")
  endif()
  _run_checker(${args})
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "After UPDATE=ON the copy still fails the check:\n${output}")
  endif()
  message("UPDATE=ON repairs the copy:\n${output}")
elseif(CHECK STREQUAL "header_lines")
  set(args "-DCOMPILER=${COMPILER}" "-DROOT=${ROOT}" "-DWORK_DIR=${SCRATCH}/units")
  _expect_pass_or_skip("docs.header_lines skipped" ${args} "-DDOC=${DOC}")
  if(NOT output MATCHES "<cta/matrix.hpp>: ([0-9]+) lines \\(page")
    message(FATAL_ERROR "The check printed no count for <cta/matrix.hpp>:\n${output}")
  endif()
  set(lines "${CMAKE_MATCH_1}")
  math(EXPR more "${lines} + 1")
  file(READ "${DOC}" doc)
  # The counts are written with thousands separators: 3787 is "3,787".
  string(REGEX REPLACE "([0-9])([0-9][0-9][0-9])$" "\\1,\\2" written "${lines}")
  string(REGEX REPLACE "([0-9])([0-9][0-9][0-9])$" "\\1,\\2" written_more "${more}")
  string(REGEX MATCH "\n\\| `<cta/matrix\\.hpp>` \\|[^\n]*" row "${doc}")
  string(REPLACE "| ${written} |" "| ${written_more} |" changed_row "${row}")
  string(REGEX MATCH "\n\\| `<cta/attention\\.hpp>` \\| no \\|" attention_row "${doc}")
  string(REGEX MATCH "\n\\| `<cta/version\\.hpp>` \\|[^\n]*" version_row "${doc}")
  if(changed_row STREQUAL row OR NOT attention_row OR NOT version_row)
    message(FATAL_ERROR "${DOC}: no row for <cta/matrix.hpp> showing ${written}, for <cta/attention.hpp> with Boost "
                        "\"no\", or for <cta/version.hpp>: the mutations need other targets")
  endif()
  string(REPLACE "${row}" "${changed_row}" doc "${doc}")
  string(REPLACE "${attention_row}" "\n| `<cta/attention.hpp>` | yes |" doc "${doc}")
  string(REPLACE "${version_row}" "" doc "${doc}")
  get_filename_component(name "${DOC}" NAME)
  file(WRITE "${SCRATCH}/${name}" "${doc}")
  # Against the figures the check of the page measured above (REUSE, check_header_lines.cmake).
  _run_checker(${args} "-DDOC=${SCRATCH}/${name}" -DREUSE=ON)
  _expect_failure("${output}" "${result}" "<cta/matrix.hpp>: ${more} lines on the page, ${lines} in the build"
                  "<cta/attention.hpp>: Boost \"yes\" on the page, \"no\" in the build"
                  "<cta/version.hpp>: no row on the page" "python3 bench/regenerate.py --headers")
elseif(CHECK STREQUAL "function_costs")
  set(args "-DNAME=${NAME}" "-DVERSION=${VERSION}" "-DCOUNTS=${COUNTS}")
  _expect_pass_or_skip("docs.function_costs skipped" ${args} "-DDOC=${DOC}")
  file(READ "${DOC}" doc)
  # Without square brackets (argument ranges such as [-10, 0)), which would keep the rows from splitting as a list.
  string(REPLACE "[" "(" doc "${doc}")
  string(REPLACE "]" ")" doc "${doc}")
  string(REPLACE "." "\\." version_pattern "${VERSION}")
  string(REGEX MATCHALL "\n\\| [^|\n]+ \\| ${NAME} ${version_pattern}\\.[0-9]+ \\| [^\n]*" rows "${doc}")
  list(LENGTH rows row_count)
  if(row_count LESS 2 OR NOT rows MATCHES "\\| `([a-z0-9_]+)` \\| ([0-9,]+) \\|")
    message(FATAL_ERROR "${DOC}: fewer than two rows for ${NAME} ${VERSION}: the mutations need other targets")
  endif()
  list(GET rows 0 first)
  list(GET rows 1 second)
  string(REGEX MATCH "\\| `([a-z0-9_]+)` \\| ([0-9,]+) \\|" cell "${first}")
  set(name "${CMAKE_MATCH_1}")
  string(REPLACE "," "" count "${CMAKE_MATCH_2}")
  math(EXPR more "${count} + 1")
  string(REPLACE "${cell}" "| `${name}` | ${more} |" changed "${first}")
  string(REGEX MATCH "\\| `([a-z0-9_]+)` \\|" _ "${second}")
  set(removed "${CMAKE_MATCH_1}")
  string(REPLACE "${first}" "${changed}" doc "${doc}")
  string(REPLACE "${second}" "" doc "${doc}")
  get_filename_component(file_name "${DOC}" NAME)
  file(WRITE "${SCRATCH}/${file_name}" "${doc}")
  _run_checker(${args} "-DDOC=${SCRATCH}/${file_name}")
  _expect_failure("${output}" "${result}" "${name}: ${more} on the page, ${count} in tests/budget"
                  "${removed}: in tests/budget, no row on the page" "python3 bench/regenerate.py --functions-only")
elseif(CHECK STREQUAL "accuracy")
  get_filename_component(file_name "${DOC}" NAME)
  set(copy "${SCRATCH}/${file_name}")
  file(READ "${DOC}" doc)
  if(NOT doc MATCHES "\n\\| `cta::log` \\| `double` \\| ([0-9,]+) \\|")
    message(FATAL_ERROR "${DOC}: no row for cta::log (double): the mutation needs another target")
  endif()
  set(row "${CMAKE_MATCH_0}")
  set(points "${CMAKE_MATCH_1}")
  string(REPLACE "| ${points} |" "| 1${points} |" changed "${row}")
  string(REPLACE "${row}" "${changed}" doc "${doc}")
  file(WRITE "${copy}" "${doc}")
  # The program runs once, for every check of the copies (OUTPUTS, check_accuracy.cmake).
  set(args "-DPROGRAM=${PROGRAM}" "-DDOC=${copy}" "-DOUTPUTS=${SCRATCH}/outputs")
  _run_checker(${args})
  _expect_failure("${output}" "${result}" "The table of accuracy differs from the build" "1${points}"
                  "-DUPDATE=ON")
  _expect_update_repairs(${args})
  # The table of special values: exp's overflow threshold one hundredth higher.
  file(READ "${copy}" doc)
  if(NOT doc MATCHES "\n\\| `exp\\(x\\)` above ([0-9]+)\\.([0-9]+) ")
    message(FATAL_ERROR "${DOC}: no row for exp's overflow threshold: the mutation needs another target")
  endif()
  set(row "${CMAKE_MATCH_0}")
  math(EXPR hundredths "${CMAKE_MATCH_2} + 1")
  set(threshold "${CMAKE_MATCH_1}.${hundredths}")
  string(REPLACE ".${CMAKE_MATCH_2} " ".${hundredths} " changed "${row}")
  string(REPLACE "${row}" "${changed}" doc "${doc}")
  file(WRITE "${copy}" "${doc}")
  _run_checker(${args})
  _expect_failure("${output}" "${result}" "The table of special values differs from the build"
                  "the page:  | `exp(x)` above ${threshold} ")
  _expect_update_repairs(${args})
elseif(CHECK STREQUAL "api_names")
  file(READ "${DOC}" doc)
  string(REGEX REPLACE "\n\\| `rounding_half_sum\\(a, b\\)` \\|[^\n]*" "" changed "${doc}")
  if(changed STREQUAL doc)
    message(FATAL_ERROR "${DOC}: no table row of rounding_half_sum: the mutation needs another target")
  endif()
  string(APPEND changed "\n`cta::not_an_entity` and `CTA_NOT_A_MACRO`.\n")
  file(WRITE "${SCRATCH}/api.md" "${changed}")
  _run_checker("-DXML_DIR=${XML_DIR}" "-DPAGE=${SCRATCH}/api.md" "-DINTERNAL_MACROS=${INTERNAL_MACROS}")
  _expect_failure("${output}" "${result}"
                  "cta::quantized::rounding_half_sum (<cta/quantized/fixed_point_math.hpp>): not named in docs/api.md's section <cta/quantized/fixed_point_math.hpp>"
                  "cta::not_an_entity: named in docs/api.md, documented in no header"
                  "CTA_NOT_A_MACRO: named in docs/api.md, documented in no header")
elseif(CHECK STREQUAL "doxygen")
  execute_process(COMMAND "${CHECKER}" "${DOXYFILE}" RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  _expect_failure("${output}" "${result}" "${EXPECTED}")
else()
  message(FATAL_ERROR "expect_check_failure.cmake: CHECK is figures, figure_pages, chapter_figures, shape_errors, "
                      "header_lines, function_costs, accuracy, api_names or doxygen, not '${CHECK}'")
endif()
