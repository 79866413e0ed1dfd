# SPDX-License-Identifier: BSL-1.0
# Runs the figures program into OUTPUT_DIR and compares every file it writes with the committed one in
# REFERENCE_DIR, byte for byte; fails naming each stale, missing or extra figure. With PAGES (paths separated by
# commas), also fails naming each figure the program writes that a page does not show, each figure in REFERENCE_DIR
# that a page shows but the program does not write, and each other .svg file a page shows that does not exist: a
# page shows a figure by a link to it, ](figures/inputs.svg), resolved from the page's directory. With SUBDIR, the
# figures compared are those the program writes into that subdirectory of OUTPUT_DIR (a chapter's figures, such as
# transformer/ for docs/transformer.md), and REFERENCE_DIR is their committed directory. A figure NAME.zh.svg is
# NAME.svg in Chinese: a Chinese page (its name ends in .zh.md) must show it in place of NAME.svg, and no other page
# may show it. Run by the tests docs.figures, docs.figures.transformer and docs.figures.digits.
#
#   cmake -DPROGRAM=<figures> -DOUTPUT_DIR=<scratch dir> -DREFERENCE_DIR=<source>/docs/figures
#         [-DPAGES=<source>/docs/tutorial.md,<source>/docs/tutorial.zh.md] [-DSUBDIR=<name>] -P check_figures.cmake
cmake_minimum_required(VERSION 3.25)

foreach(_var PROGRAM OUTPUT_DIR REFERENCE_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_figures.cmake: -D${_var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${OUTPUT_DIR}")
execute_process(COMMAND "${PROGRAM}" "${OUTPUT_DIR}" RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} ${OUTPUT_DIR} failed (${result}):\n${out}${err}")
endif()

if(DEFINED SUBDIR)
  set(OUTPUT_DIR "${OUTPUT_DIR}/${SUBDIR}")
endif()
file(GLOB generated RELATIVE "${OUTPUT_DIR}" "${OUTPUT_DIR}/*.svg")
file(GLOB committed RELATIVE "${REFERENCE_DIR}" "${REFERENCE_DIR}/*.svg")
list(SORT generated)
list(SORT committed)
if(NOT generated)
  message(FATAL_ERROR "${PROGRAM} wrote no .svg file into ${OUTPUT_DIR}")
endif()

set(problems "")
foreach(name IN LISTS generated)
  if(NOT EXISTS "${REFERENCE_DIR}/${name}")
    string(APPEND problems "  ${name}: missing from ${REFERENCE_DIR}\n")
    continue()
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUTPUT_DIR}/${name}" "${REFERENCE_DIR}/${name}"
                  RESULT_VARIABLE differs OUTPUT_QUIET ERROR_QUIET)
  if(differs)
    string(APPEND problems "  ${name}: stale (differs from ${OUTPUT_DIR}/${name})\n")
  endif()
endforeach()
foreach(name IN LISTS committed)
  if(NOT name IN_LIST generated)
    string(APPEND problems "  ${name}: not made by the program (remove it from ${REFERENCE_DIR})\n")
  endif()
endforeach()

# The pages: each shows every figure in its language, no figure of REFERENCE_DIR that the program does not write or
# that is in another language, and no .svg file elsewhere that does not exist.
set(page_problems "")
string(REPLACE "," ";" PAGES "${PAGES}")
get_filename_component(reference_path "${REFERENCE_DIR}" ABSOLUTE)
foreach(page IN LISTS PAGES)
  get_filename_component(page_name "${page}" NAME)
  get_filename_component(page_dir "${page}" DIRECTORY)
  set(chinese_page OFF)
  if(page_name MATCHES "\\.zh\\.md$")
    set(chinese_page ON)
  endif()
  file(READ "${page}" text)
  string(REGEX MATCHALL "\\]\\([^()\n ]+\\.svg\\)" links "${text}")
  # The link targets alone: a "]" in a list element would keep the list from splitting.
  string(REPLACE "](" "" links "${links}")
  string(REPLACE ")" "" links "${links}")
  set(shown "")
  foreach(link IN LISTS links)
    get_filename_component(target "${page_dir}/${link}" ABSOLUTE)
    get_filename_component(target_dir "${target}" DIRECTORY)
    if(NOT target_dir STREQUAL reference_path)
      if(NOT EXISTS "${target}")
        string(APPEND page_problems "  ${page_name} shows ${link}, which does not exist\n")
      endif()
      continue()
    endif()
    get_filename_component(name "${target}" NAME)
    list(APPEND shown "${name}")
    if(NOT name IN_LIST generated)
      string(APPEND page_problems "  ${page_name} shows ${name}, which the program does not write\n")
    endif()
    string(REGEX REPLACE "\\.svg$" ".zh.svg" chinese_name "${name}")
    if(name MATCHES "\\.zh\\.svg$" AND NOT chinese_page)
      string(APPEND page_problems "  ${page_name} shows ${name}, a Chinese figure, and is not a Chinese page\n")
    elseif(chinese_page AND NOT name MATCHES "\\.zh\\.svg$" AND chinese_name IN_LIST generated)
      string(APPEND page_problems "  ${page_name} shows ${name} in place of its Chinese ${chinese_name}\n")
    endif()
  endforeach()
  # The figures of the page's language: a Chinese page's NAME.zh.svg where the program writes one, else NAME.svg.
  foreach(name IN LISTS generated)
    if(name MATCHES "\\.zh\\.svg$")
      set(needed ${chinese_page})
    else()
      string(REGEX REPLACE "\\.svg$" ".zh.svg" chinese_name "${name}")
      if(chinese_page AND chinese_name IN_LIST generated)
        set(needed OFF)
      else()
        set(needed ON)
      endif()
    endif()
    if(needed AND NOT name IN_LIST shown)
      string(APPEND page_problems "  ${name}: not shown by ${page_name}\n")
    endif()
  endforeach()
endforeach()

list(LENGTH generated count)
if(problems)
  message("The committed figures do not match what the program draws now:\n${problems}")
endif()
if(page_problems)
  message("The pages and the figures disagree:\n${page_problems}"
          "Each page shows every figure, by a line ![...](figures/NAME.svg) (a Chinese page NAME.zh.svg in place of "
          "NAME.svg where the program draws one, and no other page NAME.zh.svg), and only figures that the program "
          "draws:\nadd the figure to the pages, or stop drawing it in examples/figures.cpp.\n")
endif()
if(problems)
  message(FATAL_ERROR "Stale figures in ${REFERENCE_DIR}. Regenerate them with\n"
                      "  cmake --build <build dir> --target cta_update_figures")
elseif(page_problems)
  message(FATAL_ERROR "The pages do not show the figures that the program draws (above).")
endif()
if(PAGES)
  list(JOIN PAGES ", " page_list)
  message("All ${count} figures in ${REFERENCE_DIR} match the program's output, and each is shown by ${page_list}.")
else()
  message("All ${count} figures in ${REFERENCE_DIR} match the program's output.")
endif()
